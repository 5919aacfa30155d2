/**
 * The sign-in forms' validation in the browser, without zod (ADR 010): the schemas of
 * `./schemas` written as plain checks, for conform's `onValidate` (`./validate`) and /login's
 * conform-free form (`~/ui/plain-form`); no conform here, /login loads this module. The server
 * still parses with the zod schemas; tests/unit/auth-validate.test.ts holds the two to the same errors and values
 * (through conform's `parseWithZod`, coercion included) over a corpus of inputs.
 *
 * zod's rules that matter here, mirrored below:
 * - conform turns an empty string into a missing value; a missing (or non-string) value fails the
 *   type check with the schema's own message, and then no check of that field runs;
 * - a field's checks run in order and all of them run (a failed length does not stop the next);
 * - a pipe (the email) stops after its first stage when that stage has issues;
 * - a form-level refinement (the confirmations) runs only when every issue so far is one of those
 *   checks' (a missing field stops it).
 */
import { isStrongPassword } from "./password-rules";

interface Issue {
  message: string;
  /** zod's `continue`: a failed check lets later checks and refinements run; a type error does not. */
  continues: boolean;
}
type Result = { value?: unknown; issues: Issue[] };
type Check = (value: string, issues: Issue[]) => string;
type FieldValidator = (value: unknown) => Result;

const fail = (message: string, issues: Issue[]) => issues.push({ message, continues: true });
const trim: Check = (s) => s.trim();
const minLength = (n: number, message: string): Check => (s, issues) => (s.length < n && fail(message, issues), s);
const maxLength = (n: number, message: string): Check => (s, issues) => (s.length > n && fail(message, issues), s);
const matches = (re: RegExp, message: string): Check => (s, issues) => (!re.test(s) && fail(message, issues), s);
const refine = (ok: (s: string) => boolean, message: string): Check => (s, issues) => (!ok(s) && fail(message, issues), s);

/** zod's English message for a value that is not a string (fields whose schema gives none). */
const notAString = (value: unknown) =>
  `Invalid input: expected string, received ${value === undefined ? "undefined" : value === null ? "null" : Array.isArray(value) ? "array" : typeof value}`;

function string(typeError: string | undefined, ...checks: Check[]): FieldValidator {
  return (value) => {
    if (typeof value !== "string") return { issues: [{ message: typeError ?? notAString(value), continues: false }] };
    const issues: Issue[] = [];
    let s = value;
    for (const check of checks) s = check(s, issues);
    return { value: s, issues };
  };
}

function pipe(first: FieldValidator, second: FieldValidator): FieldValidator {
  return (value) => {
    const a = first(value);
    return a.issues.length ? a : second(a.value);
  };
}

const literal = (expected: string, message: string): FieldValidator => (value) =>
  value === expected ? { value, issues: [] } : { issues: [{ message, continues: false }] };

/** The pattern `z.email()` of zod 4.1 checks by default. */
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export interface FormValidator {
  fields: Record<string, FieldValidator>;
  /** Form-level checks: [field the message goes to, message, test of the parsed values]. */
  refinements?: [string, string, (values: Record<string, unknown>) => boolean][];
}

const email = pipe(
  string("auth:validation.email_required", trim, minLength(1, "auth:validation.email_required"), maxLength(254, "auth:validation.email_invalid")),
  string("auth:validation.email_invalid", matches(EMAIL, "auth:validation.email_invalid"), maxLength(254, "auth:validation.email_invalid")),
);
const code = (field: string) =>
  string(`auth:validation.${field}_required`, trim, minLength(1, `auth:validation.${field}_required`), matches(/^\d{6}$/, "auth:validation.code_format"));
const newPassword = string(
  "auth:validation.new_password_required",
  minLength(1, "auth:validation.new_password_required"),
  maxLength(1024, "auth:validation.password_too_long"),
  refine(isStrongPassword, "auth:validation.password_strength"),
);
const confirmation = string("auth:validation.confirmation_required", minLength(1, "auth:validation.confirmation_required"));

export const STEP_VALIDATORS = {
  request_email: { fields: { email } },
  password: {
    fields: { password: string("auth:validation.password_required", minLength(1, "auth:validation.password_required"), maxLength(1024, "auth:validation.password_too_long")) },
  },
  one_time_password: { fields: { oneTimePassword: code("code") } },
  two_factor_setup: {
    fields: {
      twoFactorAuthSecret: string(undefined, minLength(1, "Too small: expected string to have >=1 characters"), maxLength(128, "Too big: expected string to have <=128 characters")),
      twoFactorAuthCode: code("code"),
    },
  },
  password_expired: {
    fields: { newPassword, newPasswordConfirmation: confirmation },
    refinements: [["newPasswordConfirmation", "auth:validation.confirmation_mismatch", (v) => v.newPassword === v.newPasswordConfirmation]],
  },
  accept_terms: { fields: { acceptedTerms: literal("on", "auth:validation.terms_required") } },
} satisfies Record<string, FormValidator>;

export const FORGOT_VALIDATOR: FormValidator = { fields: { email } };
export const RESET_VALIDATOR: FormValidator = {
  fields: { email, password: newPassword, password_confirmation: confirmation },
  refinements: [["password_confirmation", "auth:validation.confirmation_mismatch", (v) => v.password === v.password_confirmation]],
};

/** Validate a payload (conform's, before its empty-string coercion) against a form's checks. */
export function validate(validator: FormValidator, payload: Record<string, unknown>): { value?: Record<string, unknown>; error?: Record<string, string[]> } {
  const value: Record<string, unknown> = {};
  const issues: [string, Issue][] = [];
  for (const [name, field] of Object.entries(validator.fields)) {
    const raw = payload[name] === "" ? undefined : payload[name];
    const r = field(raw);
    for (const issue of r.issues) issues.push([name, issue]);
    if (r.value !== undefined) value[name] = r.value;
  }
  if (issues.every(([, i]) => i.continues)) {
    for (const [name, message, ok] of validator.refinements ?? []) if (!ok(value)) issues.push([name, { message, continues: true }]);
  }
  if (issues.length === 0) return { value };
  const error: Record<string, string[]> = {};
  for (const [name, issue] of issues) (error[name] ??= []).push(issue.message);
  return { error };
}

