/**
 * The domain's verification and the switch (ADR 024): publish a TXT record and check it, or have a
 * code mailed to an address at the domain and enter it; once verified, enable or disable. Plain
 * forms (no JavaScript needed); the email and code forms keep their messages on their fields.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { SsoConfig } from "@contract";
import { resultFor, type ActionResult } from "~/forms/action-result";
import { codeSchema, emailSchema } from "~/features/sso/schemas";
import { FormErrors, SubmitButton, TextField, ValidatedForm } from "~/ui/form";

type Answer = ActionResult | undefined | null | unknown;

export function Verification({ config, editable, action, answer }: { config: SsoConfig; editable: boolean; action: string; answer: Answer }) {
  const { t } = useTranslation("sso");
  const v = config.verification;
  return (
    <section className="tab-section" aria-labelledby="sso-verify-heading">
      <h3 id="sso-verify-heading">{t("verification.heading")}</h3>
      {config.domain_verified ? (
        <p>{t("verification.verified", { domain: config.domain })}</p>
      ) : (
        <>
          <p className="hint">{t("verification.intro", { domain: config.domain })}</p>
          <h4>{t("verification.dns_heading")}</h4>
          {v.method === "dns" && v.record_value ? (
            <>
              <p>{t("verification.dns_publish")}</p>
              <dl className="sso-record">
                <dt>{t("verification.record_name")}</dt>
                <dd>
                  <code>{v.record_name}</code>
                </dd>
                <dt>{t("verification.record_type")}</dt>
                <dd>
                  <code>TXT</code>
                </dd>
                <dt>{t("verification.record_value")}</dt>
                <dd>
                  <code>{v.record_value}</code>
                </dd>
              </dl>
              {editable ? (
                <Form method="post" action={action} preventScrollReset>
                  <SubmitButton name="intent" value="check-dns">
                    {t("verification.dns_check")}
                  </SubmitButton>
                </Form>
              ) : null}
            </>
          ) : editable ? (
            <Form method="post" action={action} preventScrollReset>
              <SubmitButton name="intent" value="start-dns" variant="secondary">
                {t("verification.dns_start")}
              </SubmitButton>
            </Form>
          ) : null}
          <h4>{t("verification.email_heading")}</h4>
          {editable ? <EmailForms action={action} answer={answer} sentTo={v.method === "email" ? v.email : null} domain={config.domain} /> : null}
        </>
      )}
      {editable && config.domain_verified ? (
        <Form method="post" action={action} preventScrollReset className="actions">
          {config.enabled ? (
            <SubmitButton name="intent" value="disable" variant="secondary">
              {t("configuration.disable")}
            </SubmitButton>
          ) : (
            <SubmitButton name="intent" value="enable">
              {t("configuration.enable")}
            </SubmitButton>
          )}
        </Form>
      ) : null}
    </section>
  );
}

function EmailForms({ action, answer, sentTo, domain }: { action: string; answer: Answer; sentTo: string | null; domain: string }) {
  const { t } = useTranslation("sso");
  const [emailForm, emailFields] = useForm<{ email?: string }, any>({
    id: "sso-email",
    lastResult: resultFor(answer as never, "start-email"),
    defaultValue: { email: sentTo ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailSchema }),
    shouldValidate: "onSubmit",
  });
  const [codeForm, codeFields] = useForm<{ code?: string }, any>({
    id: "sso-code",
    lastResult: resultFor(answer as never, "check-code"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: codeSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <>
      <ValidatedForm form={emailForm} action={action} preventScrollReset>
        <FormErrors formId={emailForm.id} />
        <TextField field={emailFields.email} type="email" label={t("verification.email")} hint={t("verification.email_hint", { domain })} autoComplete="off" />
        <SubmitButton name="intent" value="start-email" variant="secondary">
          {t(sentTo ? "verification.email_resend" : "verification.email_send")}
        </SubmitButton>
      </ValidatedForm>
      {sentTo ? (
        <ValidatedForm form={codeForm} action={action} preventScrollReset>
          <FormErrors formId={codeForm.id} />
          <TextField field={codeFields.code} label={t("verification.code")} hint={t("verification.code_hint", { email: sentTo })} inputMode="numeric" autoComplete="one-time-code" />
          <SubmitButton name="intent" value="check-code">
            {t("verification.code_check")}
          </SubmitButton>
        </ValidatedForm>
      ) : null}
    </>
  );
}
