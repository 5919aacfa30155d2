/**
 * The one rights check (ADR 034) on its own: one right or several (all of them, or any one), the
 * message (one, each right's own, the default), and the active-account rule as declared: an expired
 * client refused with 403 `trial_period_over` first when the rule is active-only (super users pass),
 * served when it is not.
 */
import { describe, expect, it } from "vitest";
import { HttpError } from "../http/errors.ts";
import type { Principal } from "../clients/regional.ts";
import { requireRight } from "./policy.ts";

const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const NEXT_YEAR = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

function principal(rights: string[], opts: { trialEndsOn?: string | null; isSuper?: boolean } = {}): Principal {
  const client = { id: 1, trial_ends_on: opts.trialEndsOn ?? null };
  return { claims: {}, user: { id: 1, is_super: opts.isSuper ?? false }, m: { rights, client }, client } as unknown as Principal;
}

/** What `requireRight` answers: "ok", or the refusal's status, code and message. */
function answer(run: () => void): "ok" | { status: number; code?: unknown; message?: unknown } {
  try {
    run();
    return "ok";
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return { status: err.status, code: err.body.code, message: err.body.message };
  }
}

const MESSAGES = { "A.viewer": "No A.", "B.editor": "No B." } as const;
const trialOver = { status: 403, code: "trial_period_over", message: "Your trial period is over." };

describe("requireRight", () => {
  it("one right: held passes; missing is 403 with the message, or the default", () => {
    expect(answer(() => requireRight(principal(["A.viewer"]), "A.viewer", { activeOnly: true }))).toBe("ok");
    expect(answer(() => requireRight(principal([]), "A.viewer", { activeOnly: true, message: "Nope." }))).toEqual({ status: 403, code: undefined, message: "Nope." });
    expect(answer(() => requireRight(principal([]), "A.viewer", { activeOnly: false }))).toEqual({ status: 403, code: undefined, message: "This action is unauthorized." });
  });

  it("several rights: all of them by default, the first missing one's message", () => {
    const rule = { activeOnly: true, message: MESSAGES } as const;
    expect(answer(() => requireRight(principal(["A.viewer", "B.editor"]), ["A.viewer", "B.editor"], rule))).toBe("ok");
    expect(answer(() => requireRight(principal(["A.viewer"]), ["A.viewer", "B.editor"], rule))).toMatchObject({ status: 403, message: "No B." });
    expect(answer(() => requireRight(principal([]), ["A.viewer", "B.editor"], rule))).toMatchObject({ status: 403, message: "No A." });
  });

  it("several rights with `any`: one is enough; none is 403 with the first listed right's message", () => {
    const rule = { activeOnly: true, any: true, message: MESSAGES } as const;
    expect(answer(() => requireRight(principal(["B.editor"]), ["A.viewer", "B.editor"], rule))).toBe("ok");
    expect(answer(() => requireRight(principal(["C.other"]), ["B.editor", "A.viewer"], rule))).toMatchObject({ status: 403, message: "No B." });
  });

  it("a super user holds every right only through the super right, as `abilities` says", () => {
    expect(answer(() => requireRight(principal([], { isSuper: true }), "Super.clientUser.create", { activeOnly: true }))).toBe("ok");
    expect(answer(() => requireRight(principal([], { isSuper: true }), "A.viewer", { activeOnly: true }))).toMatchObject({ status: 403 });
  });

  it("active-only: an expired client is refused first (trial_period_over), even holding the right; a super user passes", () => {
    const expired = principal(["A.viewer"], { trialEndsOn: YESTERDAY });
    expect(answer(() => requireRight(expired, "A.viewer", { activeOnly: true }))).toEqual(trialOver);
    // Refused for the trial before the rights are looked at.
    expect(answer(() => requireRight(principal([], { trialEndsOn: YESTERDAY }), "A.viewer", { activeOnly: true, message: "No A." }))).toEqual(trialOver);
    expect(answer(() => requireRight(principal(["A.viewer"], { trialEndsOn: YESTERDAY, isSuper: true }), "A.viewer", { activeOnly: true }))).toBe("ok");
    // On a trial that has not ended: active.
    expect(answer(() => requireRight(principal(["A.viewer"], { trialEndsOn: NEXT_YEAR }), "A.viewer", { activeOnly: true }))).toBe("ok");
  });

  it("not active-only: an expired client is served by its rights alone", () => {
    expect(answer(() => requireRight(principal(["A.viewer"], { trialEndsOn: YESTERDAY }), "A.viewer", { activeOnly: false }))).toBe("ok");
    expect(answer(() => requireRight(principal([], { trialEndsOn: YESTERDAY }), "A.viewer", { activeOnly: false, message: "No A." }))).toMatchObject({ status: 403, message: "No A." });
  });
});
