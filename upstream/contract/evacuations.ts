// ---------------------------------------------------------------------------------------------
// Evacuations (platform §2 fire list and evacuation reports, §3 evacuation report, §4 states and
// the event counter, §7 calls and the Evacuation.{id} channel; groups spec §6: evacuation list,
// evacuation reports view / edit / delete). Rights: EvacList.viewer (the fire list, starting an
// evacuation), EvacReport.viewer, EvacReport.editor (mark evacuees, comment, complete),
// EvacReport.delete.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import { MemberEvacuation } from "./members.ts";
import { Ok, type RouteDef } from "./common.ts";
import { GroupSummary } from "./today.ts";
import { EVACUEE_STATUSES } from "./constants.ts";

/** created → in_progress (the first mark or comment) → completed (locked for good). */
export const EVACUATION_STATUSES = ["created", "in_progress", "completed"] as const;
// Plain values the browser needs without zod live in ./constants.ts (re-exported here).
export { EVACUEE_STATUSES };
export const EvacueeStatus = z.enum(EVACUEE_STATUSES);

export const EvacuationSummary = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  site_name: z.string(),
  status: z.enum(EVACUATION_STATUSES),
  /** Increases by one with every event on private-Evacuation.{id}. */
  event_counter: z.number().int().nonnegative(),
  started_at: z.string(),
  started_by: z.string(),
  completed_at: z.string().nullable(),
  evacuee_count: z.number().int(),
  accounted_count: z.number().int(),
});
export type EvacuationSummary = z.infer<typeof EvacuationSummary>;

