/**
 * The whole access table through real HTTP: for every route and every role fixture, the portal
 * answers what the table decides for that user (view, 403, /login, /trial-ended or the route's
 * redirect). The user's context is built from the upstream's own answers (signed in directly at
 * the upstream), not from the portal. The rules themselves are checked against the spec by hand
 * in tests/unit/access.test.ts.
 */
import { describe, expect, test } from "vitest";
import { outcomeFor } from "~/access/outcome";
import { ACCESS_TABLE } from "~/access/table";
import { upstreamAccess } from "../support/access";
import { WebClient } from "../support/client";
import { newClient, signIn, upstreamUrl } from "./helpers";

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

describe.each(Object.entries(FIXTURES))("%s", (_name, email) => {
  test("every route answers as the access table decides", async () => {
    const { ctx, config } = await upstreamView(email);
    const client = newClient();
    await signIn(client, email);
    const siteId = String(config.sites[0]?.id ?? 1);
    const mismatches: string[] = [];
    for (const entry of guarded) {
      const path = entry.path.replace(/:(\w+)\??/g, (_, p: string) => (p === "id" && entry.path.startsWith("/manage/site") ? siteId : p === "site_id" ? siteId : p === "clientId" ? "eu:1" : "1"));
      const o = outcomeFor(path, ctx);
      let expected = o.kind === "redirect" ? `redirect ${o.to}` : o.kind;
      // Pages whose own loader sends you on once the rule lets you in.
      if (expected === "view" && path === "/trial-ended" && !ctx.expired) expected = "redirect /today";
      if (expected === "view" && path === "/select-site") expected = "redirect /today";
      if (expected === "view" && path === "/403") expected = "forbidden";
      if (expected === "view" && path === "/realtime") expected = "status 400"; // no channels asked for
      const { res } = await client.request(path);
      const got = classify(res.status, res.headers.get("location"));
      if (got !== expected) mismatches.push(`${path}: expected ${expected}, got ${got}`);
    }
    expect(mismatches).toEqual([]);
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
