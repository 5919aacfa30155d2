/** The SMS page's one action: order tokens (a pending purchase and its invoice; available once paid). */
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import type { AccountAction } from "~/features/account/account.server";
import { smsOrderSchema } from "./schema";

export async function buy({ request, viewer, form }: AccountAction) {
  const intent = { intent: "buy" };
  const submission = parseSubmission(form, { schema: smsOrderSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  const { tokens } = submission.value;
  try {
    await viewer.api("buySmsTokens", { body: { tokens } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["tokens"] });
  }
  return done(request, viewer, "/manage/account/sms", { key: "account:sms.ordered", values: { tokens }, tone: "success" });
}
