/**
 * The parts of the form layer that do not need conform: messages, the labelled field frame, the
 * submit button, the brand. `./form` re-exports them; /login imports them from here so that its
 * page does not load conform (ADR 010, addendum of the login headroom).
 */
import { useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * Error messages are translation keys ("auth:validation.email_required"), a key with its values
 * after a "|" as JSON ('sites:errors.site_limit|{"limit":5}'), or upstream text prefixed with "@"
 * that is shown as it came.
 */
export function useErrorText() {
  const { t } = useTranslation();
  return (message: string) => {
    if (message.startsWith("@")) return message.slice(1);
    const bar = message.indexOf("|");
    if (bar < 0) return t(message);
    try {
      return t(message.slice(0, bar), JSON.parse(message.slice(bar + 1)) as Record<string, unknown>);
    } catch {
      return t(message.slice(0, bar));
    }
  };
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const text = useErrorText();
  if (!errors?.length) return null;
  return (
    <div id={id}>
      {errors.map((e) => (
        <p key={e} className="error">
          {text(e)}
        </p>
      ))}
    </div>
  );
}

/** The frame every labelled field shares: its label, its hint (the control's description), the control, its messages. */
export function FieldFrame({ meta, label, hint, hintId, children }: { meta: { id: string; errorId: string; errors?: string[] }; label: React.ReactNode; hint?: string; hintId?: string; children: React.ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {children}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A checkbox with its label, what follows it, and its messages (conform's `CheckboxField` and the plain form's draw it alike). */
export function CheckboxFrame({ meta, label, after }: { meta: { id: string; name: string; formId: string; errorId: string; errors?: string[] }; label: string; after?: React.ReactNode }) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <div className="field">
      <div className="checkbox">
        <input
          type="checkbox"
          id={meta.id}
          name={meta.name}
          form={meta.formId}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? meta.errorId : undefined}
        />
        <label htmlFor={meta.id}>{label}</label>
      </div>
      {after}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A submit button that shows a pending state while its form is being sent (with JavaScript). */
export function SubmitButton({
  children,
  name,
  value,
  variant = "primary",
  formNoValidate,
}: {
  children: React.ReactNode;
  name?: string;
  value?: string;
  variant?: "primary" | "secondary" | "link";
  formNoValidate?: boolean;
}) {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const busy =
    navigation.state === "submitting" &&
    (name ? navigation.formData?.get(name) === value : !navigation.formData?.get("intent"));
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={`button${variant === "primary" ? "" : ` button--${variant}`}`}
      aria-busy={busy || undefined}
      formNoValidate={formNoValidate}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
      {busy ? <span className="visually-hidden">{t("common:working")}</span> : null}
    </button>
  );
}

export function Brand() {
  return (
    <div className="brand">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>Gatehouse</span>
    </div>
  );
}
