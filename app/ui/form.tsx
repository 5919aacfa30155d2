import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * Error messages are translation keys ("auth:validation.email_required"), or upstream text
 * prefixed with "@" that is shown as it came.
 */
export function useErrorText() {
  const { t } = useTranslation();
  return (message: string) => (message.startsWith("@") ? message.slice(1) : t(message));
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

type InputType = "text" | "email" | "password";

export function TextField({
  field,
  label,
  type = "text",
  hint,
  autoComplete,
  inputMode,
  autoFocus,
  defaultValue,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: InputType;
  hint?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "email" | "text";
  autoFocus?: boolean;
  defaultValue?: string;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const props = getInputProps(field, { type, ariaDescribedBy: hintId });
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input
        {...props}
        key={props.key}
        // Secrets are never rendered back into the page.
        defaultValue={type === "password" ? undefined : (defaultValue ?? props.defaultValue)}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoFocus={autoFocus}
      />
      <FieldErrors id={field.errorId} errors={field.errors} />
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
