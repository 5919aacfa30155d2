/**
 * The attendees tab's actions, one handler per intent: add an attendee, edit one, delete one. Each
 * goes back to the list with its search and page (`back`). Phone numbers are read for the client's
 * country and sent as E.164; row ids come from the form and the upstream decides whether they are
 * this event's.
 */
import { done, invalid, postedId, refused, shownName } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { attendeeSchema } from "~/features/manage/attendees";
import { toE164 } from "~/features/manage/phone.server";
import { badRow, ROW_GONE } from "~/features/manage/site-rows.server";
import type { Viewer } from "~/session/auth.server";

export const FIELDS = ["name", "email", "phone", "company"] as const;

export interface AttendeesAction {
  request: Request;
  viewer: Viewer;
  siteId: number;
  form: FormData;
  /** The client's country for phone numbers. */
  country: string | undefined;
  /** The list with its search and page. */
  back: string;
}

/** Add (no row) or save (a row) an attendee: name, email, phone, company. */
async function write(intent: "add" | "edit", attendeeId: number | null, { request, viewer, siteId, form, country, back }: AttendeesAction) {
  const ref = { intent, row: attendeeId };
  const submission = parseSubmission(form, { schema: attendeeSchema(country, toE164) });
  if (submission.status !== "success") return invalid(ref, submission);
  const v = submission.value;
  const body = { name: v.name, email: v.email ?? null, phone: v.phone ? toE164(v.phone, country) : null, company: v.company ?? null };
  try {
    if (attendeeId === null) await viewer.api("createAttendee", { params: { siteId }, body });
    else await viewer.api("updateAttendee", { params: { siteId, attendeeId }, body });
  } catch (err) {
    return refused(err, { ...ref, submission, fields: FIELDS, notFound: ROW_GONE });
  }
  return done(request, viewer, back, { key: intent === "add" ? "sites:attendees.added" : "sites:attendees.saved", values: { name: v.name }, tone: "success" });
}

export const add = (args: AttendeesAction) => write("add", null, args);

export function edit(args: AttendeesAction) {
  const attendeeId = postedId(args.form.get("id"));
  return attendeeId === null ? badRow("edit") : write("edit", attendeeId, args);
}

/** Delete an attendee; the notice names them by the posted name (only echoed, as text). */
export async function remove({ request, viewer, siteId, form, back }: AttendeesAction) {
  const attendeeId = postedId(form.get("id"));
  if (attendeeId === null) return badRow("delete");
  try {
    await viewer.api("deleteAttendee", { params: { siteId, attendeeId } });
  } catch (err) {
    return refused(err, { intent: "delete", row: attendeeId, notFound: ROW_GONE });
  }
  const name = shownName(form.get("name"));
  return done(request, viewer, back, { key: name ? "sites:attendees.deleted" : "sites:attendees.deleted_unnamed", values: { name }, tone: "success" });
}
