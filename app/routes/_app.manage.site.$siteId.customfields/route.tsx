/**
 * /manage/site/{id}/customfields — the questions asked when people sign in at a site (groups spec §3
 * custom fields: 14 types; options for dropdowns and checkboxes, default and reject options, the
 * evacuation list, PDF agreements, required, the groups it is shown for; §5 rules; platform §5, §9:
 * at most 4 favourites). In order, each can move up or down; add one (its type first, then what
 * that type has), edit one (`?edit=<id>`), delete one after confirming. Favourites are ticked and
 * saved together. Every form works without JavaScript; viewers see the list read-only.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { asNotice, pageNotice, resultFor } from "~/forms/action-result";
import { postedId } from "~/forms/action-result.server";
import { siteGroups } from "~/features/manage/site-tabs.server";
import { loadManagedSite, siteIdParam } from "~/features/manage/sites.server";
import { siteTabAction } from "~/features/manage/site-tab-action.server";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { FieldErrors, FormErrors, SubmitButton, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { upstreamLoad } from "~/upstream/load.server";
import { create, favourites, move, NOT_FOUND, remove, update } from "./actions.server";
import { FieldForm } from "./field-form";
import { FieldRow } from "./field-row";
import { favouritesSchema, isCustomFieldType, type CustomFieldType } from "./schema";
import { TypeChooser } from "./type-chooser";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "sites")]);
  const { site, can } = await loadManagedSite(access, siteIdParam(params));
  const [fields, groups] = await Promise.all([upstreamLoad(access.viewer.api("siteCustomFields", { params: { siteId: site.id } })), siteGroups(access, site.id)]);
  // The form below the list: ?add=<type> adds a field of that type; ?edit=<id>[&type=<type>] edits one.
  const url = new URL(request.url);
  const editParam = url.searchParams.get("edit");
  const editId = postedId(editParam);
  const editing = can.edit && editId !== null ? (fields.find((f) => f.id === editId) ?? null) : null;
  const typeParam = url.searchParams.get("type");
  const addParam = url.searchParams.get("add");
  const formType: CustomFieldType | null = editing ? (isCustomFieldType(typeParam) ? typeParam : editing.type) : can.edit && isCustomFieldType(addParam) ? addParam : null;
  return data(
    {
      title: `${t("site.tab.customfields")} · ${site.name} · Gatehouse`,
      site: { id: site.id, name: site.name },
      can,
      fields,
      groups,
      editing,
      formType,
      // An id in the URL that is not a field of this site.
      editMissing: can.edit && editParam !== null && !editing,
    },
    { headers: access.headers },
  );
}

export const action = (args: ActionFunctionArgs) => siteTabAction(args, { create, update, favourites, move, delete: remove });

export default function CustomFieldsTab() {
  const loaded = useLoaderData<typeof loader>();
  const { site, can, fields, groups, editMissing } = loaded;
  const actionData = useActionData<typeof action>();
  // After a refused add or edit the form is shown again, whatever the URL says: for the field and type it was sent with.
  const sent = actionData?.result && (actionData.intent === "create" || actionData.intent === "update") ? actionData : null;
  const editing = loaded.editing ?? (sent?.intent === "update" ? (fields.find((f) => f.id === sent.row) ?? null) : null);
  const sentType = sent?.result?.initialValue?.type;
  const formType: CustomFieldType | null = loaded.formType ?? (sent ? (isCustomFieldType(sentType) ? sentType : (editing?.type ?? "text")) : null);
  const { t } = useTranslation("sites");
  const path = `/manage/site/${site.id}/customfields`;
  const [favForm, favFields] = useForm<{ field_ids: string[] | undefined }, any>({
    id: "custom-field-favourites",
    lastResult: resultFor(actionData, "favourites"),
    defaultValue: { field_ids: fields.filter((f) => f.favourite).map((f) => String(f.id)) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: favouritesSchema }),
    shouldValidate: "onSubmit",
  });
  const favourite = can.edit ? { formId: favForm.id, name: favFields.field_ids.name, ticked: new Set([favFields.field_ids.initialValue ?? []].flat().map(String)) } : null;
  const groupName = new Map((groups ?? []).map((g) => [g.id, g.name]));

  return (
    <>
      <h2>{t("site.tab.customfields")}</h2>
      <p className="hint">{t("customfields.intro")}</p>
      <ActionNotice notice={pageNotice(actionData) ?? asNotice(editMissing ? NOT_FOUND : null)} />

      {fields.length === 0 ? (
        <p className="empty-state">{t("customfields.empty")}</p>
      ) : (
        <div className="table-wrap">
          <table className="table field-table">
            <caption className="visually-hidden">{t("customfields.caption", { count: fields.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("common:fields.position")}</th>
                <th scope="col">{t("customfields.column.label")}</th>
                <th scope="col">{t("customfields.column.type")}</th>
                <th scope="col">{t("customfields.column.details")}</th>
                <th scope="col">{t("customfields.column.favourite")}</th>
                {can.edit ? <th scope="col">{t("common:fields.actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {fields.map((f, i) => (
                <FieldRow key={f.id} field={f} position={i + 1} path={path} editing={editing?.id === f.id} first={i === 0} last={i === fields.length - 1} groupName={groupName} favourite={favourite} />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {can.edit && fields.length ? (
        <ValidatedForm form={favForm} action={path} preventScrollReset className="favourites-form">
          <p className="hint" id="favourites-hint">
            {t("customfields.favourites_hint", { count: 4 })}
          </p>
          <FormErrors formId={favForm.id} />
          <FieldErrors id={favFields.field_ids.errorId} errors={favFields.field_ids.errors} />
          <div className="actions">
            <SubmitButton name="intent" value="favourites" variant="secondary">
              {t("customfields.save_favourites")}
            </SubmitButton>
          </div>
        </ValidatedForm>
      ) : null}

      {can.edit ? (
        <section className="tab-section" aria-labelledby="field-form-heading">
          <h3 id="field-form-heading">{editing ? t("customfields.edit_heading", { label: editing.label }) : t("customfields.add_heading")}</h3>
          <TypeChooser path={path} editing={editing} formType={formType} />
          {formType ? (
            <FieldForm key={`${editing?.id ?? "new"}-${formType}`} path={path} type={formType} editing={editing} groups={groups} lastResult={resultFor(actionData, editing ? "update" : "create", editing?.id ?? null)} />
          ) : null}
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
