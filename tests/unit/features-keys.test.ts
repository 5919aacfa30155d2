/** The browser's keys of the client API's and visitor forms' contract rules are the ones KNOWN_MESSAGES gives the upstream's words (ADR 030). */
import { describe, expect, test } from "vitest";
import { API_CLIENT_MESSAGES, FORM_MESSAGES } from "@contract";
import { apiClientKey } from "~/features/api-clients/keys";
import { formKey } from "~/features/visitor-forms/keys";
import { knownKey } from "~/forms/known-messages";

describe("features keys", () => {
  test("api clients", () => {
    for (const [name, text] of Object.entries(API_CLIENT_MESSAGES)) expect(apiClientKey(name as never), name).toBe(knownKey(text));
  });
  test("forms", () => {
    for (const [name, text] of Object.entries(FORM_MESSAGES)) expect(formKey(name as never), name).toBe(knownKey(text));
  });
});
