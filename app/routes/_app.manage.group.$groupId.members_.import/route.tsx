/**
 * /manage/group/{id}/members/import — import members from a CSV or XLSX file (issue 15 §3; ADR
 * 018), under the members tab: GroupMember.viewer to open, GroupMember.editor to upload and apply.
 * Without `?preview=` the upload form; with it, the kept preview (nothing written yet): counts,
 * every refused row with its line and reasons, a page of the changes, and the apply form. Works
 * without JavaScript; with it the upload shows its progress.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageParam } from "~/forms/list-state.server";
import { dispatch } from "~/forms/intents.server";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { pageNotice, resultFor } from "~/forms/action-result";
import { groupIdParam, loadGroup } from "~/features/groups/group.server";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { UpstreamError } from "~/upstream/errors";
import { upstreamLoad } from "~/upstream/load.server";
import { apply, upload } from "./actions.server";
import { ImportPreview } from "./preview";
import { PREVIEW_TOKEN } from "./schema";
import { ImportUploadForm } from "./upload-form";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "members")]);
  const id = groupIdParam(params);
  const url = new URL(request.url);
  const token = url.searchParams.get("preview") ?? "";
  const page = pageParam(url, 10_000);
  const { group, can } = await loadGroup(access, id);
  if (group.type !== "returning") throw new Response("Not found", { status: 404 });
  let preview = null;
  let gone = false;
  if (PREVIEW_TOKEN.test(token)) {
    try {
      preview = await upstreamLoad(access.viewer.api("memberImport", { params: { groupId: id, importId: token }, query: { page } }));
    } catch (err) {
      if (!(err instanceof Response && err.status === 404) && !(err instanceof UpstreamError && err.status === 404)) throw err;
      gone = true;
    }
  }
  return data(
    { title: `${t("import.title")} · ${group.name} · Gatehouse`, group: { id: group.id, name: group.name }, editable: can.edit, preview, gone },
    { headers: access.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  const id = groupIdParam(params);
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) return upload(request, access, id);
  const formData = await request.formData();
  return dispatch(formData, { apply: () => apply(request, access, id, formData) }, null);
}

export default function MembersImport() {
  const { group, editable, preview, gone } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("members");
  const base = `/manage/group/${group.id}/members`;
  return (
    <section aria-labelledby="import-title" className="stack">
      <p>
        <a href={base}>{t("import.back")}</a>
      </p>
      <h2 id="import-title">{t("import.title")}</h2>
      {gone ? <ActionNotice notice={{ key: "members:import.preview.gone", tone: "error" }} /> : null}
      {preview ? (
        <ImportPreview preview={preview} base={base} editable={editable} lastApply={resultFor(answer, "apply")} notice={pageNotice(answer)} />
      ) : (
        <ImportUploadForm action={`${base}/import`} editable={editable} notice={pageNotice(answer)} templateBase={`${base}/import/template`} />
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
