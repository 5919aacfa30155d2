/** The portal's 19 locales (spec platform §9). en_GB is the default and the source of keys. */
export const LOCALES = [
  "ca", "da", "de", "en_GB", "en_AU", "en_US", "es", "fr", "it", "uk",
  "nl", "pl", "pt", "ja", "sv", "zh_HK", "ru", "tr", "hr",
] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en_GB";
export const NAMESPACES = ["common", "auth", "today", "evacuations", "manage", "sites", "groups", "members", "pre-registrations", "users", "roles", "audit", "account", "sso", "history", "visits", "attendance", "notifications", "features", "safety-check", "spaces", "addons"] as const;

/** Each locale's name in its own language, for the language picker. */
export const LOCALE_NAMES: Record<Locale, string> = {
  ca: "Català", da: "Dansk", de: "Deutsch", en_GB: "English (UK)", en_AU: "English (Australia)",
  en_US: "English (US)", es: "Español", fr: "Français", it: "Italiano", uk: "Українська",
  nl: "Nederlands", pl: "Polski", pt: "Português", ja: "日本語", sv: "Svenska",
  zh_HK: "中文（香港）", ru: "Русский", tr: "Türkçe", hr: "Hrvatski",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** en_GB -> en-GB, for the lang attribute, Accept-Language and Intl. */
export function toLanguageTag(locale: Locale): string {
  return locale.replace("_", "-");
}

/** en-GB -> en_GB; undefined for a tag that is not one of ours. */
export function fromLanguageTag(tag: string): Locale | undefined {
  return LOCALES.find((l) => toLanguageTag(l).toLowerCase() === tag.toLowerCase());
}

/**
 * The best supported locale for a tag or list of tags ("de-CH", "en-US;q=0.8", "pt_BR"):
 * an exact match, else the first locale of the same language.
 */
export function matchLocale(tags: string[]): Locale | undefined {
  for (const raw of tags) {
    const tag = raw.trim().replace("-", "_");
    if (!tag) continue;
    const exact = LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const lang = tag.split("_")[0]!.toLowerCase();
    const sameLanguage = LOCALES.find((l) => l.split("_")[0] === lang);
    if (sameLanguage) return lang === "en" ? DEFAULT_LOCALE : sameLanguage;
  }
  return undefined;
}

export function parseAcceptLanguage(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { tag: tag ?? "", q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((x) => x.tag && x.tag !== "*")
    .sort((a, b) => b.q - a.q)
    .map((x) => x.tag);
}
