/**
 * /manage/site/{id}/customfields — the questions asked when people sign in at a site (groups spec §3
 * custom fields: 14 types; options for dropdowns and checkboxes, default and reject options, the
 * evacuation list, PDF agreements, required, the groups it is shown for; §5 rules; platform §5, §9:
 * at most 4 favourites). In order, each can move up or down; add one (its type first, then what
 * that type has), edit one (`?edit=<id>`), delete one after confirming. Favourites are ticked and
 * saved together. Every form works without JavaScript; viewers see the list read-only.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { parseSubmission } from "~/forms/submission";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { RouteResponse } from "@contract";
import { requireAccess } from "~/access/guard.server";
import { postedId, redirectWithNotice } from "~/features/action-outcome.server";
import { DeleteConfirm, MoveButtons, TabError } from "~/features/manage/site-tab-ui";
import {
  canReject,
  canShowOnEvacuationList,
  CUSTOM_FIELD_TYPES,
  customFieldInputs,
  customFieldSchema,
  favouritesSchema,
  hasDefaultOption,
  isChoiceType,
  isCustomFieldType,
  toCustomFieldInput,
  type CustomFieldType,
} from "~/features/manage/site-tabs";
import { movedOrder, requirePostedId, siteGroups, tabFailure, withMessagesShown } from "~/features/manage/site-tabs.server";
import { loadManagedSite, replyWith, requireSiteEditor, siteIdParam, upstreamFormErrors } from "~/features/manage/sites.server";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { CheckField, FieldErrors, FormErrors, SelectField, SubmitButton, TextAreaField, TextField, ValidatedForm } from "~/ui/form";
import { upstreamLoad } from "~/upstream/load.server";
import { pageTitle } from "~/ui/meta";

type CustomField = RouteResponse<"siteCustomFields">[number];

/** A type's label (the key avoids i18next's plural suffix "_other"). */
const typeLabelKey = (type: CustomFieldType) => `customfields.type.${type === "dropdown_other" ? "dropdown_or_other_answer" : type}`;

export const meta: MetaFunction<typeof loader> = pageTitle;

const NOT_FOUND = "manage:customfields.not_found";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
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
      title: `${t("manage:site.tab.customfields")} · ${site.name} · Gatehouse`,
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

type ActionResult =
  | { intent: "create" | "update"; result: SubmissionResult<string[]>; type: string | null; id: number | null; error?: undefined }
  | { intent: "favourites"; result: SubmissionResult<string[]>; error?: undefined }
  | { intent: "row"; error: string; result?: undefined };

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, access, id } = await requireSiteEditor(request, params);
  const form = await request.formData();
  const intent = form.get("intent");
  const path = `/manage/site/${id}/customfields`;
  const rowError = (status: number, error: string) => data<ActionResult>({ intent: "row", error }, { status });

  if (intent === "create" || intent === "update") {
    const fieldId = intent === "update" ? requirePostedId(form.get("id")) : null;
    const submission = parseSubmission(form, { schema: customFieldSchema });
    // The form is shown again with what was typed, for the type it was sent with.
    const postedType = form.get("type");
    const posted = { type: typeof postedType === "string" ? postedType.slice(0, 20) : null, id: fieldId };
    // Without a list of groups to choose from, an edit keeps the groups the field had.
    const groupsOffered = (await siteGroups(access, id)) !== null;
    const inputs = customFieldInputs(isCustomFieldType(posted.type) ? posted.type : "text", groupsOffered);
    if (submission.status !== "success") return data<ActionResult>({ intent, result: withMessagesShown(submission.reply(), inputs), ...posted }, { status: 400 });
    const { favourite: _favourite, ...field } = toCustomFieldInput(submission.value);
    const body = groupsOffered ? field : { ...field, group_ids: undefined };
    try {
      if (fieldId === null) await viewer.api("createCustomField", { params: { siteId: id }, body: { ...body, group_ids: body.group_ids ?? null } });
      else await viewer.api("updateCustomField", { params: { siteId: id, fieldId }, body });
    } catch (err) {
      const errors = upstreamFormErrors(err, inputs);
      if (errors) return data<ActionResult>({ intent, result: replyWith(submission, errors), ...posted }, { status: 422 });
      const failure = tabFailure(err, NOT_FOUND);
      return rowError(failure.status, failure.message);
    }
    return redirectWithNotice(request, viewer, path, { key: fieldId === null ? "manage:customfields.added" : "manage:customfields.saved", values: { label: field.label }, tone: "success" });
  }

  if (intent === "favourites") {
    const submission = parseSubmission(form, { schema: favouritesSchema });
    if (submission.status !== "success") return data<ActionResult>({ intent, result: withMessagesShown(submission.reply(), ["field_ids"]) }, { status: 400 });
    const ids = [...new Set((submission.value.field_ids ?? []).map(Number))];
    try {
      await viewer.api("setFavouriteFields", { params: { siteId: id }, body: { field_ids: ids } });
    } catch (err) {
      const errors = upstreamFormErrors(err, ["field_ids"]);
      if (errors) return data<ActionResult>({ intent, result: replyWith(submission, errors) }, { status: 422 });
      const failure = tabFailure(err, NOT_FOUND);
      return rowError(failure.status, failure.message);
    }
    return redirectWithNotice(request, viewer, path, { key: "manage:customfields.favourites_saved", values: { count: ids.length }, tone: "success" });
  }

  if (intent === "move" || intent === "delete") {
    const fieldId = requirePostedId(form.get("id"));
    const direction = intent === "move" ? form.get("direction") : null;
    const fields = await viewer.api("siteCustomFields", { params: { siteId: id } });
    const field = fields.find((f) => f.id === fieldId);
    const order = intent === "move" ? movedOrder(fields.map((f) => f.id), fieldId, direction) : null;
    if (!field) return rowError(404, NOT_FOUND);
    try {
      if (intent === "move") await viewer.api("reorderCustomFields", { params: { siteId: id }, body: { ids: order! } });
      else await viewer.api("deleteCustomField", { params: { siteId: id, fieldId } });
    } catch (err) {
      const failure = tabFailure(err, NOT_FOUND);
      return rowError(failure.status, failure.message);
    }
    return redirectWithNotice(request, viewer, path, { key: intent === "move" ? "manage:customfields.moved" : "manage:customfields.deleted", values: { label: field.label }, tone: "success" });
  }

  throw new Response("Bad request", { status: 400 });
}

