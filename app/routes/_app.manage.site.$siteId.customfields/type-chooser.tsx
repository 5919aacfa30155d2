/** Step one of adding or editing a field: its type (a GET form, so the next step shows what that type has, with or without JavaScript). */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { CustomField } from "./field-row";
import { CUSTOM_FIELD_TYPES, typeLabelKey, type CustomFieldType } from "./schema";

export function TypeChooser({ path, editing, formType }: { path: string; editing: CustomField | null; formType: CustomFieldType | null }) {
  const { t } = useTranslation("sites");
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
          {t("common:fields.cancel")}
        </Link>
      ) : null}
    </Form>
  );
}
