/**
 * The designer's plain form parts (issue 26 item 4; ADR 036): a labelled input or select whose
 * messages and typed value come from the last answer when it was about this form (its intent and
 * row), so a refused form shows what was typed and why — with or without JavaScript.
 */
import { Form } from "@remix-run/react";
import { resultFor } from "~/forms/action-result";
import { FieldErrors } from "~/ui/form";
import type { DesignResult } from "./design.server";

/** The last answer as seen by one form: its field messages, its typed values, its own messages. */
export function answerFor(answer: DesignResult | undefined, intent: string | readonly string[], row: number | null = null) {
  const result = resultFor(answer, intent, row);
  const typed = (result?.initialValue ?? {}) as Record<string, unknown>;
  return {
    answered: result !== undefined,
    errors: (name: string) => result?.error?.[name] ?? undefined,
    formErrors: result?.error?.[""] ?? undefined,
    value: (name: string, stored: string | number | null | undefined) => {
      const v = typed[name];
      return typeof v === "string" ? v : stored == null ? "" : String(stored);
    },
  };
}
export type FormAnswer = ReturnType<typeof answerFor>;

interface FieldProps {
  form: string;
  name: string;
  label: React.ReactNode;
  answer: FormAnswer;
  hint?: string;
}

const described = (id: string, errors: string[] | undefined, hint?: string) =>
  [hint ? `${id}-hint` : "", errors ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

/** The frame both controls share: the label, the hint, the control, its messages. */
function Field({ id, label, hint, errors, children }: { id: string; label: React.ReactNode; hint?: string; errors: string[] | undefined; children: React.ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function Input({ form, name, label, answer, hint, stored, ...attrs }: FieldProps & { stored?: string | number | null } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "form" | "name" | "id" | "defaultValue">) {
  const id = `${form}-${name}`;
  const errors = answer.errors(name);
  return (
    <Field id={id} label={label} hint={hint} errors={errors}>
      <input id={id} name={name} type="text" defaultValue={answer.value(name, stored)} aria-invalid={errors ? true : undefined} aria-describedby={described(id, errors, hint)} {...attrs} />
    </Field>
  );
}

export function Select({ form, name, label, answer, hint, stored, children }: FieldProps & { stored?: string | number | null; children: React.ReactNode }) {
  const id = `${form}-${name}`;
  const errors = answer.errors(name);
  return (
    <Field id={id} label={label} hint={hint} errors={errors}>
      <select id={id} name={name} defaultValue={answer.value(name, stored)} aria-invalid={errors ? true : undefined} aria-describedby={described(id, errors, hint)}>
        {children}
      </select>
    </Field>
  );
}

/** A form of the designer: it posts here, its intent (and row) first, its own messages on top. */
export function DesignForm({ id, action, intent, row, answer, children, label }: { id: string; action: string; intent: string; row?: number; answer?: FormAnswer; children: React.ReactNode; label?: string }) {
  return (
    <Form method="post" action={action} id={id} preventScrollReset className="designer-form" aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      {row !== undefined ? <input type="hidden" name="node_id" value={row} /> : null}
      {answer ? <FieldErrors id={`${id}-errors`} errors={answer.formErrors} /> : null}
      {children}
    </Form>
  );
}

/** A button whose accessible name says what it acts on ("Delete Desk 1"), its visible text short. */
export function ActButton({ label, what, variant = "secondary", name, value }: { label: string; what: string; variant?: "primary" | "secondary"; name?: string; value?: string }) {
  return (
    <button type="submit" className={`button button--${variant}`} name={name} value={value}>
      {label}
      <span className="visually-hidden"> {what}</span>
    </button>
  );
}
