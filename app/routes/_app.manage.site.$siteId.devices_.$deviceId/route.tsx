/**
 * /manage/site/{id}/devices/{device} — one kiosk of a site: its state in words (platform §4), when
 * it was connected and last seen, its app version; rename it, or disconnect it (its token stops
 * working). The file is `devices_.$deviceId` on purpose: the page is a sibling of the devices list,
 * rendered in the site layout's tab panel in place of the list (not inside the list's Outlet), and
 * the Devices tab stays current. Disconnecting has a confirm step that is a plain GET
 * (`?disconnect`), so it works without JavaScript; the upstream decides whether the device is this
 * site's (another site's device id is a 404).
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import type { Params } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { dispatch } from "~/forms/intents.server";
import { requireAccess } from "~/access/guard.server";
import { postedId } from "~/forms/action-result.server";
import { AppStatus, DeviceStatus, shownDevice } from "~/features/manage/devices";
import { renameDeviceSchema } from "~/features/manage/site-extras";
import { loadManagedSite, requireSiteEditor, siteIdParam } from "~/features/manage/sites.server";
import { ActionNotice } from "~/ui/notice";
import { pageNotice, resultFor } from "~/forms/action-result";
import type { Locale } from "~/i18n/config";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { FormErrors, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { disconnect, rename } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

function deviceIdParam(params: Params): number {
  const id = postedId(params.deviceId);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "sites")]);
  const siteId = siteIdParam(params);
  const deviceId = deviceIdParam(params);
  const { site, can } = await loadManagedSite(access, siteId);
  const device = await upstreamLoad(access.viewer.api("device", { params: { siteId, deviceId } }));
  return data(
    {
      title: `${device.name} · ${t("site.tab.devices")} · ${site.name} · Gatehouse`,
      site: { id: site.id, name: site.name },
      can,
      latestVersion: access.config.latest_app_version,
      device: shownDevice(device, site.timezone, access.viewer.locale as Locale),
    },
    { headers: access.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, id: siteId } = await requireSiteEditor(request, params);
  const deviceId = deviceIdParam(params);
  const form = await request.formData();
  const args = { request, viewer, siteId, deviceId, form };
  return dispatch(form, { disconnect, rename }, args);
}

export default function SiteDevicePage() {
  const { site, can, device, latestVersion } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation("sites");
  const list = `/manage/site/${site.id}/devices`;
  const path = `${list}/${device.id}`;
  const confirming = can.edit && searchParams.has("disconnect");
  const [form, fields] = useForm<{ name: string | undefined }, any>({
    id: `device-rename-${device.id}`,
    lastResult: resultFor(actionData, "rename", device.id),
    defaultValue: { name: device.name },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: renameDeviceSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <p>
        <Link to={list}>{t("devices.back")}</Link>
      </p>
      <h2>{device.name}</h2>
      <ActionNotice notice={pageNotice(actionData)} />
      <dl className="details">
        <dt>{t("devices.column.status")}</dt>
        <dd>
          <DeviceStatus status={device.status} />
        </dd>
        <dt>{t("devices.column.app")}</dt>
        <dd>
          <AppStatus status={device.appStatus} />
        </dd>
        <dt>{t("devices.column.version")}</dt>
        <dd>
          {device.appVersion ?? t("devices.unknown_version")}
          {device.appStatus === "outdated" ? <span className="muted"> · {t("devices.latest_version", { version: latestVersion })}</span> : null}
        </dd>
        <dt>{t("devices.column.last_seen")}</dt>
        <dd>{device.lastSeen ?? t("devices.never_seen")}</dd>
        <dt>{t("devices.column.connected")}</dt>
        <dd>{device.connected}</dd>
      </dl>

      {can.edit ? (
        <>
          <section className="tab-section" aria-labelledby="rename-device-heading">
            <h3 id="rename-device-heading">{t("devices.rename.heading")}</h3>
            <ValidatedForm form={form} action={path} preventScrollReset>
              <FormErrors formId={form.id} />
              <TextField field={fields.name} label={t("devices.field.name")} autoComplete="off" />
              <div className="actions">
                <SubmitButton name="intent" value="rename">
                  {t("devices.rename.submit")}
                </SubmitButton>
              </div>
            </ValidatedForm>
          </section>

          <section className="danger-zone" aria-labelledby="disconnect-device-heading">
            <h3 id="disconnect-device-heading">{t("devices.disconnect.heading")}</h3>
            {confirming ? (
              <Form method="post" action={path} className="confirm-step">
                <p>
                  <strong>{t("devices.disconnect.confirm", { name: device.name })}</strong>
                </p>
                <p>{t("devices.disconnect.warning")}</p>
                <div className="actions">
                  <SubmitButton name="intent" value="disconnect">
                    {t("devices.disconnect.submit")}
                  </SubmitButton>
                  <Link to={path} preventScrollReset>
                    {t("devices.disconnect.cancel")}
                  </Link>
                </div>
              </Form>
            ) : (
              <>
                <p>{t("devices.disconnect.warning")}</p>
                <Link to={`${path}?disconnect`} className="button button--secondary" preventScrollReset>
                  {t("devices.disconnect.start")}
                </Link>
              </>
            )}
          </section>
        </>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
