/**
 * The subscriptions page's forms (platform §5; ADR 023): the billing contact (name and a valid
 * email required, phone optional) and the cancellation form — at least one subscription; details
 * required; a reason required; more details required when the reason is Other; an alternative
 * solution of at least 3 characters. Messages are the contract's rules' translation keys.
 */
import { z } from "zod";
import { ACCOUNT_LIMITS, CANCEL_REASONS } from "@contract";
import { singleLine } from "~/forms/control-characters";
import { areaKey, EMAIL_KEY } from "~/forms/area-keys";

const TOO_LONG = "common:validation.too_long";
const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;

export const contactSchema = z.object({
  name: singleLine(z.string({ error: areaKey("account", "contactName") }).trim().min(1, areaKey("account", "contactName")).max(ACCOUNT_LIMITS.contactName, TOO_LONG)),
  email: singleLine(z.string({ error: EMAIL_KEY }).trim().max(ACCOUNT_LIMITS.email, TOO_LONG).regex(EMAIL, EMAIL_KEY)),
  phone: singleLine(z.string().trim().max(ACCOUNT_LIMITS.phone, TOO_LONG)).optional(),
});
export type ContactValues = z.input<typeof contactSchema>;

const text = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max, TOO_LONG);

export const cancelSchema = z
  .object({
    subscription_ids: z.array(z.string().regex(/^\d{1,9}$/, areaKey("account", "subscriptions")), { error: areaKey("account", "subscriptions") }).min(1, areaKey("account", "subscriptions")).max(50),
    details: text(ACCOUNT_LIMITS.details, areaKey("account", "details")),
    reason: z.enum(CANCEL_REASONS, { error: areaKey("account", "reason") }),
    more_details: z.string().trim().max(ACCOUNT_LIMITS.details, TOO_LONG).optional(),
    alternative: z.string({ error: areaKey("account", "alternative") }).trim().min(ACCOUNT_LIMITS.alternativeMin, areaKey("account", "alternative")).max(ACCOUNT_LIMITS.alternative, TOO_LONG),
  })
  .superRefine((v, ctx) => {
    if (v.reason === "other" && !v.more_details) ctx.addIssue({ code: "custom", path: ["more_details"], message: areaKey("account", "moreDetails") });
  });
export type CancelValues = z.input<typeof cancelSchema>;
