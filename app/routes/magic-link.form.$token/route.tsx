/**
 * /magic-link/form/{token} — a visitor form's public link (ADR 030; groups spec §3 "Form link"),
 * open without signing in: the visitor pre-registers themselves (name, email, one of the form's
 * sites and groups, the arrival at the site's local time), which makes a real pre-registration
 * (pending when the group needs approval, else expected with its invitation mailed). A deleted or
 * disabled form says "Form no longer exists" (410; an unknown token 404). A plain POST without
 * JavaScript (Post/Redirect/Get to the thanks); checked in the browser with JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageNotice, resultFor } from "~/forms/action-result";
import { DateTimeField } from "~/ui/fields";
import { Brand, FormErrors, SelectField, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { ActionNotice, NoticeBanner } from "~/ui/notice";
import { useSchemaForm } from "~/ui/schema-form";
import { formLinkAction, formLinkLoader } from "./link.server";
import { formLinkSchema } from "./schema";

export const meta: MetaFunction<typeof loader> = pageTitle;

export const loader = ({ request, params }: LoaderFunctionArgs) => formLinkLoader(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => formLinkAction(request, params);

export default function FormLink() {
  const { form, sent } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("features");
  const one = form && form.sites.length === 1 ? { site_id: String(form.sites[0]!.id) } : {};
  const oneGroup = form && form.groups.length === 1 ? { group_id: String(form.groups[0]!.id) } : {};
  const [f, fields] = useSchemaForm("pre-register", formLinkSchema, { ...one, ...oneGroup }, resultFor(answer, "pre-register"));
  return (
    <main id="main" className="auth-page">
      <section className="card" aria-labelledby="form-heading">
        <Brand />
        {!form ? (
          <>
            <h1 id="form-heading">{t("forms.link.gone_title")}</h1>
            <NoticeBanner notice={{ key: "features:forms.messages.gone", tone: "error" }} />
          </>
        ) : (
          <>
            <h1 id="form-heading">{form.name}</h1>
            <p className="muted">{form.organisation}</p>
            {sent ? (
              <NoticeBanner notice={{ key: `features:forms.link.sent_${sent}`, tone: "success" }} />
            ) : (
              <>
                {/* Sanitised twice: by the upstream on save, and here. */}
                {form.intro ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: form.intro }} /> : null}
                <ActionNotice notice={pageNotice(answer)} />
                <ValidatedForm form={f} method="post">
                  <FormErrors formId={f.id} />
                  <TextField field={fields.name as never} label={t("forms.link.name")} autoComplete="name" />
                  <TextField field={fields.email as never} label={t("forms.link.email")} type="email" autoComplete="email" hint={t("forms.link.email_hint")} />
                  <SelectField field={fields.site_id as never} label={t("forms.link.site")}>
                    {form.sites.length > 1 ? <option value="">{t("forms.link.choose_site")}</option> : null}
                    {form.sites.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </SelectField>
                  <SelectField field={fields.group_id as never} label={t("forms.link.group")}>
                    {form.groups.length > 1 ? <option value="">{t("forms.link.choose_group")}</option> : null}
                    {form.groups.map((g) => (
                      <option key={g.id} value={g.id}>
                        {g.name}
                      </option>
                    ))}
                  </SelectField>
                  <DateTimeField field={fields.arrive_at as never} label={t("forms.link.arrive_at")} hint={t("forms.link.arrive_at_hint")} />
                  <div className="actions">
                    <SubmitButton name="intent" value="pre-register">
                      {t("forms.link.submit")}
                    </SubmitButton>
                  </div>
                </ValidatedForm>
              </>
            )}
          </>
        )}
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
