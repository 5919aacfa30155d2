/**
 * THE outcome of every action, one shape for every form of the portal (shared by server and
 * browser). An action that succeeds redirects (Post/Redirect/Get) with a success notice in the
 * session (`done` in action-result.server.ts): a toast with JavaScript, a banner without. An action
 * that does not answers an `ActionResult`:
 *  - field errors and a form-level message: `result`, conform's reply for the form that was posted
 *    (`intent`), with what was typed;
 *  - an error scoped to one row of a list: `row` names it, `notice` says what went wrong;
 *  - a message that belongs to no form on the page: `notice` with `row` null.
 * The page puts each where it belongs with `resultFor`, `rowNotice` and `pageNotice`.
 */
import type { SubmissionResult } from "@conform-to/react";

/** A message to show: a translation key with values, or the upstream's own text; its tone spelled out. */
export interface Notice {
  key?: string;
  text?: string;
  tone: "info" | "success" | "error";
  values?: Record<string, string | number>;
  /** A failed action shown as the global error dialog (platform §8), not a toast. */
  dialog?: boolean;
}

export interface ActionResult {
  /** The form that was posted (its `intent` button or field). */
  intent: string;
  /** The row of a list the form was about, or null. */
  row: number | null;
  /** conform's reply for that form: field and form messages, what was typed. */
  result: SubmissionResult<string[]> | null;
  /** A message no form field holds (a row gone, a right missing, the upstream unreachable). */
  notice: Notice | null;
}

/** A message string of the form layer ("key", 'key|{"count":1}' with its values, or "@upstream text") as a notice. */
export function noticeOf(message: string, tone: Notice["tone"] = "error"): Notice {
  if (message.startsWith("@")) return { text: message.slice(1), tone };
  const bar = message.indexOf("|");
  if (bar < 0) return { key: message, tone };
  try {
    return { key: message.slice(0, bar), values: JSON.parse(message.slice(bar + 1)) as Record<string, string | number>, tone };
  } catch {
    return { key: message.slice(0, bar), tone };
  }
}

type Answer = ActionResult | Record<string, unknown> | undefined | null;
const isResult = (a: Answer): a is ActionResult => !!a && typeof (a as ActionResult).intent === "string" && "row" in a;

/** conform's `lastResult` for the form with this intent (and row): only its own answer, never another form's. */
export function resultFor(answer: Answer, intent: string | readonly string[], row: number | null = null): SubmissionResult<string[]> | undefined {
  if (!isResult(answer) || answer.row !== row) return undefined;
  const intents: readonly string[] = typeof intent === "string" ? [intent] : intent;
  return intents.includes(answer.intent) ? (answer.result ?? undefined) : undefined;
}

/** The message about this row, if the last answer was one. */
export const rowNotice = (answer: Answer, row: number): Notice | null => (isResult(answer) && answer.row === row ? answer.notice : null);

/** The message for the top of the page: a notice no form and no row shown on the page holds. */
export function pageNotice(answer: Answer, rowsShown: readonly number[] = []): Notice | null {
  if (!isResult(answer) || !answer.notice) return null;
  return answer.row !== null && rowsShown.includes(answer.row) ? null : answer.notice;
}

/** A message string or nothing as a notice (a loader's "that item is not there", an older answer's message). */
export const asNotice = (message: string | null | undefined): Notice | null => (message ? noticeOf(message) : null);
