/**
 * The multi-edit form: the members chosen (hidden ids, listed by name), each change with its own
 * "change this" box, and each permission flag kept, set or cleared.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { MemberPermission } from "@contract";
import { CheckField, ChoiceList, InputField, SelectField, initialValues } from "~/ui/form";
import { ManagerSelect, type CoreChoices } from "~/features/members/core-form";
import { MemberForm, useMemberForm } from "~/features/members/member-form";
import { membersPath } from "~/features/members/paths";
import { multiEditSchema, PERMISSION_CHANGES } from "~/features/members/schemas";

export function MultiEditForm({ groupId, members, choices, offered, lastResult }: { groupId: number; members: { id: number; name: string }[]; choices: CoreChoices; offered: MemberPermission[]; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("members");
  const [form, fields] = useMemberForm("member-multi-edit", multiEditSchema, { ids: members.map((m) => String(m.id)), every_site: true }, lastResult);
  const siteMeta = fields.site_ids as unknown as { initialValue?: unknown; errorId: string; errors?: string[] };
  return (
    <MemberForm form={form} action={`${membersPath(groupId)}/multi-edit?ids=${members.map((m) => m.id).join(",")}`} intent="multi-edit" editable legend={t("multi_edit.legend", { count: members.length })} saveLabel={t("multi_edit.submit", { count: members.length })}>
      <p className="hint">{t("multi_edit.intro")}</p>
      <ul className="chosen-members">
        {members.map((m) => (
          <li key={m.id}>
            <input type="hidden" name="ids" value={m.id} />
            {m.name}
          </li>
        ))}
      </ul>
      <fieldset className="plain-fieldset">
        <legend>{t("field.site_ids")}</legend>
        <CheckField field={fields.change_sites as never} label={t("multi_edit.change_sites")} />
        <CheckField field={fields.every_site as never} label={t("field.every_site")} />
        <ChoiceList legend={t("field.site_ids")} name="site_ids" type="checkbox" choices={choices.sites} checked={initialValues(siteMeta.initialValue)} errorId={siteMeta.errorId} errors={siteMeta.errors} idPrefix="multi-site" />
      </fieldset>
      <fieldset className="plain-fieldset">
        <legend>{t("multi_edit.dates")}</legend>
        <CheckField field={fields.change_starts_on as never} label={t("multi_edit.change_starts_on")} />
        <InputField field={fields.starts_on as never} label={t("field.starts_on")} hint={t("multi_edit.blank_clears")} type="date" max="2037-12-31" />
        <CheckField field={fields.change_ends_on as never} label={t("multi_edit.change_ends_on")} />
        <InputField field={fields.ends_on as never} label={t("field.ends_on")} hint={t("multi_edit.blank_clears")} type="date" max="2037-12-31" />
      </fieldset>
      {choices.managers ? (
        <fieldset className="plain-fieldset">
          <legend>{t("field.manager")}</legend>
          <CheckField field={fields.change_manager as never} label={t("multi_edit.change_manager")} />
          <ManagerSelect field={fields.manager_id} managers={choices.managers} />
        </fieldset>
      ) : null}
      <fieldset className="plain-fieldset">
        <legend>{t("tab.security")}</legend>
        {offered.map((k) => (
          <SelectField key={k} field={fields[`perm_${k}`] as never} label={t(`permission.${k}`)}>
            {PERMISSION_CHANGES.map((c) => (
              <option key={c} value={c}>
                {t(`multi_edit.permission_${c}`)}
              </option>
            ))}
          </SelectField>
        ))}
      </fieldset>
    </MemberForm>
  );
}
