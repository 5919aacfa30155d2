/**
 * The whole access table through real HTTP: for every route and every role fixture, the portal
 * answers what the table decides for that user (view, 403, /login, /trial-ended or the route's
 * redirect). The user's context is built from the upstream's own answers (signed in directly at
 * the upstream), not from the portal. The rules themselves are checked against the spec by hand
 * in tests/unit/access.test.ts.
 */
import { describe, expect, test } from "vitest";
import { firstOpenChild, outcomeFor, permissionsAt, tabBar } from "~/access/outcome";
import { kindOf, roleContext, VIEW_AS_PAGES } from "~/features/roles/view-as";
import { ACCESS_TABLE } from "~/access/table";
import { pathVariants, upstreamAccess } from "../support/access";
import { WebClient, h1 } from "../support/client";
import { createUser, newClient, signIn, uniqueEmail, upstreamUrl } from "./helpers";

const FIXTURES = {
  administrator: "admin@example.com",
  standard: "standard@example.com",
  "custom role": "frontdesk@example.com",
  "super user": "super@example.com",
  "expired client": "expired@example.com",
  "expired client, super user": "supervisor@example.com",
  "multi-client": "multi@example.com",
};

const upstreamView = (email: string) => upstreamAccess(upstreamUrl(), email);

function classify(status: number, location: string | null): string {
  if (status === 403) return "forbidden";
  if (status >= 300 && status < 400 && location) {
    const to = new URL(location, "http://portal.invalid");
    if (to.pathname === "/login" && to.searchParams.has("redirectTo")) return "login";
    if (to.pathname === "/trial-ended") return "trial-ended";
    return `redirect ${to.pathname}`;
  }
  if (status === 200 || status === 404) return "view";
  return `status ${status}`;
}

const guarded = ACCESS_TABLE.filter((e) => !e.rule.anonymous);

