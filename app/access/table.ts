/**
 * THE access table: every route of spec/platform.md §2 and spec/groups-members-addons.md §2 with
 * its rule. Loaders and actions enforce it through `requireAccess`; the navigation is drawn from
 * it; tests walk it. A route's rule applies to every path below it (a path is viewable only when
 * every matched ancestor allows it).
 *
 * `screen: true` marks the routes whose screens exist in this portal. The others are enforced
 * all the same (a denied user gets 403, /login or /trial-ended) and answer 404 until built; the
 * navigation only links to screens that exist.
 */
import type { Right } from "./rights";
import type { Rule } from "./rules";

export interface RouteEntry {
  /** URL pattern: `:param`, `:param?` (optional). */
  path: string;
  rule: Rule;
  /** Redirect-only route: where it sends a user who may open it. */
  redirect?: string;
  /** The screen exists (a route module renders it). */
  screen?: true;
  /** A top-level area of the navigation, with its label key (namespace common). */
  nav?: { labelKey: string; order: number };
  /**
   * Changing things here (an action's POST) needs these rights as well as the view rule; like the
   * view rule, an ancestor's apply below it (`mayEdit`, `requireEdit`).
   */
  edit?: Right[];
  /**
   * A route that holds things of several kinds with rights of their own (a site or an event): each
   * kind's view and edit right, on top of the rule (`permissionsAt(path, ctx, kind)`).
   */
  kinds?: Record<string, { view: Right; edit: Right }>;
  /** A tab of its parent's tab bar: the bar lists its children with `tab`, by order (label key in the parent area's namespace). */
  tab?: { labelKey: string; order: number };
}

const ANY_MANAGE_VIEWER: Rule = {
  rights: {
    anyOf: [
      "ManageSite.viewer", "ManageEvent.viewer", "ManageVisitorGroup.viewer", "BlockList.viewer",
      "ManageClientApi.viewer", "ManageForm.viewer", "ManageNotification.viewer", "ManageUser.viewer",
      "Rota.viewer", "ClosurePeriod.viewer", "Spaces.editor", "HealthCheck.editor",
    ],
  },
};

const ANY_REPORT_VIEWER: Rule = {
  rights: {
    anyOf: ["EvacReport.viewer", "History.viewer", "BookingsReport.viewer", "TimeSheet.viewer", "AbsenceReport.viewer", "DailyAttendanceReport.viewer"],
  },
};

/** The group tabs, in the order of groups spec §2, with their place in the tab bar and their own rule (beyond the group's). */
const GROUP_TABS: [string, number, Rule?, Right[]?][] = [
  ["members", 1, { rights: { allOf: ["GroupMember.viewer"] } }, ["GroupMember.editor"]], ["details", 2], ["personal-fields", 3], ["sign-in", 4], ["sign-out", 5], ["badges", 6],
  ["notifications", 7], ["companion", 8], ["pre-reg", 9], ["onboarding", 10], ["privacy", 11],
  // Only when the central record feature is on, and only with the time-and-attendance flag (groups spec §2).
  ["integrations", 12, { when: ["centralRecordEnabled"] }], ["time-and-attendance", 13, { flags: { allOf: ["time-and-attendance"] } }],
];
const groupTab = ([tab, order, rule = {}, edit]: (typeof GROUP_TABS)[number]): RouteEntry => ({
  path: `/manage/group/:id/${tab}`,
  rule,
  ...(edit ? { edit } : {}),
  screen: true,
  tab: { labelKey: `tab.${tab}`, order },
});
/** The member editor's tabs (groups spec §2) with their own rule beyond the members tab's. */
const MEMBER_TABS: [string, Rule?][] = [
  ["central-record", { when: ["centralRecordEnabled"] }], ["details"], ["notifications"], ["security"], ["documents"], ["evacuation"], ["credentials"],
  ["companion"], ["spaces", { when: ["spacesEnabled"] }], ["time-and-attendance", { flags: { allOf: ["time-and-attendance"] } }],
];
const memberTab = ([tab, rule = {}]: (typeof MEMBER_TABS)[number]): RouteEntry => ({ path: `/manage/group/:id/members/:memberId/${tab}`, rule, screen: true });
const SITE_TAB = (tab: string, extra: Rule = {}): RouteEntry => ({ path: `/manage/site/:id/${tab}`, rule: extra });
/** The site tabs open to whoever may open the site, with their place in the tab bar (settings has a rule of its own). */
const SITE_TABS: [string, number][] = [
  ["details", 1], ["groups", 2], ["branding", 3], ["messages", 4], ["evacuationpoints", 5], ["privacy", 6], ["customfields", 7],
  ["badges", 8], ["features", 9], ["devices", 10], ["sign-in-points", 11], ["attendees", 12],
];

