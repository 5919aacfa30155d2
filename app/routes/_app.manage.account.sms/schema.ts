/** Buying SMS tokens (platform §3, §9: 1 token = 1 message): a whole number within the order limits. */
import { z } from "zod";
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from "@contract";
import { knownKey } from "~/forms/known-messages";

const RULE = knownKey(ACCOUNT_MESSAGES.smsTokens);
export const smsOrderSchema = z.object({
  tokens: z.number({ error: RULE }).int(RULE).min(ACCOUNT_LIMITS.smsMin, RULE).max(ACCOUNT_LIMITS.smsMax, RULE),
});
export type SmsOrderValues = z.input<typeof smsOrderSchema>;
