import { describe, expect, test } from "vitest";
import { ACCOUNT_MESSAGES as M, currencyOf, REFERRAL_REWARDS } from "../../contract/index.ts";
import { HttpError } from "../http/errors.ts";
import { checkCancellation, checkContact, checkExpiry, checkInfo, checkReward, checkSmsOrder, e164, passwordExpired, reauthenticationDue } from "./rules.ts";
import { mayManageBilling } from "./billing.ts";

/** The 422's field errors of a call that must refuse. */
function errorsOf(fn: () => unknown): Record<string, string[]> {
  try {
    fn();
  } catch (err) {
    if (err instanceof HttpError && err.status === 422) return (err.body as { errors: Record<string, string[]> }).errors;
    throw err;
  }
  throw new Error("expected a 422");
}

const DAY = 86_400_000;

describe("the client's information", () => {
  test("company name is required; country must be real; the phone is stored E.164 for the country", () => {
    expect(errorsOf(() => checkInfo({ name: "  ", country: "GB" }))).toEqual({ name: [M.companyName] });
    expect(errorsOf(() => checkInfo({ name: "Acme", country: "XX" }))).toMatchObject({ country: [M.country] });
    expect(errorsOf(() => checkInfo({ name: "Acme", country: "GB", phone: "12" }))).toEqual({ phone: [M.phone] });
    expect(errorsOf(() => checkInfo({ name: "Acme", country: "GB", default_timezone: "Mars/Olympus" }))).toEqual({ default_timezone: [M.timezone] });
    const v = checkInfo({ name: " Acme Ltd ", country: "gb", phone: "020 7946 0000", address: " ", default_locale: "de", default_timezone: "Europe/London" });
    expect(v).toEqual({ name: "Acme Ltd", country: "GB", phone: "+442079460000", address: null, default_locale: "de", default_timezone: "Europe/London" });
    expect(e164("", "GB")).toBeNull();
    expect(e164("(503) 555-0100", "US")).toBe("+15035550100");
  });
});

describe("the password policy", () => {
  test("expiry is 30, 60 or 90 days, or never", () => {
    expect([checkExpiry(30), checkExpiry(60), checkExpiry(90), checkExpiry(null)]).toEqual([30, 60, 90, null]);
    expect(errorsOf(() => checkExpiry(45))).toEqual({ password_expiry_days: [M.expiry] });
  });
  test("a password older than the expiry has expired; never means never", () => {
    const now = Date.now();
    expect(passwordExpired(30, new Date(now - 31 * DAY), now)).toBe(true);
    expect(passwordExpired(30, new Date(now - 29 * DAY), now)).toBe(false);
    expect(passwordExpired(90, new Date(now - 60 * DAY), now)).toBe(false);
    expect(passwordExpired(null, new Date(0), now)).toBe(false);
  });
  test("forced re-authentication: a session signs in again 12 hours after its sign-in", () => {
    const now = Date.now();
    expect(reauthenticationDue(true, new Date(now - 12 * 3_600_000), now)).toBe(true);
    expect(reauthenticationDue(true, new Date(now - 11 * 3_600_000), now)).toBe(false);
    expect(reauthenticationDue(false, new Date(0), now)).toBe(false);
  });
});

describe("SMS, billing contact, referrals", () => {
  test("an order is a whole number of tokens within the limits", () => {
    expect(checkSmsOrder(500)).toBe(500);
    for (const bad of [0, 99, 100_001, 150.5, -5]) expect(errorsOf(() => checkSmsOrder(bad))).toEqual({ tokens: [M.smsTokens] });
  });
  test("the billing contact needs a name and a valid email", () => {
    expect(errorsOf(() => checkContact({ name: "", email: "nope" }, "GB"))).toEqual({ name: [M.contactName], email: ["A valid email is required"] });
    expect(checkContact({ name: "Al", email: " AL@Acme.example.com ", phone: "" }, "GB")).toEqual({ name: "Al", email: "al@acme.example.com", phone: null });
  });
  test("rewards follow the currency: 50 GBP, 60 EUR, 60 USD; donation or discount for a purchased referral only", () => {
    expect([currencyOf("GB"), currencyOf("US"), currencyOf("DE")]).toEqual(["GBP", "USD", "EUR"]);
    expect(REFERRAL_REWARDS).toEqual({ GBP: 50, EUR: 60, USD: 60 });
    expect(checkReward("discount", "purchased")).toBe("discount");
    expect(errorsOf(() => checkReward("cash", "purchased"))).toEqual({ reward: [M.reward] });
    expect(errorsOf(() => checkReward("donation", "trial"))).toEqual({ reward: [M.referralNotPurchased] });
  });
  test("subscriptions are for a super, primary or billing user of a client neither on trial nor a reseller's", () => {
    const p = (client: object, user: object, m: object) => ({ client: { trial_ends_on: null, reseller: false, ...client }, user: { is_super: false, ...user }, m: { is_primary: false, is_billing: false, ...m } }) as never;
    expect(mayManageBilling(p({}, {}, { is_billing: true }))).toBe(true);
    expect(mayManageBilling(p({}, {}, { is_primary: true }))).toBe(true);
    expect(mayManageBilling(p({}, { is_super: true }, {}))).toBe(true);
    expect(mayManageBilling(p({}, {}, {}))).toBe(false);
    expect(mayManageBilling(p({ trial_ends_on: "2099-01-01" }, {}, { is_primary: true }))).toBe(false);
    expect(mayManageBilling(p({ reseller: true }, {}, { is_primary: true }))).toBe(false);
  });
});

describe("cancellation (platform §5)", () => {
  const ok = { subscription_ids: [1], details: "Moving offices", reason: "too_expensive", more_details: "", alternative: "Paper book" };
  test("every rule with its message", () => {
    expect(errorsOf(() => checkCancellation({ ...ok, subscription_ids: [] }, [1]))).toEqual({ subscription_ids: [M.subscriptions] });
    expect(errorsOf(() => checkCancellation({ ...ok, subscription_ids: [7] }, [1]))).toEqual({ subscription_ids: [M.subscriptions] });
    expect(errorsOf(() => checkCancellation({ ...ok, details: " " }, [1]))).toEqual({ details: [M.details] });
    expect(errorsOf(() => checkCancellation({ ...ok, reason: "" }, [1]))).toEqual({ reason: [M.reason] });
    expect(errorsOf(() => checkCancellation({ ...ok, reason: "other" }, [1]))).toEqual({ more_details: [M.moreDetails] });
    expect(errorsOf(() => checkCancellation({ ...ok, alternative: "no" }, [1]))).toEqual({ alternative: [M.alternative] });
  });
  test("a valid form: ids once, more details kept only for Other", () => {
    expect(checkCancellation({ ...ok, subscription_ids: [1, 1, 2], more_details: "ignored" }, [1, 2])).toEqual({ ids: [1, 2], details: "Moving offices", reason: "too_expensive", more_details: null, alternative: "Paper book" });
    expect(checkCancellation({ ...ok, reason: "other", more_details: "Budget cut" }, [1]).more_details).toBe("Budget cut");
  });
});
