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

export const ACCOUNT_LIMITS = {
  name: 100,
  address: 300,
  phone: 30,
  contactName: 100,
  email: 200,
  details: 2000,
  alternative: 2000,
  /** The smallest alternative solution (platform §5: at least 3 characters). */
  alternativeMin: 3,
  /** SMS tokens in one order. */
  smsMin: 100,
  smsMax: 100_000,
} as const;

/** Password expiry options (platform §9), or null: never. */
export const PASSWORD_EXPIRY_DAYS = [30, 60, 90] as const;
/**
 * Force re-authentication (ADR 023): a session of a user of the client lasts at most this many
 * hours from the sign-in; then the token refresh is refused and the user signs in again.
 */
export const REAUTHENTICATION_HOURS = 12;

/** 1 token = 1 message (platform §9); what one token costs, in the client's currency (cents). */
export const SMS_TOKEN_PRICE_CENTS = 5;

export const CURRENCIES = ["GBP", "EUR", "USD"] as const;
export type Currency = (typeof CURRENCIES)[number];
/** The client's currency from its country: GB pays in GBP, US in USD, everyone else in EUR. */
export const currencyOf = (country: string): Currency => (country === "GB" ? "GBP" : country === "US" ? "USD" : "EUR");
/** A purchased referral's reward (platform §9): 50 GBP, 60 EUR or 60 USD. */
export const REFERRAL_REWARDS: Record<Currency, number> = { GBP: 50, EUR: 60, USD: 60 };

export const SUBSCRIPTION_STATUSES = ["active", "non_renewing"] as const;
export const INVOICE_STATUSES = ["paid", "posted", "payment_due", "not_paid", "voided", "pending"] as const;
export const REFERRAL_STATUSES = ["trial", "purchased"] as const;
export const REFERRAL_REWARD_KINDS = ["donation", "discount"] as const;
export const CANCEL_REASONS = ["too_expensive", "missing_features", "switching_provider", "no_longer_needed", "other"] as const;

/** The upstream's words for the rules of this area (the portal translates them: known-messages.ts). */
export const ACCOUNT_MESSAGES = {
  companyName: "Company name is required",
  country: "Choose a country",
  phone: "Enter a valid phone number",
  timezone: "Choose a valid time zone",
  expiry: "Password expiry must be 30, 60 or 90 days, or never",
  smsTokens: `Order between ${ACCOUNT_LIMITS.smsMin} and ${ACCOUNT_LIMITS.smsMax} tokens`,
  contactName: "The billing contact's name is required",
  contactEmail: "A valid email is required",
  subscriptions: "Choose at least one subscription",
  details: "Please tell us why you are cancelling",
  reason: "Choose a reason",
  moreDetails: "Please tell us more about the reason",
  alternative: `The alternative solution must be at least ${ACCOUNT_LIMITS.alternativeMin} characters`,
  subscriptionGone: "Subscription not found.",
  invoiceGone: "Invoice not found.",
  referralGone: "Referral not found.",
  reward: "Choose a donation or a discount",
  referralNotPurchased: "A reward is chosen once the referral has purchased",
  reauthenticate: "Password policy requires you to sign in again.",
  notBilling: "Only a super, primary or billing user of a client that is not on trial or with a reseller manages subscriptions.",
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
export const PasswordPolicyInput = z.object({
  password_expiry_days: z.number().int().nullable(),
  force_2fa: z.boolean(),
  force_reauthentication: z.boolean(),
  prevent_password_reuse: z.boolean(),
});

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

const r = { base: "regional", auth: "bearer" } as const;
export const accountRoutes = {
  accountInfo: { method: "GET", path: "account/info", ...r, response: AccountInfo, summary: "The client's information (ManageClient.editor)" },
  updateAccountInfo: { method: "PATCH", path: "account/info", ...r, body: AccountInfoInput, response: AccountInfo, summary: "Save the client's information; company name required, phone stored E.164 (ManageClient.editor)" },
  uploadAccountLogo: { method: "POST", path: "account/logo", ...r, upload: imageUpload, response: AccountInfo, summary: "Upload the client's logo (multipart `file`: PNG, JPEG, GIF or WebP; ManageClient.editor)" },
  deleteAccountLogo: { method: "DELETE", path: "account/logo", ...r, response: AccountInfo, summary: "Remove the client's logo (ManageClient.editor)" },
  passwordPolicy: { method: "GET", path: "account/password-policy", ...r, response: PasswordPolicy, summary: "The client's password policy (ManageClient.editor)" },
  updatePasswordPolicy: { method: "PATCH", path: "account/password-policy", ...r, body: PasswordPolicyInput, response: PasswordPolicy, summary: "Save the password policy: expiry 30/60/90 days or never, forced 2FA, forced re-authentication, no password reuse (ManageClient.editor)" },
  smsAccount: { method: "GET", path: "account/sms", ...r, response: SmsAccount, summary: "SMS tokens available and pending, and the purchases (ManageClient.editor)" },
  buySmsTokens: { method: "POST", path: "account/sms/purchases", ...r, body: SmsOrder, response: SmsAccount, summary: "Order SMS tokens: a pending purchase and its invoice; the tokens become available when the invoice is paid (ManageClient.editor)" },
  billing: { method: "GET", path: "account/billing", ...r, response: Billing, summary: "Subscriptions with add-ons, invoices and the billing contact (super, primary or billing user; not on trial; not a reseller client)" },
  updateBillingContact: { method: "PATCH", path: "account/billing/contact", ...r, body: BillingContactInput, response: Billing, summary: "Save the billing contact (as `billing`)" },
  cancelSubscriptions: { method: "POST", path: "account/billing/cancellations", ...r, body: CancellationInput, response: Billing, summary: "Cancel subscriptions (platform §5's rules): they become non renewing (as `billing`)" },
  invoicePdf: { method: "GET", path: "account/invoices/{invoiceId}/pdf", ...r, download: true, response: z.void(), summary: "One invoice as a PDF, streamed (as `billing`)" },
  referrals: { method: "GET", path: "account/referrals", ...r, response: Referrals, summary: "The client's referral link, referrals and reward (Referral.manager)" },
  chooseReferralReward: { method: "PATCH", path: "account/referrals/{referralId}", ...r, body: ReferralRewardInput, response: Referrals, summary: "Choose a purchased referral's reward: a donation or a discount (Referral.manager)" },
} as const satisfies Record<string, RouteDef>;
