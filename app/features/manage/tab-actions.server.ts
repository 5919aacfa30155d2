/**
 * The outcome of an action on a site tab that lists rows (devices, sign-in points, attendees) or
 * holds one form (settings): one answer shape for every intent, so the page can put a form's
 * messages on that form (by intent and row id) and anything else in a notice above the tab.
 *
 * Upstream answers: 422/429 on the form's fields (the rest on the form); anything else a notice by
 * the rules every tab shares (`tabFailure`: 404 "that item is not on this page any more", 403, 503,
 * the spec's generic failure). Nothing is trusted from the form beyond parsing.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { postedId } from "~/features/action-outcome.server";
import { UpstreamError } from "~/upstream/errors";
import { tabFailure } from "./site-tabs.server";
import { replyWith, upstreamFormErrors } from "./sites.server";

export interface TabResult {
  intent: string;
  /** The row the form was about, when it was about one. */
  id: number | null;
  /** conform's result for that form (field and form messages, what was typed). */
  result: SubmissionResult<string[]> | null;
  /** A message for the top of the tab: a translation key or "@upstream text". */
  notice: string | null;
}

type Submission = { reply(options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }): SubmissionResult<string[]> };

export const tabResult = (intent: string, id: number | null, parts: Partial<Pick<TabResult, "result" | "notice">>, status: number) =>
  data<TabResult>({ intent, id, result: parts.result ?? null, notice: parts.notice ?? null }, { status });

/** A 400 for a form our own schema refused (what was typed comes back with the messages). */
export const invalid = (intent: string, id: number | null, submission: Submission) => tabResult(intent, id, { result: submission.reply() }, 400);

/** The row id a row form posted (`id`), or null when it is not a positive integer. */
export const postedRowId = (form: FormData) => postedId(form.get("id"));

/** A 400 for a row form whose id is not an id at all. */
export const badRow = (intent: string) => tabResult(intent, null, { notice: "manage:site_rows.row_unknown" }, 400);

/**
 * An upstream refusal as the tab's answer: a 422 on the form's fields (the rest on the form) when
 * there is a form, else a notice by the area's one set of rules (`tabFailure`). Failures that are
 * not upstream failures propagate.
 */
export function refused(err: unknown, intent: string, id: number | null, submission: Submission | null, fields: readonly string[]) {
  const errors = submission ? upstreamFormErrors(err, fields) : null;
  if (errors && submission && err instanceof UpstreamError) return tabResult(intent, id, { result: replyWith(submission, errors) }, err.status);
  const failure = tabFailure(err, "manage:site_rows.row_gone");
  return tabResult(intent, id, { notice: failure.message }, failure.status);
}
