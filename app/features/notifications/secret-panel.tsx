/**
 * A webhook's secret, generated just now, shown this once (ADR 028): read-only, selectable, with
 * what it is for and that it will not be shown again.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { notificationPath } from "./paths";

/** The answer of a save that generated a webhook secret: shown this once (never through the session). */
export interface SecretShown {
  intent: "secret";
  id: number;
  secret: string;
}

export const isSecretShown = (a: unknown): a is SecretShown => Boolean(a && typeof a === "object" && (a as SecretShown).intent === "secret");

export function SecretPanel({ id, secret }: { id: number; secret: string }) {
  const { t } = useTranslation("notifications");
  return (
    <section className="notice notice--success" aria-labelledby="secret-heading" role="status">
      <h2 id="secret-heading">{t("form.secret_shown_heading")}</h2>
      <p>{t("form.secret_shown_intro")}</p>
      <div className="field">
        <label htmlFor="webhook-secret">{t("form.secret")}</label>
        <input id="webhook-secret" type="text" readOnly value={secret} className="monospace" />
      </div>
      <p>
        <Link to={notificationPath(id)}>{t("form.secret_continue")}</Link>
      </p>
    </section>
  );
}
