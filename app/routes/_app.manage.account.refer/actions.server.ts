/** The referral page's one action: choose a purchased referral's reward (a donation or a discount). */
import { z } from "zod";
import { ACCOUNT_MESSAGES, REFERRAL_REWARD_KINDS } from "@contract";
import { answerNotice, done, refused, requirePostedId } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { knownKey } from "~/forms/known-messages";
import type { AccountAction } from "~/features/account/account.server";

const rewardSchema = z.object({ reward: z.enum(REFERRAL_REWARD_KINDS) });

export async function reward({ request, viewer, form }: AccountAction) {
  const referralId = requirePostedId(form.get("id"));
  const ref = { intent: "reward", row: referralId };
  const submission = parseSubmission(form, { schema: rewardSchema });
  if (submission.status !== "success") return answerNotice(ref, knownKey(ACCOUNT_MESSAGES.reward), 400);
  try {
    await viewer.api("chooseReferralReward", { params: { referralId }, body: { reward: submission.value.reward } });
  } catch (err) {
    return refused(err, { ...ref, notFound: "account:messages.referralGone" });
  }
  return done(request, viewer, "/manage/account/refer", { key: `account:refer.saved_${submission.value.reward}`, tone: "success" });
}
