/**
 * The outcome of an action on a site tab that lists rows (devices, sign-in points, attendees) or
 * holds one form (settings): one answer shape for every intent, so the page can put a form's
 * messages on that form (by intent and row id) and anything else in a notice above the tab.
 *
 * Upstream answers: 422/429 on the form's fields (the rest on the form), 404 (a row or site that is
 * not there, e.g. another site's row id) a notice with the upstream's text, 403 the Forbidden page,
 * any other refusal the spec's generic failure. Nothing is trusted from the form beyond parsing.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { postedId } from "~/features/action-outcome.server";
import { UpstreamError } from "~/upstream/errors";
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

/** An upstream refusal as the tab's answer; failures that are not refusals propagate. */
export function refused(err: unknown, intent: string, id: number | null, submission: Submission | null, fields: readonly string[]) {
  if (!(err instanceof UpstreamError)) throw err;
  if (err.status === 403 && err.body.code !== "trial_period_over") throw new Response("Forbidden", { status: 403 });
  if (err.status === 404) return tabResult(intent, id, { notice: `@${err.body.message || "Not found"}` }, 404);
  const errors = upstreamFormErrors(err, fields);
  if (errors && submission) return tabResult(intent, id, { result: replyWith(submission, errors) }, err.status);
  if (errors) return tabResult(intent, id, { notice: (errors[""] ?? Object.values(errors)[0] ?? ["common:errors.generic_failure"])[0] }, err.status);
  if (err.body.code === "trial_period_over") return tabResult(intent, id, { notice: "auth:auth_error.trial_period_over" }, 403);
  return tabResult(intent, id, { notice: err.body.message ? `@${err.body.message}` : "common:errors.generic_failure" }, err.status >= 500 ? 502 : err.status);
}