export default function CustomFieldsTab() {
  const loaded = useLoaderData<typeof loader>();
  const { site, can, fields, groups, editMissing } = loaded;
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  // After a refused add or edit the form is shown again, whatever the URL says.
  const sent = actionData?.intent === "create" || actionData?.intent === "update" ? actionData : null;
  const editing = loaded.editing ?? (sent?.intent === "update" ? (fields.find((f) => f.id === sent.id) ?? null) : null);
  const formType: CustomFieldType | null = loaded.formType ?? (sent ? (isCustomFieldType(sent.type) ? sent.type : (editing?.type ?? "text")) : null);
  const { t } = useTranslation("manage");
  const path = `/manage/site/${site.id}/customfields`;
  const favourites = fields.filter((f) => f.favourite).map((f) => String(f.id));
  const [favForm, favFields] = useForm<{ field_ids: string[] | undefined }, any>({
    id: "custom-field-favourites",
    lastResult: actionData?.intent === "favourites" ? actionData.result : undefined,
    defaultValue: { field_ids: favourites },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: favouritesSchema }),
    shouldValidate: "onSubmit",
  });
  const ticked = new Set([favFields.field_ids.initialValue ?? []].flat().map(String));
  const groupName = new Map((groups ?? []).map((g) => [g.id, g.name]));

  return (
    <>
      <h2>{t("site.tab.customfields")}</h2>
      <p className="hint">{t("customfields.intro")}</p>
      <TabError message={actionData?.intent === "row" ? actionData.error : editMissing ? NOT_FOUND : null} />

      {fields.length === 0 ? (
        <p className="empty-state">{t("customfields.empty")}</p>
      ) : (
        <div className="table-wrap">
          <table className="table field-table">
            <caption className="visually-hidden">{t("customfields.caption", { count: fields.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("fields_common.position")}</th>
                <th scope="col">{t("customfields.column.label")}</th>
                <th scope="col">{t("customfields.column.type")}</th>
                <th scope="col">{t("customfields.column.details")}</th>
                <th scope="col">{t("customfields.column.favourite")}</th>
                {can.edit ? <th scope="col">{t("fields_common.actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {fields.map((f, i) => (
                <tr key={f.id} aria-current={editing?.id === f.id ? "true" : undefined}>
                  <td>{i + 1}</td>
                  <th scope="row">{f.label}</th>
                  <td>{t(typeLabelKey(f.type))}</td>
                  <td>
                    <FieldSummary field={f} groupName={groupName} />
                  </td>
                  <td>
                    {can.edit ? (
                      <div className="checkbox">
                        <input
                          type="checkbox"
                          id={`favourite-${f.id}`}
                          name={favFields.field_ids.name}
                          value={String(f.id)}
                          form={favForm.id}
                          defaultChecked={ticked.has(String(f.id))}
                          key={`${f.id}-${ticked.has(String(f.id))}`}
                        />
                        <label htmlFor={`favourite-${f.id}`}>
                          <span className="visually-hidden">{t("customfields.favourite_label", { label: f.label })}</span>
                        </label>
                      </div>
                    ) : f.favourite ? (
                      <span>
                        <span aria-hidden="true">★ </span>
                        {t("customfields.is_favourite")}
                      </span>
                    ) : (
                      <span className="muted">{t("customfields.not_favourite")}</span>
                    )}
                  </td>
                  {can.edit ? (
                    <td className="row-actions">
                      <div className="row-actions__group">
                        <Link className="button button--secondary" to={`${path}?edit=${f.id}`} preventScrollReset>
                          {t("fields_common.edit")}
                          <span className="visually-hidden"> “{f.label}”</span>
                        </Link>
                        <MoveButtons action={path} id={f.id} name={f.label} first={i === 0} last={i === fields.length - 1} />
                        <DeleteConfirm
                          action={path}
                          id={f.id}
                          name={f.label}
                          question={t("customfields.delete_question", { label: f.label })}
                          confirm={t("customfields.delete_confirm")}
                        />
                      </div>
                    </td>
                  ) : null}
                </tr>
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
          {formType ? <FieldForm key={`${editing?.id ?? "new"}-${formType}`} path={path} type={formType} editing={editing} groups={groups} actionData={actionData} /> : null}
        </section>
      ) : null}
    </>
  );
}

/** What a field has beyond its label and type, in words. */
function FieldSummary({ field: f, groupName }: { field: CustomField; groupName: Map<number, string> }) {
  const { t } = useTranslation("manage");
  const parts: string[] = [];
  parts.push(t(f.required ? "customfields.summary.required" : "customfields.summary.optional"));
  if (f.options.length && f.type !== "yes_no") parts.push(t("customfields.summary.options", { options: f.options.join(", ") }));
  if (f.default_option) parts.push(t("customfields.summary.default", { option: f.default_option }));
  if (f.reject_options.length) parts.push(t("customfields.summary.rejects", { options: f.reject_options.join(", ") }));
  if (f.show_on_evacuation_list) parts.push(t("customfields.summary.evacuation"));
  if (f.show_on_pdf_agreements) parts.push(t("customfields.summary.pdf"));
  parts.push(
    f.group_ids === null || f.group_ids.length === 0
      ? t("customfields.summary.every_group")
      : t("customfields.summary.groups", { groups: f.group_ids.map((id) => groupName.get(id) ?? t("customfields.group_elsewhere", { id })).join(", ") }),
  );
  return (
    <ul className="field-summary">
      {parts.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
}

/** Step one: the type (a GET form, so the next step shows what that type has, with or without JavaScript). */
function TypeChooser({ path, editing, formType }: { path: string; editing: CustomField | null; formType: CustomFieldType | null }) {
  const { t } = useTranslation("manage");
  return (
    <Form method="get" action={path} preventScrollReset className="type-chooser">
      {editing ? <input type="hidden" name="edit" value={editing.id} /> : null}
      <div className="field field--inline">
        <label htmlFor="custom-field-type">{t("customfields.field.type")}</label>
        <select id="custom-field-type" name={editing ? "type" : "add"} defaultValue={formType ?? ""} key={formType ?? ""}>
          {editing ? null : <option value="">{t("customfields.choose_type")}</option>}
          {CUSTOM_FIELD_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(typeLabelKey(type))}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--secondary">
        {formType ? t("customfields.change_type") : t("customfields.next")}
      </button>
      {editing || formType ? (
        <Link to={path} preventScrollReset>
          {t("fields_common.cancel")}
        </Link>
      ) : null}
    </Form>
  );
}

type FieldValues = {
  type: string | undefined;
  label: string | undefined;
  options: string | undefined;
  default_option: string | undefined;
  reject_options: string | undefined;
  reject_message: string | undefined;
  required: boolean | undefined;
  show_on_evacuation_list: boolean | undefined;
  show_on_pdf_agreements: boolean | undefined;
  group_ids: string[] | undefined;
};

/** Step two: the attributes of the chosen type (the options and rules only where the type has them). */
function FieldForm({
  path,
  type,
  editing,
  groups,
  actionData,
}: {
  path: string;
  type: CustomFieldType;
  editing: CustomField | null;
  groups: { id: number; name: string }[] | null;
  actionData: ActionResult | undefined;
}) {
  const { t } = useTranslation("manage");
  const intent = editing ? "update" : "create";
  const sameType = editing?.type === type;
  const [form, fields] = useForm<FieldValues, any>({
    id: `custom-field-${editing?.id ?? "new"}-${type}`,
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
    defaultValue: editing
      ? {
          type,
          label: editing.label,
          options: isChoiceType(type) ? editing.options.join("\n") : "",
          default_option: sameType ? (editing.default_option ?? "") : "",
          reject_options: sameType ? editing.reject_options.join("\n") : "",
          reject_message: sameType ? (editing.reject_message ?? "") : "",
          required: editing.required,
          show_on_evacuation_list: canShowOnEvacuationList(type) && editing.show_on_evacuation_list,
          show_on_pdf_agreements: editing.show_on_pdf_agreements,
          group_ids: (editing.group_ids ?? []).map(String),
        }
      : { type },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: customFieldSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const chosenGroups = new Set([fields.group_ids.initialValue ?? []].flat().map(String));
  // Groups a stored field names that are not shown at this site stay listed, so saving keeps them.
  const groupChoices = groups ? [...groups, ...(editing?.group_ids ?? []).filter((id) => !groups.some((g) => g.id === id)).map((id) => ({ id, name: t("customfields.group_elsewhere", { id }) }))] : null;
  const yesNo = type === "yes_no";
  return (
    <ValidatedForm form={form} action={path} preventScrollReset>
      <FormErrors formId={form.id} />
      <input type="hidden" name={fields.type.name} value={type} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <FieldErrors id={fields.type.errorId} errors={fields.type.errors} />
      <TextField field={fields.label} label={t("customfields.field.label")} autoComplete="off" />
      {isChoiceType(type) ? <TextAreaField field={fields.options} label={t("customfields.field.options")} hint={t("customfields.field.options_hint")} rows={5} /> : null}
      {hasDefaultOption(type) ? (
        yesNo ? (
          <SelectField field={fields.default_option} label={t("customfields.field.default_option")}>
            <option value="">{t("customfields.no_default")}</option>
            <option value="Yes">{t("customfields.yes")}</option>
            <option value="No">{t("customfields.no")}</option>
          </SelectField>
        ) : (
          <TextField field={fields.default_option} label={t("customfields.field.default_option")} hint={t("customfields.field.default_option_hint")} autoComplete="off" />
        )
      ) : null}
      {canReject(type) ? (
        <>
          {yesNo ? (
            <SelectField field={fields.reject_options} label={t("customfields.field.reject_yes_no")} hint={t("customfields.field.reject_hint")}>
              <option value="">{t("customfields.reject_none")}</option>
              <option value="Yes">{t("customfields.yes")}</option>
              <option value="No">{t("customfields.no")}</option>
            </SelectField>
          ) : (
            <TextAreaField field={fields.reject_options} label={t("customfields.field.reject_options")} hint={t("customfields.field.reject_options_hint")} rows={3} />
          )}
          <TextAreaField field={fields.reject_message} label={t("customfields.field.reject_message")} hint={t("customfields.field.reject_message_hint")} rows={2} />
        </>
      ) : null}
      <CheckField field={fields.required} label={t("customfields.field.required")} />
      {canShowOnEvacuationList(type) ? <CheckField field={fields.show_on_evacuation_list} label={t("customfields.field.show_on_evacuation_list")} /> : null}
      <CheckField field={fields.show_on_pdf_agreements} label={t("customfields.field.show_on_pdf_agreements")} />
      {groupChoices ? (
        <fieldset className="choice-list" aria-describedby="field-groups-hint">
          <legend>{t("customfields.field.groups")}</legend>
          <p className="hint" id="field-groups-hint">
            {t("customfields.field.groups_hint")}
          </p>
          {groupChoices.length === 0 ? <p className="muted">{t("customfields.no_groups")}</p> : null}
          {groupChoices.map((g) => (
            <div className="checkbox" key={g.id}>
              <input type="checkbox" id={`field-group-${g.id}`} name={fields.group_ids.name} value={String(g.id)} defaultChecked={chosenGroups.has(String(g.id))} />
              <label htmlFor={`field-group-${g.id}`}>{g.name}</label>
            </div>
          ))}
          <FieldErrors id={fields.group_ids.errorId} errors={fields.group_ids.errors} />
        </fieldset>
      ) : null}
      <div className="actions">
        <SubmitButton name="intent" value={intent}>
          {editing ? t("customfields.save") : t("customfields.add")}
        </SubmitButton>
        <Link to={path} preventScrollReset>
          {t("fields_common.cancel")}
        </Link>
      </div>
    </ValidatedForm>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
