// ---------------------------------------------------------------------------------------------
// The account pages (issue 16 item 4; platform §2 /manage/account/*, §3, §4, §5, §9; ADR 023):
// the client's information and logo, its password policy (enforced at login and on refresh),
// SMS tokens and buying more, subscriptions with their invoices (each a PDF), the billing
// contact and cancellation, and referrals with their rewards.
//
// Rights: ManageClient.editor for info, password policy and SMS; subscriptions, invoices, the
// billing contact and cancellation for a super, primary or billing user of a client that is not on
// trial and not a reseller's (`subscriptionsVisible`); Referral.manager for referrals.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import type { RouteDef } from "./common.ts";
import { FileName } from "./files.ts";
import { SUPPORTED_LOCALES } from "./manage.ts";
import { imageUpload } from "./shared.ts";
import { ACCOUNT_LIMITS, CURRENCIES, INVOICE_STATUSES, REFERRAL_REWARD_KINDS, REFERRAL_STATUSES, SUBSCRIPTION_STATUSES } from "./account-values.ts";

/** Refusals the portal never shows as they come (a 404 page, a 403, a refused refresh): upstream only. */
export const ACCOUNT_REFUSALS = {
  invoiceGone: "Invoice not found.",
  referralGone: "Referral not found.",
  reauthenticate: "Password policy requires you to sign in again.",
  notBilling: "Only a super, primary or billing user manages subscriptions.",
} as const;

// --- Info --------------------------------------------------------------------------------------

export const AccountInfo = z.object({
  name: z.string(),
  /** The logo's file name (read at `files/{name}` by the client's users). */
  logo: FileName.nullable(),
  country: z.string().length(2),
  address: z.string().nullable(),
  /** E.164. */
  phone: z.string().nullable(),
  default_locale: z.enum(SUPPORTED_LOCALES).nullable(),
  default_timezone: z.string().nullable(),
});
export type AccountInfo = z.infer<typeof AccountInfo>;

export const AccountInfoInput = z.object({
  name: z.string().max(ACCOUNT_LIMITS.name),
  country: z.string().max(2),
  address: z.string().max(ACCOUNT_LIMITS.address).nullish(),
  /** Any form of a number; stored as E.164 read for the country. */
  phone: z.string().max(ACCOUNT_LIMITS.phone).nullish(),
  default_locale: z.enum(SUPPORTED_LOCALES).nullish(),
  default_timezone: z.string().max(64).nullish(),
});
export type AccountInfoInput = z.input<typeof AccountInfoInput>;

// --- Password policy ---------------------------------------------------------------------------

export const PasswordPolicy = z.object({
  password_expiry_days: z.union([z.literal(30), z.literal(60), z.literal(90)]).nullable(),
  force_2fa: z.boolean(),
  force_reauthentication: z.boolean(),
  prevent_password_reuse: z.boolean(),
});
export type PasswordPolicy = z.infer<typeof PasswordPolicy>;
export const PasswordPolicyInput = PasswordPolicy.extend({ password_expiry_days: z.number().int().nullable() });

// --- SMS ---------------------------------------------------------------------------------------

export const SmsPurchase = z.object({
  id: z.number().int(),
  tokens: z.number().int(),
  status: z.enum(["pending", "available"]),
  invoice_number: z.string(),
  created_at: z.string(),
});
export const SmsAccount = z.object({
  available: z.number().int(),
  pending: z.number().int(),
  currency: z.enum(CURRENCIES),
  price_cents: z.number().int(),
  purchases: z.array(SmsPurchase),
});
export type SmsAccount = z.infer<typeof SmsAccount>;
export const SmsOrder = z.object({ tokens: z.number().int() });

// --- Subscriptions, invoices, billing contact, cancellation --------------------------------------

