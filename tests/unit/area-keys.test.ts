/** The browser's keys of contract rules (app/forms/area-keys.ts) are the ones KNOWN_MESSAGES gives the upstream's words. */
import { describe, expect, test } from "vitest";
import { ACCOUNT_MESSAGES, CHECKBOX_LABEL_REQUIRED, RECIPIENTS_REQUIRED, REPLY_TO_MESSAGE, ROLE_MESSAGES, SAFETY_CHECK_MESSAGES, SSO_MESSAGES, USER_MESSAGES } from "@contract";
import { areaKey, CHECKBOX_LABEL_KEY, EMAIL_KEY, RECIPIENTS_KEY, type AreaTables } from "~/forms/area-keys";
import { knownKey } from "~/forms/known-messages";

const TABLES: { [A in keyof AreaTables]: AreaTables[A] } = { account: ACCOUNT_MESSAGES, roles: ROLE_MESSAGES, sso: SSO_MESSAGES, users: USER_MESSAGES, "safety-check": SAFETY_CHECK_MESSAGES };
/** Rules whose words another table's key translates (the email rule, the spec's one "delete primary user" toast). */
const SHARED = new Set(["users.email", "users.deletePrimary"]);

describe("area keys", () => {
  for (const [area, table] of Object.entries(TABLES) as [keyof AreaTables, Record<string, string>][]) {
    test(`${area}: every rule's key is the upstream's words' key`, () => {
      for (const name of Object.keys(table)) {
        if (SHARED.has(`${area}.${name}`)) continue;
        expect(areaKey(area, name as never), `${area}.${name}`).toBe(knownKey(table[name]!));
      }
    });
  }
  test("the single messages", () => {
    expect(EMAIL_KEY).toBe(knownKey(REPLY_TO_MESSAGE));
    expect(EMAIL_KEY).toBe(knownKey(USER_MESSAGES.email));
    expect(CHECKBOX_LABEL_KEY).toBe(knownKey(CHECKBOX_LABEL_REQUIRED));
    expect(RECIPIENTS_KEY).toBe(knownKey(RECIPIENTS_REQUIRED));
  });
});
