/**
 * One custom field of the list: its position, label, type, what else it has in words, whether it is
 * a favourite (for editors a checkbox of the favourites form), and for editors the row's controls:
 * edit, move up or down, delete after confirming.
 */
import { useTranslation } from "react-i18next";
import type { RouteResponse } from "@contract";
import { RowControls } from "~/ui/rows";
import { typeLabelKey } from "./schema";

export type CustomField = RouteResponse<"siteCustomFields">[number];

/** The favourites form's checkboxes live in the rows, tied to the form by its id. */
export interface FavouriteBox {
  formId: string;
  name: string;
  ticked: Set<string>;
}

export function FieldRow({
  field: f,
  position,
  path,
  editing,
  first,
  last,
  groupName,
  favourite,
}: {
  field: CustomField;
  position: number;
  path: string;
  editing: boolean;
  first: boolean;
  last: boolean;
  groupName: Map<number, string>;
  /** Editors only: the favourites form's checkbox. */
  favourite: FavouriteBox | null;
}) {
  const { t } = useTranslation("sites");
  const ticked = favourite?.ticked.has(String(f.id)) ?? false;
  return (
    <tr aria-current={editing ? "true" : undefined}>
      <td>{position}</td>
      <th scope="row">{f.label}</th>
      <td>{t(typeLabelKey(f.type))}</td>
      <td>
        <FieldSummary field={f} groupName={groupName} />
      </td>
      <td>
        {favourite ? (
          <div className="checkbox">
            <input type="checkbox" id={`favourite-${f.id}`} name={favourite.name} value={String(f.id)} form={favourite.formId} defaultChecked={ticked} key={`${f.id}-${ticked}`} />
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
      {favourite ? (
        <td className="row-actions">
          <RowControls
            action={path}
            editTo={`${path}?edit=${f.id}`}
            id={f.id}
            name={f.label}
            first={first}
            last={last}
            question={t("customfields.delete_question", { label: f.label })}
            confirm={t("customfields.delete_confirm")}
          />
        </td>
      ) : null}
    </tr>
  );
}

/** What a field has beyond its label and type, in words. */
function FieldSummary({ field: f, groupName }: { field: CustomField; groupName: Map<number, string> }) {
  const { t } = useTranslation("sites");
  const parts: string[] = [];
  parts.push(t(f.required ? "sites:customfields.summary.required" : "sites:customfields.summary.optional"));
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
