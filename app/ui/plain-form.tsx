/**
 * A form enhanced without conform, for /login (ADR 010: the first page of every visit does not
 * load conform's 11 KB). It renders what `ValidatedForm` + `TextField` / `CheckboxField` render
 * (the same ids, `novalidate`, aria-invalid / aria-describedby, messages) and keeps the part of
 * conform's behaviour the sign-in uses (`shouldValidate: "onSubmit"`, `shouldRevalidate:
 * "onInput"`):
 *  - the action's answer (`lastResult`, conform's reply) gives the messages; every field it names
 *    counts as validated; a new answer moves the focus to the first field with a message;
 *  - on submit the form's checks run in the browser: with messages the post is stopped, every
 *    field counts as validated and the first field with a message gets the focus; without, the
 *    messages go and the post goes on (Remix's <Form>);
 *  - typing in a validated field runs the checks again and shows the validated fields' messages
 *    (the server's form-level message goes);
 *  - a new form id (the next step) starts again from the answer, with new fields (nothing typed
 *    in the last step stays).
 * Without JavaScript it is a plain POST, as before.
 */
import { Form, type FormProps } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { SubmissionResult } from "@conform-to/react";
import { CheckboxFrame, FieldErrors, FieldFrame } from "./form-parts";

type Errors = Record<string, string[]>;
/** The browser's checks of a payload (field name → value, a string or several): the messages per field. */
export type FormCheck = (payload: Record<string, unknown>) => { error?: Errors };

interface State {
  id: string;
  result: SubmissionResult<string[]> | undefined;
  error: Errors;
  validated: Record<string, boolean>;
  initialValue: Record<string, unknown>;
}

/** conform's field metadata, the part the fields below read. */
export interface PlainField {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  errors?: string[];
  initialValue?: unknown;
}

export interface PlainForm {
  id: string;
  errorId: string;
  errors?: string[];
  props: Pick<FormProps, "id" | "noValidate" | "onSubmit" | "onInput" | "aria-describedby">;
}

const INTENT = "__intent__";
const STATE = "__state__";

/** The values of a form as conform's payload: one value a string, several an array (its own fields left out). */
function payloadOf(data: FormData): { payload: Record<string, unknown>; fields: string[] } {
  const payload: Record<string, unknown> = {};
  for (const [name, value] of data) {
    if (name === INTENT || name === STATE) continue;
    const v = typeof value === "string" ? value : undefined;
    const prev = payload[name];
    payload[name] = name in payload ? (Array.isArray(prev) ? [...prev, v] : [prev, v]) : v;
  }
  return { payload, fields: Object.keys(payload) };
}

const withoutNull = (error: Record<string, string[] | null> | undefined, keep: Errors = {}): Errors => {
  const out: Errors = {};
  for (const [name, e] of Object.entries(error ?? {})) {
    const v = e === null ? keep[name] : e;
    if (v) out[name] = v;
  }
  return out;
};

function start(id: string, result: SubmissionResult<string[]> | undefined): State {
  const error = withoutNull(result?.error);
  const validated: Record<string, boolean> = { ...(result?.state?.validated as Record<string, boolean> | undefined) };
  if (result && !result.intent) for (const name of [...Object.keys(error), ...(result.fields ?? [])]) validated[name] = true;
  return { id, result, error, validated, initialValue: (result?.initialValue as Record<string, unknown> | undefined) ?? {} };
}

/** A new answer of the action for the same form (conform's `report`). */
function report(state: State, result: SubmissionResult<string[]>): State {
  const error = withoutNull(result.error, state.error);
  const validated = { ...state.validated, ...(result.state?.validated as Record<string, boolean> | undefined) };
  for (const name of [...Object.keys(error), ...(result.fields ?? [])]) validated[name] = true;
  return { ...state, result, error, validated };
}

function focusFirstInvalid(form: HTMLFormElement | null, error: Errors) {
  if (!form) return;
  for (const el of Array.from(form.elements)) {
    const name = (el as HTMLInputElement).name;
    if (name && error[name] && el instanceof HTMLElement) {
      el.focus();
      return;
    }
  }
}

