/**
 * /manage/site/{id}/sign-in-points — named QR codes placed around a site that the companion app
 * scans to sign in. Each shows its QR code (drawn on the server as an SVG data URL, which the CSP's
 * `img-src data:` allows) and the value it holds; editors add, rename (`?edit=<id>`) and delete
 * (after the kit's confirmation: its printed code stops working) on this page, without JavaScript
 * too. Row ids come from the form and the upstream decides whether they are this site's.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { dispatch } from "~/forms/intents.server";
import { qrDataUrl } from "~/ui/qr.server";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { signInPointSchema } from "~/features/manage/site-extras";
import { loadManagedSite, requireSiteEditor, siteIdParam } from "~/features/manage/sites.server";
import { ActionNotice } from "~/ui/notice";
import { asNotice, pageNotice, resultFor } from "~/forms/action-result";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { FormErrors, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { add, remove, rename } from "./actions.server";
import { PointCard } from "./point-card";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "sites")]);
  const id = siteIdParam(params);
  const { site, can } = await loadManagedSite(access, id);
  const points = await upstreamLoad(access.viewer.api("signInPoints", { params: { siteId: id } }));
  return data(
    {
      title: `${t("site.tab.sign-in-points")} · ${site.name} · Gatehouse`,
      site: { id: site.id, name: site.name },
      can,
      points: await Promise.all(points.map(async (p) => ({ id: p.id, name: p.name, value: p.qr_value, qr: await qrDataUrl(p.qr_value) }))),
    },
    { headers: access.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, id: siteId } = await requireSiteEditor(request, params);
  const form = await request.formData();
  const args = { request, viewer, siteId, form };
  return dispatch(form, { add, rename, delete: remove }, args);
}

export default function SiteSignInPointsTab() {
  const { site, can, points } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation("sites");
  const path = `/manage/site/${site.id}/sign-in-points`;
  const rowParam = (name: string) => {
    const v = searchParams.get(name);
    return v && /^\d{1,9}$/.test(v) ? Number(v) : null;
  };
  // The row being renamed: the one a failed rename was about, else the URL's.
  const renamed = actionData && actionData.intent === "rename" ? actionData.row : undefined;
  const editing = can.edit ? (renamed !== undefined ? renamed : rowParam("edit")) : null;
  const missing = editing !== null && !points.some((p) => p.id === editing);
  const [form, fields] = useForm<{ name: string | undefined }, any>({
    id: "point-add",
    lastResult: resultFor(actionData, "add"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInPointSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <h2>{t("site.tab.sign-in-points")}</h2>
      <p>{t("sign_in_points.intro")}</p>
      <ActionNotice notice={pageNotice(actionData) ?? asNotice(missing ? "common:rows.row_gone" : null)} />
      {points.length === 0 ? (
        <p className="empty-state">{t("sign_in_points.empty")}</p>
      ) : (
        <ul className="point-list" aria-label={t("sign_in_points.list")}>
          {points.map((p) => (
            <PointCard
              key={p.id}
              point={p}
              path={path}
              editable={can.edit}
              editing={editing === p.id}
              renameResult={resultFor(actionData, "rename", p.id)}
            />
          ))}
        </ul>
      )}

      {can.edit ? (
        <section className="tab-section" aria-labelledby="add-point-heading">
          <h3 id="add-point-heading">{t("sign_in_points.add.heading")}</h3>
          <ValidatedForm form={form} action={path} preventScrollReset>
            <FormErrors formId={form.id} />
            <TextField field={fields.name} label={t("sign_in_points.field.name")} hint={t("sign_in_points.field.name_hint")} autoComplete="off" />
            <div className="actions">
              <SubmitButton name="intent" value="add">
                {t("sign_in_points.add.submit")}
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
