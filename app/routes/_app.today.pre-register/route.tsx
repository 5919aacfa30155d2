/**
 * /today/pre-register — pre-register a visitor (one, or a CSV of them) for a standard group at one
 * of the user's sites (ADR 019). A dialog over Today with JavaScript; a page of two plain forms
 * without it. A scheduled visit needs an employee, a service and when it is shown again.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { REDISPLAY_OPTIONS } from "@contract";
import { dispatch } from "~/forms/intents.server";
import { requireAccess, requireRight } from "~/access/guard.server";
import { pageNotice, resultFor } from "~/forms/action-result";
import { preRegisterSchema } from "~/features/pre-registrations/schemas";
import { LOCALE_NAMES, LOCALES } from "~/i18n/config";
import { translator } from "~/i18n/i18n.server";
import { RouteDialog } from "~/ui/dialog";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { DateTimeField, FileField } from "~/ui/fields";
import { FormErrors, SelectField, SubmitButton, TextAreaField, TextField, useHydrated, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { upstreamLoad } from "~/upstream/load.server";
import { importCsv, preRegister, type ImportReport } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t, locale }] = await Promise.all([requireAccess(request), translator(request, "pre-registrations")]);
  requireRight(access, ["Today.viewer", "Today.signInOut"]);
  const options = await upstreamLoad(access.viewer.api("preRegistrationOptions"));
  // The language names come from the server: the browser's bundle keeps LOCALE_NAMES out of the chunk /login shares.
  const languages = LOCALES.map((l) => ({ id: l, name: LOCALE_NAMES[l] }));
  return { title: `${t("new.title")} · Gatehouse`, options, locale, languages };
}

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  const form = await request.formData();
  const args = { request, access, form };
  return dispatch(form, { "pre-register": preRegister, import: importCsv }, args);
}

function SiteAndGroup({ fields, sites, groups }: { fields: { site_id: never; group_id: never }; sites: { id: number; name: string }[]; groups: { id: number; name: string; approval_required: boolean }[] }) {
  const { t } = useTranslation("pre-registrations");
  return (
    <>
      <SelectField field={fields.site_id} label={t("fields.site")}>
        {sites.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <SelectField field={fields.group_id} label={t("fields.group")}>
        <option value="">{t("fields.choose_group")}</option>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
            {g.approval_required ? ` (${t("fields.needs_approval")})` : ""}
          </option>
        ))}
      </SelectField>
    </>
  );
}

export default function PreRegister() {
  const { options, locale, languages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("pre-registrations");
  const hydrated = useHydrated();
  const single = resultFor(actionData, "pre-register");
  const [kind, setKind] = useState(String(single?.initialValue?.kind ?? "visit"));
  const [form, fields] = useForm<z.input<typeof preRegisterSchema>, z.output<typeof preRegisterSchema>>({
    id: "pre-register",
    lastResult: single,
    defaultValue: { site_id: String(options.sites[0]?.id ?? ""), kind: "visit", locale },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: preRegisterSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // The import is checked on the server only (its file is read there).
  const [importForm, importFields] = useForm<{ site_id: string; group_id: string; host?: string; file: File }>({
    id: "import",
    lastResult: resultFor(actionData, "import"),
    defaultValue: { site_id: String(options.sites[0]?.id ?? "") },
  });
  const report = actionData && "report" in actionData ? (actionData.report as ImportReport) : null;
  const showScheduled = !hydrated || kind === "scheduled";

  return (
    <RouteDialog title={t("new.heading")} closeTo="/today" wide>
      <ActionNotice notice={pageNotice(actionData)} />
      <section aria-labelledby="single-heading">
        <h2 id="single-heading">{t("new.single")}</h2>
        <ValidatedForm form={form} action="/today/pre-register">
          <input type="hidden" name="intent" value="pre-register" />
          <FormErrors formId={form.id} />
          <SiteAndGroup fields={fields as never} sites={options.sites} groups={options.groups} />
          <TextField field={fields.name} label={t("fields.name")} autoComplete="off" />
          <TextField field={fields.email} label={t("fields.email")} type="email" autoComplete="off" />
          <DateTimeField field={fields.arrive_at} label={t("fields.arrive_at")} hint={t("fields.arrive_at_hint")} max="2037-12-31T23:59" />
          <TextField field={fields.company} label={t("fields.company")} autoComplete="off" />
          <TextField field={fields.host} label={t("fields.host")} autoComplete="off" />
          <TextAreaField field={fields.notes} label={t("fields.notes")} rows={2} />
          <SelectField field={fields.locale} label={t("fields.locale")} hint={t("fields.locale_hint")}>
            {languages.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </SelectField>
          <SelectField field={fields.kind} label={t("fields.kind")} onChange={setKind}>
            <option value="visit">{t("kind.visit")}</option>
            <option value="scheduled">{t("kind.scheduled")}</option>
          </SelectField>
          {showScheduled ? (
            <fieldset>
              <legend>{t("scheduled.legend")}</legend>
              {!hydrated ? <p className="hint">{t("scheduled.hint")}</p> : null}
              <SelectField field={fields.employee_id} label={t("fields.employee")}>
                <option value="">{t("fields.choose_employee")}</option>
                {options.employees.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.name} ({e.group})
                  </option>
                ))}
              </SelectField>
              <SelectField field={fields.service} label={t("fields.service")}>
                <option value="">{t("fields.choose_service")}</option>
                {options.services.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </SelectField>
              <SelectField field={fields.redisplay} label={t("fields.redisplay")}>
                <option value="">{t("fields.choose_redisplay")}</option>
                {REDISPLAY_OPTIONS.map((r) => (
                  <option key={r} value={r}>
                    {t(`redisplay.${r}`)}
                  </option>
                ))}
              </SelectField>
            </fieldset>
          ) : null}
          <p className="hint">{options.new_form ? t("new.email_with_form") : t("new.email_change_only")}</p>
          <div className="actions">
            <SubmitButton>{t("new.submit")}</SubmitButton>
          </div>
        </ValidatedForm>
      </section>
      <section aria-labelledby="import-heading">
        <h2 id="import-heading">{t("import.heading")}</h2>
        <p className="hint">{t("import.help")}</p>
        <ValidatedForm form={importForm} action="/today/pre-register" encType="multipart/form-data">
          <input type="hidden" name="intent" value="import" />
          <FormErrors formId={importForm.id} />
          <SiteAndGroup fields={importFields as never} sites={options.sites} groups={options.groups} />
          <TextField field={importFields.host} label={t("fields.host")} autoComplete="off" />
          <FileField field={importFields.file} label={t("import.file")} hint={t("import.file_hint")} accept=".csv,text/csv" />
          <div className="actions">
            <SubmitButton>{t("import.submit")}</SubmitButton>
          </div>
        </ValidatedForm>
        {report ? (
          <section role="status" aria-labelledby="import-refused-heading">
            <h3 id="import-refused-heading">{t("import.refused_heading")}</h3>
            <ul className="import-errors">
              {report.errors.map((e) => (
                <li key={e.line}>{t("import.row_error", { line: e.line, reason: e.reasons.map((r) => (r.startsWith("@") ? r.slice(1) : t(r))).join("; ") })}</li>
              ))}
            </ul>
          </section>
        ) : null}
      </section>
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
