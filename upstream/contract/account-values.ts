/**
 * The account area's plain values without zod (ADR 023): limits, choices, currencies and rewards,
 * for the account forms in the browser and for the upstream. ./index re-exports them.
 */
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
