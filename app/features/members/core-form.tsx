/**
 * A member's core fields (groups spec §3, §5): name, email, mobile (stored E.164), PIN, start and end
 * dates, sites shown (every site the group is shown at, or some) and manager (a member of a group
 * with Time & Attendance on). The details tab and "add a member" share it.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { InputField } from "~/ui/form";
import { PhoneField } from "~/ui/fields";
import { CheckField, ChoiceList, initialValues, SelectField, TextField } from "~/ui/form";
import { coreSchema } from "./schemas";
import { MemberForm, useMemberForm } from "./member-form";

export interface CoreChoices {
  sites: { value: string; label: string }[];
  /** Null: the client has no Time & Attendance (no manager to choose). */
  managers: { value: string; label: string }[] | null;
}

export function CoreForm({
  id,
  action,
  intent,
  values,
  choices,
  editable,
  synced = false,
  lastResult,
  legend,
  saveLabel,
}: {
  id: string;
  action: string;
  intent: string;
  values: Record<string, unknown>;
  choices: CoreChoices;
  editable: boolean;
  /** A directory owns the name, email and mobile. */
  synced?: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
  legend: string;
  saveLabel: string;
}) {
  const { t } = useTranslation("members");
  const [form, fields] = useMemberForm(id, coreSchema, values, lastResult);
  const siteMeta = fields.site_ids as unknown as { initialValue?: unknown; errorId: string; errors?: string[] };
  return (
    <MemberForm form={form} action={action} intent={intent} editable={editable} legend={legend} saveLabel={saveLabel}>
      {synced ? <p className="hint">{t("details.synced")}</p> : null}
      <TextField field={fields.name as never} label={t("field.name")} autoComplete="off" />
      <TextField field={fields.email as never} label={t("field.email")} type="email" autoComplete="off" />
      <PhoneField field={fields.mobile as never} label={t("field.mobile")} hint={t("field.mobile_hint")} />
      <TextField field={fields.pin as never} label={t("field.pin")} hint={t("field.pin_hint")} inputMode="numeric" autoComplete="off" />
      <InputField field={fields.starts_on as never} label={t("field.starts_on")} type="date" max="2037-12-31" />
      <InputField field={fields.ends_on as never} label={t("field.ends_on")} type="date" max="2037-12-31" />
      <CheckField field={fields.every_site as never} label={t("field.every_site")} />
      <ChoiceList
        legend={t("field.site_ids")}
        before={<p className="hint">{t("field.site_ids_hint")}</p>}
        name="site_ids"
        type="checkbox"
        choices={choices.sites}
        checked={initialValues(siteMeta.initialValue)}
        errorId={siteMeta.errorId}
        errors={siteMeta.errors}
        idPrefix={`${id}-site`}
      />
      {choices.managers ? (
        <ManagerSelect field={fields.manager_id} managers={choices.managers} hint={t("field.manager_hint")} />
      ) : null}
    </MemberForm>
  );
}

/** The manager choice (a member of a group with Time & Attendance on), or none: the details tab's and multi-edit's. */
export function ManagerSelect({ field, managers, hint }: { field: unknown; managers: NonNullable<CoreChoices["managers"]>; hint?: string }) {
  const { t } = useTranslation("members");
  return (
    <SelectField field={field as never} label={t("field.manager")} hint={hint}>
      <option value="">{t("field.no_manager")}</option>
      {managers.map((m) => (
        <option key={m.value} value={m.value}>
          {m.label}
        </option>
      ))}
    </SelectField>
  );
}
