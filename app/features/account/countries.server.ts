/** The countries a client may be in (those libphonenumber reads numbers for), named in the user's language, A–Z. */
import { getCountries } from "libphonenumber-js";

export function countryOptions(locale: string): { value: string; label: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale.replace("_", "-"), "en"], { type: "region" });
  } catch {
    names = null;
  }
  return getCountries()
    .map((code) => ({ value: code as string, label: names?.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, locale.replace("_", "-")));
}