export function usePlainForm({ id, lastResult, check }: { id: string; lastResult: SubmissionResult<string[]> | undefined; check: FormCheck }) {
  const [state, setState] = useState(() => start(id, lastResult));
  const formRef = useRef<HTMLFormElement | null>(null);
  const focusNext = useRef(false);

  let current = state;
  if (state.id !== id) current = start(id, lastResult);
  else if (lastResult !== state.result && lastResult) {
    current = report(state, lastResult);
    focusNext.current = lastResult.status === "error";
  } else if (lastResult !== state.result) current = { ...state, result: lastResult };
  if (current !== state) setState(current);

  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    focusFirstInvalid(formRef.current, current.error);
  });

  const onSubmit: FormProps["onSubmit"] = (event) => {
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const data = new FormData(form);
    if (submitter?.name) data.append(submitter.name, submitter.value);
    const { payload, fields } = payloadOf(data);
    const error = withoutNull(check(payload).error);
    const validated = { ...state.validated };
    for (const name of [...Object.keys(error), ...fields]) validated[name] = true;
    setState({ ...state, error, validated });
    if (Object.keys(error).length) {
      event.preventDefault();
      focusFirstInvalid(form, error);
    }
  };

  const onInput: FormProps["onInput"] = (event) => {
    const el = event.target as HTMLInputElement;
    const form = event.currentTarget;
    if (!el.name || el.form !== form || !state.validated[el.name]) return;
    const validated = { ...state.validated, [el.name]: true };
    const all = withoutNull(check(payloadOf(new FormData(form)).payload).error);
    const error: Errors = {};
    for (const [name, e] of Object.entries(all)) if (validated[name]) error[name] = e;
    setState({ ...state, error, validated });
  };

  const formErrors = current.error[""];
  const form: PlainForm = {
    id,
    errorId: `${id}-error`,
    errors: formErrors,
    props: { id, noValidate: true, onSubmit, onInput, "aria-describedby": formErrors ? `${id}-error` : undefined },
  };
  const field = (name: string): PlainField => ({
    id: `${id}-${name}`,
    name,
    formId: id,
    errorId: `${id}-${name}-error`,
    errors: current.error[name],
    initialValue: current.initialValue[name],
  });
  return { form, field, formRef };
}

/** The <form> of `usePlainForm` (a Remix <Form>, method post) with its form-level messages first. */
export function PlainValidatedForm({
  form,
  formRef,
  children,
}: {
  form: PlainForm;
  formRef: React.MutableRefObject<HTMLFormElement | null>;
  children: React.ReactNode;
}) {
  return (
    // A new id (the next step) is a new form: nothing typed in the last step stays in a field that
    // takes its place (conform reset the fields it had; the old password must not land in the new one).
    <Form key={form.id} method="post" ref={formRef} {...form.props}>
      <FieldErrors id={form.errorId} errors={form.errors} />
      {children}
    </Form>
  );
}

/** `TextField` of `./form` for a plain form: the same markup. */
export function PlainTextField({
  field,
  label,
  type = "text",
  hint,
  autoComplete,
  inputMode,
  autoFocus,
  defaultValue,
}: {
  field: PlainField;
  label: React.ReactNode;
  type?: "text" | "email" | "password";
  hint?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "email" | "text";
  autoFocus?: boolean;
  defaultValue?: string;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const invalid = field.errors !== undefined;
  return (
    <FieldFrame meta={field} label={label} hint={hint} hintId={hintId}>
      <input
        id={field.id}
        name={field.name}
        form={field.formId}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${field.errorId} ${hintId ?? ""}`.trim() : hintId}
        type={type}
        // Secrets are never rendered back into the page.
        defaultValue={type === "password" ? undefined : (defaultValue ?? (typeof field.initialValue === "string" ? field.initialValue : undefined))}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoFocus={autoFocus}
      />
    </FieldFrame>
  );
}

/** `CheckboxField` of `./form` for a plain form: the same markup. */
export function PlainCheckboxField({ field, label, after }: { field: PlainField; label: string; after?: React.ReactNode }) {
  return <CheckboxFrame meta={field} label={label} after={after} />;
}
