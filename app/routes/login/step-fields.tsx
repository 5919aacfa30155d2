/** The fields of each step of the sign-in (the password, a one-time code, a two-factor setup, ...). */
import { useTranslation } from "react-i18next";
import type { LoginStep } from "@contract";
import { PlainCheckboxField as CheckboxField, PlainTextField as TextField, type PlainField } from "~/ui/plain-form";

export function StepFields({
  step,
  field,
  email,
  twoFactorSecret,
  qr,
}: {
  step: LoginStep;
  field: (name: string) => PlainField;
  email: string;
  twoFactorSecret: string | null;
  qr: string | null;
}) {
  const { t } = useTranslation("auth");
  switch (step) {
    case "request_email":
      return <TextField field={field("email")} label={t("login.email")} type="email" autoComplete="username" autoFocus defaultValue={email} />;
    case "password":
      return (
        <>
          <input type="hidden" name="username" value={email} autoComplete="username" />
          <TextField field={field("password")} label={t("login.password")} type="password" autoComplete="current-password" autoFocus />
        </>
      );
    case "one_time_password":
      return (
        <TextField
          field={field("oneTimePassword")}
          label={t("login.one_time_password")}
          hint={t("login.one_time_password_hint")}
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
        />
      );
    case "two_factor_setup":
      return (
        <>
          {qr ? <img className="qr" src={qr} alt={t("login.qr_alt")} width={180} height={180} /> : null}
          <div className="field">
            <span className="label" id="secret-label">
              {t("login.secret_label")}
            </span>
            <div className="readonly-value secret" aria-labelledby="secret-label">
              {twoFactorSecret}
            </div>
          </div>
          <input type="hidden" name="twoFactorAuthSecret" value={twoFactorSecret ?? ""} />
          <TextField
            field={field("twoFactorAuthCode")}
            label={t("login.one_time_password")}
            hint={t("login.setup_code_hint")}
            autoComplete="one-time-code"
            inputMode="numeric"
            autoFocus
          />
        </>
      );
    case "password_expired":
      return (
        <>
          <input type="hidden" name="username" value={email} autoComplete="username" />
          <TextField
            field={field("newPassword")}
            label={t("login.new_password")}
            hint={t("validation.password_strength")}
            type="password"
            autoComplete="new-password"
            autoFocus
          />
          <TextField field={field("newPasswordConfirmation")} label={t("login.new_password_confirmation")} type="password" autoComplete="new-password" />
        </>
      );
    case "accept_terms":
      return (
        <CheckboxField
          field={field("acceptedTerms")}
          label={t("login.accept_terms_label")}
          after={
            <p className="hint">
              <a href="/terms" target="_blank" rel="noreferrer">
                {t("login.terms_link")}
              </a>
            </p>
          }
        />
      );
  }
}
