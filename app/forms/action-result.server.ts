/**
 * How every action answers (see action-result.ts for the shape): `done` on success (a redirect with
 * the notice in the session), `invalid` when our own schema refuses the form, `refused` when the
 * upstream does, `failed` for a page whose failures travel as a notice in the session too (a
 * toast, or the global error dialog), and the ids and sites an action reads from posted fields
 * (never trusted). An upstream refusal is mapped by `refusalOf`, the one place that knows the
 * spec's catalogue (platform §8).
 */
import { data, redirect } from "@remix-run/node";
import { badRequest } from "~/forms/intents.server";
import type { SubmissionResult } from "@conform-to/react";
import type { Config, Site } from "@contract";
import type { Viewer } from "~/session/auth.server";
import { commitSession } from "~/session/session.server";
import { UpstreamError, UpstreamUnavailableError } from "~/upstream/errors";
import { refusalOf } from "~/upstream/refusal.server";
import { noticeOf, type ActionResult, type Notice } from "./action-result";

type Submission = { reply(options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[]; resetForm?: boolean }): SubmissionResult<string[]> };

/** Which form an answer is about: its intent and, for a row's form, the row. */
export interface FormRef {
  intent: string;
  row?: number | null;
}

/** An `ActionResult` with its status. */
export const answer = (form: FormRef, parts: Partial<Pick<ActionResult, "result" | "notice">>, status: number) =>
  data<ActionResult>({ intent: form.intent, row: form.row ?? null, result: parts.result ?? null, notice: parts.notice ?? null }, { status });

/** A message for the page (a translation key or "@text"), about the form's row when it has one. */
export const answerNotice = (form: FormRef, message: string, status: number) => answer(form, { notice: noticeOf(message) }, status);

/**
 * A form our own schema refused: 400 with its messages and what was typed. With `inputs` (the
 * form's field names), a message about an input the form does not have goes on the form itself and
 * one about an element of a list (`group_ids[0]`) on the list, so every message shows.
 */
export const invalid = (form: FormRef, submission: Submission, inputs?: readonly string[]) =>
  answer(form, { result: inputs ? withMessagesShown(submission.reply(), inputs) : submission.reply() }, 400);

/** What `refused` needs to know about the form besides its intent and row. */
export interface RefusedForm extends FormRef {
  /** The parsed submission: a 422's messages go on its fields (the rest on the form), with what was typed. */
  submission?: Submission | null;
  /**
   * The form's field names (messages about other fields go on the form; one about an element of a
   * list, `group_ids.0`, on the list), or, where the upstream names them otherwise, the form's name
   * for each upstream field (null: on the form).
   */
  fields?: readonly string[] | ((upstreamField: string) => string | null);
  /** What a 404 means here (the row or thing is not there any more). */
  notFound?: string;
  /** A file field and the rule it breaks when the upstream says the file is too large (413). */
  file?: { field: string; tooLarge: string };
  /** What the form says, on itself, when the upstream itself failed (unreachable or broken): its own "please try again". */
  upstreamFailed?: string;
}

/**
 * Any upstream refusal as the form's answer, by `refusalOf`: a 422 (or 429) on the form's fields
 * with the rest on the form; a 413 on the file field; a 404 "no longer there", a 403 "Forbidden",
 * a 409, the upstream unreachable (503) or broken (502) as a notice (or on the form, as its own
 * `upstreamFailed` message), with the refusal's status;
 * `trial_period_over` sends the user to the trial-ended page. Not an upstream failure: rethrown.
 */
export function refused(err: unknown, form: RefusedForm) {
  const refusal = refusalOf(err, form.notFound);
  const { submission } = form;
  if (submission && refusal.fields) {
    const fieldErrors: Record<string, string[]> = {};
    const formErrors: string[] = [];
    for (const [field, messages] of Object.entries(refusal.fields)) {
      const name = formFieldOf(field, form.fields);
      if (name) (fieldErrors[name] ??= []).push(...messages);
      else formErrors.push(...messages);
    }
    if (Object.keys(fieldErrors).length === 0 && formErrors.length === 0) formErrors.push(refusal.message);
    return answer(form, { result: submission.reply({ fieldErrors, formErrors }) }, refusal.status);
  }
  if (submission && form.file && refusal.status === 413) {
    return answer(form, { result: submission.reply({ fieldErrors: { [form.file.field]: [form.file.tooLarge] } }) }, 413);
  }
  if (submission && form.upstreamFailed && refusal.upstreamFailed) return answer(form, { result: submission.reply({ formErrors: [form.upstreamFailed] }) }, refusal.status);
  // The notice, and what was typed (the form keeps it: nothing is lost to a refusal).
  return answer(form, { result: submission ? submission.reply() : null, notice: noticeOf(refusal.message) }, refusal.status);
}

