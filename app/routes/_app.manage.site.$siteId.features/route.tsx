/**
 * /manage/site/{id}/features — what the site's kiosk offers (contactless sign-in, visitor photos,
 * QR scanning), the geofence on sign in and on sign out with the site's location (platform §5, §9:
 * a radius within its bounds; under the recommended 150 m is allowed with a warning), the on-site
 * reports (platform §5: times unique, in 10-minute steps, each with a comma-separated email list;
 * without JavaScript the saved rows plus one empty row to add, an empty row ignored, a row ticked
 * "remove" removed), whether an empty report is sent, and the site's notice emails. One form, one
 * save (PATCH sites/{id}); viewers see it read-only.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { EditableFields } from "~/ui/fields";
import { ActionNotice } from "~/ui/notice";
import { pageNotice, resultFor } from "~/forms/action-result";
import { FEATURE_FLAGS, featuresSchema, RADIUS_RECOMMENDED, REPORT_TIMES } from "~/features/manage/site-tabs";
import { siteTabAction } from "~/features/manage/site-tab-action.server";
import { loadManagedSite, siteIdParam } from "~/features/manage/sites.server";
import type { Locale } from "~/i18n/config";
import { formatClock } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { CheckField, FieldErrors, SelectField, TextField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { save } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "sites")]);
  const { site, can } = await loadManagedSite(access, siteIdParam(params));
  return data(
    {
      title: `${t("site.tab.features")} · ${site.name} · Gatehouse`,
      site: { id: site.id, name: site.name },
      can,
      values: {
        ...Object.fromEntries(FEATURE_FLAGS.map((f) => [f, site[f]])),
        lat: site.location ? String(site.location.lat) : "",
        lng: site.location ? String(site.location.lng) : "",
        radius: site.location ? String(site.location.radius) : "",
        // The saved reports, and one empty row to add another.
        schedules: [...site.on_site_report_schedules.map((s) => ({ time: s.time, emails: s.emails })), { time: "", emails: "" }],
        send_empty: site.send_empty,
        emails: site.emails ?? "",
      },
    },
    { headers: access.headers },
  );
}

export const action = (args: ActionFunctionArgs) => siteTabAction(args, { save });

type ScheduleValues = { time: string | undefined; emails: string | undefined; remove: boolean | undefined };
type FeatureValues = Record<(typeof FEATURE_FLAGS)[number], boolean | undefined> & {
  lat: string | undefined;
  lng: string | undefined;
  radius: string | undefined;
  schedules: ScheduleValues[] | undefined;
  send_empty: boolean | undefined;
  emails: string | undefined;
};

export default function FeaturesTab() {
  const { site, can, values } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Once saved, the form starts again from what the upstream stored (with a fresh empty report row).
  return <FeaturesForm key={JSON.stringify(values)} site={site} can={can} values={values} actionData={actionData} />;
}

function FeaturesForm({ site, can, values, actionData }: Omit<ReturnType<typeof useLoaderData<typeof loader>>, "title"> & { actionData: ReturnType<typeof useActionData<typeof action>> }) {
  const { t, i18n } = useTranslation("sites");
  const [form, fields] = useForm<FeatureValues, any>({
    id: "site-features",
    lastResult: resultFor(actionData, "save"),
    defaultValue: values,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: featuresSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const radius = fields.radius.value ?? values.radius;
  const smallRadius = /^\d+$/.test(radius) && Number(radius) < RADIUS_RECOMMENDED;
  const rows = fields.schedules.getFieldList();
  return (
    <>
      <h2>{t("site.tab.features")}</h2>
      <ActionNotice notice={pageNotice(actionData)} />
      <ValidatedForm form={form} action={`/manage/site/${site.id}/features`} preventScrollReset>
        <EditableFields editable={can.edit} legend={t("site.tab.features")} formId={form.id} saveLabel={t("features.save")}>

        <fieldset className="form-section">
          <legend>{t("features.kiosk")}</legend>
          <CheckField field={fields.contactless} label={t("features.field.contactless")} hint={t("features.field.contactless_hint")} />
          <CheckField field={fields.visitor_photos} label={t("features.field.visitor_photos")} hint={t("features.field.visitor_photos_hint")} />
          <CheckField field={fields.qr_scanning} label={t("features.field.qr_scanning")} hint={t("features.field.qr_scanning_hint")} />
        </fieldset>

        <fieldset className="form-section">
          <legend>{t("features.location")}</legend>
          <p className="hint">{t("features.location_hint")}</p>
          <div className="field-row">
            <TextField field={fields.lat} label={t("features.field.lat")} autoComplete="off" />
            <TextField field={fields.lng} label={t("features.field.lng")} autoComplete="off" />
            <TextField field={fields.radius} label={t("features.field.radius")} inputMode="numeric" autoComplete="off" />
          </div>
          {smallRadius ? (
            <p className="warning" role="status">
              {t("features.radius_warning", { min: RADIUS_RECOMMENDED })}
            </p>
          ) : null}
          <CheckField field={fields.geofence_sign_in} label={t("features.field.geofence_sign_in")} hint={t("features.field.geofence_sign_in_hint")} />
          <CheckField field={fields.geofence_sign_out} label={t("features.field.geofence_sign_out")} hint={t("features.field.geofence_sign_out_hint")} />
        </fieldset>

        <fieldset className="form-section">
          <legend>{t("features.reports")}</legend>
          <p className="hint">{t("features.reports_hint")}</p>
          <FieldErrors id={fields.schedules.errorId} errors={fields.schedules.errors} />
          <ol className="report-rows">
            {rows.map((row, i) => {
              const r = row.getFieldset();
              return (
                <li key={row.key} className="report-row">
                  <SelectField field={r.time} label={t("features.field.report_time", { n: i + 1 })}>
                    <option value="">{t("features.no_time")}</option>
                    {REPORT_TIMES.map((time) => (
                      <option key={time} value={time}>
                        {formatClock(time, i18n.language as Locale)}
                      </option>
                    ))}
                  </SelectField>
                  <TextField field={r.emails} label={t("features.field.report_emails", { n: i + 1 })} autoComplete="off" />
                  <CheckField field={r.remove} label={t("features.field.report_remove", { n: i + 1 })} />
                </li>
              );
            })}
          </ol>
          <p className="hint">{t("features.reports_add_hint")}</p>
          <CheckField field={fields.send_empty} label={t("features.field.send_empty")} />
        </fieldset>

        <fieldset className="form-section">
          <legend>{t("features.notices")}</legend>
          <TextField field={fields.emails} label={t("features.field.emails")} hint={t("features.field.emails_hint")} autoComplete="off" />
        </fieldset>

        </EditableFields>
      </ValidatedForm>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
