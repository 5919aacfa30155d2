import { isRouteErrorResponse, Link, useLocation, useRevalidator, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { RETRY_SECONDS } from "./meta";
import { useTranslation } from "react-i18next";
import { useRequestId } from "./request-id";

/**
 * One error boundary for every route, with a message per status: 403 Forbidden, 404 Page not
 * found, 503 (session store, upstream or token renewal unavailable), anything else generic.
 * It shows the translated message and the request id (for support), never the error itself.
 */
export function GeneralErrorBoundary({ inShell = false }: { inShell?: boolean } = {}) {
  const error = useRouteError();
  const { t } = useTranslation();
  const documentRequestId = useRequestId();
  // The id belongs to the document request; after a client-side navigation it would name another one.
  const requestId = useLocation().key === "default" ? documentRequestId : "";
  let status = 500;
  let reason = "";
  if (isRouteErrorResponse(error)) {
    status = error.status;
    reason = typeof error.data === "string" ? error.data : "";
  }
  // A passing outage (503) is tried again every 5 s (platform §4): a meta refresh without
  // JavaScript (`pageTitle`), a revalidation with it.
  const revalidator = useRevalidator();
  useEffect(() => {
    if (status !== 503) return;
    const timer = setTimeout(() => revalidator.revalidate(), RETRY_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [status, revalidator]);
  let title: string;
  let body: string;
  switch (status) {
    case 400:
      title = t("common:errors.bad_request_title");
      body = reason === "refused.control_characters" ? t("common:refused.control_characters_body") : t("common:errors.bad_request_body");
      break;
    case 413:
      title = t("common:refused.too_large_title");
      body = t("common:refused.too_large_body");
      break;
    case 403:
      title = t("common:errors.forbidden_title");
      body = t("common:errors.forbidden_body");
      break;
    case 404:
      title = t("common:errors.not_found_title");
      body = t("common:errors.not_found_body");
      break;
    case 503:
      // Renewing the tokens failed other than with a 4xx: the spec's "Failed to request new tokens" (§8).
      title = reason === "refresh" ? t("common:errors.refresh_failed") : t("common:errors.unavailable_title");
      body =
        reason === "store"
          ? t("common:errors.unavailable_store")
          : reason === "refresh"
            ? t("common:errors.unavailable_refresh")
            : t("common:errors.unavailable_upstream");
      break;
    default:
      title = t("common:errors.generic_title");
      body = t("common:errors.generic_reload");
  }
  const card = (
    <section className="card" aria-labelledby="error-title">
        <p className="eyebrow">{t("common:errors.status", { status })}</p>
        <h1 id="error-title">{title}</h1>
        <p>{body}</p>
        {requestId ? (
          <p className="muted">
            {t("common:errors.request_id")} <code>{requestId}</code>
          </p>
        ) : null}
      <p>
        <Link to="/" reloadDocument>
          {t("common:errors.back_home")}
        </Link>
      </p>
    </section>
  );
  // Inside the signed-in shell the page already has its <main>.
  if (inShell) return <div className="error-in-shell">{card}</div>;
  return (
    <main id="main" className="auth-page">
      {card}
    </main>
  );
}
