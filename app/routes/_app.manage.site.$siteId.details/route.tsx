/**
 * /manage/site/{id}/details — a site's or event's details (platform §3, §5): name, address, reply-to
 * name and email, timezone, language, and an event's dates (entered in the site's zone, locked once
 * the event has begun). Editors of the site's kind save; viewers see the same form read-only.
 * Delete the site by typing its name. Every form works without JavaScript; a 400 keeps what was
 * typed and says what to fix.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { resultFor } from "~/forms/action-result";
import { localAt } from "~/features/manage/local-time";
import { DATES_BEFORE, siteDetailsSchema, timezones } from "~/features/manage/schemas";
import { siteTabAction } from "~/features/manage/site-tab-action.server";
import { loadManagedSite, siteIdParam } from "~/features/manage/sites.server";
import { LOCALE_NAMES } from "~/i18n/config";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { DateTimeField, EditableFields } from "~/ui/fields";
import { SelectField, TextField, ValidatedForm } from "~/ui/form";
import { DeleteByName } from "~/ui/delete-by-name";
import { pageTitle } from "~/ui/meta";
import { remove, save, type DetailsValues } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "sites")]);
  const { site, can } = await loadManagedSite(access, siteIdParam(params));
  return data(
    {
      title: `${t("site.tab.details")} · ${site.name} · Gatehouse`,
      site: {
        id: site.id,
        name: site.name,
        event: site.type === "event",
        datesLocked: site.dates_locked,
        values: {
          name: site.name,
          address: site.address ?? "",
          reply_to_name: site.reply_to_name ?? "",
          reply_to_email: site.reply_to_email ?? "",
          timezone: site.timezone,
          locale: site.locale,
          active_from: site.active_from ? localAt(site.active_from, site.timezone) : "",
          active_until: site.active_until ? localAt(site.active_until, site.timezone) : "",
        },
      },
      can,
      timezones: timezones(),
      locales: Object.entries(LOCALE_NAMES).map(([value, label]) => ({ value, label })),
    },
    { headers: access.headers },
  );
}

/** Save the details, or delete the site: one handler per intent (any other intent: 400). */
export const action = (args: ActionFunctionArgs) => siteTabAction(args, { save, delete: remove });

export default function SiteDetailsTab() {
  const { site, can, timezones, locales } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("sites");
  const path = `/manage/site/${site.id}/details`;
  const [form, fields] = useForm<DetailsValues, any>({
    id: "site-details",
    lastResult: resultFor(actionData, "save"),
    defaultValue: site.values,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: siteDetailsSchema(site.event, site.datesLocked) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <h2>{t("site.tab.details")}</h2>
      <ValidatedForm form={form} action={path} preventScrollReset>
        <EditableFields editable={can.edit} legend={t("site.tab.details")} formId={form.id} saveLabel={t("details.save")}>
        <TextField field={fields.name} label={t(site.event ? "sites:field.event_name" : "sites:field.site_name")} autoComplete="off" />
        <TextField field={fields.address} label={t("field.address")} autoComplete="off" />
        <TextField field={fields.reply_to_name} label={t("field.reply_to_name")} autoComplete="off" />
        <TextField field={fields.reply_to_email} label={t("field.reply_to_email")} type="email" hint={t("field.reply_to_email_hint")} autoComplete="off" />
        <SelectField field={fields.timezone} label={t("field.timezone")}>
          {timezones.map((tz) => (
            <option key={tz} value={tz}>
              {tz}
            </option>
          ))}
        </SelectField>
        <SelectField field={fields.locale} label={t("field.locale")}>
          {locales.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </SelectField>
        {site.event ? (
          <>
            {site.datesLocked ? <p className="hint">{t("details.dates_locked")}</p> : null}
            <DateTimeField max={DATES_BEFORE} field={fields.active_from} label={t("field.active_from")} hint={t("field.site_time_hint")} disabled={site.datesLocked} />
            <DateTimeField max={DATES_BEFORE} field={fields.active_until} label={t("field.active_until")} disabled={site.datesLocked} />
          </>
        ) : null}
        </EditableFields>
      </ValidatedForm>

      {can.edit ? (
        <DeleteByName
          id="site-delete"
          name={site.name}
          action={path}
          lastResult={resultFor(actionData, "delete")}
          heading={t(site.event ? "sites:details.delete_event" : "sites:details.delete_site")}
          warning={t("details.delete_warning", { name: site.name })}
          confirmLabel={t("details.delete_confirm", { name: site.name })}
        />
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
