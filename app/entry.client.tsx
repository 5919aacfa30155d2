import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { FetchBackend } from "./i18n/fetch-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, isLocale, LOCALES, NAMESPACES } from "./i18n/config";
import { loadDateLocale, showDateLocale } from "./i18n/date-locale";

async function hydrate() {
  // Tell the server the browser's timezone for X-Timezone on upstream calls.
  try {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (tz) document.cookie = `gh_tz=${encodeURIComponent(tz)}; path=/; max-age=31536000; samesite=lax${location.protocol === "https:" ? "; secure" : ""}`;
  } catch {
    /* the server's default applies */
  }
  // This browser runs our scripts (for this browsing session): pages that would refresh themselves
  // without JavaScript stream live instead (see /today).
  document.cookie = `gh_js=1; path=/; samesite=lax${location.protocol === "https:" ? "; secure" : ""}`;
  const lng = document.documentElement.dataset.locale ?? DEFAULT_LOCALE;
  // The page's date-fns locale (only the active one is loaded: ADR 010), with the translations.
  const dateLocale = isLocale(lng) ? lng : DEFAULT_LOCALE;
  const dates = loadDateLocale(dateLocale).then(() => showDateLocale(dateLocale));
  await i18next
    .use(initReactI18next)
    .use(FetchBackend)
    .init({
      lng,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      load: "currentOnly",
      ns: [...NAMESPACES],
      defaultNS: "common",
      interpolation: { escapeValue: false },
      backend: { loadPath: "/locales/{{lng}}/{{ns}}.json" },
    });
  await dates;
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
