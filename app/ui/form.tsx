import { FormProvider, getFormProps, getInputProps, getSelectProps, getTextareaProps, useField, useFormMetadata, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form, type FormProps } from "@remix-run/react";
import { Children, isValidElement, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxFrame, FieldErrors, FieldFrame } from "./form-parts";

// The conform-free parts, for pages that do without conform (/login: ADR 010).
export { Brand, FieldErrors, SubmitButton, useErrorText } from "./form-parts";

/**
 * A Remix <Form> driven by conform. Fields below it subscribe to their own state (useField), so
 * their messages appear even when the component that owns the form re-renders without its
 * children — which conform's parent-level subscription would miss (see docs/decisions/004).
 */
export function ValidatedForm({
  form,
  children,
  ...rest
}: { form: FormMetadata<any, string[]>; children: React.ReactNode } & Omit<FormProps, "id" | "onSubmit" | "noValidate">) {
  return (
    <FormProvider context={form.context}>
      <Form method="post" {...rest} {...getFormProps(form)}>
        {children}
      </Form>
    </FormProvider>
  );
}

/** Form-level messages (e.g. from the server), subscribed on their own. */
export function FormErrors({ formId }: { formId: string }) {
  const form = useFormMetadata(formId);
  return <FieldErrors id={form.errorId} errors={form.errors} />;
}

type ConformInputType = Parameters<typeof getInputProps>[1]["type"];

/**
 * Any labelled <input> of a conform form (date and time, number, phone, file, …): the attributes
 * given go on the input, after conform's own (so `defaultValue`, bounds and `accept` can be set).
 */
export function InputField({
  field,
  label,
  hint,
  type,
  ...attrs
}: { field: FieldMetadata<unknown>; label: React.ReactNode; hint?: string; type: ConformInputType } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "form">) {
  const [meta] = useField(field.name, { formId: field.formId });
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: hintId } as never);
  return (
    <FieldFrame meta={meta} label={label} hint={hint} hintId={hintId}>
      <input key={key} {...props} {...attrs} />
    </FieldFrame>
  );
}

/** A labelled checkbox of a conform form that starts as stored (ticked when its value is, or was submitted as, "on"). */
export function CheckField({ field, label, hint }: { field: FieldMetadata<boolean | undefined>; label: string; hint?: string }) {
  const [meta] = useField<boolean | undefined>(field.name, { formId: field.formId });
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...props } = getInputProps(meta, { type: "checkbox", ariaDescribedBy: hintId });
  return (
    <div className="field">
      <div className="checkbox">
        <input key={key} {...props} />
        <label htmlFor={meta.id}>{label}</label>
      </div>
      {hint ? (
        <p className="hint check-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
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
  label: React.ReactNode;
  type?: InputType;
  hint?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "email" | "text";
  autoFocus?: boolean;
  defaultValue?: string;
}) {
  // Subscribe here, not in the form's owner: see ValidatedForm.
  const [meta] = useField<string | undefined>(field.name, { formId: field.formId });
  field = meta;
  const hintId = hint ? `${field.id}-hint` : undefined;
  const props = getInputProps(field, { type, ariaDescribedBy: hintId });
  return (
    <FieldFrame meta={field} label={label} hint={hint} hintId={hintId}>
      <input
        {...props}
        // Secrets are never rendered back into the page.
        defaultValue={type === "password" ? undefined : (defaultValue ?? props.defaultValue)}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoFocus={autoFocus}
      />
    </FieldFrame>
  );
}

/** A labelled <textarea>. */
export function TextAreaField({ field, label, hint, rows = 4 }: { field: FieldMetadata<string | undefined>; label: string; hint?: string; rows?: number }) {
  const [meta] = useField<string | undefined>(field.name, { formId: field.formId });
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: hintId });
  return (
    <FieldFrame meta={meta} label={label} hint={hint} hintId={hintId}>
      <textarea key={key} {...props} rows={rows} />
    </FieldFrame>
  );
}

