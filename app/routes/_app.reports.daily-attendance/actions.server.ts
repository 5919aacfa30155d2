/**
 * Daily attendance's actions (ADR 027), one handler per intent on one member's day: set the
 * override (status and note) or clear it. The upstream decides whether the day may change (not
 * after today, not before the member's start) and whether the member is still one the user sees.
 * Each succeeds back on the report as it was (day, site, group).
 */
import type { Access } from "~/access/guard.server";
import { badRequest } from "~/forms/intents.server";
import { done, invalid, refused, requirePostedId, shownName } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { refusalOf } from "~/upstream/refusal.server";
import { OVERRIDE_FIELDS, overrideSchema } from "./schema";

export interface DayAction {
  request: Request;
  access: Access;
  form: FormData;
}

const MEMBER_GONE = "attendance:day.member_gone";

/** The report as it was: its own path with the filter's parameters only. */
export function backTo(request: Request): string {
  const url = new URL(request.url);
  const keep = new URLSearchParams();
  for (const k of ["day", "site", "group"]) {
    const v = url.searchParams.get(k);
    if (v && /^[\d-]{1,10}$/.test(v)) keep.set(k, v);
  }
  const q = keep.toString();
  return `/reports/daily-attendance${q ? `?${q}` : ""}`;
}

/** The member and day a row's form posts, or a 400. */
function target(form: FormData) {
  const memberId = requirePostedId(form.get("member_id"));
  const day = String(form.get("day") ?? "");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) badRequest();
  return { memberId, day, name: shownName(form.get("name")) };
}

export async function setDay({ request, access, form }: DayAction) {
  const { memberId, day, name } = target(form);
  const ref = { intent: "set", row: memberId };
  const submission = parseSubmission(form, { schema: overrideSchema });
  if (submission.status !== "success") return invalid(ref, submission, OVERRIDE_FIELDS);
  try {
    await access.viewer.api("setAttendanceOverride", { params: { memberId, day }, body: { status: submission.value.status, note: submission.value.note || null } });
  } catch (err) {
    // A refusal of the status or note goes on the form; one of the day itself (after today, before
    // the member's start) is the row's notice, shown on the page when the row is not listed that day.
    const fields = Object.keys(refusalOf(err).fields ?? {});
    if (fields.some((f) => (OVERRIDE_FIELDS as readonly string[]).includes(f))) return refused(err, { ...ref, submission, fields: OVERRIDE_FIELDS, notFound: MEMBER_GONE });
    return refused(err, { ...ref, notFound: MEMBER_GONE });
  }
  return done(request, access.viewer, backTo(request), { key: "attendance:day.saved", values: { name }, tone: "success" });
}

export async function clearDay({ request, access, form }: DayAction) {
  const { memberId, day, name } = target(form);
  try {
    await access.viewer.api("clearAttendanceOverride", { params: { memberId, day } });
  } catch (err) {
    return refused(err, { intent: "clear", row: memberId, notFound: MEMBER_GONE });
  }
  return done(request, access.viewer, backTo(request), { key: "attendance:day.cleared", values: { name }, tone: "success" });
}
