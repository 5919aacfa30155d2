// ---------------------------------------------------------------------------------------------
// Visit management (issue 17 item 2; groups spec §3–4, §6, §8; ADR 026): edit a visit's times,
// group, host and custom-field answers (Visit.editor), its notes (Visit.notes), protect it against
// deletion (History.protect), anonymise it (History.delete and the client's `anonymize-visits`
// flag) or delete it (History.delete). Visits of the token's client at sites the user may see
// only (404 otherwise); active clients only. Rejected sign-ins carry their reason.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import type { RouteDef } from "./common.ts";
import { GroupSummary, VISIT_REJECTION_REASONS } from "./today.ts";
import { VISIT_LIMITS } from "./visit-messages.ts";

/** Why a sign-in was rejected by the safety check (VISIT_REJECTION_REASONS, in today.ts with the details answer). */
export const VisitRejectionReason = z.enum(VISIT_REJECTION_REASONS);
export type VisitRejectionReason = z.infer<typeof VisitRejectionReason>;

/** An ISO 8601 instant (the portal converts the site's local time), or null for "none". */
const Instant = z.iso.datetime({ offset: true }).nullable();
const plain = (max: number) => z.string().max(max);

/**
 * PATCH visits/{visitId} (Visit.editor): every field given is set. Times: the sign-out after the
 * sign-in (for a sign-out-first departure, `away`/`returned`, the return after leaving), neither in
 * the future nor in 2038 or later; a visit on site (signed in, pending, away) keeps no sign-out or
 * return time (a change of status is not an edit). Group: one of the client's groups shown at the
 * visit's site (a member's visit stays in the member's group). Fields: the visit's own answers, same
 * labels in the same order. 409 VISIT_MESSAGES.anonymised after anonymising.
 */
export const VisitUpdate = z.object({
  signed_in_at: Instant.optional(),
  signed_out_at: Instant.optional(),
  group_id: z.number().int().positive().optional(),
  host: plain(VISIT_LIMITS.host).nullable().optional(),
  fields: z
    .array(z.object({ label: z.string().max(200), value: plain(VISIT_LIMITS.fieldValue) }))
    .max(VISIT_LIMITS.fields)
    .optional(),
});
export type VisitUpdate = z.infer<typeof VisitUpdate>;

/** POST visits/{visitId}/notes (Visit.notes): plain text, at most 2,000 characters; empty or null clears them. */
export const VisitNotesUpdate = z.object({ notes: plain(VISIT_LIMITS.notes).nullable() });

/** POST visits/{visitId}/protection (History.protect): protected visits cannot be deleted, anonymised or removed by retention. */
export const VisitProtectionUpdate = z.object({ protected: z.boolean() });

/** What the management tab and its forms read (GET visits/{visitId}/manage, any of the four rights). */
export const VisitManagement = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  name: z.string(),
  status: z.string(),
  group_id: z.number().int(),
  member_id: z.number().int().nullable(),
  host: z.string().nullable(),
  signed_in_at: z.string().nullable(),
  signed_out_at: z.string().nullable(),
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  notes: z.string().nullable(),
  protected: z.boolean(),
  anonymised_at: z.string().nullable(),
  rejection_reason: VisitRejectionReason.nullable(),
  /** The groups the visit may move to (the client's groups shown at its site), and its own. */
  groups: z.array(GroupSummary.pick({ id: true, name: true, type: true })),
  /** Whether the client may anonymise visits (`anonymize-visits`). */
  anonymise_enabled: z.boolean(),
});
export type VisitManagement = z.infer<typeof VisitManagement>;

export const visitRoutes = {
  visitManagement: { method: "GET", path: "visits/{visitId}/manage", base: "regional", auth: "bearer", response: VisitManagement, summary: "A visit as the management tab edits it (Visit.editor, Visit.notes, History.delete or History.protect)" },
  updateVisit: { method: "PATCH", path: "visits/{visitId}", base: "regional", auth: "bearer", body: VisitUpdate, response: VisitManagement, summary: "Edit a visit's times, group, host and field answers (Visit.editor)" },
  updateVisitNotes: { method: "POST", path: "visits/{visitId}/notes", base: "regional", auth: "bearer", body: VisitNotesUpdate, response: VisitManagement, summary: "Set or clear a visit's notes (Visit.notes)" },
  updateVisitProtection: { method: "POST", path: "visits/{visitId}/protection", base: "regional", auth: "bearer", body: VisitProtectionUpdate, response: VisitManagement, summary: "Protect a visit against deletion, or not (History.protect)" },
  anonymiseVisit: { method: "POST", path: "visits/{visitId}/anonymise", base: "regional", auth: "bearer", response: VisitManagement, summary: "Anonymise a visit, irreversibly (History.delete, anonymize-visits); 409 while protected" },
  deleteVisit: { method: "DELETE", path: "visits/{visitId}", base: "regional", auth: "bearer", response: z.object({ deleted: z.literal(true) }), summary: "Delete a visit (History.delete); 409 while protected" },
} as const satisfies Record<string, RouteDef>;
