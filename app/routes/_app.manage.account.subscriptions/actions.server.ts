/** The subscriptions page's actions: save the billing contact (intent `save`, the kit's save button); cancel subscriptions (they become non renewing). */
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import type { AccountAction } from "~/features/account/account.server";
import { cancelSchema, contactSchema } from "./schema";

const PATH = "/manage/account/subscriptions";

export async function contact({ request, viewer, form }: AccountAction) {
  const intent = { intent: "save" };
  const submission = parseSubmission(form, { schema: contactSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  const v = submission.value;
  try {
    await viewer.api("updateBillingContact", { body: { name: v.name, email: v.email, phone: v.phone || null } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["name", "email", "phone"] });
  }
  return done(request, viewer, PATH, { key: "account:billing.contact_saved", tone: "success" });
}

export async function cancel({ request, viewer, form }: AccountAction) {
  const intent = { intent: "cancel" };
  const submission = parseSubmission(form, { schema: cancelSchema });
  if (submission.status !== "success") return invalid(intent, submission, ["subscription_ids", "details", "reason", "more_details", "alternative"]);
  const v = submission.value;
  try {
    await viewer.api("cancelSubscriptions", {
      body: { subscription_ids: v.subscription_ids.map(Number), details: v.details, reason: v.reason, more_details: v.more_details || null, alternative: v.alternative },
    });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["subscription_ids", "details", "reason", "more_details", "alternative"] });
  }
  return done(request, viewer, PATH, { key: "account:billing.cancelled", tone: "success" });
}
