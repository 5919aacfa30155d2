import { describe, expect, test } from "vitest";
import { UpstreamError, UpstreamUnavailableError, authErrorNotice } from "~/upstream/errors";
import { refusalOf } from "~/upstream/refusal.server";
import { isStrongPassword } from "~/features/auth/schemas";
import { INITIAL_PROGRESS, loginRequestFor, outcomeFromError } from "~/features/auth/login.server";

const known = (key: string) => key === "auth_error.invalid_credentials";

describe("spec §8 auth error messages", () => {
  test("a code with a translation shows the translation", () => {
    expect(authErrorNotice({ code: "invalid_credentials", message: "x" }, known)).toEqual({ key: "auth_error.invalid_credentials" });
  });
  test("a code without one shows the code itself", () => {
    expect(authErrorNotice({ code: "weird_code", message: "x" }, known)).toEqual({ text: "weird_code" });
  });
  test("no code: the message, else Unknown error", () => {
    expect(authErrorNotice({ message: "Server says no" }, known)).toEqual({ text: "Server says no" });
    expect(authErrorNotice({}, known)).toEqual({ key: "auth_error.unknown" });
  });
  test("failed actions: the first 422 message, else the generic failure; trial_period_over the trial-ended page", () => {
    // One mapping for every action now (refusalOf, under `refused` and `failed`).
    expect(refusalOf(new UpstreamError("x", 422, { errors: { name: ["A site name is required"] } })).message).toBe("@A site name is required");
    expect(refusalOf(new UpstreamError("x", 500, {})).message).toBe("common:errors.generic_failure");
    expect(() => refusalOf(new UpstreamError("x", 403, { code: "trial_period_over" }))).toThrow(Response);
  });
});

describe("login outcomes (spec §4, §8)", () => {
  const at = (step: typeof INITIAL_PROGRESS.step) => ({ step, email: "a@example.com" });
  test("a 401 code naming another step moves there, keeping the login token", () => {
    const o = outcomeFromError(new UpstreamError("login", 401, { code: "one_time_password", data: { login_token: "t1" } }), at("password"));
    expect(o).toMatchObject({ type: "step", progress: { step: "one_time_password", email: "a@example.com", loginToken: "t1" } });
  });
  test("invalid_credentials stays on the step with the message", () => {
    const o = outcomeFromError(new UpstreamError("login", 401, { code: "invalid_credentials" }), at("password"));
    expect(o).toMatchObject({ type: "error", status: 401 });
  });
  test("the same step's code is an error, not a move", () => {
    const o = outcomeFromError(new UpstreamError("login", 401, { code: "password" }), at("password"));
    expect(o.type).toBe("error");
  });
  test("sso_user redirects to auth_uri; a non-http auth_uri is refused", () => {
    expect(outcomeFromError(new UpstreamError("login", 401, { code: "sso_user", data: { auth_uri: "https://idp.example/auth" } }), at("request_email"))).toEqual({
      type: "sso",
      authUri: "https://idp.example/auth",
    });
    expect(outcomeFromError(new UpstreamError("login", 401, { code: "sso_user", data: { auth_uri: "javascript:alert(1)" } }), at("request_email")).type).toBe("error");
  });
  test("422 and 429 become field errors on the step's fields, the rest a form message", () => {
    const o = outcomeFromError(new UpstreamError("login", 422, { errors: { newPassword: ["Too weak"], other: ["Odd"] } }), at("password_expired"));
    expect(o).toMatchObject({ type: "error", status: 422, fieldErrors: { newPassword: ["@Too weak"] }, notice: { text: "Odd" } });
    const t = outcomeFromError(new UpstreamError("login", 429, { errors: { email: ["Slow down"] } }), at("password"));
    expect(t).toMatchObject({ type: "error", status: 429, notice: { key: "auth:auth_error.too_many_attempts" } });
  });
  test("an unreachable upstream is a 503 with a message", () => {
    expect(outcomeFromError(new UpstreamUnavailableError("login", "ECONNREFUSED"), at("password"))).toMatchObject({ type: "error", status: 503 });
  });
  test("the password is sent only on its own step; later steps send the login token", () => {
    const form = new FormData();
    form.set("password", "pw");
    form.set("oneTimePassword", "123456");
    expect(loginRequestFor({ step: "password", email: "a@example.com" }, form)).toEqual({ email: "a@example.com", password: "pw" });
    expect(loginRequestFor({ step: "one_time_password", email: "a@example.com", loginToken: "t" }, form)).toEqual({
      email: "a@example.com",
      login_token: "t",
      oneTimePassword: "123456",
    });
  });
});

describe("password strength (spec §5)", () => {
  test.each([
    ["Demo-Passw0rd!", true],
    ["short1!A", true],
    ["Sh0rt!a", false],
    ["alllowercase1!", false],
    ["ALLUPPERCASE1!", false],
    ["NoDigits!!", false],
    ["NoSpecial123", false],
    ["Ünïcödé-Pa55", true],
  ])("%s → %s", (pw, ok) => {
    expect(isStrongPassword(pw)).toBe(ok);
  });
});
