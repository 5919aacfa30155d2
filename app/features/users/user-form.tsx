/**
 * The portal user form (ADR 020): invite (with the email) or edit. Name, email, role (the roles the
 * user may not give are listed but disabled: no escalation), the flags primary (only for whoever
 * may hand it over, or on the primary user), billing, technical contact and device alerts, and the
 * site access: every site (not offered to a user restricted to listed sites under group
 * visibility), or the sites ticked. Read-only (a disabled fieldset) for a viewer. Billing and
 * technical contact are read-only, with the reason, unless this user may set them (`flags`: the
 * primary user or a super user, never on their own row; issue 24).
 */
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { PortalUserOptions } from "@contract";
import { CheckField, ChoiceList, FormErrors, initialValues, SelectField, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { useSchemaForm } from "~/ui/schema-form";
import { editSchema, inviteSchema } from "./schema";

export function UserForm({
  id,
  action,
  intent,
  values,
  options,
  invite,
  editable,
  showPrimary,
  flags,
  lastResult,
  saveLabel,
}: {
  id: string;
  action: string;
  intent: string;
  values: Record<string, unknown>;
  options: PortalUserOptions;
  invite: boolean;
  editable: boolean;
  showPrimary: boolean;
  /** Whether billing and technical contact may be changed here; else why not (a translation key). */
  flags: true | "users:errors.flagsPrimaryOnly" | "users:errors.ownFlags";
  lastResult: SubmissionResult<string[]> | undefined;
  saveLabel: string;
}) {
  const { t } = useTranslation("users");
  const schema = invite ? inviteSchema : editSchema;
  const [form, fields] = useSchemaForm(id, schema, values, lastResult);
  const siteMeta = fields.site_ids as unknown as { initialValue?: unknown; errorId: string; errors?: string[] };
  return (
    <ValidatedForm form={form} action={action} preventScrollReset>
      <fieldset disabled={!editable} className="plain-fieldset">
        <FormErrors formId={form.id} />
        <TextField field={fields.name as never} label={t("field.name")} autoComplete="off" />
        {invite ? <TextField field={fields.email as never} label={t("field.email")} type="email" autoComplete="off" hint={t("field.email_hint")} /> : null}
        <SelectField field={fields.role_id as never} label={t("field.role")} hint={t("field.role_hint")}>
          <option value="">{t("field.choose_role")}</option>
          {options.roles.map((r) => (
            <option key={r.id} value={r.id} disabled={!r.grantable}>
              {r.grantable ? r.name : t("field.role_not_grantable", { name: r.name })}
            </option>
          ))}
        </SelectField>
        <fieldset className="choice-list">
          <legend>{t("field.flags")}</legend>
          {showPrimary ? <CheckField field={fields.primary as never} label={t("flag.primary")} hint={t("field.primary_hint")} /> : null}
          <fieldset className="plain-fieldset" disabled={flags !== true} aria-describedby={flags === true ? undefined : `${id}-flags-hint`}>
            <CheckField field={fields.billing as never} label={t("flag.billing")} />
            <CheckField field={fields.technical as never} label={t("flag.technical")} />
            {flags === true ? null : (
              <p className="hint" id={`${id}-flags-hint`}>
                {t(flags)}
              </p>
            )}
          </fieldset>
          <CheckField field={fields.device_alerts as never} label={t("flag.device_alerts")} hint={t("field.device_alerts_hint")} />
        </fieldset>
        {options.sites_only ? null : <CheckField field={fields.every_site as never} label={t("field.every_site")} />}
        <ChoiceList
          legend={t("field.sites")}
          before={<p className="hint">{t(options.sites_only ? "field.sites_hint_own" : "field.sites_hint")}</p>}
          name="site_ids"
          type="checkbox"
          choices={options.sites.map((s) => ({ value: String(s.id), label: s.name }))}
          checked={initialValues(siteMeta.initialValue)}
          errorId={siteMeta.errorId}
          errors={siteMeta.errors}
          idPrefix={`${id}-site`}
        />
        {editable ? (
          <div className="actions">
            <SubmitButton name="intent" value={intent}>
              {saveLabel}
            </SubmitButton>
          </div>
        ) : null}
      </fieldset>
    </ValidatedForm>
  );
}
