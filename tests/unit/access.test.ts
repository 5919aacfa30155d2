/**
 * The access rules against the spec, with expectations written by hand from spec/platform.md §2/§6
 * and spec/groups-members-addons.md §2 (not computed from the table).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { computeFlags, versionAtLeast } from "~/access/flags";
import { resolve } from "~/access/match";
import { navigationFor } from "~/access/navigation";
import { outcomeFor, permissionsAt, tabBar } from "~/access/outcome";
import { can, RIGHTS } from "~/access/rights";
import type { AccessContext } from "~/access/rules";
import { ACCESS_TABLE } from "~/access/table";
import { pathVariants } from "../support/access";

const ALL = new Set<string>(RIGHTS.filter((r) => r !== "Super.clientUser.create"));
const base: AccessContext = {
  signedIn: true, isSuper: false, isPrimary: false, isBilling: false, expired: false, onTrial: false, reseller: false,
  abilities: new Set(), roles: new Set(), flags: new Set(), schedulingStatus: "activated", centralRecordEnabled: false,
  spacesEnabled: true, anySiteHasSpace: true, clientCount: 1,
};
const admin: AccessContext = { ...base, abilities: ALL, roles: new Set(["Administrator"]), isPrimary: true, isBilling: true, flags: new Set(["site-settings", "time-and-attendance", "time-and-attendance-discovered", "scheduling"]) };
const standard: AccessContext = { ...base, abilities: new Set(["EvacList.viewer", "EvacReport.viewer", "History.viewer", "BookingsReport.viewer", "TimeSheet.viewer", "Spaces.viewer"]), roles: new Set(["Standard User"]) };
const custom: AccessContext = { ...base, abilities: new Set(["EvacList.viewer", "History.viewer", "ManageSite.viewer", "BlockList.viewer"]), roles: new Set(["Front Desk"]) };
const superUser: AccessContext = { ...base, isSuper: true, abilities: new Set([...ALL, "Super.clientUser.create"]), roles: new Set(["Administrator"]) };
const expired: AccessContext = { ...admin, expired: true, onTrial: true };
const expiredSuper: AccessContext = { ...superUser, expired: true, onTrial: true };
const multi: AccessContext = { ...admin, clientCount: 2 };
const anonymous: AccessContext = { ...base, signedIn: false };

const kind = (p: string, c: AccessContext) => {
  const o = outcomeFor(p, c);
  return o.kind === "redirect" ? `redirect ${o.to}` : o.kind;
};

describe("spec §2 routes, by role", () => {
  test.each([
    // path, administrator, standard, custom (viewer-only), super, expired, expired super, multi-client
    ["/today", "view", "view", "view", "view", "view", "view", "view"],
    ["/", "redirect /today", "redirect /today", "redirect /today", "redirect /today", "redirect /today", "redirect /today", "redirect /today"],
    ["/client-switcher", "forbidden", "forbidden", "forbidden", "forbidden", "forbidden", "forbidden", "view"],
    ["/fire-list", "view", "view", "view", "view", "trial-ended", "view", "view"],
    ["/admin", "forbidden", "forbidden", "forbidden", "view", "forbidden", "view", "forbidden"],
    ["/admin/eu:1", "forbidden", "forbidden", "forbidden", "view", "forbidden", "view", "forbidden"],
    ["/reports", "view", "view", "view", "view", "trial-ended", "view", "view"],
    ["/reports/evacuations", "view", "view", "forbidden", "view", "trial-ended", "view", "view"],
    ["/reports/evacuations/5", "view", "view", "forbidden", "view", "trial-ended", "view", "view"],
    ["/reports/evacuations/5/comment", "view", "forbidden", "forbidden", "view", "trial-ended", "view", "view"],
    ["/reports/evacuations/5/complete", "view", "forbidden", "forbidden", "view", "trial-ended", "view", "view"],
    ["/reports/evacuations/5/delete", "view", "forbidden", "forbidden", "view", "trial-ended", "view", "view"],
    ["/reports/history", "view", "view", "view", "view", "trial-ended", "view", "view"],
    ["/reports/absences", "view", "forbidden", "forbidden", "view", "trial-ended", "view", "view"],
    ["/manage", "view", "forbidden", "view", "view", "view", "view", "view"],
    ["/manage/overview", "redirect /manage/overview/sites", "forbidden", "redirect /manage/overview/sites", "redirect /manage/overview/sites", "redirect /manage/overview/sites", "redirect /manage/overview/sites", "redirect /manage/overview/sites"],
    // Active accounts only, like the group routes of groups spec §2 (and the upstream's list of groups).
    ["/manage/overview/groups", "view", "forbidden", "forbidden", "view", "trial-ended", "view", "view"],
    ["/manage/site/7/groups", "view", "forbidden", "forbidden", "view", "trial-ended", "view", "view"],
    ["/manage/overview/sites", "view", "forbidden", "view", "view", "trial-ended", "view", "view"],
    ["/manage/overview/sites/new", "view", "forbidden", "forbidden", "view", "trial-ended", "view", "view"],
    ["/manage/overview/events", "view", "forbidden", "forbidden", "view", "trial-ended", "view", "view"],
    ["/manage/overview/events/new", "view", "forbidden", "forbidden", "view", "trial-ended", "view", "view"],
    ["/manage/site/7", "redirect /manage/site/7/details", "forbidden", "forbidden", "redirect /manage/site/7/details", "trial-ended", "redirect /manage/site/7/details", "redirect /manage/site/7/details"],
    ["/manage/site/7/details", "view", "forbidden", "forbidden", "view", "trial-ended", "view", "view"],
    ["/manage/site/7/settings", "view", "forbidden", "forbidden", "forbidden", "trial-ended", "forbidden", "view"],
    ["/manage/group/3", "redirect /manage/group/3/details", "forbidden", "forbidden", "redirect /manage/group/3/details", "trial-ended", "redirect /manage/group/3/details", "redirect /manage/group/3/details"],
    ["/manage/group/add", "view", "forbidden", "forbidden", "view", "trial-ended", "view", "view"],
    ["/manage/group/callback/azure-ad", "view", "forbidden", "forbidden", "view", "trial-ended", "view", "view"],
    // Brivo needs its flag (none of these clients has it; super users do not see it either).
    ["/manage/group/callback/brivo", "forbidden", "forbidden", "forbidden", "forbidden", "trial-ended", "forbidden", "forbidden"],
    ["/manage/safety-check", "redirect /manage/safety-check/block-list", "forbidden", "redirect /manage/safety-check/block-list", "redirect /manage/safety-check/block-list", "redirect /manage/safety-check/block-list", "redirect /manage/safety-check/block-list", "redirect /manage/safety-check/block-list"],
    ["/manage/safety-check/health-certificates", "forbidden", "forbidden", "forbidden", "forbidden", "forbidden", "forbidden", "forbidden"],
    ["/manage/account/subscriptions", "view", "forbidden", "forbidden", "view", "forbidden", "forbidden", "view"],
    ["/manage/account/sso/configuration", "forbidden", "forbidden", "forbidden", "view", "forbidden", "view", "forbidden"],
    ["/manage/features/notifications/slack-callback", "view", "forbidden", "forbidden", "view", "trial-ended", "view", "view"],
  ])("%s", (p, ...expected) => {
    const got = [admin, standard, custom, superUser, expired, expiredSuper, multi].map((c) => kind(p, c));
    expect(got).toEqual(expected);
  });

  test("every signed-in route sends an anonymous visitor to sign in; anonymous routes are open", () => {
    for (const e of ACCESS_TABLE) {
      const p = e.path.replace(/:(\w+)\??/g, "1");
      expect(kind(p, anonymous), p).toBe(e.rule.anonymous ? (e.redirect ? `redirect ${e.redirect}` : "view") : "login");
    }
  });
});

describe("client settings and flags in rules", () => {
  test("spaces needs Spaces.viewer or Spaces.book and the spaces feature; booking needs Spaces.book", () => {
    const booker: AccessContext = { ...base, abilities: new Set(["Spaces.book"]) };
    expect(kind("/spaces", standard)).toBe("view");
    expect(kind("/spaces", booker)).toBe("view");
    expect(kind("/spaces", { ...standard, spacesEnabled: false })).toBe("forbidden");
    expect(kind("/spaces", custom)).toBe("forbidden");
    expect(kind("/spaces", expired)).toBe("trial-ended");
    for (const p of ["/spaces/12/bookings", "/spaces/bookings", "/spaces/12/bookings/5"]) {
      expect([p, kind(p, standard), kind(p, booker), kind(p, custom)]).toEqual([p, "view", "view", "forbidden"]);
      expect([p, permissionsAt(p, standard).edit, permissionsAt(p, booker).edit, permissionsAt(p, admin).edit]).toEqual([p, false, true, true]);
    }
  });
  test("add-on discovery pages follow scheduling status, spaces and T&A flags", () => {
    expect(kind("/manage/addons/scheduling", admin)).toBe("view");
    expect(kind("/manage/addons/discover/scheduling", admin)).toBe("forbidden");
    const disabled = { ...admin, schedulingStatus: "disabled" };
    expect(kind("/manage/addons/scheduling", disabled)).toBe("forbidden");
    expect(kind("/manage/addons/discover/scheduling", disabled)).toBe("view");
    expect(kind("/manage/addons/spaces", admin)).toBe("view");
    expect(kind("/manage/addons/discover/spaces", admin)).toBe("forbidden");
    expect(kind("/manage/addons/discover/spaces", { ...admin, anySiteHasSpace: false })).toBe("view");
    expect(kind("/manage/addons/time-and-attendance", admin)).toBe("view");
    expect(kind("/manage/addons/discover/time-and-attendance", admin)).toBe("forbidden");
    expect(kind("/manage/addons/discover/time-and-attendance", { ...admin, flags: new Set() })).toBe("view");
    expect(kind("/manage/addons/discover/central-record", { ...admin, flags: new Set(["central-record-discovery"]) })).toBe("view");
    expect(kind("/manage/safety-check/sign-in-central-record", admin)).toBe("forbidden");
    expect(kind("/manage/safety-check/sign-in-central-record", { ...admin, centralRecordEnabled: true })).toBe("view");
  });
  test("group tabs: integrations with central record, time-and-attendance with its flag, members with the member right", () => {
    expect(kind("/manage/group/3/integrations", admin)).toBe("forbidden");
    expect(kind("/manage/group/3/integrations", { ...admin, centralRecordEnabled: true })).toBe("view");
    expect(kind("/manage/group/3/time-and-attendance", admin)).toBe("view");
    expect(kind("/manage/group/3/time-and-attendance", { ...admin, flags: new Set() })).toBe("forbidden");
    expect(kind("/manage/group/3/members", { ...admin, abilities: new Set([...ALL].filter((r) => r !== "GroupMember.viewer")) })).toBe("forbidden");
  });
  test("reports: site attendance needs its flag, daily attendance the .view right", () => {
    expect(kind("/reports/site-attendance", admin)).toBe("forbidden");
    expect(kind("/reports/site-attendance", { ...admin, flags: new Set(["site-attendance-report"]) })).toBe("view");
    expect(kind("/reports/daily-attendance", admin)).toBe("view");
    expect(kind("/reports/daily-attendance", { ...standard, abilities: new Set(["DailyAttendanceReport.viewer"]) })).toBe("forbidden");
  });
  test("an unknown path below an area keeps the area's rule, and is never 'view' (fail closed)", () => {
    expect(kind("/manage/nothing-here", standard)).toBe("forbidden");
    expect(kind("/manage/nothing-here", admin)).toBe("not-found");
    expect(kind("/admin/eu:1/deeper", admin)).toBe("forbidden");
  });
  test("a path no entry knows: sign in first, then not found — never 'view'", () => {
    for (const p of ["/nothing-here", "/today-x", "/manage//site/1/details", "//today", "/%2Ftoday", "/today%2Fsign-in"]) {
      expect(kind(p, admin), p).toBe("not-found");
      expect(kind(p, anonymous), p).toBe("login");
    }
  });
  test("static segments win over parameters", () => {
    expect(resolve("/manage/group/add").target?.path).toBe("/manage/group/add");
    expect(resolve("/manage/group/callback/slack/9").chain.map((e) => e.path)).toEqual(["/manage", "/manage/group", "/manage/group/callback/slack/:id"]);
  });
});

describe("letter case and encoding (Remix matches routes case-insensitively, percent-decoded)", () => {
  const concrete = (p: string) => p.replace(/:(\w+)\??/g, "7");
  test("every table route resolves to the same entry and rule in upper, mixed and percent-encoded forms", () => {
    const wrong: string[] = [];
    for (const e of ACCESS_TABLE) {
      const p = concrete(e.path);
      const canonical = resolve(p);
      for (const [name, v] of Object.entries(pathVariants(p))) {
        const r = resolve(v);
        if (r.target !== canonical.target || r.chain.length !== canonical.chain.length) wrong.push(`${name} ${v}`);
        for (const c of [admin, standard, custom, expired, anonymous]) if (kind(v, c) !== kind(p, c)) wrong.push(`${name} ${v} for ${[...c.roles].join()}`);
      }
    }
    expect(wrong).toEqual([]);
  });
  test("the probes: /MANAGE/site/1/details for the Front Desk role, /Reports for an expired client", () => {
    expect(kind("/MANAGE/site/1/details", custom)).toBe("forbidden");
    expect(kind("/manage/SITE/1/Details/", custom)).toBe("forbidden");
    expect(kind("/%6Danage/site/1/details", custom)).toBe("forbidden");
    expect(kind("/Reports", expired)).toBe("trial-ended");
    expect(kind("/REPORTS/EVACUATIONS/5/DELETE", standard)).toBe("forbidden");
  });
  test("parameters keep their letters; redirects are written canonically", () => {
    expect(resolve("/RESET/AbC123").params).toEqual({ token: "AbC123" });
    expect(outcomeFor("/MANAGE/OVERVIEW", admin)).toEqual({ kind: "redirect", to: "/manage/overview/sites" });
    expect(outcomeFor("/Manage/Site/7", admin)).toEqual({ kind: "redirect", to: "/manage/site/7/details" });
  });
  test("a malformed escape is matched as written, like React Router does", () => {
    expect(resolve("/manage/site/%E0%A4%A/details").target?.path).toBe("/manage/site/:id/details");
    expect(kind("/today%", admin)).toBe("not-found");
  });
});

describe("feature flags", () => {
  const client = (settings: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    ({
      id: 1, name: "C", global_client_id: "eu:1", trial_ends_on: null, is_school: false, reseller: false, scheduling_status: "disabled",
      settings: { account_status: "normal", country: "GB", time_and_attendance_enabled: false, time_and_attendance: null, central_record: { enabled: false }, spaces_enabled: false, tier: "essentials", companion_app_version: null, ...settings },
      site_limit: 10, sms_tokens_available: 0, sms_tokens_pending: 0, logo: null, force_2fa: false, password_expiry_days: null, force_reauthentication: false, prevent_password_reuse: false, ...extra,
    }) as never;
  test("beta.{id} turns a flag on; super users see some flags anyway", () => {
    expect(computeFlags(client({ "beta.brivo": true }), [], false).has("brivo")).toBe(true);
    expect(computeFlags(client({}), [], false).has("site-settings")).toBe(false);
    expect(computeFlags(client({}), [], true).has("site-settings")).toBe(true);
    expect(computeFlags(client({}), [], true).has("brivo")).toBe(false);
  });
  test("guard-dog is US only; anonymize-visits needs Enhanced or Pro; ai-chat needs companion app 3.12.0", () => {
    expect(computeFlags(client({ "beta.guard-dog": true }), [], false).has("guard-dog")).toBe(false);
    expect(computeFlags(client({ "beta.guard-dog": true, country: "US" }), [], false).has("guard-dog")).toBe(true);
    expect(computeFlags(client({ "beta.anonymize-visits": true }), [], false).has("anonymize-visits")).toBe(false);
    expect(computeFlags(client({ "beta.anonymize-visits": true, tier: "pro" }), [], false).has("anonymize-visits")).toBe(true);
    expect(computeFlags(client({ "beta.ai-chat": true, companion_app_version: "3.9.9" }), [], false).has("ai-chat")).toBe(false);
    expect(computeFlags(client({ "beta.ai-chat": true, companion_app_version: "3.12.0" }), [], false).has("ai-chat")).toBe(true);
    expect(versionAtLeast("3.12.1", "3.12.0")).toBe(true);
    expect(versionAtLeast("3.2.0", "3.12.0")).toBe(false);
  });
  test("hidden flags are computed: central-record discovery for a GB school without central record, scheduling when activated", () => {
    expect(computeFlags(client({}, { is_school: true }), [], false).has("central-record-discovery")).toBe(true);
    expect(computeFlags(client({ country: "US" }, { is_school: true }), [], false).has("central-record-discovery")).toBe(false);
    expect(computeFlags(client({ central_record: { enabled: true } }, { is_school: true }), [], false).has("central-record-discovery")).toBe(false);
    expect(computeFlags(client({}, { scheduling_status: "activated" }), [], false).has("scheduling")).toBe(true);
    expect(computeFlags(client({}, { scheduling_status: "pending" }), [], false).has("scheduling")).toBe(false);
    expect(computeFlags(client({ time_and_attendance_enabled: true }), [], false).has("time-and-attendance-discovered")).toBe(true);
  });
});

describe("navigation", () => {
  test("shows only areas whose screens exist and the user may open", () => {
    expect(navigationFor(admin).map((n) => n.to)).toEqual(ACCESS_TABLE.filter((e) => e.nav && e.screen).sort((a, b) => a.nav!.order - b.nav!.order).map((e) => e.path).filter((p) => p !== "/admin"));
    expect(navigationFor(standard).every((n) => outcomeFor(n.to, standard).kind === "view")).toBe(true);
  });
});

describe("edit rights (the table's `edit` and `kinds`)", () => {
  const siteViewer: AccessContext = { ...admin, abilities: new Set(["ManageSite.viewer"]) };
  const eventEditor: AccessContext = { ...admin, abilities: new Set(["ManageEvent.viewer", "ManageEvent.editor"]) };
  test.each([
    // path, kind, context, view, edit
    ["/manage/site/1/details", "sites", admin, true, true],
    ["/manage/site/1/details", "events", admin, true, true],
    ["/manage/site/1/details", "sites", siteViewer, true, false],
    ["/manage/site/1/details", "events", siteViewer, false, false],
    ["/manage/site/1/details", "events", eventEditor, true, true],
    ["/manage/site/1/details", "sites", eventEditor, false, false],
    // A kind the table does not know, or none: neither.
    ["/manage/site/1/details", "spaces", admin, false, false],
    ["/manage/site/1/details", undefined, admin, false, false],
    // Settings: ManageSite.viewer and the flag to open, ManageSite.editor as well to save, whatever the kind.
    ["/manage/site/1/settings", "events", eventEditor, false, false],
    ["/manage/site/1/settings", "events", { ...eventEditor, abilities: new Set(["ManageEvent.viewer", "ManageEvent.editor", "ManageSite.viewer"]) }, true, false],
    ["/manage/site/1/settings", "events", { ...eventEditor, abilities: new Set(["ManageEvent.viewer", "ManageEvent.editor", "ManageSite.viewer", "ManageSite.editor"]) }, true, true],
    // Letter case and encoding: the same route, the same rights.
    ["/MANAGE/Site/1/%64etails", "sites", siteViewer, true, false],
    // The live report: viewers open it, editors mark evacuees.
    ["/reports/evacuations/7", undefined, standard, true, false],
    ["/reports/evacuations/7", undefined, admin, true, true],
    ["/reports/evacuations/7", undefined, expired, false, false],
  ] as const)("%s as a %s, case %#", (p, k, c, view, edit) => {
    expect(permissionsAt(p, c, k)).toEqual({ view, edit });
  });
  test("an unknown path is neither viewable nor editable", () => {
    expect(permissionsAt("/manage/site/1/nope", admin, "sites")).toEqual({ view: false, edit: false });
  });
  test("can() asks typed rights, one or all of several", () => {
    expect(can(standard, "EvacReport.viewer")).toBe(true);
    expect(can({ ctx: standard }, ["EvacReport.viewer", "EvacReport.editor"])).toBe(false);
    expect(can(admin, ["EvacReport.viewer", "EvacReport.editor"])).toBe(true);
  });
});

describe("tab bars drawn from the table", () => {
  test("the site tabs in platform §2's order, filled in, and only those the user may open", () => {
    expect(tabBar("/manage/site/:id", { id: 5 }, admin).map((t) => t.to)).toEqual(
      ["details", "groups", "branding", "messages", "evacuationpoints", "privacy", "customfields", "badges", "features", "devices", "sign-in-points", "attendees", "settings"].map((t) => `/manage/site/5/${t}`),
    );
    // Without the site-settings flag, no settings tab; the device page is not a tab.
    const noFlag: AccessContext = { ...admin, flags: new Set() };
    const tabs = tabBar("/manage/site/:id", { id: 5 }, noFlag);
    expect(tabs.map((t) => t.name)).not.toContain("settings");
    expect(tabs.map((t) => t.name)).not.toContain("devices/:device");
    expect(tabs[0]).toEqual({ to: "/manage/site/5/details", labelKey: "site.tab.details", name: "details" });
    // Not an administrator: no site tabs at all.
    expect(tabBar("/manage/site/:id", { id: 5 }, custom)).toEqual([]);
  });
});

describe("the table covers every route", () => {
  const routesDir = path.resolve(import.meta.dirname, "../../app/routes");
  /** Remix flat-route file name → URL pattern. */
  function toPattern(file: string): string | null {
    const name = file.replace(/\.tsx?$/, "");
    const segs = name.split(".").filter((s) => !s.startsWith("_") || s === "_index").map((s) => s.replace(/_$/, ""));
    if (segs.includes("$")) return null; // splats: catch-alls
    // `$id` is a parameter, `($id)` an optional one (`:id?` in the table).
    const url = "/" + segs.filter((s) => s !== "_index").map((s) => (s.startsWith("($") ? `:${s.slice(2, -1)}?` : s.startsWith("$") ? `:${s.slice(1)}` : s)).join("/");
    return url === "/" ? "/" : url.replace(/\/$/, "");
  }
  test("every route module has its rule in the access table", () => {
    const missing: string[] = [];
    for (const f of fs.readdirSync(routesDir)) {
      const p = toPattern(f);
      if (p === null) continue;
      const normalised = p.replace(/:(\w+)(\?)?/g, ":x$2");
      if (!ACCESS_TABLE.some((e) => e.path.replace(/:(\w+)(\?)?/g, ":x$2") === normalised)) missing.push(`${f} → ${p}`);
    }
    expect(missing).toEqual([]);
  });
  test("the table lists every route of both specs", () => {
    const specRoutes = [
      "/login", "/login-detect", "/login/sso/callback", "/login/sso/request-access", "/forgot", "/reset/:token", "/magic-link/absence-request",
      "/magic-link/visitor-change-request", "/magic-link/pre-registration-form", "/", "/today", "/my-profile", "/support", "/client-switcher", "/trial-ended",
      "/404", "/403", "/fire-list", "/admin", "/admin/:clientId", "/spaces", "/spaces/:site_id?/bookings", "/spaces/:site_id/bookings/:id?", "/manage/spaces/:id",
      "/reports", "/reports/evacuations", "/reports/evacuations/:id", "/reports/history", "/reports/timesheets", "/reports/bookings", "/reports/absences",
      "/reports/site-attendance", "/reports/daily-attendance", "/manage", "/manage/overview", "/manage/overview/sites", "/manage/overview/groups",
      "/manage/overview/events", "/manage/site/:id", ...["details", "groups", "branding", "messages", "evacuationpoints", "privacy", "customfields", "badges", "features", "devices", "devices/:device", "sign-in-points", "attendees", "settings"].map((t) => `/manage/site/:id/${t}`),
      "/manage/group/add", "/manage/group/callback/google-apps", "/manage/group/callback/azure-ad", "/manage/group/callback/brivo", "/manage/group/callback/slack/:id",
      "/manage/group/azure-id/:group?", "/manage/group/brivo-id/:group?", "/manage/group/:id",
      ...["members", "details", "personal-fields", "sign-in", "sign-out", "badges", "notifications", "companion", "pre-reg", "onboarding", "privacy", "integrations", "time-and-attendance"].map((t) => `/manage/group/:id/${t}`),
      "/manage/features", "/manage/features/api-clients", "/manage/features/notifications", "/manage/features/notifications/slack-callback", "/manage/features/forms",
      "/manage/safety-check", "/manage/safety-check/block-list", "/manage/safety-check/health-certificates", "/manage/safety-check/sign-in-central-record",
      "/manage/addons", "/manage/addons/time-and-attendance", "/manage/addons/discover/time-and-attendance", "/manage/addons/discover/scheduling",
      "/manage/addons/discover/central-record", "/manage/addons/scheduling", "/manage/addons/spaces", "/manage/addons/discover/spaces",
      "/manage/account", ...["info", "users", "password-policy", "sms", "audit-log", "permissions", "refer", "subscriptions"].map((t) => `/manage/account/${t}`),
      "/manage/account/sso", ...["users", "configuration", "access-requests", "settings"].map((t) => `/manage/account/sso/${t}`),
    ];
    const paths = new Set(ACCESS_TABLE.map((e) => e.path));
    expect(specRoutes.filter((r) => !paths.has(r))).toEqual([]);
    expect(ACCESS_TABLE.length).toBe(paths.size); // no duplicates
  });
});
