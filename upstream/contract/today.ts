// ---------------------------------------------------------------------------------------------
// Visits: the Today view (groups spec §3, §4, §6 "today view"). The spec leaves these calls "not
// shown"; this is the reference design. Rights: Today.viewer (see who is on site), Today.signInOut,
// Today.signOutAll, Today.approve (pending sign-ins), Today.locations (where a visit signed in).
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import type { RouteDef } from "./common.ts";
import { GroupType } from "./groups.ts";

export const GroupSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  type: GroupType,
  /** Sign-ins wait for approval (pending) before they count as on site. */
  approval_required: z.boolean(),
  /**
   * The group signs out first now (groups spec §1, §4): a returning group with allow_sign_out_first,
   * and, when it is synced from a directory, only with the client's flag
   * show-signout-first-sync-groups-as-signout-first. Its members are presumed on site: they sign out
   * when they leave (an `away` visit) and sign back in on return (`returned`).
   */
  sign_out_first: z.boolean(),
});
export type GroupSummary = z.infer<typeof GroupSummary>;

/**
 * `away` and `returned` are a sign-out-first member's departure (ADR 015): it starts with the sign-out
 * (`signed_out_at`: left) and, while open (`away`), the member is out; the return closes it
 * (`returned`, `signed_in_at`: back). Neither is on site: only `signed_in` counts, is on the fire
 * list or in an evacuation.
 */
export const VISIT_STATUSES = ["pending", "signed_in", "signed_out", "rejected", "away", "returned"] as const;
export const VisitStatus = z.enum(VISIT_STATUSES);
/** Where the sign-in was made: the portal, a kiosk (front-desk iPad) or the companion app. */
export const VISIT_SOURCES = ["portal", "kiosk", "companion"] as const;

/** Where a visit signed in (geofenced sign-ins). Only given to users holding Today.locations. */
export const VisitLocation = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** Metres. */
  accuracy: z.number().nonnegative(),
});

/** Why the safety check rejected a sign-in (groups spec §8 "Safety check failure reasons"; ADR 026). */
export const VISIT_REJECTION_REASONS = ["block_list_match", "missing_health_certificates", "failed_central_record"] as const;

export const Visit = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  group: GroupSummary.pick({ id: true, name: true, type: true }),
  /** The group member, for returning groups; null for visitors and deliveries. */
  member_id: z.number().int().nullable(),
  name: z.string(),
  company: z.string().nullable(),
  host: z.string().nullable(),
  status: VisitStatus,
  source: z.enum(VISIT_SOURCES),
  /** ISO 8601 instants. */
  created_at: z.string(),
  signed_in_at: z.string().nullable(),
  signed_out_at: z.string().nullable(),
  /** Null when not recorded, or when the caller may not see locations. */
  location: VisitLocation.nullable(),
  /** Why the safety check rejected the sign-in (status rejected), else null (ADR 026, 029). */
  rejection_reason: z.enum(VISIT_REJECTION_REASONS).nullable().optional(),
  /** A soft safety check let the person in but flagged the visit with this reason (ADR 029), else null. */
  safety_flag: z.enum(VISIT_REJECTION_REASONS).nullable().optional(),
});
export type Visit = z.infer<typeof Visit>;

/** GET sites/{siteId}/visits/today: who is on site now (signed in), who waits for approval, and the day's rejected sign-ins. */
export const SiteToday = z.object({
  site: z.object({
    id: z.number().int(),
    name: z.string(),
    timezone: z.string(),
    /** Signed-in visits, delivery groups excluded. */
    visitors_signed_in_count: z.number().int(),
    evacuation_in_progress: z.boolean(),
  }),
  /** Groups shown at the site, in display order. */
  groups: z.array(GroupSummary),
  /** Status signed_in or pending, and the sign-ins the safety check rejected today (the site's day; ADR 029), oldest first. */
  visits: z.array(Visit),
  /** Sign-out-first members out now (status away) at this site, of the groups shown there, by departure. */
  away: z.array(Visit),
});
export type SiteToday = z.infer<typeof SiteToday>;