/** A labelled <select>; its options are the children (with optgroups if wanted). */
/** True once React has hydrated the page (false while rendering on the server and without JavaScript). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** platform §9: a dropdown becomes searchable at this many options. */
export const SEARCHABLE_SELECT_MIN = 5;

/** The visible text of an <option> element (its children as a string). */
const optionText = (node: React.ReactNode): string =>
  isValidElement<{ children?: React.ReactNode }>(node) ? Children.toArray(node.props.children).map((c) => (typeof c === "string" || typeof c === "number" ? String(c) : "")).join("") : "";

/**
 * A labelled <select> of a conform form. With JavaScript and 5 or more options (platform §9) it
 * gets a filter above it: typing narrows the options to those containing the text (the chosen
 * one always stays, so filtering never changes the answer). Without JavaScript the native
 * select's own type-to-find serves.
 */
export function SelectField({
  field,
  label,
  hint,
  children,
  onChange,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint?: string;
  children: React.ReactNode;
  onChange?: (value: string) => void;
}) {
  const [meta] = useField<string | undefined>(field.name, { formId: field.formId });
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [filter, setFilter] = useState("");
  const select = useRef<HTMLSelectElement>(null);
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...props } = getSelectProps(meta, { ariaDescribedBy: hintId });
  const options = Children.toArray(children);
  const searchable = hydrated && options.length >= SEARCHABLE_SELECT_MIN;
  const needle = filter.trim().toLocaleLowerCase();
  const current = select.current?.value;
  const shown = searchable && needle ? options.filter((o) => optionText(o).toLocaleLowerCase().includes(needle) || (isValidElement<{ value?: unknown }>(o) && String(o.props.value) === current)) : options;
  return (
    <FieldFrame meta={meta} label={label} hint={hint} hintId={hintId}>
      {searchable ? (
        <input
          type="search"
          className="select-filter"
          aria-label={t("common:select.filter", { label })}
          placeholder={t("common:select.filter", { label })}
          aria-controls={meta.id}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
        />
      ) : null}
      <select key={key} ref={select} {...props} onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}>
        {shown}
      </select>
    </FieldFrame>
  );
}

export function CheckboxField({ field, label, after }: { field: FieldMetadata<string | undefined>; label: string; after?: React.ReactNode }) {
  const [meta] = useField<string | undefined>(field.name, { formId: field.formId });
  return <CheckboxFrame meta={meta} label={label} after={after} />;
}

/**
 * A fieldset of radio buttons or checkboxes with a legend, each choice with its label and an
 * optional hint (its description), and the list's messages. Inputs are plain (no conform props):
 * `checked` says which start ticked, so a refused post shows what was sent.
 */
export function ChoiceList({
  legend,
  name,
  type,
  choices,
  checked,
  errorId,
  errors,
  idPrefix,
  before,
}: {
  legend: string;
  name: string;
  type: "radio" | "checkbox";
  choices: { value: string; label: string; hint?: string }[];
  checked: ReadonlySet<string>;
  errorId: string;
  errors?: string[];
  idPrefix: string;
  /** Shown under the legend, before the choices (e.g. why there are none). */
  before?: React.ReactNode;
}) {
  return (
    <fieldset className="choice-list" aria-describedby={errors?.length ? errorId : undefined}>
      <legend>{legend}</legend>
      {before}
      {choices.map((c) => {
        const id = `${idPrefix}-${c.value}`;
        return (
          <div className="checkbox choice" key={c.value}>
            <input type={type} id={id} name={name} value={c.value} defaultChecked={checked.has(c.value)} aria-describedby={c.hint ? `${id}-hint` : undefined} />
            <div>
              <label htmlFor={id}>{c.label}</label>
              {c.hint ? (
                <p className="hint" id={`${id}-hint`}>
                  {c.hint}
                </p>
              ) : null}
            </div>
          </div>
        );
      })}
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}

/** The values a conform field started with (after a refused post: what was sent), as a set. */
export const initialValues = (initial: unknown): Set<string> => new Set((Array.isArray(initial) ? initial : initial == null ? [] : [initial]).map(String));

