/**
 * /manage/site/{id}/sign-in-points — named QR codes placed around a site that the companion app
 * scans to sign in. Each shows its QR code (drawn on the server as an SVG data URL, which the CSP's
 * `img-src data:` allows) and the value it holds; editors add, rename (`?edit=<id>`) and delete
 * (`?delete=<id>`, a confirm step: its printed code stops working) on this page, without JavaScript
 * too. Row ids come from the form and the upstream decides whether they are this site's.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { parseSubmission } from "~/forms/submission";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { qrDataUrl } from "~/ui/qr.server";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { redirectWithNotice } from "~/features/action-outcome.server";
import { signInPointSchema } from "~/features/manage/site-extras";
import { loadManagedSite, requireSiteEditor, siteIdParam } from "~/features/manage/sites.server";
import { badRow, invalid, postedRowId, refused } from "~/features/manage/tab-actions.server";
import { TabNotice } from "~/features/manage/tab-notice";
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
  const points = await upstreamLoad(access.viewer.api("signInPoints", { params: { siteId: id } }));
  return data(
    {
      title: `${t("manage:site.tab.sign-in-points")} · ${site.name} · Gatehouse`,
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
  const intent = form.get("intent");
  const path = `/manage/site/${siteId}/sign-in-points`;

  if (intent === "add") {
    const submission = parseSubmission(form, { schema: signInPointSchema });
    if (submission.status !== "success") return invalid("add", null, submission);
    try {
      await viewer.api("createSignInPoint", { params: { siteId }, body: { name: submission.value.name } });
    } catch (err) {
      return refused(err, "add", null, submission, ["name"]);
    }
    return redirectWithNotice(request, viewer, path, { key: "manage:sign_in_points.added", values: { name: submission.value.name }, tone: "success" });
  }

  if (intent !== "rename" && intent !== "delete") throw new Response("Bad request", { status: 400 });
  const pointId = postedRowId(form);
  if (pointId === null) return badRow(intent);

  if (intent === "delete") {
    let name = "";
    try {
      // Its name for the notice; another site's point is a 404 here.
      name = (await viewer.api("signInPoints", { params: { siteId } })).find((p) => p.id === pointId)?.name ?? "";
      await viewer.api("deleteSignInPoint", { params: { siteId, pointId } });
    } catch (err) {
      return refused(err, "delete", pointId, null, []);
    }
    return redirectWithNotice(request, viewer, path, { key: "manage:sign_in_points.deleted", values: { name }, tone: "success" });
  }

  const submission = parseSubmission(form, { schema: signInPointSchema });
  if (submission.status !== "success") return invalid("rename", pointId, submission);
  try {
    await viewer.api("updateSignInPoint", { params: { siteId, pointId }, body: { name: submission.value.name } });
  } catch (err) {
    return refused(err, "rename", pointId, submission, ["name"]);
  }
  return redirectWithNotice(request, viewer, path, { key: "manage:sign_in_points.renamed", values: { name: submission.value.name }, tone: "success" });
}

type Point = { id: number; name: string; value: string; qr: string };

function RenamePoint({ point, path, lastResult }: { point: Point; path: string; lastResult: any }) {
  const { t } = useTranslation("manage");
  const [form, fields] = useForm<{ name: string | undefined }, any>({
    id: `point-rename-${point.id}`,
    lastResult,
    defaultValue: { name: point.name },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInPointSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <ValidatedForm form={form} action={path} preventScrollReset>
      <input type="hidden" name="id" value={point.id} />
      <FormErrors formId={form.id} />
      <TextField field={fields.name} label={t("sign_in_points.field.new_name", { name: point.name })} autoComplete="off" autoFocus />
      <div className="actions">
        <SubmitButton name="intent" value="rename">
          {t("sign_in_points.rename.submit")}
        </SubmitButton>
        <Link to={path} preventScrollReset>
          {t("sign_in_points.cancel")}
        </Link>
      </div>
    </ValidatedForm>
  );
}

export default function SiteSignInPointsTab() {
  const { site, can, points } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation("manage");
  const path = `/manage/site/${site.id}/sign-in-points`;
  const rowParam = (name: string) => {
    const v = searchParams.get(name);
    return v && /^\d{1,9}$/.test(v) ? Number(v) : null;
  };
  // The row being renamed: the one a failed rename was about, else the URL's.
  const editing = can.edit ? (actionData?.intent === "rename" ? actionData.id : rowParam("edit")) : null;
  const deleting = can.edit ? rowParam("delete") : null;
  const missing = (editing !== null && !points.some((p) => p.id === editing)) || (deleting !== null && !points.some((p) => p.id === deleting));
  const [form, fields] = useForm<{ name: string | undefined }, any>({
    id: "point-add",
    lastResult: actionData?.intent === "add" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInPointSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <h2>{t("site.tab.sign-in-points")}</h2>
      <p>{t("sign_in_points.intro")}</p>
      <TabNotice notice={actionData?.notice ?? (missing ? "manage:site_rows.row_gone" : null)} />
      {points.length === 0 ? (
        <p className="empty-state">{t("sign_in_points.empty")}</p>
      ) : (
        <ul className="point-list" aria-label={t("sign_in_points.list")}>
          {points.map((p) => (
            <li key={p.id} className="point-card" data-point-id={p.id}>
              <img src={p.qr} alt={t("sign_in_points.qr_alt", { name: p.name })} width={140} height={140} className="point-card__qr" />
              <div className="point-card__body">
                {editing === p.id ? (
                  <RenamePoint point={p} path={path} lastResult={actionData?.intent === "rename" && actionData.id === p.id ? actionData.result : undefined} />
                ) : (
                  <h3>{p.name}</h3>
                )}
                <p className="muted">
                  {t("sign_in_points.value")} <code className="point-card__value">{p.value}</code>
                </p>
                {deleting === p.id ? (
                  <Form method="post" action={path} className="confirm-step" preventScrollReset>
                    <input type="hidden" name="id" value={p.id} />
                    <p>
                      <strong>{t("sign_in_points.delete.confirm", { name: p.name })}</strong> {t("sign_in_points.delete.warning")}
                    </p>
                    <div className="actions">
                      <SubmitButton name="intent" value="delete">
                        {t("sign_in_points.delete.submit")}
                      </SubmitButton>
                      <Link to={path} preventScrollReset>
                        {t("sign_in_points.cancel")}
                      </Link>
                    </div>
                  </Form>
                ) : can.edit && editing !== p.id ? (
                  <p className="actions">
                    <Link to={`${path}?edit=${p.id}`} preventScrollReset>
                      {t("sign_in_points.rename.start")}
                      <span className="visually-hidden"> {p.name}</span>
                    </Link>
                    <Link to={`${path}?delete=${p.id}`} preventScrollReset>
                      {t("sign_in_points.delete.start")}
                      <span className="visually-hidden"> {p.name}</span>
                    </Link>
                  </p>
                ) : null}
              </div>
            </li>
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
