/** The password policy page's one action: save the policy (the upstream enforces it at sign-in and on refresh). */
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import type { AccountAction } from "~/features/account/account.server";
import { policySchema } from "./schema";

export async function save({ request, viewer, form }: AccountAction) {
  const intent = { intent: "save" };
  const submission = parseSubmission(form, { schema: policySchema });
  if (submission.status !== "success") return invalid(intent, submission);
  const v = submission.value;
  try {
    await viewer.api("updatePasswordPolicy", {
      body: {
        password_expiry_days: v.password_expiry_days === "never" ? null : Number(v.password_expiry_days),
        force_2fa: v.force_2fa ?? false,
        force_reauthentication: v.force_reauthentication ?? false,
        prevent_password_reuse: v.prevent_password_reuse ?? false,
      },
    });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["password_expiry_days", "force_2fa", "force_reauthentication", "prevent_password_reuse"] });
  }
  return done(request, viewer, "/manage/account/password-policy", { key: "account:policy.saved", tone: "success" });
}
