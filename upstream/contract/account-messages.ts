/**
 * The account area's words (ADR 023) as plain strings without zod: the portal's known-messages
 * table imports them, so they are in every page with a form (ADR 010) — nothing else lives here.
 * ./account-values holds the area's other plain values; ./account the schemas and routes.
 * Plain strings (no template from ACCOUNT_LIMITS), the upstream's words for the area's rules.
 */
import type { Catalogue } from "./catalogue.ts";
import { ACCOUNT_KEYS } from "./message-keys.ts";
export const ACCOUNT_MESSAGES = {
  companyName: "Company name is required",
  country: "Choose a country",
  phone: "Enter a valid phone number",
  timezone: "Choose a valid time zone",
  expiry: "Password expiry must be 30, 60 or 90 days, or never",
  smsTokens: "Order between 100 and 100000 tokens",
  contactName: "The billing contact's name is required",
  subscriptions: "Choose at least one subscription",
  details: "Please tell us why you are cancelling",
  reason: "Choose a reason",
  moreDetails: "Please tell us more about the reason",
  alternative: "The alternative solution must be at least 3 characters",
  reward: "Choose a donation or a discount",
  referralNotPurchased: "A reward is chosen once the referral has purchased",
} as const;

/** The catalogue (ADR 035); the billing contact's email rule is the reply-to email's words (the groups'). */
export const ACCOUNT_CATALOGUE: Catalogue = { tables: [{ branch: ACCOUNT_KEYS, messages: ACCOUNT_MESSAGES }] };
