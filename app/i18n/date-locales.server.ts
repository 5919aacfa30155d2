/**
 * Every locale's date-fns data, for the server (which renders any language). In the browser this
 * module is empty (Remix's `.server` rule): the browser loads only the active locale's data
 * (`loadDateLocale` in ./format, ADR 010), where 19 locales used to cost every page with a date
 * ~30 KB of gzipped JavaScript.
 */
import { ca, da, de, enAU, enGB, enUS, es, fr, hr, it, ja, nl, pl, pt, ru, sv, tr, uk, zhHK, type Locale as DateLocale } from "date-fns/locale";
import type { Locale } from "./config";

export const ALL_DATE_LOCALES: Record<Locale, DateLocale> = {
  ca, da, de, en_GB: enGB, en_AU: enAU, en_US: enUS, es, fr, it, uk, nl, pl, pt, ja, sv, zh_HK: zhHK, ru, tr, hr,
};
