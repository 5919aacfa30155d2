/**
 * /manage/account/sso/configuration — the single sign-on configuration (platform §2, §3; ADR 024):
 * provider (google, azure or okta), the email domain and its verification (a DNS TXT record or a
 * code mailed to an address at the domain), the provider's client id, write-only secret and host,
 * the clients it applies to, and the default permissions (the role new SSO users get). Only a
 * verified domain is enabled. A 403 from the configuration call means "not authorised for these
 * settings" (platform §8): said on the page, with its status. Every form works without JavaScript.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SSO_PROVIDERS } from "@contract";
import { requireAccess } from "~/access/guard.server";
import { mayEdit } from "~/access/outcome";
import { pageNotice, resultFor } from "~/forms/action-result";
import { configSchema } from "~/features/sso/schemas";
import { loadList, loadSsoConfig, ssoTabAction } from "~/features/sso/sso.server";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { EditableFields } from "~/ui/fields";
import { ChoiceList, initialValues, SelectField, TextField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { checkCode, checkDns, disable, enable, save, startDns, startEmail } from "./actions.server";
import { Verification } from "./verification";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "sso")]);
  const title = `${t("tab.configuration")} · ${t("title")} · Gatehouse`;
  const loaded = await loadSsoConfig(access);
  // Platform §8: the call's 403 means "not authorised for these settings", a page that says so (not an error page).
  if (loaded.state === "forbidden") return data({ title, forbidden: true as const }, { headers: access.headers });
  const [roles, clients] = await Promise.all([loadList(() => access.viewer.api("clientRoles")), loadList(() => access.viewer.api("clients"))]);
  const config = loaded.state === "ok" ? loaded.config : null;
  return data(
    {
      title,
      forbidden: false as const,
      config,
      editable: mayEdit(access.path, access.ctx),
      own: access.config.client.global_client_id,
      roles: roles.map((r) => ({ value: String(r.id), label: r.name })),
      clients: clients.map((c) => ({ value: c.id, label: c.name })),
    },
    { headers: access.headers },
  );
}

export const action = (args: ActionFunctionArgs) =>
  ssoTabAction(args, { save, "start-dns": startDns, "start-email": startEmail, "check-dns": checkDns, "check-code": checkCode, enable, disable });

export default function SsoConfigurationTab() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation("sso");
  if (loaded.forbidden) {
    return (
      <section aria-labelledby="sso-config-heading">
        <h2 id="sso-config-heading">{t("tab.configuration")}</h2>
        <p role="alert" className="notice notice--error">
          {t("configuration.not_authorised")}
        </p>
      </section>
    );
  }
  return <ConfigurationForms {...loaded} />;
}

type ConfigValues = { type?: string; domain?: string; client_id?: string; client_secret?: string; provider_host?: string; clients?: string[]; default_role_id?: string };
type Loaded = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { forbidden: true }>;

function ConfigurationForms({ config, editable, own, roles, clients }: Loaded) {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("sso");
  const path = "/manage/account/sso/configuration";
  const lastSave = resultFor(actionData, "save");
  const [form, fields] = useForm<ConfigValues, any>({
    id: "sso-config",
    lastResult: lastSave,
    defaultValue: {
      type: config?.type ?? "",
      domain: config?.domain ?? "",
      client_id: config?.provider.client_id ?? "",
      provider_host: config?.provider.provider_host ?? "",
      clients: config?.clients.map((c) => c.id).filter((id) => id !== own) ?? [],
      default_role_id: config?.default_permissions.role_id ? String(config.default_permissions.role_id) : "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: configSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const others = clients.filter((c) => c.value !== own);
  return (
    <>
      <h2>{t("tab.configuration")}</h2>
      <ActionNotice notice={pageNotice(actionData)} />
      {config ? (
        <p className="sso-status">
          <span className={`badge ${config.enabled ? "badge--success" : ""}`}>{t(config.enabled ? "configuration.state_enabled" : "configuration.state_disabled")}</span>{" "}
          <span className={`badge ${config.domain_verified ? "badge--success" : ""}`}>{t(config.domain_verified ? "configuration.domain_verified" : "configuration.domain_unverified")}</span>
        </p>
      ) : (
        <p>{t("configuration.none")}</p>
      )}
      <ValidatedForm form={form} action={path} preventScrollReset>
        <EditableFields editable={editable} legend={t("tab.configuration")} formId={form.id} saveLabel={t("configuration.save")}>
          <SelectField field={fields.type} label={t("configuration.provider")}>
            <option value="">{t("configuration.choose")}</option>
            {SSO_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {t(`provider.${p}`)}
              </option>
            ))}
          </SelectField>
          <TextField field={fields.domain} label={t("configuration.domain")} hint={t("configuration.domain_hint")} autoComplete="off" />
          <TextField field={fields.client_id} label={t("configuration.client_id")} autoComplete="off" />
          <TextField
            field={fields.client_secret}
            type="password"
            label={t("configuration.client_secret")}
            hint={t(config?.has_client_secret ? "configuration.client_secret_kept" : "configuration.client_secret_hint")}
            autoComplete="new-password"
          />
          <TextField field={fields.provider_host} label={t("configuration.provider_host")} hint={t("configuration.provider_host_hint")} autoComplete="off" />
          {others.length ? (
            <ChoiceList
              legend={t("configuration.clients")}
              name={fields.clients.name}
              type="checkbox"
              choices={others}
              checked={initialValues(fields.clients.initialValue)}
              errorId={fields.clients.errorId}
              errors={fields.clients.errors}
              idPrefix="sso-client"
              before={<p className="hint">{t("configuration.clients_hint")}</p>}
            />
          ) : null}
          <SelectField field={fields.default_role_id} label={t("configuration.default_role")} hint={t("configuration.default_role_hint")}>
            <option value="">{t("configuration.choose")}</option>
            {roles.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </SelectField>
        </EditableFields>
      </ValidatedForm>
      {config ? <Verification config={config} editable={editable} action={path} answer={actionData} /> : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