export const Evacuee = z.object({
  id: z.number().int(),
  name: z.string(),
  group_id: z.number().int(),
  company: z.string().nullable(),
  status: EvacueeStatus,
  evacuation_point_id: z.number().int().nullable(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type Evacuee = z.infer<typeof Evacuee>;

export const EvacuationComment = z.object({
  id: z.number().int(),
  content: z.string(),
  /** The evacuee the comment is about, or null for the whole evacuation. */
  evacuation_evacuee_id: z.number().int().nullable(),
  author: z.string(),
  created_at: z.string(),
});
export type EvacuationComment = z.infer<typeof EvacuationComment>;

/**
 * A space booking under way at a site (ADR 036): the person, the space, its zone path's names, and
 * whether the person had signed in (`used`); the others are booked but not on site. The fire list
 * shows them now, an evacuation report as they were when it started.
 */
export const BookingOnSite = z.object({ id: z.number().int(), name: z.string(), space: z.string(), space_id: z.number().int(), zone: z.string(), used: z.boolean() });
export type BookingOnSite = z.infer<typeof BookingOnSite>;

/** GET evacuations/{id} (spec §3 evacuation report). */
export const EvacuationReport = z.object({
  evacuation: EvacuationSummary,
  groups: z.array(GroupSummary.pick({ id: true, name: true, type: true })),
  evacuees: z.array(Evacuee),
  comments: z.array(EvacuationComment),
  participants: z.array(z.object({ id: z.number().int(), name: z.string() })),
  evacuation_points: z.array(z.object({ id: z.number().int(), title: z.string() })),
  offline_devices: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The space bookings under way when it started (ADR 036). */
  bookings: z.array(BookingOnSite),
  /** How each participant reached the report. */
  accessed_via: z.array(z.object({ participant_id: z.number().int(), via: z.enum(["portal", "companion", "kiosk"]) })),
});
export type EvacuationReport = z.infer<typeof EvacuationReport>;

/** GET sites/{siteId}/fire-list: who is on site now, for printing and for starting an evacuation. */
export const FireList = z.object({
  site: z.object({ id: z.number().int(), name: z.string(), timezone: z.string(), address: z.string().nullable() }),
  groups: z.array(GroupSummary.pick({ id: true, name: true, type: true })),
  people: z.array(
    z.object({
      visit_id: z.number().int(),
      name: z.string(),
      group_id: z.number().int(),
      company: z.string().nullable(),
      host: z.string().nullable(),
      signed_in_at: z.string(),
      /** A member's evacuation needs (their editor's evacuation tab), when they have any (ADR 017). */
      evacuation: MemberEvacuation.nullable().optional(),
    }),
  ),
  evacuation_points: z.array(z.object({ id: z.number().int(), title: z.string() })),
  /** The evacuation in progress at this site, if any. */
  active_evacuation: EvacuationSummary.nullable(),
  /** The space bookings under way now: who signed in, by zone, and who booked but has not (ADR 036). */
  bookings: z.array(BookingOnSite),
});
export type FireList = z.infer<typeof FireList>;

export const StartEvacuationRequest = z.object({ comment: z.string().trim().max(2000).optional() });
export const EvacuationList = z.object({ evacuations: z.array(EvacuationSummary), page: z.number().int(), per_page: z.number().int(), total: z.number().int() });
export const UpdateEvacueeRequest = z.object({ status: EvacueeStatus, evacuation_point_id: z.number().int().positive().nullable().optional() });
export const AddCommentRequest = z.object({
  content: z.string().trim().min(1, "A comment is required").max(2000),
  evacuation_evacuee_id: z.number().int().positive().nullable().optional(),
});
export const CompleteEvacuationRequest = z.object({ comment: z.string().trim().max(2000).optional() });

/**
 * Events on private-Evacuation.{id}, each with the report's counter after it (+1 per event):
 * EvacueeUpdatedEvent {counter, evacuee}, CommentAddedEvent {counter, comment},
 * EvacuationCompleteEvent {counter, evacuation, comment?} (the completion comment, when given),
 * EvacuationReadyEvent {counter} (reload).
 * On private-Site.{id}: EvacuationCreatedEvent / EvacuationCompleteEvent {evacuation}.
 */
export const EVACUATION_EVENTS = ["EvacueeUpdatedEvent", "CommentAddedEvent", "EvacuationCompleteEvent", "EvacuationReadyEvent"] as const;
export const EvacuationEvent = z.object({
  counter: z.number().int().positive(),
  evacuee: Evacuee.optional(),
  comment: EvacuationComment.optional(),
  evacuation: EvacuationSummary.optional(),
});
export type EvacuationEvent = z.infer<typeof EvacuationEvent>;

export const evacuationRoutes = {
  fireList: { method: "GET", path: "sites/{siteId}/fire-list", base: "regional", auth: "bearer", response: FireList, summary: "Who is on site now, for the fire list (EvacList.viewer)" },
  startEvacuation: { method: "POST", path: "sites/{siteId}/evacuations", base: "regional", auth: "bearer", body: StartEvacuationRequest, response: EvacuationSummary, summary: "Start an evacuation of the site (EvacList.viewer); broadcasts EvacuationCreatedEvent" },
  evacuations: { method: "GET", path: "evacuations", base: "regional", auth: "bearer", response: EvacuationList, summary: "Past and current evacuations, newest first (EvacReport.viewer); query site_id, page" },
  evacuation: { method: "GET", path: "evacuations/{evacuationId}", base: "regional", auth: "bearer", response: EvacuationReport, summary: "An evacuation report (EvacReport.viewer)" },
  updateEvacuee: { method: "PATCH", path: "evacuations/{evacuationId}/evacuees/{evacueeId}", base: "regional", auth: "bearer", body: UpdateEvacueeRequest, response: Evacuee, summary: "Mark an evacuee (EvacReport.editor); 422 once completed" },
  addEvacuationComment: { method: "POST", path: "evacuations/{evacuationId}/comments", base: "regional", auth: "bearer", body: AddCommentRequest, response: EvacuationComment, summary: "Comment on the evacuation or an evacuee (EvacReport.editor)" },
  completeEvacuation: { method: "POST", path: "evacuations/{evacuationId}/complete", base: "regional", auth: "bearer", body: CompleteEvacuationRequest, response: EvacuationSummary, summary: "Complete and lock the evacuation (EvacReport.editor)" },
  deleteEvacuation: { method: "DELETE", path: "evacuations/{evacuationId}", base: "regional", auth: "bearer", response: Ok, summary: "Delete a completed evacuation report (EvacReport.delete)" },
} as const satisfies Record<string, RouteDef>;