/** The form's field an upstream field's messages go on, or null (on the form). */
function formFieldOf(field: string, fields: RefusedForm["fields"]): string | null {
  if (typeof fields === "function") return fields(field);
  const list = field.replace(/\.\d+$/, "");
  return fields?.includes(field) ? field : fields?.includes(list) ? list : null;
}

/** A file refused before it was read whole (over its limit): the rule on the file field, 413. */
export const fileTooLarge = (form: FormRef, field: string, rule: string) =>
  answer(form, { result: { status: "error", initialValue: null, error: { [field]: [rule] } } }, 413);

/**
 * An upstream refusal as a notice that travels in the session (pages whose actions answer with a
 * redirect either way: Today, the fire list, the evacuation report): "{what} failed", with the
 * upstream's reason for a 422 ("{what} failed: {reason}", `key` + "_reason"), Forbidden for a 403;
 * `trial_period_over` the trial-ended page (platform §8).
 */
export function failed(err: unknown, key: string, values: Record<string, string | number> = {}): Notice {
  const refusal = refusalOf(err);
  if (refusal.status === 403) return noticeOf(refusal.message);
  if (refusal.status === 422 && refusal.reason) return { key: `${key}_reason`, values: { ...values, reason: refusal.reason }, tone: "error" };
  return { key, values, tone: "error" };
}

/**
 * An upstream failure an action reports (a refusal, or the upstream unreachable, which `viewer.api`
 * turns into a 503 response). Anything else is a bug and propagates.
 */
export const isUpstreamFailure = (err: unknown) =>
  err instanceof UpstreamError || err instanceof UpstreamUnavailableError || (err instanceof Response && err.status === 503);

/** Success: Post/Redirect/Get, the notice in the session (a toast with JavaScript, a banner without). */
export async function done(request: Request, viewer: Viewer, to: string, notice: Notice) {
  viewer.session.flash("notice", notice);
  return redirect(to, { status: 303, headers: { "Set-Cookie": await commitSession(request, viewer.session) } });
}

/** A positive integer id from a form field or a URL parameter, or null. */
export function postedId(value: FormDataEntryValue | null | undefined): number | null {
  return typeof value === "string" && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** A row id posted by a form (a positive integer), or a 400: never sent upstream unparsed. */
export function requirePostedId(value: FormDataEntryValue | null): number {
  const id = postedId(value);
  if (id === null) badRequest();
  return id;
}

/** A site id posted by a form must be one of the user's sites (never trust the field). */
export function postedSite(config: Config, value: FormDataEntryValue | null): Site | null {
  const id = postedId(value);
  return config.sites.find((s) => s.id === id) ?? null;
}

/** A visitor-supplied name echoed in a notice: trimmed and bounded. */
export const shownName = (value: FormDataEntryValue | null) => (typeof value === "string" ? value.trim().slice(0, 100) : "");

/**
 * A form result whose messages all show: one about an input the form does not have (a hostile
 * post, or a rule about an attribute the chosen type lacks) goes on the form itself, and one about
 * an element of a list (`group_ids[0]`) on the list.
 */
export function withMessagesShown(result: SubmissionResult<string[]>, inputs: readonly string[]): SubmissionResult<string[]> {
  if (!result.error) return result;
  const error: Record<string, string[] | null> = {};
  for (const [key, messages] of Object.entries(result.error)) {
    const base = key.replace(/\[\d+\]$/, "");
    const target = inputs.includes(key) ? key : inputs.includes(base) ? base : "";
    if (!messages) {
      if (!(target in error)) error[target] = null;
      continue;
    }
    error[target] = [...new Set([...(error[target] ?? []), ...messages])];
  }
  return { ...result, error };
}
