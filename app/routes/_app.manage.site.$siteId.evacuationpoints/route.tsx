/**
 * /manage/site/{id}/evacuationpoints — where evacuees gather (groups spec §3: icon, photo, map
 * location), in the order the fire list and evacuation reports show them. Editors of the site's
 * kind add a point, edit one (`?edit=<id>`: its details, and its photo), and, with the ui kit's row
 * controls, delete one after confirming and move one up or down (the whole order goes upstream).
 * Viewers see the same list without controls. Everything works without JavaScript.
 *
 * Ids posted by a form are only parsed here; the point must be one of this site's (checked against
 * the upstream's list, the upstream checking again): another's gives a 404 with a message.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { EvacuationPoint } from "@contract";
import { requireAccess } from "~/access/guard.server";
import { asNotice, pageNotice, resultFor } from "~/forms/action-result";
import { postedId } from "~/forms/action-result.server";
import { shownFileUrl } from "~/features/manage/media.server";
import { loadManagedSite, siteIdParam } from "~/features/manage/sites.server";
import { siteTabAction } from "~/features/manage/site-tab-action.server";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { RowControls } from "~/ui/rows";
import { add, edit, move, remove, removePhoto, uploadPhoto } from "./actions.server";
import { AddPoint, EditPoint } from "./point-form";
import { PointSummary, type ShownPoint } from "./point-summary";

export const meta: MetaFunction<typeof loader> = pageTitle;

const shown = (p: EvacuationPoint): ShownPoint => ({
  id: p.id,
  title: p.title,
  icon: p.icon,
  photo: { stored: p.photo !== null, url: shownFileUrl(p.photo) },
  location: p.location,
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "sites")]);
  const id = siteIdParam(params);
  const { site, can } = await loadManagedSite(access, id);
  const points = (await upstreamLoad(access.viewer.api("evacuationPoints", { params: { siteId: id } }))).map(shown);
  const url = new URL(request.url);
  // A page state (editors only): one point's edit form.
  const editing = !can.edit || !url.searchParams.has("edit") ? null : (points.find((p) => p.id === postedId(url.searchParams.get("edit")))?.id ?? ("missing" as const));
  const missing = editing === "missing";
  return data(
    {
      title: `${t("site.tab.evacuationpoints")} · ${site.name} · Gatehouse`,
      site: { id: site.id, name: site.name },
      points,
      editing: editing === "missing" ? null : editing,
      missing,
      can,
    },
    { headers: access.headers, status: missing ? 404 : 200 },
  );
}

/** Only the photo upload is multipart; its intent and point come before the file. */
export const action = (args: ActionFunctionArgs) =>
  siteTabAction(
    args,
    {
      add,
      edit,
      delete: remove,
      move,
      "upload-photo": uploadPhoto,
      "remove-photo": removePhoto,
    },
    (fields) => {
      const row = postedId(fields.get("id"));
      return fields.get("intent") === "upload-photo" && row !== null ? { form: { intent: "upload-photo", row }, kind: "image" } : null;
    },
  );

export default function EvacuationPointsTab() {
  const { site, points, editing: editingInUrl, missing, can } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A refused edit or photo keeps its form open, whatever the URL it was posted to.
  const editing = editingInUrl ?? (actionData?.intent === "edit" || actionData?.intent === "upload-photo" ? actionData.row : null);
  const { t } = useTranslation("sites");
  const path = `/manage/site/${site.id}/evacuationpoints`;
  const notice = pageNotice(actionData) ?? asNotice(missing ? "sites:evacuationpoints.not_found" : null);
  return (
    <>
      <h2>{t("site.tab.evacuationpoints")}</h2>
      <p className="hint">{t("evacuationpoints.intro")}</p>
      <ActionNotice notice={notice} />

      {points.length === 0 ? (
        <p className="muted">{t("evacuationpoints.none")}</p>
      ) : (
        <ol className="point-list" aria-label={t("evacuationpoints.list", { name: site.name })}>
          {points.map((point, i) => (
            <li key={point.id} className="point-list__item">
              {point.id === editing ? (
                <EditPoint point={point} path={path} lastResult={resultFor(actionData, "edit", point.id)} photoResult={resultFor(actionData, "upload-photo", point.id)} />
              ) : (
                <>
                  <PointSummary point={point} position={i + 1} />
                  {can.edit ? (
                    <RowControls
                      action={path}
                      editTo={`${path}?edit=${point.id}`}
                      id={point.id}
                      name={point.title}
                      first={i === 0}
                      last={i === points.length - 1}
                      question={`${t("evacuationpoints.delete_heading", { title: point.title })} ${t("evacuationpoints.delete_warning")}`}
                      confirm={t("evacuationpoints.delete_confirm")}
                    />
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ol>
      )}

      {/* A fresh form once a point is added (with JavaScript the page stays mounted). */}
      {can.edit ? <AddPoint key={points.map((p) => p.id).join(",")} path={path} lastResult={resultFor(actionData, "add")} /> : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
