/**
 * /manage/group/{id}/personal-fields — what the group asks of its people beyond the site's custom
 * fields (groups spec §3, §5, §9): label, type, options, and where each is shown; at most 15 a group
 * and 4 favourites (the upstream's limits, its refusal shown on the form). Editors add, edit
 * (`?edit=<id>`), move and delete (after confirming; a system field cannot be deleted, nor its type
 * changed); viewers see the list. Everything works without JavaScript.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PERSONAL_FIELD_LIMITS } from "@contract";
import { requireAccess } from "~/access/guard.server";
import { asNotice, pageNotice, resultFor } from "~/forms/action-result";
import { postedId } from "~/forms/action-result.server";
import { groupIdParam, groupTabAction, loadGroup } from "~/features/groups/group.server";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { DataTable } from "~/ui/data-table";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { RowControls } from "~/ui/rows";
import { add, edit, move, NOT_FOUND, remove } from "./actions.server";
import { FieldForm } from "./field-form";
import { formValuesOf, PERSONAL_FIELD_FLAGS } from "./schema";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "groups")]);
  const id = groupIdParam(params);
  // The group and its fields in one round trip (the upstream checks the right on each).
  const [{ group, can }, fields] = await Promise.all([loadGroup(access, id), upstreamLoad(access.viewer.api("personalFields", { params: { groupId: id } }))]);
  const url = new URL(request.url);
  const wanted = can.edit && url.searchParams.has("edit") ? postedId(url.searchParams.get("edit")) : null;
  const editing = wanted === null ? null : (fields.find((f) => f.id === wanted) ?? "missing");
  return data(
    {
      title: `${t("tab.personal-fields")} · ${group.name} · Gatehouse`,
      group: { id: group.id, name: group.name },
      fields,
      editing: editing === null || editing === "missing" ? null : editing.id,
      missing: editing === "missing" || (can.edit && url.searchParams.has("edit") && wanted === null),
      can,
    },
    { headers: access.headers, status: editing === "missing" ? 404 : 200 },
  );
}

export const action = (args: ActionFunctionArgs) => groupTabAction(args, { add, edit, move, delete: remove });

export default function GroupPersonalFieldsTab() {
  const { group, fields, editing: editingInUrl, missing, can } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("groups");
  const path = `/manage/group/${group.id}/personal-fields`;
  // A refused edit keeps its form open, whatever the URL it was posted to.
  const editing = editingInUrl ?? (actionData?.intent === "edit" ? actionData.row : null);
  const edited = fields.find((f) => f.id === editing);
  const favourites = fields.filter((f) => f.favourite).length;
  return (
    <>
      <h2>{t("tab.personal-fields")}</h2>
      <p className="hint">{t("personal_fields.intro")}</p>
      <p>{t("personal_fields.counts", { count: fields.length, limit: PERSONAL_FIELD_LIMITS.perGroup, favourites, favourite_limit: PERSONAL_FIELD_LIMITS.favourites })}</p>
      <ActionNotice notice={pageNotice(actionData) ?? asNotice(missing ? NOT_FOUND : null)} />
      {fields.length === 0 ? (
        <p className="empty-state">{t("personal_fields.empty")}</p>
      ) : (
        <DataTable
          caption={t("personal_fields.caption", { name: group.name })}
          columns={[t("personal_fields.column.label"), t("personal_fields.column.type"), t("personal_fields.column.shown"), can.edit ? t("common:fields.actions") : null]}
        >
          {fields.map((f, i) => (
            <tr key={f.id}>
              <th scope="row">
                {f.label}
                {f.system ? <span className="muted"> · {t("personal_fields.system")}</span> : null}
              </th>
              <td>{t(`personal_fields.type.${f.type}`)}</td>
              <td>{PERSONAL_FIELD_FLAGS.filter((flag) => f[flag]).map((flag) => t(`personal_fields.flag.${flag}`)).join(", ") || t("personal_fields.no_flags")}</td>
              {can.edit ? (
                <td className="row-actions">
                  <RowControls
                    action={path}
                    editTo={`${path}?edit=${f.id}`}
                    id={f.id}
                    name={f.label}
                    first={i === 0}
                    last={i === fields.length - 1}
                    question={t("personal_fields.delete_question", { label: f.label })}
                    confirm={t("personal_fields.delete_confirm")}
                    deletable={!f.system}
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      )}
      {can.edit && edited ? (
        <section className="tab-section" aria-labelledby="edit-field-heading">
          <h3 id="edit-field-heading">{t("personal_fields.edit_heading", { label: edited.label })}</h3>
          <FieldForm key={`edit-${edited.id}`} id={`personal-field-${edited.id}`} path={path} fieldId={edited.id} values={formValuesOf(edited)} lastResult={resultFor(actionData, "edit", edited.id)} systemType={edited.system} />
        </section>
      ) : null}
      {can.edit ? (
        <section className="tab-section" aria-labelledby="add-field-heading">
          <h3 id="add-field-heading">{t("personal_fields.add_heading")}</h3>
          <FieldForm key={fields.map((f) => f.id).join(",")} id="personal-field-add" path={path} fieldId={null} lastResult={resultFor(actionData, "add")} />
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
