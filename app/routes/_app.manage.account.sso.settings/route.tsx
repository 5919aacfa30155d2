/**
 * /manage/account/sso/settings — how single sign-on applies (ManageUser.viewer; editor to change;
 * ADR 024): enforce it for the domain's people (password sign-in refused, with a clear message)
 * only after a successful test sign-in since the last change and with a break-glass account that
 * can always sign in with a password; auto-approve new people of the verified domain with the
 * default role (off by default). The default role itself is the configuration's.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { mayEdit, opensScreen } from "~/access/outcome";
import { pageNotice, resultFor } from "~/forms/action-result";
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { settingsSchema } from "~/features/sso/schemas";
import { loadList, loadSsoConfig, ssoTabAction, type SsoAction } from "~/features/sso/sso.server";
import { SSO_PATH } from "~/features/sso/paths";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { EditableFields } from "~/ui/fields";
import { CheckField, SelectField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";

export const meta: MetaFunction<typeof loader> = pageTitle;
const HERE = `${SSO_PATH}/settings`;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t, locale }] = await Promise.all([requireAccess(request), translator(request, "sso")]);
  const loaded = await loadSsoConfig(access);
  const title = `${t("tab.settings")} · ${t("title")} · Gatehouse`;
  const configurable = opensScreen(`${SSO_PATH}/configuration`, access.ctx);
  if (loaded.state !== "ok") return data({ title, config: null, configurable, editable: false, roleName: null, tested: null }, { headers: access.headers });
  const roles = await loadList(() => access.viewer.api("clientRoles"));
  const { config } = loaded;
  const when = new Intl.DateTimeFormat(locale.replace("_", "-"), { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const { tested_at, changed_at } = config.settings;
  return data(
    {
      title,
      config,
      configurable,
      editable: mayEdit(access.path, access.ctx),
      roleName: roles.find((r) => r.id === config.default_permissions.role_id)?.name ?? null,
      tested: tested_at && tested_at >= changed_at ? `${when.format(new Date(tested_at))} UTC` : null,
    },
    { headers: access.headers },
  );
}

async function save(a: SsoAction) {
  const intent = { intent: "save" };
  const submission = parseSubmission(a.form, { schema: settingsSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  const v = submission.value;
  try {
    await a.access.viewer.api("saveSsoSettings", {
      params: { clientId: a.clientId },
      body: { enforced: v.enforced ?? false, auto_approve: v.auto_approve ?? false, break_glass_user_id: typeof v.break_glass_user_id === "number" ? v.break_glass_user_id : null },
    });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["enforced", "auto_approve", "break_glass_user_id"], notFound: "sso:messages.notConfigured" });
  }
  return done(a.request, a.access.viewer, HERE, { key: "sso:settings.saved", tone: "success" });
}

export const action = (args: ActionFunctionArgs) => ssoTabAction(args, { save });

export default function SsoSettingsTab() {
  const { config, configurable, editable, roleName, tested } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("sso");
  const s = config?.settings;
  const [form, fields] = useForm<{ enforced?: boolean; auto_approve?: boolean; break_glass_user_id?: string }, any>({
    id: "sso-settings",
    lastResult: resultFor(actionData, "save"),
    defaultValue: { enforced: s?.enforced ? "on" : undefined, auto_approve: s?.auto_approve ? "on" : undefined, break_glass_user_id: s?.break_glass_user_id ? String(s.break_glass_user_id) : "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsSchema }),
    shouldValidate: "onSubmit",
  });
  if (!config || !s) {
    return (
      <>
        <h2>{t("tab.settings")}</h2>
        <p>{t("settings.not_configured")}</p>
        {configurable ? <Link to={`${SSO_PATH}/configuration`}>{t("settings.configure")}</Link> : null}
      </>
    );
  }
  return (
    <>
      <h2>{t("tab.settings")}</h2>
      <ActionNotice notice={pageNotice(actionData)} />
      <dl className="sso-record">
        <dt>{t("settings.default_role")}</dt>
        <dd>
          {roleName ?? t("settings.no_default_role")} {configurable ? <Link to={`${SSO_PATH}/configuration`}>{t("settings.change_in_configuration")}</Link> : null}
        </dd>
        <dt>{t("settings.test")}</dt>
        <dd>{tested ? t("settings.tested", { when: tested }) : t("settings.untested", { domain: config.domain })}</dd>
      </dl>
      <ValidatedForm form={form} action={HERE} preventScrollReset>
        <EditableFields editable={editable} legend={t("tab.settings")} formId={form.id} saveLabel={t("settings.save")}>
          <SelectField field={fields.break_glass_user_id} label={t("settings.break_glass")} hint={t("settings.break_glass_hint")}>
            <option value="">{t("settings.none")}</option>
            {s.break_glass_candidates.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name} ({c.email})
              </option>
            ))}
          </SelectField>
          <CheckField field={fields.enforced} label={t("settings.enforce")} hint={t("settings.enforce_hint", { domain: config.domain })} />
          <CheckField field={fields.auto_approve} label={t("settings.auto_approve")} hint={t("settings.auto_approve_hint", { domain: config.domain })} />
        </EditableFields>
      </ValidatedForm>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
