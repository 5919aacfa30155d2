import fs from "node:fs";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { createInstance, type Resource, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, LOCALES, NAMESPACES, fromLanguageTag, isLocale, matchLocale, parseAcceptLanguage, toLanguageTag, type Locale } from "./config";

/** The chosen language, remembered across visits (not sensitive: no HttpOnly needed, but kept so). */
export const localeCookie = createCookie("gh_lng", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });

function loadResources(): Resource {
  const dir = path.resolve(process.cwd(), "locales");
  const resources: Resource = {};
  for (const locale of LOCALES) {
    resources[locale] = {};
    for (const ns of NAMESPACES) {
      const file = path.join(dir, locale, `${ns}.json`);
      if (fs.existsSync(file)) resources[locale]![ns] = JSON.parse(fs.readFileSync(file, "utf8"));
    }
  }
  return resources;
}

/** Our own order: ?lng=, then the chosen/profile language cookie, then Accept-Language. */
async function findLocale(request: Request): Promise<Locale> {
  const url = new URL(request.url);
  const fromQuery = url.searchParams.get("lng");
  if (isLocale(fromQuery)) return fromQuery;
  const fromCookie = await localeCookie.parse(request.headers.get("Cookie"));
  if (isLocale(fromCookie)) return fromCookie;
  return matchLocale(parseAcceptLanguage(request.headers.get("Accept-Language"))) ?? DEFAULT_LOCALE;
}

export const i18nextOptions = {
  resources: loadResources(),
  ns: [...NAMESPACES],
  defaultNS: "common",
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  load: "currentOnly" as const,
  interpolation: { escapeValue: false },
};

/**
 * remix-i18next matches locales as BCP 47 tags ("en-GB"); our files and the token use "en_GB".
 * It is given tags, and `detectLocale` maps its answer back.
 */
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: LOCALES.map(toLanguageTag),
    fallbackLanguage: toLanguageTag(DEFAULT_LOCALE),
    order: ["custom"],
    findLocale: async (request) => toLanguageTag(await findLocale(request)),
  },
  i18next: i18nextOptions,
});

/** The locale of this request, the one every part of the page uses (server render, loaders, upstream calls). */
export async function detectLocale(request: Request): Promise<Locale> {
  return fromLanguageTag(await i18nServer.getLocale(request)) ?? DEFAULT_LOCALE;
}

const instances = new Map<Locale, Promise<I18n>>();

/**
 * One initialised i18next instance per locale, shared by all requests: rendering only reads
 * from it (the language is fixed per instance and never changed), so nothing leaks between users.
 */
export function i18nFor(locale: Locale): Promise<I18n> {
  let instance = instances.get(locale);
  if (!instance) {
    const i18n = createInstance();
    instance = i18n
      .use(initReactI18next)
      .init({ ...i18nextOptions, lng: locale, ns: [...NAMESPACES] })
      .then(() => i18n);
    instances.set(locale, instance);
  }
  return instance;
}

/** A translator for server code (action messages, titles). */
export async function translator(request: Request, ns?: (typeof NAMESPACES)[number]) {
  const locale = await detectLocale(request);
  const i18n = await i18nFor(locale);
  return { t: i18n.getFixedT(locale, ns), locale };
}
