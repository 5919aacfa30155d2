/**
 * Signing everyone on the selected site out, or one group (Today.signOutAll is the upstream's to
 * check). Success is a redirect to /today with the count; a refusal keeps the choice and says
 * "Sign out all failed" (platform §8), with the refusal's status.
 */
import type { Access } from "~/access/guard.server";
import { answer, done, failed, invalid, postedSite } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { SignOutAllSchema } from "~/features/today/schemas";
import { refusalOf } from "~/upstream/refusal.server";

const FORM = { intent: "sign-out-all" };

export async function signOutAll({ request, access, form }: { request: Request; access: Access; form: FormData }) {
  const { viewer, config } = access;
  const submission = parseSubmission(form, { schema: SignOutAllSchema });
  if (submission.status !== "success") return invalid(FORM, submission);
  const site = postedSite(config, String(submission.value.siteId));
  if (!site) throw new Response("Bad request: site", { status: 400 });
  try {
    const { signed_out } = await viewer.api("signOutAll", {
      params: { siteId: site.id },
      body: submission.value.group_id ? { group_id: submission.value.group_id } : {},
    });
    return done(request, viewer, "/today", { key: "today:toast.signed_out_all", values: { count: signed_out }, tone: "success" });
  } catch (err) {
    const { status } = refusalOf(err);
    return answer(FORM, { result: submission.reply(), notice: failed(err, "today:toast.sign_out_all_failed") }, status);
  }
}
