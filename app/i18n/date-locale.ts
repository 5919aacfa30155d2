/**
 * Which date-fns locale data is loaded. The server has every locale (./date-locales.server); the
 * browser loads only the active one (ADR 010). No date-fns code here: entry.client and root load
 * locales through this module without taking date-fns' formatting into every page.
 */
import type { Locale as DateLocale } from "date-fns";
import type { Locale } from "./config";
import { ALL_DATE_LOCALES } from "./date-locales.server";

/**
 * The browser's way to each locale's date-fns data: one chunk per locale, loaded when the locale
 * becomes active (before hydration in entry.client, before a language change takes effect in
 * root). The server has them all from ./date-locales.server, an empty module in the browser.
 */
const DATE_LOCALE_LOADERS: Record<Locale, () => Promise<DateLocale>> = {
  ca: () => import("date-fns/locale/ca").then((m) => m.ca),
  da: () => import("date-fns/locale/da").then((m) => m.da),
  de: () => import("date-fns/locale/de").then((m) => m.de),
  en_GB: () => import("date-fns/locale/en-GB").then((m) => m.enGB),
  en_AU: () => import("date-fns/locale/en-AU").then((m) => m.enAU),
  en_US: () => import("date-fns/locale/en-US").then((m) => m.enUS),
  es: () => import("date-fns/locale/es").then((m) => m.es),
  fr: () => import("date-fns/locale/fr").then((m) => m.fr),
  it: () => import("date-fns/locale/it").then((m) => m.it),
  uk: () => import("date-fns/locale/uk").then((m) => m.uk),
  nl: () => import("date-fns/locale/nl").then((m) => m.nl),
  pl: () => import("date-fns/locale/pl").then((m) => m.pl),
  pt: () => import("date-fns/locale/pt").then((m) => m.pt),
  ja: () => import("date-fns/locale/ja").then((m) => m.ja),
  sv: () => import("date-fns/locale/sv").then((m) => m.sv),
  zh_HK: () => import("date-fns/locale/zh-HK").then((m) => m.zhHK),
  ru: () => import("date-fns/locale/ru").then((m) => m.ru),
  tr: () => import("date-fns/locale/tr").then((m) => m.tr),
  hr: () => import("date-fns/locale/hr").then((m) => m.hr),
};

/** What is loaded: everything on the server (`ALL_DATE_LOCALES` is undefined in the browser). */
const DATE_LOCALES: Partial<Record<Locale, DateLocale>> = { ...(ALL_DATE_LOCALES ?? {}) };
/** In the browser, the locale the page shows while another one loads (see `showDateLocale`). */
let shown: DateLocale | undefined;

/** Load a locale's date-fns data (once); resolves when `dateLocale(locale)` has it. */
export async function loadDateLocale(locale: Locale): Promise<void> {
  DATE_LOCALES[locale] ??= await DATE_LOCALE_LOADERS[locale]();
}

/** The locale the page now shows (entry.client before hydration, root after a language change). */
export function showDateLocale(locale: Locale): void {
  shown = DATE_LOCALES[locale] ?? shown;
}

/**
 * A locale's date-fns data. In the browser, a locale not loaded yet (a language change between the
 * new loader data and its translations) falls back to the one shown, like the page's text does.
 */
export function dateLocale(locale: Locale): DateLocale {
  return DATE_LOCALES[locale] ?? shown!;
}
