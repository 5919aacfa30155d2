/** Every key of en_GB exists in every locale, with the same placeholders; no locale is English in disguise. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { LOCALES, NAMESPACES, matchLocale, parseAcceptLanguage } from "~/i18n/config";

const dir = path.resolve(import.meta.dirname, "../../locales");
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Names of other companies' products: the same in every language. */
const PRODUCT_NAMES = new Set(["Azure Active Directory", "Google Workspace"]);

function flatten(obj: unknown, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object") Object.assign(out, flatten(v, key));
    else out[key] = String(v);
  }
  return out;
}
const load = (locale: string, ns: string) => flatten(JSON.parse(fs.readFileSync(path.join(dir, locale, `${ns}.json`), "utf8")));
const base = (key: string) => key.replace(PLURAL, "");
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each(NAMESPACES)("namespace %s", (ns) => {
  const source = load("en_GB", ns);
  const sourceBases = new Set(Object.keys(source).map(base));

  test.each(LOCALES.filter((l) => l !== "en_GB"))("%s has every key, the right plural forms and placeholders", (locale) => {
    const file = path.join(dir, locale, `${ns}.json`);
    expect(fs.existsSync(file), `${file} is missing`).toBe(true);
    const target = load(locale, ns);
    const targetBases = new Set(Object.keys(target).map(base));
    const missing = [...sourceBases].filter((k) => !targetBases.has(k));
    const extra = [...targetBases].filter((k) => !sourceBases.has(k));
    expect(missing, `missing in ${locale}/${ns}`).toEqual([]);
    expect(extra, `unknown keys in ${locale}/${ns}`).toEqual([]);
    const categories = new Intl.PluralRules(locale.replace("_", "-")).resolvedOptions().pluralCategories;
    for (const key of Object.keys(source).filter((k) => PLURAL.test(k))) {
      for (const cat of categories) {
        if (cat === "zero" || cat === "two") continue;
        expect(target[`${base(key)}_${cat}`], `${locale}/${ns}: ${base(key)}_${cat}`).toBeTruthy();
      }
    }
    for (const [key, value] of Object.entries(target)) {
      const src = source[key] ?? source[`${base(key)}_other`];
      if (src) expect(placeholders(value), `${locale}/${ns}: ${key}`).toEqual(placeholders(src));
      expect(value.trim(), `${locale}/${ns}: ${key} is empty`).not.toBe("");
    }
  });

  test.each(LOCALES.filter((l) => !l.startsWith("en")))("%s is translated, not copied English", (locale) => {
    const target = load(locale, ns);
    // Words alike in both languages ("Error {{status}}", "{{count}} sites") are fine; sentences are
    // not. Product names are names in every language.
    const words = (v: string) => v.replace(/\{\{\s*\w+\s*\}\}/g, "").trim();
    const copied = Object.entries(source).filter(([k, v]) => words(v).length > 12 && target[k] === v && !PRODUCT_NAMES.has(v));
    expect(copied.map(([k]) => k)).toEqual([]);
  });
});

describe("locale matching", () => {
  test("Accept-Language picks the best supported locale", () => {
    expect(matchLocale(parseAcceptLanguage("de-CH,de;q=0.9,en;q=0.8"))).toBe("de");
    expect(matchLocale(parseAcceptLanguage("en-US,en;q=0.9"))).toBe("en_US");
    expect(matchLocale(parseAcceptLanguage("en-NZ"))).toBe("en_GB");
    expect(matchLocale(parseAcceptLanguage("zh-HK"))).toBe("zh_HK");
    expect(matchLocale(parseAcceptLanguage("pt-BR;q=0.5,xx;q=0.9"))).toBe("pt");
    expect(matchLocale(parseAcceptLanguage("ko-KR"))).toBeUndefined();
    expect(matchLocale(parseAcceptLanguage(null))).toBeUndefined();
  });
});

describe("one locale for the whole request", () => {
  test("remix-i18next detection agrees with our matching for every locale (underscore codes included)", async () => {
    const { detectLocale, localeCookie } = await import("~/i18n/i18n.server");
    for (const locale of LOCALES) {
      const tag = locale.replace("_", "-");
      expect(await detectLocale(new Request("http://x/", { headers: { "accept-language": tag } }))).toBe(locale);
    }
    expect(await detectLocale(new Request("http://x/", { headers: { "accept-language": "en-US,en;q=0.9" } }))).toBe("en_US");
    expect(await detectLocale(new Request("http://x/?lng=ja"))).toBe("ja");
    const cookie = (await localeCookie.serialize("de")).split(";")[0]!;
    expect(await detectLocale(new Request("http://x/", { headers: { cookie, "accept-language": "fr" } }))).toBe("de");
  });
});
