/**
 * The visit details dialog's "Manage" tab, server side (issue 17 item 2; ADR 026): its loader and
 * its action, for any dialog that shows a visit (Today's, history's). A dialog mounts it with
 * `manageLoader(args, OPTIONS)` / `manageAction(args, OPTIONS)`, OPTIONS naming the list a deleted
 * visit goes back to.
 *
 * The tab opens for users holding any of Visit.editor, Visit.notes, History.delete, History.protect
 * (the access table); each intent needs its own right (403 otherwise), and the upstream checks every
 * rule again. Each form answers the one ActionResult: parse → `invalid`; the upstream → `refused`
 * (its 409 "protected" refusals as a notice with their status); success → `done` with a notice.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { VisitManagement } from "@contract";
import { requireAccess, requireRight, type Access } from "~/access/guard.server";
import { can, type Right } from "~/access/rights";
import { answer, done, invalid, postedId, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { instantAt, localAt } from "~/features/manage/local-time";
import { postedIntent } from "~/forms/intents.server";
import { upstreamLoad } from "~/upstream/load.server";
import { EDIT_FIELDS, editSchema, notesSchema } from "./schemas";

export interface ManageOptions {
  /** Where the dialog closes to (a deleted visit's page goes there). */
  closeTo: string;
}

const NOT_FOUND = "visits:messages.not_found";

/** The `:visitId` of the URL, or a 404 (never sent upstream unchecked). */
function visitIdOf(params: LoaderFunctionArgs["params"]): number {
  const id = postedId(params.visitId);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

/** Times are entered and shown in the visit's site's zone. */
const zoneOf = (access: Access, siteId: number) => access.config.sites.find((s) => s.id === siteId)?.timezone ?? "UTC";

const rightsOf = (access: Access) => ({
  edit: can(access, "Visit.editor"),
  notes: can(access, "Visit.notes"),
  protect: can(access, "History.protect"),
  delete: can(access, "History.delete"),
});

const load = (access: Access, visitId: number) => access.viewer.api("visitManagement", { params: { visitId } });

export async function manageLoader({ request, params }: LoaderFunctionArgs, options: ManageOptions) {
  const access = await requireAccess(request);
  const visit = await upstreamLoad(load(access, visitIdOf(params)));
  const timezone = zoneOf(access, visit.site_id);
  return data(
    {
      visit,
      timezone,
      local: { signed_in_at: visit.signed_in_at ? localAt(visit.signed_in_at, timezone) : null, signed_out_at: visit.signed_out_at ? localAt(visit.signed_out_at, timezone) : null },
      can: rightsOf(access),
      action: new URL(request.url).pathname,
      closeTo: options.closeTo,
    },
    { headers: access.headers },
  );
}
export type ManageLoader = typeof manageLoader;

interface Call {
  request: Request;
  access: Access;
  form: FormData;
  visit: VisitManagement;
  back: string;
  options: ManageOptions;
}

const saved = (key: string, name: string) => ({ key: `visits:toast.${key}`, values: { name }, tone: "success" as const });
/** An upstream field of the edit's answer to the form's: `fields.2.value` is the answers. */
const editField = (f: string) => (f.startsWith("fields") ? "answers" : (EDIT_FIELDS as readonly string[]).includes(f) ? f : null);

async function edit({ request, access, form, visit, back }: Call) {
  const FORM = { intent: "edit" };
  const submission = parseSubmission(form, { schema: editSchema });
  if (submission.status !== "success") return invalid(FORM, submission, EDIT_FIELDS);
  const v = submission.value;
  const zone = zoneOf(access, visit.site_id);
  // Only the times the visit has are sent (an edit neither adds nor clears one: the upstream says so).
  const time = (had: string | null, typed: string | undefined) => (had === null ? undefined : typed ? instantAt(typed, zone) : null);
  const signedIn = time(visit.signed_in_at, v.signed_in_at);
  const signedOut = time(visit.signed_out_at, v.signed_out_at);
  const badTime = (typed: string | undefined, at: string | null | undefined) => !!typed && at === null;
  if (badTime(v.signed_in_at, signedIn) || badTime(v.signed_out_at, signedOut)) {
    const fieldErrors: Record<string, string[]> = {};
    if (badTime(v.signed_in_at, signedIn)) fieldErrors.signed_in_at = ["visits:validation.time_format"];
    if (badTime(v.signed_out_at, signedOut)) fieldErrors.signed_out_at = ["visits:validation.time_format"];
    return answer(FORM, { result: submission.reply({ fieldErrors }) }, 400);
  }
  try {
    await access.viewer.api("updateVisit", {
      params: { visitId: visit.id },
      body: {
        signed_in_at: signedIn,
        signed_out_at: signedOut,
        group_id: v.group_id,
        host: v.host || null,
        fields: visit.fields.map((f, i) => ({ label: f.label, value: v.answers?.[i] ?? "" })),
      },
    });
  } catch (err) {
    return refused(err, { ...FORM, submission, fields: editField, notFound: NOT_FOUND });
  }
  return done(request, access.viewer, back, saved("saved", visit.name));
}

async function notes({ request, access, form, visit, back }: Call) {
  const FORM = { intent: "notes" };
  const submission = parseSubmission(form, { schema: notesSchema });
  if (submission.status !== "success") return invalid(FORM, submission, ["notes"]);
  const text = submission.value.notes?.trim() || null;
  try {
    await access.viewer.api("updateVisitNotes", { params: { visitId: visit.id }, body: { notes: text } });
  } catch (err) {
    return refused(err, { ...FORM, submission, fields: ["notes"], notFound: NOT_FOUND });
  }
  return done(request, access.viewer, back, saved(text ? "notes_saved" : "notes_cleared", visit.name));
}

/** protect, unprotect, anonymise, delete: no fields, the intent says it all. */
const step =
  (intent: string, call: (c: Call) => Promise<unknown>, toast: string, to: (c: Call) => string = (c) => c.back) =>
  async (c: Call) => {
    try {
      await call(c);
    } catch (err) {
      return refused(err, { intent, notFound: NOT_FOUND });
    }
    return done(c.request, c.access.viewer, to(c), saved(toast, c.visit.name));
  };

const INTENTS = {
  edit: { right: "Visit.editor", handler: edit },
  notes: { right: "Visit.notes", handler: notes },
  protect: { right: "History.protect", handler: step("protect", (c) => c.access.viewer.api("updateVisitProtection", { params: { visitId: c.visit.id }, body: { protected: true } }), "protected") },
  unprotect: { right: "History.protect", handler: step("unprotect", (c) => c.access.viewer.api("updateVisitProtection", { params: { visitId: c.visit.id }, body: { protected: false } }), "unprotected") },
  anonymise: { right: "History.delete", handler: step("anonymise", (c) => c.access.viewer.api("anonymiseVisit", { params: { visitId: c.visit.id } }), "anonymised") },
  delete: { right: "History.delete", handler: step("delete", (c) => c.access.viewer.api("deleteVisit", { params: { visitId: c.visit.id } }), "deleted", (c) => c.options.closeTo) },
} satisfies Record<string, { right: Right; handler: (c: Call) => Promise<unknown> }>;

export async function manageAction({ request, params }: ActionFunctionArgs, options: ManageOptions) {
  const access = await requireAccess(request);
  const visitId = visitIdOf(params);
  const form = await request.formData();
  // The intent and its right before the visit is read (400, 403).
  const { right, handler } = INTENTS[postedIntent(form, INTENTS)];
  requireRight(access, right);
  const visit = await upstreamLoad(load(access, visitId));
  return handler({ request, access, form, visit, back: new URL(request.url).pathname, options });
}
