/**
 * The company information form (platform §3, §5: "Company name is required"), shared by the browser
 * and the server. The phone's number is read by the upstream for the country (stored E.164; its
 * refusal shows on the field); messages are the contract's rules' translation keys.
 */
import { z } from "zod";
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, SUPPORTED_LOCALES } from "@contract";
import { singleLine } from "~/forms/control-characters";
import { knownKey } from "~/forms/known-messages";

const TOO_LONG = "common:validation.too_long";
const line = (max: number) => singleLine(z.string().trim().max(max, TOO_LONG)).optional();

export const infoSchema = z.object({
  name: singleLine(z.string({ error: knownKey(ACCOUNT_MESSAGES.companyName) }).trim().min(1, knownKey(ACCOUNT_MESSAGES.companyName)).max(ACCOUNT_LIMITS.name, TOO_LONG)),
  country: z.string({ error: knownKey(ACCOUNT_MESSAGES.country) }).regex(/^[A-Z]{2}$/, knownKey(ACCOUNT_MESSAGES.country)),
  address: z.string().trim().max(ACCOUNT_LIMITS.address, TOO_LONG).optional(),
  phone: line(ACCOUNT_LIMITS.phone),
  default_locale: z.enum(SUPPORTED_LOCALES).optional(),
  default_timezone: line(64),
});
export type InfoValues = z.input<typeof infoSchema>;
export const INFO_FIELDS = ["name", "country", "address", "phone", "default_locale", "default_timezone"] as const;
