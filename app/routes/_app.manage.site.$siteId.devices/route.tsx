/**
 * /manage/site/{id}/devices — the site's kiosks (platform §4: online or offline, app up to date or
 * outdated — in words and an icon, never by colour alone), when each was last seen and its app
 * version; each opens its own page (devices/{device}: rename, disconnect). "Connect a device": the
 * 7-digit authorisation code the kiosk app shows (platform §9; spaces allowed) and a name; a wrong,
 * used or expired code shows the upstream's message on the code. Editors of the site's kind connect;
 * viewers see the list only.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { dispatch } from "~/forms/intents.server";
import { requireAccess } from "~/access/guard.server";
import { AppStatus, DeviceStatus, shownDevice } from "~/features/manage/devices";
import { connectDeviceSchema } from "~/features/manage/site-extras";
import { loadManagedSite, requireSiteEditor, siteIdParam } from "~/features/manage/sites.server";
import { ActionNotice } from "~/ui/notice";
import { pageNotice, resultFor } from "~/forms/action-result";
import type { Locale } from "~/i18n/config";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { DataTable } from "~/ui/data-table";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { FormErrors, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { connect } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "sites")]);
  const id = siteIdParam(params);
  const { site, can } = await loadManagedSite(access, id);
  const devices = await upstreamLoad(access.viewer.api("devices", { params: { siteId: id } }));
  const locale = access.viewer.locale as Locale;
  return data(
    {
      title: `${t("site.tab.devices")} · ${site.name} · Gatehouse`,
      site: { id: site.id, name: site.name },
      can,
      latestVersion: access.config.latest_app_version,
      devices: devices.map((d) => shownDevice(d, site.timezone, locale)),
    },
    { headers: access.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, id: siteId } = await requireSiteEditor(request, params);
  const form = await request.formData();
  return dispatch(form, { connect }, { request, viewer, siteId, form });
}

export default function SiteDevicesTab() {
  const { site, can, devices, latestVersion } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("sites");
  const path = `/manage/site/${site.id}/devices`;
  const [form, fields] = useForm<{ code: string | undefined; name: string | undefined }, any>({
    id: "device-connect",
    lastResult: resultFor(actionData, "connect"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: connectDeviceSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <h2>{t("site.tab.devices")}</h2>
      <ActionNotice notice={pageNotice(actionData)} />
      {devices.length === 0 ? (
        <p className="empty-state">{t("devices.empty")}</p>
      ) : (
        <DataTable
          caption={t("devices.caption", { count: devices.length })}
          columns={[t("devices.column.name"), t("devices.column.status"), t("devices.column.app"), t("devices.column.version"), t("devices.column.last_seen")]}
        >
          {devices.map((d) => (
            <tr key={d.id} data-device-id={d.id}>
              <th scope="row">
                <Link to={`${path}/${d.id}`}>{d.name}</Link>
              </th>
              <td>
                <DeviceStatus status={d.status} />
              </td>
              <td>
                <AppStatus status={d.appStatus} />
              </td>
              <td>{d.appVersion ?? t("devices.unknown_version")}</td>
              <td>{d.lastSeen ?? t("devices.never_seen")}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <p className="hint">{t("devices.latest_version", { version: latestVersion })}</p>

      {can.edit ? (
        <section className="tab-section" aria-labelledby="connect-device-heading">
          <h3 id="connect-device-heading">{t("devices.connect.heading")}</h3>
          <p>{t("devices.connect.intro")}</p>
          <ValidatedForm form={form} action={path} preventScrollReset>
            <FormErrors formId={form.id} />
            <TextField field={fields.code} label={t("devices.connect.code")} hint={t("devices.connect.code_hint")} inputMode="numeric" autoComplete="off" />
            <TextField field={fields.name} label={t("devices.field.name")} hint={t("devices.field.name_hint")} autoComplete="off" />
            <div className="actions">
              <SubmitButton name="intent" value="connect">
                {t("devices.connect.submit")}
              </SubmitButton>
            </div>
          </ValidatedForm>
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
