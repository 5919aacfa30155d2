/**
 * Pre-register one visitor, or import a CSV of them (Today.viewer + Today.signInOut; ADR 019). One
 * visitor: parse → invalid | the upstream → refused (its 422s on the fields; anything else the
 * spec's create failure on the form) | done (to the list, with the toast). An import: the file is
 * read here (at most PRE_REG_LIMITS.csvBytes; the upstream parses it with csv-parse), the valid
 * rows are created and each bad row is named with its line and reason on the page.
 */
import { data } from "@remix-run/node";
import { z } from "zod";
import { PRE_REG_LIMITS } from "@contract";
import { requireRight, type Access } from "~/access/guard.server";
import { answer, done, fileTooLarge, invalid, refused } from "~/forms/action-result.server";
import type { ActionResult } from "~/forms/action-result";
import { messageKey } from "~/forms/known-messages";
import { parseSubmission } from "~/forms/submission";
import { singleLine } from "~/forms/control-characters";
import { preRegisterSchema, postedId } from "~/features/pre-registrations/schemas";
import { UpstreamError } from "~/upstream/errors";

/** The CSV import: where, for whom, and the file (at most PRE_REG_LIMITS.csvBytes). Checked here only: the file is read here. */
const importSchema = z.object({
  site_id: postedId("pre-registrations:validation.site_required"),
  group_id: postedId("pre-registrations:validation.group_required"),
  host: singleLine(z.string().trim().max(PRE_REG_LIMITS.host, "pre-registrations:validation.too_long")).optional(),
  file: z.instanceof(File, { message: "pre-registrations:import.file_required" }).refine((f) => f.size > 0, "pre-registrations:import.file_required").refine((f) => f.size <= PRE_REG_LIMITS.csvBytes, "pre-registrations:import.too_large"),
});

interface Args {
  request: Request;
  access: Access;
  form: FormData;
}

const RIGHTS = ["Today.viewer", "Today.signInOut"] as const;
const FIELDS = ["site_id", "group_id", "name", "email", "company", "host", "notes", "arrive_at", "locale", "kind", "employee_id", "service", "redisplay"] as const;
export const LIST = "/today/pre-registrations";

export async function preRegister({ request, access, form }: Args) {
  requireRight(access, RIGHTS);
  const FORM = { intent: "pre-register" };
  const submission = parseSubmission(form, { schema: preRegisterSchema });
  if (submission.status !== "success") return invalid(FORM, submission, FIELDS);
  const v = submission.value;
  try {
    const p = await access.viewer.api("createPreRegistration", {
      body: {
        ...v,
        company: v.company ?? null,
        host: v.host ?? null,
        notes: v.notes || null,
        locale: v.locale || null,
        employee_id: v.kind === "scheduled" ? (v.employee_id ?? null) : null,
        service: v.kind === "scheduled" ? (v.service ?? null) : null,
        redisplay: v.kind === "scheduled" ? (v.redisplay ?? null) : null,
      },
    });
    return done(request, access.viewer, LIST, { key: p.status === "pending" ? "pre-registrations:toast.created_pending" : "pre-registrations:toast.created", values: { name: p.name }, tone: "success" });
  } catch (err) {
    return refused(err, { ...FORM, submission, fields: FIELDS, upstreamFailed: "pre-registrations:errors.create_failed" });
  }
}

/** What an import answers besides the ActionResult: how many were created, and each refused row. */
export interface ImportReport {
  created: number;
  errors: { line: number; reasons: string[] }[];
}

export async function importCsv({ request, access, form }: Args) {
  requireRight(access, RIGHTS);
  const FORM = { intent: "import" };
  const file = form.get("file");
  if (file instanceof File && file.size > PRE_REG_LIMITS.csvBytes) return fileTooLarge(FORM, "file", "pre-registrations:import.too_large");
  const submission = parseSubmission(form, { schema: importSchema });
  if (submission.status !== "success") return invalid(FORM, submission, ["site_id", "group_id", "host", "file"]);
  const v = submission.value;
  try {
    const csv = await v.file.text();
    const r = await access.viewer.api("importPreRegistrations", { body: { site_id: v.site_id, group_id: v.group_id, host: v.host ?? null, csv } });
    if (r.errors.length === 0) return done(request, access.viewer, LIST, { key: "pre-registrations:toast.imported", values: { count: r.created }, tone: "success" });
    const report: ImportReport = { created: r.created, errors: r.errors.map((e) => ({ line: e.line, reasons: e.reason.split("; ").map(messageKey) })) };
    return data<ActionResult & { report: ImportReport }>(
      { intent: FORM.intent, row: null, result: submission.reply({ resetForm: true }), notice: { key: "pre-registrations:import.partial", values: { created: r.created, failed: r.errors.length }, tone: r.created ? "info" : "error" }, report },
      { status: r.created ? 200 : 422 },
    );
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 422 && err.body.errors?.csv) {
      return answer(FORM, { result: { status: "error", initialValue: null, error: { file: err.body.errors.csv.map(messageKey) } } }, 422);
    }
    return refused(err, { ...FORM, submission, fields: ["site_id", "group_id", "host"], upstreamFailed: "pre-registrations:errors.import_failed" });
  }
}
