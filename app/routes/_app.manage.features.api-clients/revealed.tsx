/**
 * The client just created, with its secret: shown on this page load only (the session held it for
 * one read), with copy buttons when JavaScript runs. Nothing else ever shows the secret again.
 */
import { useTranslation } from "react-i18next";
import { CopyButton } from "~/ui/copy-button";

export function Revealed({ revealed }: { revealed: { name: string; client_id: string; secret: string } }) {
  const { t } = useTranslation("features");
  return (
    <section className="revealed" id="created" aria-labelledby="created-heading">
      <h2 id="created-heading">{t("api_clients.created", { name: revealed.name })}</h2>
      <p>
        <strong>{t("api_clients.secret_once")}</strong>
      </p>
      <div className="field">
        <label htmlFor="created-client-id">{t("api_clients.client_id")}</label>
        <input id="created-client-id" readOnly value={revealed.client_id} spellCheck={false} autoComplete="off" />
        <CopyButton target="created-client-id" label={t("api_clients.copy_client_id")} />
      </div>
      <div className="field">
        <label htmlFor="created-secret">{t("api_clients.secret")}</label>
        <input id="created-secret" readOnly value={revealed.secret} spellCheck={false} autoComplete="off" />
        <CopyButton target="created-secret" label={t("api_clients.copy_secret")} />
      </div>
    </section>
  );
}
