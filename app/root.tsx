import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useEffect } from "react";
import { DEFAULT_LOCALE, isLocale, toLanguageTag, type Locale } from "./i18n/config";
import { loadDateLocale, showDateLocale } from "./i18n/date-locale";
import { translator } from "./i18n/i18n.server";
import { pageTitle, type ErrorTitles } from "./ui/meta";
import { readFlash } from "./session/flash.server";
import { GeneralErrorBoundary } from "./ui/error-boundary";
import { useNonce } from "./ui/nonce";
import { useRequestId } from "./ui/request-id";
import { ErrorDialog } from "./ui/error-dialog";
import { Toast } from "./ui/toast";
import stylesHref from "./styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Routes set their own translated title; errors get their status's (`pageTitle`). */
export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const { t, locale } = await translator(request);
  const { notice, headers } = await readFlash(request);
  // Error pages' titles in the user's language (a route's meta has no translator of its own).
  const errorTitles: ErrorTitles = {
    "400": t("common:errors.bad_request_title"),
    "403": t("common:errors.forbidden_title"),
    "404": t("common:errors.not_found_title"),
    "413": t("common:refused.too_large_title"),
    "500": t("common:errors.generic_title"),
    "503": t("common:errors.unavailable_title"),
    refresh: t("common:errors.refresh_failed"),
  };
  return data({ locale, notice, errorTitles }, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const locale = rootData?.locale && isLocale(rootData.locale) ? rootData.locale : DEFAULT_LOCALE;
  const nonce = useNonce();
  const requestId = useRequestId();
  const { t } = useTranslation();
  return (
    <html lang={toLanguageTag(locale)} data-locale={locale} data-request-id={requestId || undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t("common:skip_to_content")}
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * remix-i18next's useChangeLanguage, with the locale's date-fns data loaded first (the browser
 * loads only the active locale's: ADR 010): i18next switches, and re-renders the page, once both
 * the translations and the dates of the new language are there.
 */
function useChangeLanguage(locale: string) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language === locale) return;
    let current = true;
    const dates = isLocale(locale) ? loadDateLocale(locale).catch(() => undefined) : Promise.resolve();
    void dates.then(async () => {
      if (!current) return;
      await i18n.changeLanguage(locale);
      if (current && isLocale(locale)) showDateLocale(locale as Locale);
    });
    return () => {
      current = false;
    };
  }, [locale, i18n]);
}

export default function App() {
  const { locale, notice } = useRouteLoaderData<typeof loader>("root")!;
  useChangeLanguage(locale);
  return (
    <>
      {notice ? notice.dialog ? <ErrorDialog key={JSON.stringify(notice)} notice={notice} /> : <Toast key={JSON.stringify(notice)} notice={notice} /> : null}
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
