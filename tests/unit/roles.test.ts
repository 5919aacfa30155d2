/**
 * Roles, pure parts (ADR 021): "view as" builds a role's context from its rights and the client
 * (flags, settings, the chosen site) and asks the access table's own rules; the pages it lists;
 * the editor's schema (levels known, name's rules in the contract's words).
 */
import { describe, expect, test } from "vitest";
import { CLIENT_RIGHTS, type Client, type Site } from "@contract";
import { outcomeFor, permissionsAt } from "~/access/outcome";
import { kindOf, pagesFor, roleContext, samplePath, VIEW_AS_PAGES } from "~/features/roles/view-as";
import { LEVEL_KEYS, roleSchema } from "~/features/roles/schema";

const client = (settings: Record<string, unknown> = {}): Client =>
  ({
    id: 1, name: "C", global_client_id: "eu:1", trial_ends_on: null, is_school: false, reseller: false, scheduling_status: "disabled",
    settings: { account_status: "normal", country: "GB", time_and_attendance_enabled: false, time_and_attendance: null, central_record: { enabled: false }, spaces_enabled: false, tier: "essentials", companion_app_version: null, ...settings },
    site_limit: 10, group_limit: null, sms_tokens_available: 0, sms_tokens_pending: 0, logo: null, force_2fa: false, password_expiry_days: null, force_reauthentication: false, prevent_password_reuse: false,
  }) as Client;
const site = (id: number, type: Site["type"] = "standard"): Site =>
  ({ id, type, name: `S${id}`, space_exists: false, spaces_enabled: false, visitors_signed_in_count: 0, evacuation_in_progress: false, address: null, reply_to_name: null, reply_to_email: null, timezone: "Europe/London", locale: "en_GB", location: null, badge_id: null, branding_image: null, welcome_video: null, active_from: null, active_until: null }) as Site;

const acme = { client: client({ "beta.site-settings": true }), sites: [site(11), site(12, "event")] };
const administrator = { id: 1, name: "Administrator", rights: [...CLIENT_RIGHTS] };
const standard = { id: 2, name: "Standard User", rights: ["Today.viewer", "EvacList.viewer", "EvacReport.viewer", "History.viewer"] };
const access = (rows: ReturnType<typeof pagesFor>, pattern: string) => rows.find((r) => r.pattern === pattern)?.access;

describe("view as", () => {
  test("a role's context: its rights and name, the client's flags, an ordinary user (not super, primary or billing) of one client", () => {
    const ctx = roleContext(standard, acme);
    expect([...ctx.abilities]).toEqual(standard.rights);
    expect([...ctx.roles]).toEqual(["Standard User"]);
    expect(ctx.flags.has("site-settings")).toBe(true);
    expect([ctx.isSuper, ctx.isPrimary, ctx.isBilling, ctx.clientCount]).toEqual([false, false, false, 1]);
    // Restricted to a chosen site: the context sees that site only.
    expect(roleContext(standard, { client: client({ spaces_enabled: true }), sites: [{ ...site(1), space_exists: true }, site(2)] }, site(2)).anySiteHasSpace).toBe(false);
  });

  test("answers are the table's rules on that context: opens, may change (only where the table says who may), or not", () => {
    const admin = pagesFor(administrator, acme);
    expect(access(admin, "/manage/account/permissions")).toBe("edit");
    expect(access(admin, "/manage/site/:id/details")).toBe("edit");
    // A page whose changes the table names no right for reads "opens".
    expect(access(admin, "/my-profile")).toBe("view");
    const std = pagesFor(standard, acme);
    expect(access(std, "/manage/account/permissions")).toBe("none");
    expect(access(std, "/fire-list")).toBe("view");
    expect(access(std, "/reports/evacuations/:id")).toBe("view");
    const viewer = pagesFor({ id: 3, name: "Viewer", rights: ["ManageUser.viewer"] }, acme);
    expect([access(viewer, "/manage/account/permissions"), access(viewer, "/manage/account/permissions/new"), access(viewer, "/manage/account/permissions/view-as")]).toEqual(["view", "none", "view"]);
    // Every answer is permissionsAt's for that context: not a second copy of the rules.
    const ctx = roleContext(standard, acme);
    for (const row of std) {
      const { view, edit } = permissionsAt(row.path, ctx, "sites");
      expect(row.access === "none", row.path).toBe(!view);
      if (row.access === "edit") expect(edit, row.path).toBe(true);
      expect(outcomeFor(row.path, ctx).kind === "forbidden" || outcomeFor(row.path, ctx).kind === "trial-ended", row.path).toBe(!view);
    }
  });

  test("a chosen site fills the site pages and decides their kind (a site or an event)", () => {
    expect(samplePath("/manage/site/:id/details", site(12, "event"))).toBe("/manage/site/12/details");
    expect(samplePath("/manage/group/:id/members/:memberId/details", site(12))).toBe("/manage/group/1/members/1/details");
    expect(kindOf(site(12, "event"))).toBe("events");
    expect(kindOf(null)).toBe("sites");
    const eventOnly = pagesFor({ id: 4, name: "Events", rights: ["ManageEvent.viewer"] }, acme, site(12, "event"));
    expect(eventOnly.find((r) => r.pattern === "/manage/site/:id/details")?.path).toBe("/manage/site/12/details");
  });

  test("lists every signed-in screen of the table, not its plumbing", () => {
    const paths = VIEW_AS_PAGES.map((e) => e.path);
    expect(paths).toContain("/manage/account/permissions/view-as");
    expect(paths).toContain("/today/sign-in");
    for (const p of ["/login", "/realtime", "/files/:name", "/403", "/", "/manage/site/:id", "/manage/group/callback/brivo"]) expect(paths, p).not.toContain(p);
  });
});

describe("the editor's schema", () => {
  test("levels are the sections' levels; names follow the contract's rule", () => {
    expect(LEVEL_KEYS).toContain("history.export");
    expect(LEVEL_KEYS).toContain("audit_log.access");
    const ok = roleSchema.safeParse({ name: "  Reception ", levels: ["today.view"] });
    expect(ok.success && ok.data).toEqual({ name: "Reception", levels: ["today.view"] });
    expect(roleSchema.safeParse({ name: "R" }).success).toBe(true);
    const bad = (input: unknown) => (roleSchema.safeParse(input).error?.issues ?? []).map((i) => i.message);
    expect(bad({ name: " ", levels: [] })).toEqual(["roles:messages.nameRequired"]);
    expect(bad({ name: "x".repeat(101) })).toEqual(["roles:messages.nameTooLong"]);
    expect(bad({ name: "A\nB" })).toEqual(["common:refused.single_line"]);
    expect(bad({ name: "A", levels: ["History.viewer"] })).toEqual(["roles:messages.unknownRight"]);
  });
});
