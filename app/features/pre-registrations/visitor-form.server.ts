/**
 * The visitor's pre-registration form's POST (ADR 019 "Fields and documents"): company, mobile, a
 * message, the site's custom fields and a document, url-encoded or multipart (without JavaScript a
 * plain multipart form). The document (one a post, at most 30 MB, read with its limit enforced
 * while it streams) is sent first, on its own upstream call that never uses the link, so it is
 * kept even when the details come back with a problem (a browser cannot refill a file input):
 * the page lists what was received. "Add the document" (`intent=upload`) sends the file only and
 * keeps what was typed; "Send" sends the file, if any, then the details, which use the link.
 */
import { data } from "@remix-run/node";
import { z } from "zod";
import { PRE_REG_LIMITS, type MagicLinkView } from "@contract";
import { answer, refused } from "~/forms/action-result.server";
import type { ActionResult } from "~/forms/action-result";
import { parseSubmission } from "~/forms/submission";
import { isMultipart, readMultipartForm, unusableUpload } from "~/features/manage/media.server";
import { upstreamContext } from "~/session/request-context.server";
import { callUpstream } from "~/upstream/client.server";
import { UpstreamError } from "~/upstream/errors";
import { refusalResponse } from "~/upstream/refusal.server";
import { visitorFormSchema } from "./magic-schemas";

const FORM = { intent: "pre-registration-form" };
/** The file rule's message: PDF or image, at most 30 MB. */
export const DOCUMENT_RULE = "pre-registrations:magic.document_rules";
/** Enough parts for many custom fields (each ticked checkbox is a part) and one file. */
const MAX_PARTS = 300;
const FIELD = /^field_(\d{1,9})$/;

/** A field of this form an upstream message goes on (custom fields are `field_{id}`), else the form. */
const formField = (name: string) => (FIELD.test(name) || ["company", "mobile", "message", "file"].includes(name) ? name : null);

const linkGone = (err: unknown) => {
  if (err instanceof UpstreamError && err.status === 404) throw new Response("Not found", { status: 404 });
  // No longer open (used, expired or revoked while the form was open): the page reloads and says which.
  return err instanceof UpstreamError && err.status === 409 ? answer(FORM, {}, 409) : null;
};

/** The form's schema with this link's custom fields (so their messages and what was typed come back). */
const schemaFor = (fields: MagicLinkView["fields"]) =>
  visitorFormSchema.extend(
    Object.fromEntries(fields.map((f) => [`field_${f.id}`, f.type === "checkboxes" ? z.array(z.string().max(100)).max(100).optional() : z.string().max(PRE_REG_LIMITS.fieldAnswer).optional()])),
  );

/** What was typed before a refused file, for the form to show again (its own fields only, bounded). */
const typedBefore = (fields: Map<string, string>) =>
  Object.fromEntries([...fields].filter(([k]) => formField(k) && k !== "file").map(([k, v]) => [k, v.slice(0, PRE_REG_LIMITS.message)]));

export async function visitorFormAction(request: Request, token: string) {
  let form: FormData;
  if (isMultipart(request)) {
    const read = await readMultipartForm(request, () => PRE_REG_LIMITS.documentBytes, MAX_PARTS);
    if (!read.ok && read.reason === "too_large") {
      // Over 30 MB: the rule on the file, and what was typed before it kept.
      return answer(FORM, { result: { status: "error", initialValue: typedBefore(read.fields), error: { file: [DOCUMENT_RULE] } } }, 413);
    }
    if (!read.ok) throw unusableUpload(read);
    form = read.form;
  } else {
    form = await request.formData();
  }
  const ctx = await upstreamContext(request);
  let link: MagicLinkView;
  try {
    link = await callUpstream("magicLink", { ...ctx, body: { token, purpose: "pre-registration-form" } });
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 404) throw new Response("Not found", { status: 404 });
    return refusalResponse(err);
  }
  const submission = parseSubmission(form, { schema: schemaFor(link.fields) });
  if (submission.status !== "success") return answer(FORM, { result: submission.reply() }, 400);
  const uploading = form.get("intent") === "upload";
  const file = form.get("file");
  // A file already received (same name and size: with JavaScript the input still holds the one just added) is not sent twice.
  const posted = typeof file === "object" && file !== null && file.size > 0 ? file : null;
  if (uploading && !posted) return answer(FORM, { result: submission.reply({ fieldErrors: { file: ["sites:media.file_required"] } }) }, 400);
  if (posted) {
    const received = link.documents.some((d) => d.filename === posted.name.slice(0, 200) && d.size === posted.size);
    try {
      if (!received) await callUpstream("uploadMagicLinkDocument", { ...ctx, query: { token }, file: { name: posted.name, type: posted.type, data: posted } });
    } catch (err) {
      if (err instanceof UpstreamError && err.status === 413) return answer(FORM, { result: submission.reply({ fieldErrors: { file: [DOCUMENT_RULE] } }) }, 413);
      return linkGone(err) ?? refused(err, { ...FORM, submission, fields: formField, upstreamFailed: "pre-registrations:errors.generic" });
    }
    if (uploading) return answer(FORM, { result: submission.reply(), notice: { key: "pre-registrations:magic.document_added", values: { name: posted.name.slice(0, 200) }, tone: "success" } }, 200);
  }
  const answers: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    const id = FIELD.exec(key)?.[1];
    if (!id) continue;
    const values = form.getAll(key).filter((v): v is string => typeof v === "string" && v.trim() !== "");
    if (values.length) answers[id] = values.length === 1 ? values[0]!.slice(0, PRE_REG_LIMITS.fieldAnswer + 1) : values.slice(0, 100).map((v) => v.slice(0, 100));
  }
  const v = submission.value as { company?: string; mobile?: string; message?: string };
  try {
    await callUpstream("submitMagicLink", {
      ...ctx,
      body: { token, purpose: "pre-registration-form", company: v.company ?? null, mobile: v.mobile ?? null, message: v.message ?? null, fields: answers },
    });
  } catch (err) {
    return linkGone(err) ?? refused(err, { ...FORM, submission, fields: formField, upstreamFailed: "pre-registrations:errors.generic" });
  }
  return data<ActionResult & { sent: true }>({ ...FORM, row: null, result: null, notice: null, sent: true });
}