export const Subscription = z.object({
  id: z.number().int(),
  plan: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  amount_cents: z.number().int(),
  renews_on: z.string(),
  addons: z.array(z.object({ name: z.string(), amount_cents: z.number().int() })),
});
export const Invoice = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  issued_on: z.string(),
  due_on: z.string().nullable(),
  total_cents: z.number().int(),
});
export type Invoice = z.infer<typeof Invoice>;
export const BillingContact = z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() });
export type BillingContact = z.infer<typeof BillingContact>;
export const Billing = z.object({
  currency: z.enum(CURRENCIES),
  subscriptions: z.array(Subscription),
  invoices: z.array(Invoice),
  contact: BillingContact.nullable(),
});
export type Billing = z.infer<typeof Billing>;
export const BillingContactInput = z.object({
  name: z.string().max(ACCOUNT_LIMITS.contactName),
  email: z.string().max(ACCOUNT_LIMITS.email),
  phone: z.string().max(ACCOUNT_LIMITS.phone).nullish(),
});
export const CancellationInput = z.object({
  subscription_ids: z.array(z.number().int()).max(50),
  details: z.string().max(ACCOUNT_LIMITS.details),
  reason: z.string().max(40),
  more_details: z.string().max(ACCOUNT_LIMITS.details).nullish(),
  alternative: z.string().max(ACCOUNT_LIMITS.alternative),
});
export type CancellationInput = z.input<typeof CancellationInput>;

// --- Referrals ---------------------------------------------------------------------------------

export const Referral = z.object({
  id: z.number().int(),
  company: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  reward: z.enum(REFERRAL_REWARD_KINDS).nullable(),
  referred_on: z.string(),
});
export const Referrals = z.object({
  link: z.string(),
  currency: z.enum(CURRENCIES),
  reward_amount: z.number().int(),
  referrals: z.array(Referral),
});
export type Referrals = z.infer<typeof Referrals>;
export const ReferralRewardInput = z.object({ reward: z.string().max(20) });

export const accountRoutes = {
  accountInfo: { method: "GET", path: "account/info", base: "regional", auth: "bearer", response: AccountInfo, summary: "The client's information" },
  updateAccountInfo: { method: "PATCH", path: "account/info", base: "regional", auth: "bearer", body: AccountInfoInput, response: AccountInfo, summary: "Save the client's information" },
  uploadAccountLogo: { method: "POST", path: "account/logo", base: "regional", auth: "bearer", upload: imageUpload, response: AccountInfo, summary: "Upload the logo (multipart `file`)" },
  deleteAccountLogo: { method: "DELETE", path: "account/logo", base: "regional", auth: "bearer", response: AccountInfo, summary: "Remove the logo" },
  passwordPolicy: { method: "GET", path: "account/password-policy", base: "regional", auth: "bearer", response: PasswordPolicy, summary: "The password policy" },
  updatePasswordPolicy: { method: "PATCH", path: "account/password-policy", base: "regional", auth: "bearer", body: PasswordPolicyInput, response: PasswordPolicy, summary: "Save the password policy" },
  smsAccount: { method: "GET", path: "account/sms", base: "regional", auth: "bearer", response: SmsAccount, summary: "SMS tokens and orders" },
  buySmsTokens: { method: "POST", path: "account/sms/purchases", base: "regional", auth: "bearer", body: SmsOrder, response: SmsAccount, summary: "Order SMS tokens" },
  billing: { method: "GET", path: "account/billing", base: "regional", auth: "bearer", response: Billing, summary: "Subscriptions, invoices, billing contact" },
  updateBillingContact: { method: "PATCH", path: "account/billing/contact", base: "regional", auth: "bearer", body: BillingContactInput, response: Billing, summary: "Save the billing contact" },
  cancelSubscriptions: { method: "POST", path: "account/billing/cancellations", base: "regional", auth: "bearer", body: CancellationInput, response: Billing, summary: "Cancel subscriptions" },
  invoicePdf: { method: "GET", path: "account/invoices/{invoiceId}/pdf", base: "regional", auth: "bearer", download: true, response: z.void(), summary: "An invoice as a PDF" },
  referrals: { method: "GET", path: "account/referrals", base: "regional", auth: "bearer", response: Referrals, summary: "Referral link, referrals, reward" },
  chooseReferralReward: { method: "PATCH", path: "account/referrals/{referralId}", base: "regional", auth: "bearer", body: ReferralRewardInput, response: Referrals, summary: "Choose a referral's reward" },
} as const satisfies Record<string, RouteDef>;
