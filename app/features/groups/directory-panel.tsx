/**
 * A returning group's directory integration as a page shows it (groups spec §1: an integrated group;
 * §8 the sync errors, in words): not connected (connect a directory), or connected (which directory
 * group, its state — syncing, turned off, or failing and why —, the last sync, how many members came
 * from the directory and how many were added by hand), with the editor's forms. No JavaScript needed.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import type { GroupSync, SyncProvider } from "@contract";
import { NumberField } from "~/ui/fields";
import { ChoiceList, FormErrors, initialValues, SelectField, SubmitButton, ValidatedForm } from "~/ui/form";
import { Facts, IntentButtons } from "./integration-parts";
import { chooseSchema, connectSchema, importSchema } from "./sync";

export function DirectoryPanel({
  sync,
  action,
  editable,
  providers,
  lastConnect,
  lastChoose,
  lastImport,
  lastSyncText,
  canImport = false,
}: {
  sync: GroupSync | null;
  action: string;
  editable: boolean;
  /** The directories this organisation may connect (Brivo with its flag). */
  providers: readonly SyncProvider[];
  lastConnect: SubmissionResult<string[]> | undefined;
  lastChoose: SubmissionResult<string[]> | undefined;
  lastImport?: SubmissionResult<string[]> | undefined;
  /** The integrated-groups-import flag: offer the directory's other groups as new groups. */
  canImport?: boolean;
  /** The last sync, written out for the user's zone and language (null: never). */
  lastSyncText: string | null;
}) {
  const { t } = useTranslation("groups");
  const [connect, connectFields] = useForm<{ provider: string | undefined }, any>({
    id: "sync-connect",
    lastResult: lastConnect,
    defaultValue: { provider: providers[0] },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: connectSchema }),
    shouldValidate: "onSubmit",
  });
  const [choose, chooseFields] = useForm<{ directory_group_id: string | undefined; facility_code: number | undefined }, any>({
    id: "sync-choose",
    lastResult: lastChoose,
    defaultValue: { directory_group_id: sync?.directory_group?.id ?? "", facility_code: sync?.facility_code ?? undefined },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: chooseSchema }),
    shouldValidate: "onSubmit",
  });
  const [importForm, importFields] = useForm<{ directory_group_ids: string[] | undefined }, any>({
    id: "sync-import",
    lastResult: lastImport,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: importSchema }),
    shouldValidate: "onSubmit",
  });
  if (!sync) return <p className="warning">{t("sync.unavailable")}</p>;
  if (sync.status === "none") {
    return (
      <>
        <p>{t("sync.none")}</p>
        {editable && providers.length > 0 ? (
          <ValidatedForm form={connect} action={action}>
            <FormErrors formId={connect.id} />
            <SelectField field={connectFields.provider} label={t("sync.field.provider")}>
              {providers.map((p) => (
                <option key={p} value={p}>
                  {t(`sync.provider.${p}`)}
                </option>
              ))}
            </SelectField>
            <div className="actions">
              <SubmitButton name="intent" value="connect">
                {t("sync.connect")}
              </SubmitButton>
            </div>
          </ValidatedForm>
        ) : null}
      </>
    );
  }
  const status = sync.status === "error" && sync.error ? t("sync.status.error", { reason: t(`sync.error.${sync.error}`) }) : t(`sync.status.${sync.status}`);
  return (
    <>
      <Facts
        facts={[
          { term: t("sync.fact.provider"), value: sync.provider ? t(`sync.provider.${sync.provider}`) : "" },
          { term: t("sync.fact.directory_group"), value: sync.directory_group?.name ?? t("sync.not_chosen") },
          { term: t("sync.fact.status"), value: status, error: sync.status === "error" },
          { term: t("sync.fact.last_sync"), value: lastSyncText ?? t("sync.never") },
          { term: t("sync.fact.members"), value: t("sync.members", { synced: sync.synced_members, manual: sync.manual_members }) },
        ]}
      />
      {editable ? (
        <>
          <ValidatedForm form={choose} action={action}>
            <FormErrors formId={choose.id} />
            <SelectField field={chooseFields.directory_group_id} label={t("sync.field.directory_group")} hint={t("sync.field.directory_group_hint")}>
              <option value="">{t("choice.none")}</option>
              {sync.directory_groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </SelectField>
            {sync.provider === "brivo" ? <NumberField field={chooseFields.facility_code} label={t("sync.field.facility_code")} hint={t("sync.field.facility_code_hint")} min={0} max={255} number="integer" /> : null}
            <div className="actions">
              <SubmitButton name="intent" value="choose">
                {t("sync.choose")}
              </SubmitButton>
            </div>
          </ValidatedForm>
          <IntentButtons
            action={action}
            buttons={[
              { intent: "sync", label: t("sync.sync_now") },
              { intent: "toggle", label: t(sync.status === "disabled" ? "sync.turn_on" : "sync.turn_off"), fields: { enabled: sync.status === "disabled" ? "true" : "false" } },
              { intent: "disconnect", label: t("sync.disconnect") },
            ]}
          />
          <p className="hint">{t("sync.disconnect_hint")}</p>
          {canImport ? (
            <ValidatedForm form={importForm} action={action}>
              <FormErrors formId={importForm.id} />
              <ChoiceList
                legend={t("sync.import.legend")}
                before={<p className="hint">{t(sync.importable.length > 0 ? "sync.import.hint" : "sync.import.none")}</p>}
                name={importFields.directory_group_ids.name}
                type="checkbox"
                choices={sync.importable.map((d) => ({ value: d.id, label: d.name }))}
                checked={initialValues(importFields.directory_group_ids.initialValue)}
                errorId={importFields.directory_group_ids.errorId}
                errors={importFields.directory_group_ids.errors}
                idPrefix="sync-import"
              />
              {sync.importable.length > 0 ? (
                <div className="actions">
                  <SubmitButton name="intent" value="import" variant="secondary">
                    {t("sync.import.submit")}
                  </SubmitButton>
                </div>
              ) : null}
            </ValidatedForm>
          ) : null}
        </>
      ) : null}
    </>
  );
}
