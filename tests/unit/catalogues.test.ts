/**
 * The areas' message catalogues (ADR 035): KNOWN_MESSAGES is their union, so each must be found, no
 * message may have two keys, every key must exist in en_GB, and an `except` or `named` must name a
 * message of its table.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { catalogueEntries } from "@contract";
import { CATALOGUES, knownKey } from "~/forms/known-messages";

const root = path.resolve(import.meta.dirname, "../..");
const en = (ns: string): unknown => JSON.parse(fs.readFileSync(path.join(root, "locales/en_GB", `${ns}.json`), "utf8"));

function exists(key: string): boolean {
  const [ns, rest] = key.split(":") as [string, string];
  let node: unknown = en(ns);
  for (const part of rest.split(".")) {
    if (!node || typeof node !== "object" || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string";
}

describe("message catalogues", () => {
  test("every area's catalogue is found by its name", () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual(
      [
        "ACCOUNT_CATALOGUE", "ADDON_CATALOGUE", "API_CLIENT_CATALOGUE", "ATTENDANCE_CATALOGUE", "CLOSURE_CATALOGUE", "CUSTOM_FIELD_CATALOGUE", "DELIVERY_CATALOGUE", "FORM_CATALOGUE",
        "GROUP_CATALOGUE", "HISTORY_CATALOGUE", "MEMBER_CATALOGUE", "MEMBER_IMPORT_CATALOGUE", "NOTIFICATION_CATALOGUE", "PRE_REG_CATALOGUE",
        "ROLE_CATALOGUE", "SAFETY_CHECK_CATALOGUE", "SITE_MESSAGE_CATALOGUE", "SLACK_CATALOGUE", "SPACES_CATALOGUE", "SSO_CATALOGUE", "TIME_ATTENDANCE_CATALOGUE", "TODAY_CATALOGUE",
        "USER_CATALOGUE", "VISIT_CATALOGUE",
      ].sort(),
    );
  });

  test("no message has two keys", () => {
    const keys = new Map<string, string>();
    const twice: string[] = [];
    for (const [area, c] of Object.entries(CATALOGUES)) {
      for (const [message, key] of catalogueEntries(c)) {
        const known = keys.get(message);
        if (known !== undefined && known !== key) twice.push(`${area}: "${message}" is ${key} and ${known}`);
        keys.set(message, key);
        expect(knownKey(message)).toBe(key);
      }
    }
    expect(twice).toEqual([]);
  });

  test("every key exists in en_GB", () => {
    const missing = Object.values(CATALOGUES).flatMap(catalogueEntries).filter(([, key]) => !exists(key));
    expect(missing).toEqual([]);
  });

  test("`except` and `named` name messages of their table", () => {
    for (const [area, c] of Object.entries(CATALOGUES)) {
      for (const t of c.tables ?? []) {
        for (const name of [...(t.except ?? []), ...Object.keys(t.named ?? {})]) expect(Object.keys(t.messages), `${area}: ${name}`).toContain(name);
        expect(t.branch !== undefined || t.named !== undefined, area).toBe(true);
      }
    }
  });
});