/** GET sites/{siteId}/sign-in-options: what the sign-in form offers. Members of returning groups
 * who are not on site or pending at this site; for a sign-out-first group, its members who are not
 * out either (the form offers them "sign out (leaving)", a departure). */
export const SignInOptions = z.object({
  groups: z.array(
    GroupSummary.extend({ members: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  ),
});
export type SignInOptions = z.infer<typeof SignInOptions>;

/**
 * POST sites/{siteId}/visits (portal) and POST kiosk/sign-in (device): sign someone in. A returning
 * group needs `member_id` (422 member_id "Signing in needs a group member selected"); other groups
 * need `name`. A group with approval_required creates a pending visit.
 */
export const SignInRequest = z.object({
  group_id: z.number().int().positive(),
  member_id: z.number().int().positive().optional(),
  name: z.string().trim().max(100).optional(),
  company: z.string().trim().max(100).optional(),
  host: z.string().trim().max(100).optional(),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

/**
 * POST sites/{siteId}/departures (Today.signInOut): a member of a sign-out-first group shown at the
 * site leaves: an `away` visit (signed_out_at now), SignOutEvent; the count is unchanged. 422 on
 * `group_id` NOT_SIGN_OUT_FIRST_MESSAGE, on `member_id` ALREADY_AWAY_MESSAGE or "The selected member is
 * not in this group". A member still signed in the ordinary way at the site (from before the group
 * signed out first) is signed out instead (a `signed_out` visit, the count down by one).
 */
export const DepartureRequest = z.object({
  group_id: z.number().int().positive(),
  member_id: z.number().int().positive(),
});
export type DepartureRequest = z.infer<typeof DepartureRequest>;

/** POST sites/{siteId}/visits/sign-out-all: everyone on site (or one group) signed out. */
export const SignOutAllRequest = z.object({ group_id: z.number().int().positive().optional() });
export const SignOutAllResponse = z.object({ signed_out: z.number().int() });


/** GET visits/{visitId}: the visit details dialog's details tab. */
export const VisitDetails = Visit.extend({
  site_name: z.string(),
  member: z
    .object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), mobile: z.string().nullable() })
    .nullable(),
  /** Answers to the site's custom fields, in field order. */
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  notes: z.string().nullable(),
  protected: z.boolean(),
  /** Why the safety check rejected the sign-in (status rejected; visits.ts VISIT_REJECTION_REASONS), else null. */
  rejection_reason: z.enum(VISIT_REJECTION_REASONS).nullable().default(null),
  /** When the visit was anonymised (ADR 026), else null. */
  anonymised_at: z.string().nullable().default(null),
});
export type VisitDetails = z.infer<typeof VisitDetails>;

export const ABSENCE_STATUSES = ["pending", "approved", "declined", "cancelled"] as const;
/** GET visits/{visitId}/absences: the member's absences around today (AbsenceReport.view). */
export const VisitAbsences = z.object({
  /** False for visitors and deliveries: absences belong to group members. */
  applicable: z.boolean(),
  absences: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      /** YYYY-MM-DD, inclusive. */
      starts_on: z.string(),
      ends_on: z.string(),
      status: z.enum(ABSENCE_STATUSES),
      reason: z.string().nullable(),
    }),
  ),
});

/** GET visits/{visitId}/history: the same person's other visits, newest first, at most 20 (History.viewer). */
export const VisitHistory = z.object({ visits: z.array(Visit) });

/** GET visits/{visitId}/badge: what the badge printed at sign-in shows (badge elements, groups spec §3). */
export const VisitBadge = z.object({
  number: z.string(),
  name: z.string(),
  group: z.string(),
  site: z.string(),
  host: z.string().nullable(),
  company: z.string().nullable(),
  /** ISO 8601 instant of the sign-in (or creation, when pending). */
  issued_at: z.string(),
});

