/**
 * Signing a visitor in (Today.signInOut is the upstream's to check): the site posted must be one of
 * the user's, the form is checked against that site's groups. Success is a redirect to /today with
 * the spec's toast; a 422 puts the upstream's messages on the fields; any other refusal keeps the
 * input and says "Sign in of {name} failed" (platform §8), with the refusal's status. The form's
 * "Sign out (leaving)" button (intent "depart") records a sign-out-first member's departure the
 * same way (ADR 015); any other intent is a 400.
 */
import { requireIntent } from "~/forms/intents.server";
import type { Access } from "~/access/guard.server";
import { answer, done, failed, invalid, postedSite, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { DEPART_INTENT, signInSchema } from "~/features/today/schemas";
import { UpstreamError } from "~/upstream/errors";
import { upstreamLoad } from "~/upstream/load.server";
import { refusalOf } from "~/upstream/refusal.server";

const FORM = { intent: "sign-in" };
const FIELDS = ["siteId", "group_id", "member_id", "name", "company", "host"] as const;
const DEPART = { done: "today:sign_out_first.toast.departed", failed: "today:sign_out_first.toast.depart_failed" };

export async function signIn({ request, access, form }: { request: Request; access: Access; form: FormData }) {
  const { viewer, config } = access;
  const site = postedSite(config, form.get("siteId"));
  if (!site) throw new Response("Bad request: site", { status: 400 });
  // The sign-in button posts no intent; "Sign out (leaving)" posts DEPART_INTENT.
  if (form.get("intent") !== null) requireIntent(form, DEPART_INTENT);
  const options = await upstreamLoad(viewer.api("signInOptions", { params: { siteId: site.id } }));
  const submission = parseSubmission(form, { schema: signInSchema(options.groups) });
  if (submission.status !== "success") return invalid(FORM, submission);
  const { group_id, member_id, name, company, host, intent: posted } = submission.value;
  const departing = posted === DEPART_INTENT;
  const group = options.groups.find((g) => g.id === group_id)!;
  const shown = group.type === "returning" ? (group.members.find((m) => m.id === member_id)?.name ?? "") : (name ?? "");
  try {
    if (departing) {
      const visit = await viewer.api("depart", { params: { siteId: site.id }, body: { group_id, member_id: member_id! } });
      return done(request, viewer, "/today", { key: DEPART.done, values: { name: visit.name }, tone: "success" });
    }
    const visit = await viewer.api("signIn", {
      params: { siteId: site.id },
      body: group.type === "returning" ? { group_id, member_id, host } : { group_id, name, company, host },
    });
    return done(request, viewer, "/today", {
      key: visit.status === "pending" ? "today:toast.signed_in_pending" : "today:toast.signed_in",
      values: { name: visit.name },
      tone: "success",
    });
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 422 && err.body.errors) return refused(err, { ...FORM, submission, fields: FIELDS });
    // The input stays in the form; the failure is the spec's sign-in toast, with the refusal's status.
    const { status } = refusalOf(err);
    return answer(FORM, { result: submission.reply(), notice: failed(err, departing ? DEPART.failed : "today:toast.sign_in_failed", { name: shown }) }, status);
  }
}
