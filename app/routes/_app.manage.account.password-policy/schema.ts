/**
 * The password policy form (platform §3, §9; ADR 023): expiry after 30, 60 or 90 days or never,
 * forced two-factor authentication, forced re-authentication, no password reuse.
 */
import { z } from "zod";
import { ACCOUNT_MESSAGES } from "@contract";
import { knownKey } from "~/forms/known-messages";

export const EXPIRY_CHOICES = ["never", "30", "60", "90"] as const;
const checkbox = () => z.boolean({ error: "common:fields.invalid_choice" }).optional();

export const policySchema = z.object({
  password_expiry_days: z.enum(EXPIRY_CHOICES, { error: knownKey(ACCOUNT_MESSAGES.expiry) }),
  force_2fa: checkbox(),
  force_reauthentication: checkbox(),
  prevent_password_reuse: checkbox(),
});
export type PolicyValues = z.input<typeof policySchema>;