export const ACCESS_TABLE: RouteEntry[] = [
  // --- Anonymous ------------------------------------------------------------------------------
  { path: "/login", rule: { anonymous: true }, screen: true },
  { path: "/login-detect", rule: { anonymous: true }, screen: true },
  { path: "/login/sso/callback", rule: { anonymous: true }, screen: true },
  { path: "/login/sso/request-access", rule: { anonymous: true }, screen: true },
  { path: "/forgot", rule: { anonymous: true }, screen: true },
  { path: "/reset/:token", rule: { anonymous: true }, screen: true },
  { path: "/terms", rule: { anonymous: true }, screen: true },
  { path: "/logout", rule: { anonymous: true }, screen: true },
  { path: "/language", rule: { anonymous: true }, screen: true },
  { path: "/healthz", rule: { anonymous: true }, screen: true },
  { path: "/magic-link", rule: { anonymous: true } },
  { path: "/magic-link/absence-request", rule: { anonymous: true } },
  // The visitor's magic links (ADR 019): open without signing in; the token is the key.
  { path: "/magic-link/visitor-change-request", rule: { anonymous: true }, screen: true },
  { path: "/magic-link/pre-registration-form", rule: { anonymous: true }, screen: true },
  // A visitor form's public link (ADR 030): the token is the key; "Form no longer exists" when deleted or disabled.
  { path: "/magic-link/form/:token", rule: { anonymous: true }, screen: true },

  // --- Signed in ------------------------------------------------------------------------------
  { path: "/", rule: {}, redirect: "/today", screen: true },
  { path: "/today", rule: {}, screen: true, nav: { labelKey: "shell.nav.today", order: 1 } },
  // The Today view's dialogs (groups spec §6, today view; visit details dialog with its tabs).
  { path: "/today/sign-in", rule: { activeOnly: true, rights: { allOf: ["Today.viewer", "Today.signInOut"] } }, screen: true },
  { path: "/today/sign-out-all", rule: { activeOnly: true, rights: { allOf: ["Today.viewer", "Today.signOutAll"] } }, screen: true },
  // Pre-registrations (ADR 019): the spec names no right; Standard users pre-register (groups spec
  // §6). Listing needs Today.viewer; approving and declining Today.approve, the rest
  // Today.signInOut (each row action checks its own on top of the table's edit rights).
  { path: "/today/pre-registrations", rule: { activeOnly: true, rights: { allOf: ["Today.viewer"] } }, edit: ["Today.viewer"], screen: true },
  { path: "/today/pre-register", rule: { activeOnly: true, rights: { allOf: ["Today.viewer", "Today.signInOut"] } }, edit: ["Today.viewer", "Today.signInOut"], screen: true },
  { path: "/today/visits/:visitId", rule: { activeOnly: true, rights: { allOf: ["Today.viewer"] } }, redirect: "/today/visits/:visitId/details", screen: true },
  { path: "/today/visits/:visitId/details", rule: {}, screen: true },
  { path: "/today/visits/:visitId/absence", rule: { rights: { allOf: ["AbsenceReport.view"] } }, screen: true },
  { path: "/today/visits/:visitId/history", rule: { rights: { allOf: ["History.viewer"] } }, screen: true },
  { path: "/today/visits/:visitId/badge", rule: {}, screen: true },
  { path: "/today/visits/:visitId/documents", rule: { rights: { allOf: ["GroupMember.viewer"] } }, screen: true },
  // Visit management (issue 17 item 2; ADR 026): each form needs its own right (the action checks it per intent).
  { path: "/today/visits/:visitId/manage", rule: { activeOnly: true, rights: { anyOf: ["Visit.editor", "Visit.notes", "History.delete", "History.protect"] } }, screen: true },
  { path: "/select-site", rule: {}, screen: true },
  { path: "/realtime", rule: {}, screen: true },
  // Uploaded files, streamed from the upstream with the user's token (the upstream decides who may see which).
  { path: "/files/:name", rule: {}, screen: true },
  { path: "/my-profile", rule: {}, screen: true },
  { path: "/my-profile/two-factor", rule: {}, screen: true },
  { path: "/support", rule: {}, screen: true },
  { path: "/client-switcher", rule: { when: ["multiClient"] }, screen: true },
  { path: "/trial-ended", rule: {}, screen: true },
  { path: "/404", rule: {}, screen: true },
  { path: "/403", rule: {}, screen: true },
  { path: "/fire-list", rule: { activeOnly: true, rights: { allOf: ["EvacList.viewer"] } }, screen: true, nav: { labelKey: "shell.nav.fire_list", order: 2 } },
  { path: "/admin", rule: { superOnly: true }, nav: { labelKey: "shell.nav.admin", order: 9 } },
  { path: "/admin/:clientId", rule: {} },
  // Spaces (issue 26; ADR 036): seeing them needs Spaces.viewer or Spaces.book and the feature on;
  // every POST Spaces.book, and each intent its own on top (app/features/spaces/actions.server.ts:
  // booking for someone else Spaces.editor; the upstream lets only Spaces.delete or .editor cancel
  // someone else's). Active clients only, as the upstream's spaces calls. A calendar feed's intents
  // on the bookings page need only the view rule (features/spaces/feeds.server.ts; a space's feed
  // Spaces.viewer).
  { path: "/spaces", rule: { activeOnly: true, rights: { anyOf: ["Spaces.viewer", "Spaces.book"] }, when: ["spacesEnabled"] }, screen: true, nav: { labelKey: "shell.nav.spaces", order: 5 } },
  { path: "/spaces/:site_id?/bookings", rule: {}, edit: ["Spaces.book"], screen: true },
  { path: "/spaces/:site_id/bookings/:id?", rule: {}, edit: ["Spaces.book"], screen: true },
  // The designer (issue 26 item 4): Spaces.editor to open and change; deleting Spaces.delete too (its intent's own right).
  { path: "/manage/spaces/:id", rule: { activeOnly: true, rights: { allOf: ["Spaces.editor"] }, when: ["spacesEnabled"] }, edit: ["Spaces.editor"], screen: true },

  // --- Reports --------------------------------------------------------------------------------
  { path: "/reports", rule: { ...ANY_REPORT_VIEWER, activeOnly: true }, screen: true, nav: { labelKey: "shell.nav.reports", order: 3 } },
  { path: "/reports/evacuations", rule: { rights: { allOf: ["EvacReport.viewer"] } }, screen: true },
  // Marking evacuees on the live report needs the editor right.
  { path: "/reports/evacuations/:id", rule: {}, edit: ["EvacReport.editor"], screen: true },
  // The live report's dialogs (groups spec §6: evacuation reports edit, delete).
  { path: "/reports/evacuations/:id/comment", rule: { rights: { allOf: ["EvacReport.editor"] } }, screen: true },
  { path: "/reports/evacuations/:id/complete", rule: { rights: { allOf: ["EvacReport.editor"] } }, screen: true },
  { path: "/reports/evacuations/:id/delete", rule: { rights: { allOf: ["EvacReport.delete"] } }, screen: true },
  { path: "/reports/history", rule: { activeOnly: true, rights: { allOf: ["History.viewer"] } }, screen: true },
  // The history's export (ADR 025) and its visit details dialog (the Today dialog's tabs and rules).
  { path: "/reports/history/export", rule: { rights: { allOf: ["History.export"] } }, screen: true },
  { path: "/reports/history/visits/:visitId", rule: {}, redirect: "/reports/history/visits/:visitId/details", screen: true },
  { path: "/reports/history/visits/:visitId/details", rule: {}, screen: true },
  { path: "/reports/history/visits/:visitId/absence", rule: { rights: { allOf: ["AbsenceReport.view"] } }, screen: true },
  { path: "/reports/history/visits/:visitId/history", rule: {}, screen: true },
  { path: "/reports/history/visits/:visitId/badge", rule: {}, screen: true },
  { path: "/reports/history/visits/:visitId/documents", rule: { rights: { allOf: ["GroupMember.viewer"] } }, screen: true },
  { path: "/reports/history/visits/:visitId/manage", rule: { activeOnly: true, rights: { anyOf: ["Visit.editor", "Visit.notes", "History.delete", "History.protect"] } }, screen: true },
  { path: "/reports/timesheets", rule: { activeOnly: true, rights: { allOf: ["TimeSheet.viewer"] } } },
  { path: "/reports/bookings", rule: { activeOnly: true, rights: { allOf: ["BookingsReport.viewer"] } }, screen: true },
  { path: "/reports/bookings/export", rule: {}, screen: true },
  { path: "/reports/absences", rule: { rights: { allOf: ["AbsenceReport.view"] } } },
  // Attendance reports (issue 17 §4; ADR 027): site attendance with the client's flag; daily
  // attendance with .view to open and .edit to override a day; each exported for its filter.
  { path: "/reports/site-attendance", rule: { activeOnly: true, flags: { allOf: ["site-attendance-report"] } }, screen: true },
  { path: "/reports/site-attendance/export", rule: {}, screen: true },
  { path: "/reports/daily-attendance", rule: { activeOnly: true, rights: { allOf: ["DailyAttendanceReport.view"] } }, edit: ["DailyAttendanceReport.edit"], screen: true },
  { path: "/reports/daily-attendance/export", rule: {}, screen: true },

  // --- Manage ---------------------------------------------------------------------------------
  { path: "/manage", rule: ANY_MANAGE_VIEWER, screen: true, nav: { labelKey: "shell.nav.manage", order: 4 } },
  { path: "/manage/overview", rule: {}, redirect: "/manage/overview/sites" },
  { path: "/manage/overview/sites", rule: { activeOnly: true, rights: { allOf: ["ManageSite.viewer"] } }, screen: true },
  { path: "/manage/overview/sites/new", rule: { rights: { allOf: ["ManageSite.editor"] } }, screen: true },
  { path: "/manage/overview/groups", rule: { activeOnly: true, rights: { allOf: ["ManageVisitorGroup.viewer"] } }, screen: true },
  { path: "/manage/overview/events", rule: { activeOnly: true, rights: { allOf: ["ManageEvent.viewer"] } }, screen: true },
  { path: "/manage/overview/events/new", rule: { rights: { allOf: ["ManageEvent.editor"] } }, screen: true },

  // Sites and events: active accounts only (platform §2 "many routes need an active account"; the site calls are).
  // A standard or remote site needs ManageSite.viewer to open and ManageSite.editor to change, an
  // event ManageEvent.* (viewers see the tabs read-only).
  {
    path: "/manage/site/:id",
    rule: { admin: true, activeOnly: true, rights: { anyOf: ["ManageSite.viewer", "ManageEvent.viewer"] } },
    kinds: { sites: { view: "ManageSite.viewer", edit: "ManageSite.editor" }, events: { view: "ManageEvent.viewer", edit: "ManageEvent.editor" } },
    redirect: "/manage/site/:id/details",
    screen: true,
  },
  // The site's tabs, in the order of platform §2 (the tab bar is drawn from here).
  ...SITE_TABS.map(([tab, order]): RouteEntry => ({ ...SITE_TAB(tab), screen: true, tab: { labelKey: `site.tab.${tab}`, order } })),
  { path: "/manage/site/:id/devices/:device", rule: {}, screen: true },
  // Settings: ManageSite.viewer and the client's flag to open; saving needs ManageSite.editor as well (the upstream's rule).
  {
    ...SITE_TAB("settings", { rights: { allOf: ["ManageSite.viewer"] }, flags: { allOf: ["site-settings"] } }),
    edit: ["ManageSite.editor"],
    screen: true,
    tab: { labelKey: "site.tab.settings", order: 13 },
  },

  // Group routes: administrators only, active accounts only (groups spec §2).
  { path: "/manage/group", rule: { admin: true, activeOnly: true } },
  { path: "/manage/group/add", rule: { rights: { allOf: ["ManageVisitorGroup.editor"] } }, screen: true },
  // Directory integrations (groups spec §2): the providers' return pages finish a connection the
  // group's editor started; the id pages choose a group's directory group (Brivo with its flag).
  { path: "/manage/group/callback/google-apps", rule: { rights: { allOf: ["ManageVisitorGroup.editor"] } }, screen: true },
  { path: "/manage/group/callback/azure-ad", rule: { rights: { allOf: ["ManageVisitorGroup.editor"] } }, screen: true },
  { path: "/manage/group/callback/brivo", rule: { rights: { allOf: ["ManageVisitorGroup.editor"] }, flags: { allOf: ["brivo"] } }, screen: true },
  // Slack's return page for one group's notifications (groups spec §2 "takes the id parameter").
  { path: "/manage/group/callback/slack/:id", rule: { rights: { allOf: ["ManageVisitorGroup.editor"] } }, screen: true },
  { path: "/manage/group/azure-id/:group?", rule: { rights: { allOf: ["ManageVisitorGroup.viewer"] } }, edit: ["ManageVisitorGroup.editor"], screen: true },
  { path: "/manage/group/brivo-id/:group?", rule: { rights: { allOf: ["ManageVisitorGroup.viewer"] }, flags: { allOf: ["brivo"] } }, edit: ["ManageVisitorGroup.editor"], screen: true },
  // One group: ManageVisitorGroup.viewer to open (its tabs read-only), .editor to change; deleting
  // the group needs .delete as well (its own check, groups spec §6).
  { path: "/manage/group/:id", rule: { rights: { allOf: ["ManageVisitorGroup.viewer"] } }, edit: ["ManageVisitorGroup.editor"], redirect: "/manage/group/:id/details", screen: true },
  ...GROUP_TABS.map(groupTab),
  // The members tab's spreadsheets (issue 15 §1, §3; ADR 018): import (a page, the upload and the
  // preview: members editor to change), its template, and the export (groups' export right).
  { path: "/manage/group/:id/members/import", rule: { rights: { allOf: ["GroupMember.viewer"] } }, edit: ["GroupMember.editor"], screen: true },
  { path: "/manage/group/:id/members/import/template", rule: { rights: { allOf: ["GroupMember.viewer"] } }, screen: true },
  { path: "/manage/group/:id/members/export", rule: { rights: { allOf: ["GroupMember.viewer", "ManageVisitorGroup.export"] } }, screen: true },
  // The members tab's dialogs (groups spec §2, §6; ADR 017): GroupMember.viewer to open a member
  // (read-only), .editor to change; adding and multi-edit need .editor to open at all.
  { path: "/manage/group/:id/members/new", rule: { rights: { allOf: ["GroupMember.editor"] } }, screen: true },
  { path: "/manage/group/:id/members/multi-edit", rule: { rights: { allOf: ["GroupMember.editor"] } }, screen: true },
  { path: "/manage/group/:id/members/:memberId", rule: {}, redirect: "/manage/group/:id/members/:memberId/details", screen: true },
  ...MEMBER_TABS.map(memberTab),

  { path: "/manage/features", rule: {}, redirect: "/manage" },
  // The client API's credentials and visitor forms (ADR 030): the spec knows only a viewer right for
  // each, so it is the right to change them too (the upstream's rule); active accounts only, as the
  // upstream's calls are. A form opens (new, edit) as a dialog over the list.
  { path: "/manage/features/api-clients", rule: { activeOnly: true, rights: { allOf: ["ManageClientApi.viewer"] } }, edit: ["ManageClientApi.viewer"], screen: true },
  // Notifications (issue 18; ADR 028): ManageNotification.viewer is the area's one right, to read
  // and to change; active accounts only (the upstream's rule). Slack's return page for the client's
  // workspace is for administrators (platform §2). The delivery log is the delivery side's entry.
  { path: "/manage/features/notifications", rule: { rights: { allOf: ["ManageNotification.viewer"] }, activeOnly: true }, edit: ["ManageNotification.viewer"], screen: true },
  { path: "/manage/features/notifications/slack-callback", rule: { admin: true, activeOnly: true }, screen: true },
  { path: "/manage/features/notifications/new", rule: { rights: { allOf: ["ManageNotification.viewer"] } }, edit: ["ManageNotification.viewer"], screen: true },
  { path: "/manage/features/notifications/:notificationId", rule: { rights: { allOf: ["ManageNotification.viewer"] } }, edit: ["ManageNotification.viewer"], screen: true },
  // One notification's delivery log, replay and the test event (issue 18; ADR 028 "Delivery"):
  // the same right to read and to press the buttons (the spec's one notifications right); active accounts only, as its calls.
  { path: "/manage/features/notifications/:notificationId/deliveries", rule: { activeOnly: true, rights: { allOf: ["ManageNotification.viewer"] } }, edit: ["ManageNotification.viewer"], screen: true },
  { path: "/manage/features/forms", rule: { activeOnly: true, rights: { allOf: ["ManageForm.viewer"] } }, edit: ["ManageForm.viewer"], screen: true },
  { path: "/manage/features/forms/new", rule: {}, screen: true },
  { path: "/manage/features/forms/:formId", rule: {}, screen: true },

  // The safety check (issue 18; ADR 029): its tab bar is drawn from the entries with `tab`. The block
  // list has one right (BlockList.viewer) for seeing and changing it; active accounts only. Health
  // certificates are a section no role may open (always 403).
  { path: "/manage/safety-check", rule: {}, redirect: "/manage/safety-check/block-list" },
  { path: "/manage/safety-check/block-list", rule: { activeOnly: true, rights: { allOf: ["BlockList.viewer"] } }, edit: ["BlockList.viewer"], screen: true, tab: { labelKey: "tab.block_list", order: 1 } },
  { path: "/manage/safety-check/block-list/new", rule: { activeOnly: true, rights: { allOf: ["BlockList.viewer"] } }, edit: ["BlockList.viewer"], screen: true },
  { path: "/manage/safety-check/block-list/import", rule: { activeOnly: true, rights: { allOf: ["BlockList.viewer"] } }, edit: ["BlockList.viewer"], screen: true },
  { path: "/manage/safety-check/block-list/template", rule: { activeOnly: true, rights: { allOf: ["BlockList.viewer"] } }, screen: true },
  { path: "/manage/safety-check/block-list/:entryId", rule: { activeOnly: true, rights: { allOf: ["BlockList.viewer"] } }, edit: ["BlockList.viewer"], screen: true },
  { path: "/manage/safety-check/health-certificates", rule: { denied: true } },
  { path: "/manage/safety-check/sign-in-central-record", rule: { activeOnly: true, rights: { allOf: ["Client.update"] }, when: ["centralRecordEnabled"] }, edit: ["Client.update"], screen: true, tab: { labelKey: "tab.central_record", order: 3 } },

  { path: "/manage/addons", rule: {} },
  { path: "/manage/addons/time-and-attendance", rule: { when: ["timeAndAttendanceVisible"] } },
  { path: "/manage/addons/discover/time-and-attendance", rule: { flags: { noneOf: ["time-and-attendance", "time-and-attendance-discovered"] } } },
  { path: "/manage/addons/discover/scheduling", rule: { rights: { allOf: ["ManageClient.editor"] }, when: ["schedulingDisabled"] } },
  { path: "/manage/addons/discover/central-record", rule: { flags: { allOf: ["central-record-discovery"] } } },
  { path: "/manage/addons/scheduling", rule: { rights: { allOf: ["Client.view"] }, when: ["schedulingNotDisabled"] } },
  { path: "/manage/addons/spaces", rule: { rights: { allOf: ["Spaces.editor"] }, when: ["anySiteHasSpace"] }, screen: true },
  { path: "/manage/addons/discover/spaces", rule: { rights: { allOf: ["Spaces.editor"] }, when: ["noSiteHasSpace"] }, screen: true },

  // The account pages (ADR 023): the landing sends the user to the first one they may open (403 when none).
  { path: "/manage/account", rule: {}, screen: true },
  { path: "/manage/account/info", rule: { rights: { allOf: ["ManageClient.editor"] } }, screen: true, tab: { labelKey: "tab.info", order: 1 } },
  // Portal users (platform §6; ADR 020): ManageUser.viewer to open the list and a user (read-only),
  // .editor to change; inviting needs .editor to open; deleting .delete and removing two-factor
  // .remove2fa as well (`requireRight` in the handler).
  { path: "/manage/account/users", rule: { rights: { allOf: ["ManageUser.viewer"] } }, edit: ["ManageUser.editor"], screen: true, tab: { labelKey: "tab.users", order: 2 } },
  { path: "/manage/account/users/new", rule: { rights: { allOf: ["ManageUser.editor"] } }, screen: true },
  { path: "/manage/account/users/:userId", rule: {}, screen: true },
  { path: "/manage/account/password-policy", rule: { rights: { allOf: ["ManageClient.editor"] } }, screen: true, tab: { labelKey: "tab.password_policy", order: 3 } },
  { path: "/manage/account/sms", rule: { rights: { allOf: ["ManageClient.editor"] } }, screen: true, tab: { labelKey: "tab.sms", order: 4 } },
  // The audit log (ADR 022): the list, its CSV export, and one entry's before → after (a dialog).
  { path: "/manage/account/audit-log", rule: { rights: { allOf: ["AuditLog.viewer"] } }, screen: true, tab: { labelKey: "tab.audit_log", order: 5 } },
  { path: "/manage/account/audit-log/export", rule: {}, screen: true },
  { path: "/manage/account/audit-log/:entryId", rule: {}, screen: true },
  // Roles and permissions (ADR 021): the roles, the editor (a new role needs ManageUser.editor to
  // open; an existing one opens read-only for viewers), and "view as".
  { path: "/manage/account/permissions", rule: { rights: { allOf: ["ManageUser.viewer"] } }, edit: ["ManageUser.editor"], screen: true, tab: { labelKey: "tab.permissions", order: 6 } },
  { path: "/manage/account/permissions/new", rule: { rights: { allOf: ["ManageUser.editor"] } }, screen: true },
  { path: "/manage/account/permissions/view-as", rule: {}, screen: true },
  { path: "/manage/account/permissions/:roleId", rule: {}, screen: true },
  { path: "/manage/account/refer", rule: { rights: { allOf: ["Referral.manager"] } }, screen: true, tab: { labelKey: "tab.refer", order: 7 } },
  { path: "/manage/account/subscriptions", rule: { when: ["subscriptionsVisible"] }, screen: true, tab: { labelKey: "tab.subscriptions", order: 8 } },
  // One invoice as a PDF (ADR 023): the subscriptions page's rule.
  { path: "/manage/account/subscriptions/invoices/:invoiceId", rule: {}, screen: true },
  // SSO self-service (issue 16 §5; ADR 024): the landing sends to the first tab the user may open
  // (drawn from here); changing anything needs ManageUser.editor (the upstream's rule, which also
  // answers 403 on the configuration to anyone without ManageUser.viewer: "not authorised").
  { path: "/manage/account/sso", rule: {}, screen: true, tab: { labelKey: "tab.sso", order: 9 } },
  { path: "/manage/account/sso/users", rule: { rights: { allOf: ["ManageUser.viewer"] } }, edit: ["ManageUser.editor"], screen: true, tab: { labelKey: "tab.users", order: 1 } },
  { path: "/manage/account/sso/configuration", rule: { when: ["ssoConfigurationVisible"] }, edit: ["ManageUser.editor"], screen: true, tab: { labelKey: "tab.configuration", order: 2 } },
  { path: "/manage/account/sso/access-requests", rule: { rights: { allOf: ["ManageUser.viewer"] } }, edit: ["ManageUser.editor"], screen: true, tab: { labelKey: "tab.access_requests", order: 3 } },
  // Approving one request: a dialog over the list.
  { path: "/manage/account/sso/access-requests/:requestId", rule: { rights: { allOf: ["ManageUser.editor"] } }, edit: ["ManageUser.editor"], screen: true },
  { path: "/manage/account/sso/settings", rule: { rights: { allOf: ["ManageUser.viewer"] } }, edit: ["ManageUser.editor"], screen: true, tab: { labelKey: "tab.settings", order: 4 } },
];
