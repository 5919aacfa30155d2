/** The "Add a site" / "Add an event" dialog (a route over the overview; a page without JavaScript). */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageNotice, resultFor, type ActionResult } from "~/forms/action-result";
import { RouteDialog } from "~/ui/dialog";
import { FormErrors, SelectField, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { DATES_BEFORE, newSiteSchema } from "./schemas";
import type { SiteKind } from "./sites.server";
import { DateTimeField } from "~/ui/fields";
import { ActionNotice } from "~/ui/notice";

/** The form has one submit button and no intent field: its answers are about "create". */
export const NEW_SITE_INTENT = "create";

interface NewSiteData {
  kind: SiteKind;
  timezones: string[];
  locales: { value: string; label: string }[];
  defaults: { timezone: string; locale: string };
}

export function NewSiteDialog() {
  const d = useLoaderData<NewSiteData>();
  const actionData = useActionData<ActionResult>();
  const { t } = useTranslation("sites");
  const event = d.kind === "events";
  const [form, fields] = useForm<Record<"name" | "type" | "reply_to_email" | "timezone" | "locale" | "active_from" | "active_until", string | undefined>, any>({
    id: `new-${d.kind}`,
    lastResult: resultFor(actionData, NEW_SITE_INTENT),
    defaultValue: { ...d.defaults, type: "standard" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newSiteSchema(event) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const base = `/manage/overview/${d.kind}`;
  return (
    <RouteDialog title={t(`new.${d.kind}.heading`)} closeTo={base}>
      <ValidatedForm form={form} action={`${base}/new`}>
        <ActionNotice notice={pageNotice(actionData)} />
        <FormErrors formId={form.id} />
        <TextField field={fields.name} label={t(event ? "sites:field.event_name" : "sites:field.site_name")} autoComplete="off" />
        {event ? null : (
          <SelectField field={fields.type} label={t("field.site_type")} hint={t("field.site_type_hint")}>
            <option value="standard">{t("site_type.standard")}</option>
            <option value="remote">{t("site_type.remote")}</option>
          </SelectField>
        )}
        <TextField field={fields.reply_to_email} label={t("field.reply_to_email")} type="email" hint={t("field.reply_to_email_hint")} autoComplete="off" />
        <SelectField field={fields.timezone} label={t("field.timezone")}>
          {d.timezones.map((tz) => (
            <option key={tz} value={tz}>
              {tz}
            </option>
          ))}
        </SelectField>
        <SelectField field={fields.locale} label={t("field.locale")}>
          {d.locales.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </SelectField>
        {event ? (
          <>
            <DateTimeField max={DATES_BEFORE} field={fields.active_from} label={t("field.active_from")} hint={t("field.site_time_hint")} />
            <DateTimeField max={DATES_BEFORE} field={fields.active_until} label={t("field.active_until")} />
          </>
        ) : null}
        <div className="actions">
          <SubmitButton>{t(`new.${d.kind}.submit`)}</SubmitButton>
        </div>
      </ValidatedForm>
    </RouteDialog>
  );
}