/** Requests a list of paths a few at a time (the portal serves them in parallel, as browsers ask). */
async function classifyAll(client: WebClient, paths: string[]): Promise<string[]> {
  const out: string[] = new Array(paths.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < paths.length; i = next++) {
      const { res } = await client.request(paths[i]!);
      out[i] = classify(res.status, res.headers.get("location"));
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return out;
}

/** Where the SSO landing sends this context: its first tab, or 403 when it may open none (ADR 024). */
const ssoLanding = (ctx: Parameters<typeof outcomeFor>[1]) => {
  const first = tabBar("/manage/account/sso", {}, ctx)[0];
  return first ? `redirect ${first.to}` : "forbidden";
};

/** A table pattern as the walk asks it: a site's id where a site goes, Acme for a client, else 1. */
const fill = (pattern: string, siteId: string) =>
  pattern.replace(/:(\w+)\??/g, (_, p: string) => (p === "id" && pattern.startsWith("/manage/site") ? siteId : p === "site_id" ? siteId : p === "clientId" ? "eu:1" : "1"));

/**
 * Walks every guarded route of the table as `email` (and its spellings), expecting what the table
 * decides for the user's context as the upstream builds it; returns the answer for each path.
 */
async function walk(email: string): Promise<Map<string, string>> {
  const { ctx, config, get } = await upstreamView(email);
  // Group 1 is Acme's: another client's user is told it is not there (404, which counts as "view").
  const ownsGroup1 = (await get("groups/1"))?.id === 1;
  const client = newClient();
  await signIn(client, email);
  const siteId = String(config.sites[0]?.id ?? 1);
  const cases: { path: string; expected: string }[] = [];
  for (const entry of guarded) {
    const path = fill(entry.path, siteId);
    const o = outcomeFor(path, ctx);
    let expected = o.kind === "redirect" ? `redirect ${o.to}` : o.kind === "not-found" ? "view" : o.kind;
    // Pages whose own loader sends you on once the rule lets you in.
    if (expected === "view" && path === "/trial-ended" && !ctx.expired) expected = "redirect /today";
    if (expected === "view" && path === "/select-site") expected = "redirect /today";
    // The spaces landing goes straight to the bookings of the user's one spaces site.
    const spacesSites = config.sites.filter((s) => s.spaces_enabled);
    if (expected === "view" && path === "/spaces" && spacesSites.length === 1) expected = `redirect /spaces/${spacesSites[0]!.id}/bookings`;
    if (expected === "view" && path === "/403") expected = "forbidden";
    if (expected === "view" && path === "/realtime") expected = "status 400"; // no channels asked for
    // The SSO landing sends you to the first tab you may open, none: 403.
    if (expected === "view" && path === "/manage/account/sso") expected = ssoLanding(ctx);
    // The account landing sends the user to the first account page they may open, or 403 (ADR 023).
    if (expected === "view" && path === "/manage/account") expected = firstOpenChild(path, ctx) ? `redirect ${firstOpenChild(path, ctx)}` : "forbidden";
    // A directory's return page without its code and state: nothing connected, back to the groups.
    if (expected === "view" && /^\/manage\/group\/callback\/(azure-ad|google-apps|brivo)$/.test(path)) expected = "redirect /manage/overview/groups";
    // Slack's return page without its code and state: nothing connected, back to the group's notifications.
    const slack = /^\/manage\/group\/callback\/slack\/(\d+)$/.exec(path);
    if (expected === "view" && slack && ownsGroup1) expected = `redirect /manage/group/${slack[1]}/notifications`;
    // The notifications' Slack return page without its code and state: nothing connected, back to the list (ADR 028).
    if (expected === "view" && path === "/manage/features/notifications/slack-callback") expected = "redirect /manage/features/notifications";
    cases.push({ path, expected });
    // The same route written as Remix still matches it: the same answer (probe: /MANAGE/site/1/details, /Reports).
    for (const variant of Object.values(pathVariants(path))) cases.push({ path: variant, expected });
  }
  const got = await classifyAll(client, cases.map((c) => c.path));
  const mismatches = cases.flatMap((c, i) => (got[i] === c.expected ? [] : [`${c.path}: expected ${c.expected}, got ${got[i]}`]));
  expect(mismatches).toEqual([]);
  expect(cases.length).toBeGreaterThan(guarded.length * 3);
  return new Map(cases.map((c, i) => [c.path, got[i]!]));
}

describe.each(Object.entries(FIXTURES))("%s", (_name, email) => {
  // Every route in four spellings: some hundreds of page loads, each asking the upstream what the
  // user may see (the scope module's queries since issue 24), beside the other test projects.
  test("every route answers as the access table decides, also in upper, mixed and percent-encoded forms", { timeout: 180_000 }, async () => {
    await walk(email);
  });

  test("a signed-in path that no entry knows is refused, in any spelling", async () => {
    const client = newClient();
    await signIn(client, email);
    for (const path of ["/nothing-here", "/TODAY-x", "/manage//site/1/details", "/%74oday%2Fsign-in"]) {
      const { res, body } = await client.request(path);
      expect(res.status, path).toBe(404);
      expect(h1(body), path).toBe("Page not found");
    }
  });
});

/**
 * Two custom roles built through the role editor (its form posted as a browser without JavaScript
 * would), a user holding each: the walk above for each user, and "view as" agrees with what they
 * really get — its rules on every route of the table, its page on every page it lists (ADR 021).
 */
describe("custom roles built through the editor", () => {
  const ROLES: Record<string, string[]> = {
    reception: ["today.view", "today.sign_in_out", "history.export", "evacuation_list.access", "bookings_report.view"],
    "people admin": ["portal_users.edit", "groups.edit", "group_members.view", "evacuation_reports.delete", "audit_log.access", "sites.view"],
  };

  test.each(Object.entries(ROLES))("%s: the walk, and view as agrees with it", { timeout: 180_000 }, async (label, levels) => {
    const admin = newClient();
    await signIn(admin, "admin@example.com");
    const name = `Walk ${label} ${Math.random().toString(36).slice(2, 7)}`;
    const made = await admin.post("/manage/account/permissions/new", [["intent", "save"], ["name", name], ...levels.map((l): [string, string] => ["levels", l])], { follow: false });
    expect(made.res.status).toBe(303);
    const adminView = await upstreamView("admin@example.com");
    const role = ((await adminView.get("roles")) as { id: number; name: string; rights: string[] }[]).find((r) => r.name === name)!;
    const email = uniqueEmail("walk");
    await createUser({ email, role: name, client: "eu:1" });

    const real = await walk(email);
    const { ctx } = await upstreamView(email);
    // The rules on the role's context give what the user's own context gives, on every route.
    const asRole = roleContext(role, adminView.config);
    const siteId = String(adminView.config.sites[0]!.id);
    const disagree = guarded.flatMap((e) => {
      const path = fill(e.path, siteId);
      const kind = kindOf(adminView.config.sites[0]!);
      const [mine, theirs] = [[outcomeFor(path, asRole), permissionsAt(path, asRole, kind)], [outcomeFor(path, ctx), permissionsAt(path, ctx, kind)]];
      return JSON.stringify(mine) === JSON.stringify(theirs) ? [] : [`${path}: view as ${JSON.stringify(mine)}, user ${JSON.stringify(theirs)}`];
    });
    expect(disagree).toEqual([]);

    // The page says the same: "No access" exactly where the user is refused.
    const page = await admin.get(`/manage/account/permissions/view-as?role=${role.id}&compare=${role.id}`);
    expect(page.res.status).toBe(200);
    const rows = [...page.body.matchAll(/<tr data-path="([^"]+)"><th[^>]*>[\s\S]*?<\/th><td data-role="a">([\s\S]*?)<\/td>/g)].map((m) => [m[1]!, m[2]!.replace(/<[^>]+>/g, "")] as const);
    expect(rows.length).toBe(VIEW_AS_PAGES.length);
    const wrong = rows.flatMap(([path, said]) => {
      const got = real.get(path);
      const refused = got === "forbidden";
      return got !== undefined && refused === said.includes("No access") ? [] : [`${path}: view as says ${said}, the user gets ${got}`];
    });
    expect(wrong).toEqual([]);
  });
});

describe("signed out", () => {
  test("every signed-in route sends the visitor to /login with redirectTo; open routes do not", async () => {
    const client = new WebClient(newClient().base);
    const wrong: string[] = [];
    for (const entry of ACCESS_TABLE) {
      const path = entry.path.replace(/:(\w+)\??/g, "1");
      const { res } = await client.request(path);
      const location = res.headers.get("location");
      const toLogin = location !== null && new URL(location, "http://x").pathname === "/login" && new URL(location, "http://x").searchParams.get("redirectTo") === path;
      if (entry.rule.anonymous ? toLogin : !toLogin && path !== "/") wrong.push(`${path}: ${res.status} ${location ?? ""}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe("actions are guarded too", () => {
  test("a refused user's POST is refused, on built and unbuilt screens alike", async () => {
    const client = newClient();
    await signIn(client, "standard@example.com");
    for (const path of ["/manage/site/1/details", "/manage/account/users", "/client-switcher", "/admin"]) {
      const r = await client.post(path, { anything: "x" }, { follow: false });
      expect(r.res.status, path).toBe(403);
    }
    const expired = newClient();
    await signIn(expired, "expired@example.com");
    const r = await expired.post("/fire-list", { anything: "x" }, { follow: false });
    expect(r.res.headers.get("location")).toBe("/trial-ended");
  });
});