/** GET visits/{visitId}/documents: the member's documents (GroupMember.viewer). */
export const VisitDocuments = z.object({
  applicable: z.boolean(),
  documents: z.array(z.object({ id: z.number().int(), title: z.string(), expires_on: z.string().nullable() })),
});

/**
 * Realtime payloads on private-Site.{id}: SignInEvent (a visit became signed_in, or pending, or a
 * sign-out-first member's departure closed: returned), SignOutEvent (a visit was signed out, or a
 * sign-out-first member left: away), VisitUpdatedEvent (a visit was edited or anonymised, ADR 026)
 * and VisitDeletedEvent (a visit was deleted; the visit as it was). Locations are never broadcast.
 */
export const SITE_EVENTS = ["SignInEvent", "SignOutEvent", "VisitUpdatedEvent", "VisitDeletedEvent", "EvacuationCreatedEvent", "EvacuationCompleteEvent"] as const;
export const VisitEvent = z.object({
  visit: Visit,
  /** The site's count after this change (delivery groups excluded). */
  visitors_signed_in_count: z.number().int(),
});
export type VisitEvent = z.infer<typeof VisitEvent>;

export const todayRoutes = {
  siteToday: { method: "GET", path: "sites/{siteId}/visits/today", base: "regional", auth: "bearer", response: SiteToday, summary: "Who is on site now and who waits for approval (Today.viewer)" },
  signInOptions: { method: "GET", path: "sites/{siteId}/sign-in-options", base: "regional", auth: "bearer", response: SignInOptions, summary: "Groups and members the sign-in form offers (Today.signInOut)" },
  signIn: { method: "POST", path: "sites/{siteId}/visits", base: "regional", auth: "bearer", body: SignInRequest, response: Visit, summary: "Sign a visitor or member in (Today.signInOut); broadcasts SignInEvent" },
  signOutAll: { method: "POST", path: "sites/{siteId}/visits/sign-out-all", base: "regional", auth: "bearer", body: SignOutAllRequest, response: SignOutAllResponse, summary: "Sign everyone (or one group) out (Today.signOutAll); broadcasts SignOutEvent each" },
  depart: { method: "POST", path: "sites/{siteId}/departures", base: "regional", auth: "bearer", body: DepartureRequest, response: Visit, summary: "A sign-out-first member leaves: an away visit (Today.signInOut); broadcasts SignOutEvent" },
  returnVisit: { method: "POST", path: "visits/{visitId}/return", base: "regional", auth: "bearer", response: Visit, summary: "A sign-out-first member is back: the away visit is closed, returned (Today.signInOut); 422 visit when it is not away; broadcasts SignInEvent" },
  signOut: { method: "POST", path: "visits/{visitId}/sign-out", base: "regional", auth: "bearer", response: Visit, summary: "Sign a visit out (Today.signInOut); broadcasts SignOutEvent" },
  approveVisit: { method: "POST", path: "visits/{visitId}/approve", base: "regional", auth: "bearer", response: Visit, summary: "Approve a pending sign-in (Today.approve); broadcasts SignInEvent" },
  visit: { method: "GET", path: "visits/{visitId}", base: "regional", auth: "bearer", response: VisitDetails, summary: "Visit details (Today.viewer)" },
  visitAbsences: { method: "GET", path: "visits/{visitId}/absences", base: "regional", auth: "bearer", response: VisitAbsences, summary: "The member's absences (AbsenceReport.view)" },
  visitHistory: { method: "GET", path: "visits/{visitId}/history", base: "regional", auth: "bearer", response: VisitHistory, summary: "The same person's other visits (History.viewer)" },
  visitBadge: { method: "GET", path: "visits/{visitId}/badge", base: "regional", auth: "bearer", response: VisitBadge, summary: "The visit's badge (Today.viewer)" },
  visitDocuments: { method: "GET", path: "visits/{visitId}/documents", base: "regional", auth: "bearer", response: VisitDocuments, summary: "The member's documents (GroupMember.viewer)" },
} as const satisfies Record<string, RouteDef>;
