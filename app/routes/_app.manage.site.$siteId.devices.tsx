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
import { parseSubmission } from "~/forms/submission";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Device } from "@contract";
import { requireAccess } from "~/access/guard.server";
import { redirectWithNotice } from "~/features/action-outcome.server";
import { AppStatus, DeviceStatus, shownDevice } from "~/features/manage/devices";
import { connectDeviceSchema, deviceCode } from "~/features/manage/site-extras";
import { loadManagedSite, requireSiteEditor, siteIdParam } from "~/features/manage/sites.server";
import { invalid, refused } from "~/features/manage/tab-actions.server";
import { TabNotice } from "~/features/manage/tab-notice";
import type { Locale } from "~/i18n/config";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { FormErrors, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const id = siteIdParam(params);
  const { site, can } = await loadManagedSite(access, id);
  const devices = await upstreamLoad(access.viewer.api("devices", { params: { siteId: id } }));
  const locale = access.viewer.locale as Locale;
  return data(
    {
      title: `${t("manage:site.tab.devices")} · ${site.name} · Gatehouse`,
      site: { id: site.id, name: site.name },
      can,
      latestVersion: access.config.latest_app_version,
      devices: devices.map((d) => shownDevice(d, site.timezone, locale)),
    },
    { headers: access.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, id } = await requireSiteEditor(request, params);
  const form = await request.formData();
  if (form.get("intent") !== "connect") throw new Response("Bad request", { status: 400 });
  const submission = parseSubmission(form, { schema: connectDeviceSchema });
  if (submission.status !== "success") return invalid("connect", null, submission);
  let device: Device;
  try {
    device = await viewer.api("connectDevice", { params: { siteId: id }, body: { code: deviceCode(submission.value.code), name: submission.value.name } });
  } catch (err) {
    return refused(err, "connect", null, submission, ["code", "name"]);
  }
  return redirectWithNotice(request, viewer, `/manage/site/${id}/devices`, { key: "manage:devices.connected", values: { name: device.name }, tone: "success" });
}

export default function SiteDevicesTab() {
  const { site, can, devices, latestVersion } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("manage");
  const path = `/manage/site/${site.id}/devices`;
  const [form, fields] = useForm<{ code: string | undefined; name: string | undefined }, any>({
    id: "device-connect",
    lastResult: actionData?.intent === "connect" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: connectDeviceSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <h2>{t("site.tab.devices")}</h2>
      <TabNotice notice={actionData?.notice} />
      {devices.length === 0 ? (
        <p className="empty-state">{t("devices.empty")}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t("devices.caption", { count: devices.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("devices.column.name")}</th>
                <th scope="col">{t("devices.column.status")}</th>
                <th scope="col">{t("devices.column.app")}</th>
                <th scope="col">{t("devices.column.version")}</th>
                <th scope="col">{t("devices.column.last_seen")}</th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
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
