/** The notification form's own checks say the upstream's words: its keys are the ones KNOWN_MESSAGES gives them (ADR 028). */
import { describe, expect, test } from "vitest";
import { NOTIFICATION_MESSAGES, SITES_MESSAGE, SLACK_NOT_CONNECTED } from "@contract";
import { knownKey } from "~/forms/known-messages";

describe("notification message keys", () => {
  test("every rule's key is notifications:errors.<name>, except the groups' words it shares", () => {
    for (const [name, text] of Object.entries(NOTIFICATION_MESSAGES)) {
      if (text === SITES_MESSAGE || text === SLACK_NOT_CONNECTED) continue;
      expect(knownKey(text), name).toBe(`notifications:errors.${name}`);
    }
  });
});
