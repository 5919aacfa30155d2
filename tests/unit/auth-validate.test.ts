/**
 * The browser's validation of the sign-in forms (app/features/auth/validate.ts, zod-free: ADR 010)
 * gives what the server's zod schemas give through conform's parseWithZod, coercion included:
 * the same status, the same messages per field in the same order, the same value.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { ForgotSchema, ResetSchema, STEP_SCHEMAS } from "~/features/auth/schemas";
import { FORGOT_VALIDATOR, RESET_VALIDATOR, STEP_VALIDATORS, parseWith, type FormValidator } from "~/features/auth/validate";

type Value = string | string[] | undefined;

const EMAILS: Value[] = [
  undefined, "", "   ", "a", "ada@example.com", "  ada@example.com ", "ada@@example.com", ".ada@example.com", "ada..b@example.com",
  "ada@example", "ada@example.c", "ADA+tag@Example.CO.UK", `${"x".repeat(249)}@e.com`, `${"x".repeat(243)}@example.com`, ["ada@example.com", "b@example.com"], "ada@example.com\n",
];
const PASSWORDS: Value[] = [undefined, "", " ", "p", "x".repeat(1024), "x".repeat(1025), ["a", "b"]];
const CODES: Value[] = [undefined, "", "  ", "123456", " 123456 ", "12345", "1234567", "abcdef", "١٢٣٤٥٦", ["123456", "654321"]];
const SECRETS: Value[] = [undefined, "", "JBSWY3DPEHPK3PXP", "x".repeat(128), "x".repeat(129), ["a", "b"]];
const NEW_PASSWORDS: Value[] = [undefined, "", " ", "weak", "Str0ng!pass", "Str0ng!pass".padEnd(1030, "x"), "x".repeat(1030), "Ünïcödé9?", ["Str0ng!pass", "x"]];
const CONFIRMATIONS: Value[] = [undefined, "", " ", "Str0ng!pass", "weak"];
const TERMS: Value[] = [undefined, "", "on", "off", "ON", ["on", "on"]];

/** Every combination of the fields' values, as a form (with a field no schema knows). */
function forms(fields: Record<string, Value[]>): FormData[] {
  let combos: Record<string, Value>[] = [{}];
  for (const [name, values] of Object.entries(fields)) combos = combos.flatMap((c) => values.map((v) => ({ ...c, [name]: v })));
  return combos.map((c) => {
    const fd = new FormData();
    fd.append("redirectTo", "/today");
    for (const [name, v] of Object.entries(c)) for (const item of v === undefined ? [] : Array.isArray(v) ? v : [v]) fd.append(name, item);
    return fd;
  });
}

/** What a submission says: its status, its messages, its value when valid. */
function outcome(s: { status?: string; value?: unknown; error?: unknown } | object) {
  const o = s as { status?: string; value?: unknown; error?: unknown };
  return { status: o.status, error: o.error, value: o.status === "success" ? o.value : undefined };
}

function expectSame(schema: Parameters<typeof parseWithZod>[1]["schema"], validator: FormValidator, fields: Record<string, Value[]>) {
  const all = forms(fields);
  expect(all.length).toBeGreaterThan(1);
  for (const fd of all) {
    const server = parseWithZod(fd, { schema });
    const browser = parseWith(fd, validator);
    const input = JSON.stringify([...fd.entries()]);
    expect(outcome(browser), input).toEqual(outcome(server));
  }
}

describe("sign-in steps", () => {
  test("request_email", () => expectSame(STEP_SCHEMAS.request_email, STEP_VALIDATORS.request_email, { email: EMAILS }));
  test("password", () => expectSame(STEP_SCHEMAS.password, STEP_VALIDATORS.password, { password: PASSWORDS }));
  test("one_time_password", () => expectSame(STEP_SCHEMAS.one_time_password, STEP_VALIDATORS.one_time_password, { oneTimePassword: CODES }));
  test("two_factor_setup", () =>
    expectSame(STEP_SCHEMAS.two_factor_setup, STEP_VALIDATORS.two_factor_setup, { twoFactorAuthSecret: SECRETS, twoFactorAuthCode: CODES }));
  test("password_expired", () =>
    expectSame(STEP_SCHEMAS.password_expired, STEP_VALIDATORS.password_expired, { newPassword: NEW_PASSWORDS, newPasswordConfirmation: CONFIRMATIONS }));
  test("accept_terms", () => expectSame(STEP_SCHEMAS.accept_terms, STEP_VALIDATORS.accept_terms, { acceptedTerms: TERMS }));
  test("every step has its browser twin", () => expect(Object.keys(STEP_VALIDATORS).sort()).toEqual(Object.keys(STEP_SCHEMAS).sort()));
});

describe("forgot and reset", () => {
  test("forgot", () => expectSame(ForgotSchema, FORGOT_VALIDATOR, { email: EMAILS }));
  test("reset", () =>
    expectSame(ResetSchema, RESET_VALIDATOR, { email: ["", "ada@example.com", "bad"], password: NEW_PASSWORDS, password_confirmation: [...CONFIRMATIONS, "Str0ng!pass".padEnd(1030, "x")] }));
});
