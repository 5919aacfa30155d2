/**
 * My profile's forms (ADR 020): one's name, the language, the password, two-factor authentication
 * (set up on its own page with the QR code and key; turned off with a current code unless the
 * organisation requires it), and the notification preferences. Each a conform form that works
 * without JavaScript; what was typed comes back on a refusal, except secrets. Invitations waiting
 * for the person come first, each with accept and decline (issue 24).
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ZodType } from "zod";
import { USER_NOTIFICATIONS, type MyInvitation, type Profile } from "@contract";
import { rowNotice, type ActionResult } from "~/forms/action-result";
import { ActionNotice } from "~/ui/notice";
import { CheckField, FormErrors, SelectField, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { codeSchema, languageSchema, nameSchema, notificationsSchema, passwordSchema } from "~/features/users/profile-schema";

type Result = SubmissionResult<string[]> | undefined;

function useProfileForm(id: string, schema: ZodType, lastResult: Result, values: object = {}) {
  return useForm<Record<string, any>, any>({
    id,
    lastResult,
    defaultValue: values as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="profile-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

/** Invitations of other organisations: nothing of one applies until it is accepted. */
export function InvitationsSection({ invitations, answer }: { invitations: MyInvitation[]; answer: ActionResult | undefined | unknown }) {
  const { t } = useTranslation("users");
  if (invitations.length === 0) return null;
  return (
    <Section id="profile-invitations" title={t("profile.invitations_heading")}>
      <p className="hint">{t("profile.invitations_hint")}</p>
      <ul className="list">
        {invitations.map((i) => (
          <li key={i.id} className="list-item">
            <span>
              {i.invited_by ? t("profile.invitation_from", { inviter: i.invited_by, client: i.client.name, role: i.role }) : t("profile.invitation_to", { client: i.client.name, role: i.role })}
            </span>
            <span className="row-actions__group">
              {(["accept", "decline"] as const).map((what) => (
                <Form method="post" key={what} preventScrollReset>
                  <input type="hidden" name="id" value={i.id} />
                  <input type="hidden" name="client" value={i.client.name} />
                  <SubmitButton name="intent" value={`${what}-invitation`} variant={what === "accept" ? undefined : "secondary"}>
                    {t(`profile.invitation_${what}`, { client: i.client.name })}
                  </SubmitButton>
                </Form>
              ))}
            </span>
            <ActionNotice notice={rowNotice(answer as never, i.id)} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** One's name: the account's, the same in every organisation one belongs to. */
export function NameSection({ name, lastResult }: { name: string; lastResult: Result }) {
  const { t } = useTranslation("users");
  const [form, fields] = useProfileForm("profile-name", nameSchema, lastResult, { name });
  return (
    <Section id="profile-name" title={t("profile.name_heading")}>
      <ValidatedForm form={form} preventScrollReset>
        <FormErrors formId={form.id} />
        <TextField field={fields.name as never} label={t("field.name")} hint={t("profile.name_hint")} autoComplete="name" />
        <div className="actions">
          <SubmitButton name="intent" value="name">
            {t("profile.name_submit")}
          </SubmitButton>
        </div>
      </ValidatedForm>
    </Section>
  );
}

export function LanguageSection({ locale, locales, lastResult }: { locale: string; locales: { id: string; name: string }[]; lastResult: Result }) {
  const { t } = useTranslation("users");
  const [form, fields] = useProfileForm("profile-language", languageSchema, lastResult, { locale });
  return (
    <Section id="profile-language" title={t("common:profile.language_heading")}>
      <ValidatedForm form={form} preventScrollReset>
        <FormErrors formId={form.id} />
        <SelectField field={fields.locale as never} label={t("profile.language")} hint={t("profile.language_hint")}>
          {locales.map((l) => (
            <option key={l.id} value={l.id} lang={l.id.replace("_", "-")}>
              {l.name}
            </option>
          ))}
        </SelectField>
        <div className="actions">
          <SubmitButton name="intent" value="language">
            {t("profile.language_submit")}
          </SubmitButton>
        </div>
      </ValidatedForm>
    </Section>
  );
}

export function PasswordSection({ email, sso, lastResult }: { email: string; sso: boolean; lastResult: Result }) {
  const { t } = useTranslation("users");
  const [form, fields] = useProfileForm("profile-password", passwordSchema, lastResult);
  return (
    <Section id="profile-password" title={t("profile.password_heading")}>
      {sso ? (
        <p>{t("profile.errors.sso")}</p>
      ) : (
        <ValidatedForm form={form} preventScrollReset>
          <FormErrors formId={form.id} />
          <input type="hidden" name="username" value={email} autoComplete="username" />
          <TextField field={fields.current_password as never} label={t("profile.current_password")} type="password" autoComplete="current-password" />
          <TextField field={fields.password as never} label={t("profile.new_password")} hint={t("auth:validation.password_strength")} type="password" autoComplete="new-password" />
          <TextField field={fields.password_confirmation as never} label={t("profile.confirm_password")} type="password" autoComplete="new-password" />
          <div className="actions">
            <SubmitButton name="intent" value="password">
              {t("profile.password_submit")}
            </SubmitButton>
          </div>
        </ValidatedForm>
      )}
    </Section>
  );
}

export function TwoFactorSection({ profile, lastResult }: { profile: Profile; lastResult: Result }) {
  const { t } = useTranslation("users");
  const [form, fields] = useProfileForm("profile-two-factor", codeSchema, lastResult);
  return (
    <Section id="profile-two-factor" title={t("profile.two_factor_heading")}>
      <p>{t(profile.two_factor ? "profile.two_factor_on" : "profile.two_factor_off")}</p>
      {/* A refused "turn off" (it was already off) keeps its form, so its message shows. */}
      {!profile.two_factor && !lastResult ? (
        <Link className="button" to="/my-profile/two-factor" preventScrollReset>
          {t("profile.two_factor_set_up")}
        </Link>
      ) : profile.two_factor_required ? (
        <p className="hint">{t("profile.errors.forced2fa")}</p>
      ) : (
        <ValidatedForm form={form} preventScrollReset>
          <FormErrors formId={form.id} />
          <TextField field={fields.code as never} label={t("profile.code")} hint={t("profile.code_hint_off")} autoComplete="one-time-code" inputMode="numeric" />
          <div className="actions">
            <SubmitButton name="intent" value="disable-2fa" variant="secondary">
              {t("profile.two_factor_remove")}
            </SubmitButton>
          </div>
        </ValidatedForm>
      )}
    </Section>
  );
}

export function NotificationsSection({ notifications, lastResult }: { notifications: Profile["notifications"]; lastResult: Result }) {
  const { t } = useTranslation("users");
  const [form, fields] = useProfileForm("profile-notifications", notificationsSchema, lastResult, notifications);
  return (
    <Section id="profile-notifications" title={t("profile.notifications_heading")}>
      <p className="hint">{t("profile.notifications_hint")}</p>
      <ValidatedForm form={form} preventScrollReset>
        <FormErrors formId={form.id} />
        {USER_NOTIFICATIONS.map((k) => (
          <CheckField key={k} field={fields[k] as never} label={t(`profile.notification.${k}`)} />
        ))}
        <div className="actions">
          <SubmitButton name="intent" value="notifications">
            {t("profile.notifications_submit")}
          </SubmitButton>
        </div>
      </ValidatedForm>
    </Section>
  );
}
