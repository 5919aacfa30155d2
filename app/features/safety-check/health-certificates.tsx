/**
 * Health certificates are a section no role may open (ADR 029): its 403 says why, and that sign-ins
 * are never checked for them, above the general Forbidden page.
 */
import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export function SafetyCheckErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const { t } = useTranslation("safety-check");
  if (isRouteErrorResponse(error) && error.status === 403 && /\/health-certificates\/?$/i.test(pathname)) {
    return (
      <>
        <div role="note" className="card">
          <h1>{t("health_certificates.title")}</h1>
          <p>{t("health_certificates.body")}</p>
        </div>
        <GeneralErrorBoundary inShell />
      </>
    );
  }
  return <GeneralErrorBoundary inShell />;
}
