/**
 * The details tab's other two forms: emergency contacts (up to 5 rows: name, phone, phone type,
 * relationship; a blank row is none) and the group's personal fields (a sensitive one shows only
 * with the sensitive data right; otherwise it says it is withheld).
 */
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { EMERGENCY_PHONE_TYPES, EMERGENCY_RELATIONSHIPS, type MemberDetail } from "@contract";
import { PhoneField } from "~/ui/fields";
import { ChoiceList, initialValues, SelectField, TextField } from "~/ui/form";
import { contactRows, contactsSchema, personalSchema } from "./schemas";
import { MemberForm, useMemberForm } from "./member-form";

export function ContactsForm({ member, action, editable, lastResult }: { member: MemberDetail; action: string; editable: boolean; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("members");
  const [form, fields] = useMemberForm("member-contacts", contactsSchema, { contacts: contactRows(member) }, lastResult);
  const rows = (fields.contacts as never as { getFieldList(): { key: string; getFieldset(): Record<string, unknown> }[] }).getFieldList();
  return (
    <MemberForm form={form} action={action} intent="save-contacts" editable={editable} legend={t("contacts.heading")} saveLabel={t("contacts.save")}>
      <p className="hint">{t("contacts.hint")}</p>
      {rows.map((row, i) => {
        const c = row.getFieldset();
        return (
          <fieldset key={row.key} className="plain-fieldset contact-row">
            <legend>{t("contacts.row", { number: i + 1 })}</legend>
            <TextField field={c.name as never} label={t("contacts.name_n", { number: i + 1 })} autoComplete="off" />
            <PhoneField field={c.phone as never} label={t("contacts.phone_n", { number: i + 1 })} />
            <SelectField field={c.phone_type as never} label={t("contacts.phone_type_n", { number: i + 1 })}>
              {EMERGENCY_PHONE_TYPES.map((p) => (
                <option key={p} value={p}>
                  {t(`phone_type.${p}`)}
                </option>
              ))}
            </SelectField>
            <SelectField field={c.relationship as never} label={t("contacts.relationship_n", { number: i + 1 })}>
              {EMERGENCY_RELATIONSHIPS.map((r) => (
                <option key={r} value={r}>
                  {t(`relationship.${r}`)}
                </option>
              ))}
            </SelectField>
          </fieldset>
        );
      })}
    </MemberForm>
  );
}

export function PersonalForm({ member, action, editable, lastResult }: { member: MemberDetail; action: string; editable: boolean; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("members");
  const shown = member.personal.filter((f) => !f.withheld);
  const values = Object.fromEntries(shown.map((f) => [`f${f.field_id}`, f.type === "checkboxes" ? (f.value ?? "").split("\n").filter(Boolean) : (f.value ?? "")]));
  const [form, fields] = useMemberForm("member-personal", personalSchema(member.personal), values, lastResult);
  if (member.personal.length === 0) return <p className="empty-state">{t("personal.none")}</p>;
  return (
    <MemberForm form={form} action={action} intent="save-personal" editable={editable && shown.length > 0} legend={t("personal.heading")} saveLabel={t("personal.save")}>
      {member.personal.map((f) => {
        const field = fields[`f${f.field_id}`] as never as { initialValue?: unknown; errorId: string; errors?: string[] };
        const label = f.sensitive ? `${f.label} (${t("personal.sensitive")})` : f.label;
        if (f.withheld) {
          return (
            <p key={f.field_id} className="hint">
              {t("personal.withheld", { label: f.label })}
            </p>
          );
        }
        if (f.type === "dropdown" || f.type === "yes_no") {
          const options = f.type === "yes_no" ? [["yes", t("personal.yes")], ["no", t("personal.no")]] : f.options.map((o) => [o, o]);
          return (
            <SelectField key={f.field_id} field={field as never} label={label}>
              <option value="">{t("personal.no_answer")}</option>
              {options.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </SelectField>
          );
        }
        if (f.type === "checkboxes") {
          return (
            <ChoiceList
              key={f.field_id}
              legend={label}
              name={`f${f.field_id}`}
              type="checkbox"
              choices={f.options.map((o) => ({ value: o, label: o }))}
              checked={initialValues(field.initialValue)}
              errorId={field.errorId}
              errors={field.errors}
              idPrefix={`personal-${f.field_id}`}
            />
          );
        }
        return <TextField key={f.field_id} field={field as never} label={label} autoComplete="off" />;
      })}
    </MemberForm>
  );
}
