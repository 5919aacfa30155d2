/**
 * The subscriptions page's forms (platform §5; ADR 023): the billing contact (name and a valid
 * email required, phone optional) and the cancellation form — at least one subscription; details
 * required; a reason required; more details required when the reason is Other; an alternative
 * solution of at least 3 characters. Messages are the contract's rules' translation keys.
 */
import { z } from "zod";
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES as M, CANCEL_REASONS, REPLY_TO_MESSAGE } from "@contract";
import { singleLine } from "~/forms/control-characters";
import { knownKey } from "~/forms/known-messages";

const TOO_LONG = "common:validation.too_long";
const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;

export const contactSchema = z.object({
  name: singleLine(z.string({ error: knownKey(M.contactName) }).trim().min(1, knownKey(M.contactName)).max(ACCOUNT_LIMITS.contactName, TOO_LONG)),
  email: singleLine(z.string({ error: knownKey(REPLY_TO_MESSAGE) }).trim().max(ACCOUNT_LIMITS.email, TOO_LONG).regex(EMAIL, knownKey(REPLY_TO_MESSAGE))),
  phone: singleLine(z.string().trim().max(ACCOUNT_LIMITS.phone, TOO_LONG)).optional(),
});
export type ContactValues = z.input<typeof contactSchema>;

const text = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max, TOO_LONG);

export const cancelSchema = z
  .object({
    subscription_ids: z.array(z.string().regex(/^\d{1,9}$/, knownKey(M.subscriptions)), { error: knownKey(M.subscriptions) }).min(1, knownKey(M.subscriptions)).max(50),
    details: text(ACCOUNT_LIMITS.details, knownKey(M.details)),
    reason: z.enum(CANCEL_REASONS, { error: knownKey(M.reason) }),
    more_details: z.string().trim().max(ACCOUNT_LIMITS.details, TOO_LONG).optional(),
    alternative: z.string({ error: knownKey(M.alternative) }).trim().min(ACCOUNT_LIMITS.alternativeMin, knownKey(M.alternative)).max(ACCOUNT_LIMITS.alternative, TOO_LONG),
  })
  .superRefine((v, ctx) => {
    if (v.reason === "other" && !v.more_details) ctx.addIssue({ code: "custom", path: ["more_details"], message: knownKey(M.moreDetails) });
  });
export type CancelValues = z.input<typeof cancelSchema>;
