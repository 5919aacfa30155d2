/**
 * The account area's rules (ADR 023), pure so each is unit-tested: the client's information
 * (company name required, country, phone as E.164), the password policy and when it bites (an
 * expired password at login, a session past re-authentication at refresh), an SMS order, the
 * billing contact, platform §5's cancellation form, and a referral's reward.
 */
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES as M,
  REPLY_TO_MESSAGE,
  CANCEL_REASONS,
  PASSWORD_EXPIRY_DAYS,
  REAUTHENTICATION_HOURS,
  REFERRAL_REWARD_KINDS,
  SUPPORTED_LOCALES,
  type AccountInfoInput,
  type CancellationInput,
} from "../../contract/index.ts";
import { validation } from "../http/errors.ts";

type Errors = Record<string, string[]>;
const fail = (errors: Errors) => {
  if (Object.keys(errors).length) throw validation(errors);
};
const blank = (s: string | null | undefined) => (s ?? "").trim() === "";
const text = (s: string | null | undefined) => (blank(s) ? null : s!.trim());
const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;

/** The client's country (its settings' `country`, GB when unset). */
export const countryOf = (settings: { country?: unknown }) => (typeof settings.country === "string" ? settings.country : "GB");

/** A phone number read for `country`, as E.164; null when blank; undefined when not a number. */
export function e164(phone: string | null | undefined, country: string): string | null | undefined {
  if (blank(phone)) return null;
  const region = isSupportedCountry(country) ? (country as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(phone!.trim(), region);
  return parsed && parsed.isValid() ? parsed.number : undefined;
}

/** Whether `zone` is a time zone this runtime knows. */
export function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface InfoValues {
  name: string;
  country: string;
  address: string | null;
  phone: string | null;
  default_locale: string | null;
  default_timezone: string | null;
}

/** The information as stored, or a 422 naming each field wrong. */
export function checkInfo(body: AccountInfoInput): InfoValues {
  const errors: Errors = {};
  const country = (body.country ?? "").trim().toUpperCase();
  if (blank(body.name)) errors.name = [M.companyName];
  if (!/^[A-Z]{2}$/.test(country) || !isSupportedCountry(country)) errors.country = [M.country];
  const phone = e164(body.phone, country);
  if (phone === undefined) errors.phone = [M.phone];
  const zone = text(body.default_timezone);
  if (zone !== null && !knownTimeZone(zone)) errors.default_timezone = [M.timezone];
  fail(errors);
  return {
    name: body.name.trim(),
    country,
    address: text(body.address)?.replace(/\r\n?/g, "\n") ?? null,
    phone: phone ?? null,
    default_locale: body.default_locale && (SUPPORTED_LOCALES as readonly string[]).includes(body.default_locale) ? body.default_locale : null,
    default_timezone: zone,
  };
}

/** The expiry as stored: 30, 60, 90 or null (never); anything else a 422. */
export function checkExpiry(days: number | null): 30 | 60 | 90 | null {
  if (days === null) return null;
  if (!(PASSWORD_EXPIRY_DAYS as readonly number[]).includes(days)) throw validation({ password_expiry_days: [M.expiry] });
  return days as 30 | 60 | 90;
}

/** A password changed at `changedAt` has expired under a policy of `days` (null: never). */
export function passwordExpired(days: number | null, changedAt: Date, now = Date.now()): boolean {
  return days != null && changedAt.getTime() + days * 86_400_000 < now;
}

/** A session signed in at `signedInAt` must sign in again (the client forces re-authentication). */
export function reauthenticationDue(force: boolean, signedInAt: Date, now = Date.now()): boolean {
  return force && now - signedInAt.getTime() >= REAUTHENTICATION_HOURS * 3_600_000;
}

/** An order of SMS tokens: a whole number within the limits. */
export function checkSmsOrder(tokens: number): number {
  if (!Number.isInteger(tokens) || tokens < ACCOUNT_LIMITS.smsMin || tokens > ACCOUNT_LIMITS.smsMax) throw validation({ tokens: [M.smsTokens] });
  return tokens;
}

/** The billing contact as stored. */
export function checkContact(body: { name: string; email: string; phone?: string | null }, country: string) {
  const errors: Errors = {};
  if (blank(body.name)) errors.name = [M.contactName];
  const email = body.email.trim().toLowerCase();
  if (!EMAIL.test(email)) errors.email = [REPLY_TO_MESSAGE];
  const phone = e164(body.phone, country);
  if (phone === undefined) errors.phone = [M.phone];
  fail(errors);
  return { name: body.name.trim(), email, phone: phone ?? null };
}

/**
 * Platform §5's cancellation form: at least one subscription; details; a reason; more details when
 * the reason is Other; an alternative solution of at least 3 characters. `known` are the ids of the
 * client's subscriptions (any other id: "Choose at least one subscription").
 */
export function checkCancellation(body: CancellationInput, known: number[]) {
  const errors: Errors = {};
  const ids = [...new Set(body.subscription_ids)];
  if (ids.length === 0 || ids.some((id) => !known.includes(id))) errors.subscription_ids = [M.subscriptions];
  if (blank(body.details)) errors.details = [M.details];
  const reason = body.reason.trim();
  if (!(CANCEL_REASONS as readonly string[]).includes(reason)) errors.reason = [M.reason];
  if (reason === "other" && blank(body.more_details)) errors.more_details = [M.moreDetails];
  if ((body.alternative ?? "").trim().length < ACCOUNT_LIMITS.alternativeMin) errors.alternative = [M.alternative];
  fail(errors);
  return { ids, details: body.details.trim(), reason, more_details: reason === "other" ? text(body.more_details) : null, alternative: body.alternative.trim() };
}

/** A reward kind (donation or discount), for a purchased referral only. */
export function checkReward(reward: string, status: string): "donation" | "discount" {
  if (!(REFERRAL_REWARD_KINDS as readonly string[]).includes(reward)) throw validation({ reward: [M.reward] });
  if (status !== "purchased") throw validation({ reward: [M.referralNotPurchased] });
  return reward as "donation" | "discount";
}
