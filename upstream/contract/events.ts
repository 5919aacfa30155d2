/** An event's attendees tab, event sites only (the rights and rules of the manage area: manage.ts). */
import { z } from "zod";
import { Ok, type RouteDef } from "./common.ts";
import { blankToNull, EMAIL } from "./shared.ts";

/** Attendees of an event (event sites only; 404 for other sites). Phones are stored E.164. */
export const Attendee = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  created_at: z.string(),
});
export const AttendeeList = z.object({ attendees: z.array(Attendee), page: z.number().int(), per_page: z.number().int(), total: z.number().int() });
export const AttendeeRequest = z.object({
  name: z.string("A name is required").trim().min(1, "A name is required").max(100),
  email: z
    .string()
    .trim()
    .max(254)
    .refine((s) => s === "" || EMAIL.test(s), "A valid email is required")
    .nullable()
    .transform((s) => (s ? s.toLowerCase() : null))
    .optional(),
  /** Parsed for the client's country; empty is valid; stored as E.164 (platform §5 phone input). */
  phone: blankToNull(40).optional(),
  company: blankToNull(100).optional(),
});
export const UpdateAttendeeRequest = AttendeeRequest.partial();
export const PHONE_MESSAGE = "Enter a valid phone number";

export const eventRoutes = {
  attendees: { method: "GET", path: "sites/{siteId}/attendees", base: "regional", auth: "bearer", response: AttendeeList, summary: "An event's attendees, 15 a page (ManageEvent.viewer); query search, page; 404 for other sites" },
  createAttendee: { method: "POST", path: "sites/{siteId}/attendees", base: "regional", auth: "bearer", body: AttendeeRequest, response: Attendee, summary: "Add an attendee to an event (ManageEvent.editor); phone stored E.164" },
  updateAttendee: { method: "PATCH", path: "sites/{siteId}/attendees/{attendeeId}", base: "regional", auth: "bearer", body: UpdateAttendeeRequest, response: Attendee, summary: "Change an attendee (ManageEvent.editor)" },
  deleteAttendee: { method: "DELETE", path: "sites/{siteId}/attendees/{attendeeId}", base: "regional", auth: "bearer", response: Ok, summary: "Remove an attendee (ManageEvent.editor)" },
} as const satisfies Record<string, RouteDef>;
