/** The pre-registration forms' own checks say the upstream's words: their keys are known-messages' keys for the contract's rules (ADR 019). */
import { describe, expect, test } from "vitest";
import { PRE_REG_MESSAGES } from "@contract";
import { knownKey } from "~/forms/known-messages";
import { EMAIL_RULE, rule } from "~/features/pre-registrations/rules";

describe("pre-registration rules", () => {
  test.each(Object.entries(PRE_REG_MESSAGES))("%s has the key known-messages gives it", (name, text) => {
    expect(knownKey(text)).toBe(name === "email" ? EMAIL_RULE : rule(name as Exclude<keyof typeof PRE_REG_MESSAGES, "email">));
  });
});
