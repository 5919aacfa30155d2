/**
 * The booking screens' actions (issue 26; ADR 036), one handler per intent, through the one
 * dispatcher: book (Spaces.book; for someone else Spaces.editor as well), change and cancel
 * (Spaces.book; someone else's only where the upstream allows: Spaces.delete or .editor). Times
 * are the site's wall-clock day and times, sent as instants. A refusal comes back on the form with
 * what was typed; a 409 `space_unavailable` carries the upstream's nearest free alternative, which
 * the page offers as a one-click form. Every success goes back to the list with the last search.
 */
import { data } from "@remix-run/node";
import type { Site } from "@contract";
import { requireRight, type Access } from "~/access/guard.server";
import { done, invalid, postedId, refused, requirePostedId } from "~/forms/action-result.server";
import { noticeOf, type ActionResult } from "~/forms/action-result";
import { parseSubmission } from "~/forms/submission";
import { UpstreamError } from "~/upstream/errors";
import { BOOK_FIELDS, CHANGE_FIELDS, bookSchema, changeSchema, formField } from "./schema.server";
import { instantAt, searchQuery, type Search } from "./search.server";

export interface SpacesAction {
  request: Request;
  access: Access;
  form: FormData;
  site: Site;
}

/** An upstream 409's nearest free space, and the fields to post again for it. */
export interface Alternative {
  space_id: number;
  name: string;
  again: Record<string, string>;
}
export type SpacesResult = ActionResult & { alternative?: Alternative };

const GONE = "spaces:messages.bookingGone";

/** The list as it was searched (and the page of everyone's bookings it showed), on the day of the booking just made or changed. */
export function backTo(request: Request, site: Site, day?: string): string {
  const url = new URL(request.url);
  const g = (k: keyof Search) => url.searchParams.get(k) ?? "";
  const query = searchQuery({ day: day ?? g("day"), from: g("from"), to: g("to"), category: g("category"), zone: g("zone") });
  // Another day starts at its first page; the same day keeps the page (the pager's `page`, well-formed only).
  const page = day === undefined || day === g("day") ? postedId(url.searchParams.get("page")) : null;
  return `/spaces/${site.id}/bookings${page && page > 1 ? `${query || "?"}${query ? "&" : ""}page=${page}` : query}`;
}

function alternativeOf(err: unknown, form: FormData): Alternative | null {
  if (!(err instanceof UpstreamError) || err.status !== 409 || err.body.code !== "space_unavailable") return null;
  const alt = err.body.data?.alternative as { space_id?: unknown; name?: unknown } | null | undefined;
  if (!alt || typeof alt.space_id !== "number" || typeof alt.name !== "string") return null;
  const again: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string" && k !== "intent" && k !== "space_id") again[k] = v.slice(0, 600);
  return { space_id: alt.space_id, name: alt.name, again };
}

/** A 409 with its alternative (what was typed kept), else the one refusal mapping. */
function refusedBooking(err: unknown, intent: string, row: number | null, submission: Parameters<typeof refused>[1]["submission"], form: FormData) {
  const alternative = alternativeOf(err, form);
  if (alternative) {
    return data<SpacesResult>({ intent, row, result: submission ? submission.reply() : null, notice: noticeOf("spaces:messages.unavailable"), alternative }, { status: 409 });
  }
  return refused(err, { intent, row, submission, fields: formField, notFound: GONE });
}

export async function book({ request, access, form, site }: SpacesAction) {
  const submission = parseSubmission(form, { schema: bookSchema });
  if (submission.status !== "success") return invalid({ intent: "book" }, submission, BOOK_FIELDS);
  const v = submission.value;
  if (v.person) requireRight(access, ["Spaces.book", "Spaces.editor"]);
  const zone = site.timezone || "UTC";
  let made: number;
  try {
    const answer = await access.viewer.api("createBooking", {
      params: { siteId: site.id },
      body: {
        space_id: v.space_id,
        start: instantAt(v.day, v.from, zone).toISOString(),
        end: instantAt(v.day, v.to, zone).toISOString(),
        ...(v.person ? { person: v.person } : {}),
        note: v.note || null,
        ...(v.repeat !== "none" && v.until ? { repeat: { every: v.repeat, until: v.until } } : {}),
      },
    });
    made = answer.bookings.length;
  } catch (err) {
    return refusedBooking(err, "book", null, submission, form);
  }
  return done(request, access.viewer, backTo(request, site, v.day), { key: made > 1 ? "spaces:notice.booked_series" : "spaces:notice.booked", values: { count: made }, tone: "success" });
}

export async function change({ request, access, form, site }: SpacesAction) {
  const bookingId = requirePostedId(form.get("booking_id"));
  const submission = parseSubmission(form, { schema: changeSchema });
  if (submission.status !== "success") return invalid({ intent: "change", row: bookingId }, submission, CHANGE_FIELDS);
  const v = submission.value;
  const zone = site.timezone || "UTC";
  try {
    await access.viewer.api("updateBooking", {
      params: { siteId: site.id, bookingId },
      body: { space_id: v.space_id, start: instantAt(v.day, v.from, zone).toISOString(), end: instantAt(v.day, v.to, zone).toISOString(), note: v.note || null },
    });
  } catch (err) {
    return refusedBooking(err, "change", bookingId, submission, form);
  }
  return done(request, access.viewer, backTo(request, site, v.day), { key: "spaces:notice.changed", tone: "success" });
}

export async function cancel({ request, access, form, site }: SpacesAction) {
  const bookingId = requirePostedId(form.get("booking_id"));
  const following = form.get("scope") === "following";
  let count: number;
  try {
    const answer = await access.viewer.api("cancelBooking", { params: { siteId: site.id, bookingId }, query: following ? { following: "1" } : {} });
    count = answer.bookings.length;
  } catch (err) {
    return refused(err, { intent: "cancel", row: bookingId, notFound: GONE });
  }
  return done(request, access.viewer, backTo(request, site), { key: count > 1 ? "spaces:notice.cancelled_series" : "spaces:notice.cancelled", values: { count }, tone: "success" });
}

/** The intents of both booking screens (ADR 035): every one needs Spaces.book (the table's edit right too). */
export const BOOKING_INTENTS = {
  book: { right: "Spaces.book", handler: book },
  change: { right: "Spaces.book", handler: change },
  cancel: { right: "Spaces.book", handler: cancel },
} as const;
