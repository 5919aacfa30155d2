/** The one action outcome: every upstream refusal mapped in one place, answers placed on their own form. */
import { describe, expect, test } from "vitest";
import { pageNotice, resultFor, rowNotice, type ActionResult } from "~/forms/action-result";
import { failed, invalid, refused } from "~/forms/action-result.server";
import { messageKey } from "~/forms/known-messages";
import { UpstreamError, UpstreamUnavailableError } from "~/upstream/errors";
import { refusalOf } from "~/upstream/refusal.server";

/** A stand-in for conform's submission: its reply records what it was given. */
const submission = { reply: (o: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {}) => ({ status: "error" as const, initialValue: { name: "typed" }, error: { ...o.fieldErrors, ...(o.formErrors?.length ? { "": o.formErrors } : {}) } }) };
const unwrap = (r: unknown) => r as { data: ActionResult; init: { status: number } };

describe("refusalOf: the spec's catalogue (platform §8)", () => {
  test.each([
    [new UpstreamError("x", 404, {}), 404, "manage:row_gone"],
    [new UpstreamError("x", 403, {}), 403, "common:errors.forbidden_action"],
    [new UpstreamError("x", 409, { message: "Conflict" }), 409, "common:errors.generic_failure"],
    [new UpstreamError("x", 422, { errors: { name: ["A site name is required"] } }), 422, "@A site name is required"],
    [new UpstreamError("x", 422, { errors: { group_ids: ["Choose among your groups"] } }), 422, "groups:validation.unknown_group"],
    [new UpstreamError("x", 429, { message: "Too many" }), 429, "@Too many"],
    [new UpstreamError("x", 413, {}), 413, "common:refused.too_large_title"],
    [new UpstreamError("x", 500, {}), 502, "common:errors.generic_failure"],
    [new UpstreamUnavailableError("x", "ECONNREFUSED"), 503, "common:errors.unavailable_upstream"],
  ])("%s", (err, status, message) => {
    const r = refusalOf(err, "manage:row_gone");
    expect([r.status, r.message]).toEqual([status, message]);
  });
  test("trial_period_over is the trial-ended page; anything else propagates", () => {
    expect(() => refusalOf(new UpstreamError("x", 403, { code: "trial_period_over" }))).toThrow(Response);
    const bug = new TypeError("bug");
    expect(() => refusalOf(bug)).toThrow(bug);
  });
});

describe("refused: one answer shape for every form", () => {
  test("a 422 goes on the form's fields, the rest on the form, with what was typed", () => {
    const err = new UpstreamError("x", 422, { errors: { name: ["Taken"], secret: ["No"] } });
    const { data, init } = unwrap(refused(err, { intent: "save", submission, fields: ["name"] }));
    expect(init.status).toBe(422);
    expect(data).toMatchObject({ intent: "save", row: null, notice: null, result: { initialValue: { name: "typed" }, error: { name: ["@Taken"], "": ["@No"] } } });
  });
  test("a 404 on a row's form is a notice about that row", () => {
    const { data, init } = unwrap(refused(new UpstreamError("x", 404, {}), { intent: "delete", row: 7, notFound: "common:rows.row_gone" }));
    expect(init.status).toBe(404);
    expect(data).toEqual({ intent: "delete", row: 7, result: null, notice: { key: "common:rows.row_gone", tone: "error" } });
    expect(rowNotice(data, 7)).toEqual(data.notice);
    expect(rowNotice(data, 8)).toBeNull();
    expect(pageNotice(data, [7])).toBeNull();
    expect(pageNotice(data, [])).toEqual(data.notice);
  });
  test("a 413 on an upload is the file field's rule", () => {
    const { data, init } = unwrap(refused(new UpstreamError("x", 413, {}), { intent: "upload", submission, file: { field: "file", tooLarge: "sites:media.too_large" } }));
    expect(init.status).toBe(413);
    expect(data.result?.error).toEqual({ file: ["sites:media.too_large"] });
  });
  test("our own schema's refusal is a 400 whose messages all show", () => {
    const sub = { reply: () => ({ status: "error" as const, initialValue: {}, error: { "group_ids[0]": ["bad"], hostile: ["odd"] } }) };
    const { data, init } = unwrap(invalid({ intent: "save" }, sub, ["group_ids"]));
    expect(init.status).toBe(400);
    expect(data.result?.error).toEqual({ group_ids: ["bad"], "": ["odd"] });
  });
});

describe("resultFor: an answer reaches only its own form", () => {
  const answer: ActionResult = { intent: "update", row: 3, result: { status: "error", error: { name: ["x"] } }, notice: null };
  test("intent and row must both match", () => {
    expect(resultFor(answer, "update", 3)).toBe(answer.result);
    expect(resultFor(answer, ["create", "update"], 3)).toBe(answer.result);
    expect(resultFor(answer, "update", 4)).toBeUndefined();
    expect(resultFor(answer, "update")).toBeUndefined();
    expect(resultFor(answer, "create", 3)).toBeUndefined();
    expect(resultFor(undefined, "update", 3)).toBeUndefined();
  });
});

describe("failed: a refusal as a notice that travels in the session", () => {
  test("a 422 says what failed and why; a 403 Forbidden; anything else what failed", () => {
    expect(failed(new UpstreamError("x", 422, { errors: { v: ["Already out"] } }), "today:toast.sign_out_failed", { name: "Ann" })).toEqual({
      key: "today:toast.sign_out_failed_reason",
      values: { name: "Ann", reason: "Already out" },
      tone: "error",
    });
    expect(failed(new UpstreamError("x", 403, {}), "k")).toEqual({ key: "common:errors.forbidden_action", tone: "error" });
    expect(failed(new UpstreamUnavailableError("x", "down"), "k", { a: 1 })).toEqual({ key: "k", values: { a: 1 }, tone: "error" });
  });
});

test("known upstream messages come in the user's language; others as they came", () => {
  expect(messageKey("Choose among your groups")).toBe("groups:validation.unknown_group");
  expect(messageKey("@Choose among your groups")).toBe("groups:validation.unknown_group");
  expect(messageKey("Something new")).toBe("@Something new");
});
