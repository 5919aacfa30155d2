/**
 * Phone numbers with libphonenumber (platform §5 phone input): read for the client's country,
 * stored as E.164, shown international. ~30 KB of gzipped JavaScript, so the browser loads this
 * module only on the attendees tab and after the page is up (`usePhoneReader` in ./attendees,
 * ADR 010); the server imports it as usual.
 */
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

/** A two-letter region libphonenumber knows (GB, US…), else undefined. */
export function phoneCountry(value: string | null | undefined): CountryCode | undefined {
  const upper = value?.trim().toUpperCase();
  return upper && /^[A-Z]{2}$/.test(upper) && isSupportedCountry(upper) ? (upper as CountryCode) : undefined;
}

/** The E.164 form of a phone number read for `country`, or null when it is not a valid number. */
export function toE164(phone: string, country: string | undefined): string | null {
  const parsed = parsePhoneNumberFromString(phone, phoneCountry(country));
  return parsed && parsed.isValid() ? parsed.number : null;
}

/** "+44 7700 900123" for showing a stored E.164 number (as it came when it cannot be read). */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
