/** Create a client API credential (ADR 030): a name and the scopes it holds (each with what it allows). */
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { API_CLIENT_SCOPES } from "@contract";
import { ChoiceList, FormErrors, initialValues, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { useSchemaForm } from "~/ui/schema-form";
import { API_CLIENTS_PATH } from "~/features/api-clients/paths";
import { apiClientSchema, scopeKey } from "./schema";

export function CreateClientForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("features");
  const [form, fields] = useSchemaForm("api-client-create", apiClientSchema, {}, lastResult);
  const scopes = fields.scopes as unknown as { initialValue?: unknown; errorId: string; errors?: string[] };
  return (
    <section aria-labelledby="create-heading">
      <h2 id="create-heading">{t("api_clients.create_heading")}</h2>
      <ValidatedForm form={form} action={API_CLIENTS_PATH} preventScrollReset>
        <FormErrors formId={form.id} />
        <TextField field={fields.name as never} label={t("api_clients.field.name")} hint={t("api_clients.field.name_hint")} autoComplete="off" />
        <ChoiceList
          legend={t("api_clients.field.scopes")}
          name="scopes"
          type="checkbox"
          choices={API_CLIENT_SCOPES.map((s) => ({ value: s, label: s, hint: t(scopeKey(s)) }))}
          checked={initialValues(scopes.initialValue)}
          errorId={scopes.errorId}
          errors={scopes.errors}
          idPrefix="api-client-scope"
        />
        <div className="actions">
          <SubmitButton name="intent" value="create">
            {t("api_clients.create")}
          </SubmitButton>
        </div>
      </ValidatedForm>
    </section>
  );
}
