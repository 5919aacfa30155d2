/**
 * A group's settings tabs are declared once (`SECTION_FIELDS`); their labels, hints and choices are
 * keys built from the declaration, which the static key check cannot see: every one must exist in
 * en_GB (and so, by i18n.test.ts, in every locale). The schemas take what the forms send and refuse
 * what the spec refuses.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { GROUP_SECTIONS, PERSONAL_FIELD_TYPES, type GroupDetail } from "@contract";
import { fieldsFor, SECTION_FIELDS, SECTION_TABS, sectionBody, sectionSchema } from "~/features/groups/sections";
import { PERSONAL_FIELD_FLAGS, personalFieldSchema, toRequest } from "~/routes/_app.manage.group.$groupId.personal-fields/schema";
import { isLocale } from "~/i18n/config";

const groups = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../locales/en_GB/groups.json"), "utf8"));
const at = (key: string) => key.split(".").reduce<any>((node, part) => node?.[part], groups);

describe("the keys the declarations build", () => {
  test("every section's tab, intro, field label, hint and choice", () => {
    const missing: string[] = [];
    for (const section of GROUP_SECTIONS) {
      const tab = SECTION_TABS[section];
      for (const key of [`tab.${tab}`, `tab_intro.${tab}`]) if (typeof at(key) !== "string") missing.push(key);
      for (const f of SECTION_FIELDS[section]) {
        if (typeof at(`field.${f.name}`) !== "string") missing.push(`field.${f.name}`);
        if (f.hint && typeof at(`field.${f.name}_hint`) !== "string") missing.push(`field.${f.name}_hint`);
        if (f.kind === "select") for (const c of f.choices) if (!isLocale(c) && typeof at(`choice.${f.name}.${c}`) !== "string") missing.push(`choice.${f.name}.${c}`);
      }
    }
    for (const type of PERSONAL_FIELD_TYPES) if (typeof at(`personal_fields.type.${type}`) !== "string") missing.push(`personal_fields.type.${type}`);
    for (const flag of PERSONAL_FIELD_FLAGS) if (typeof at(`personal_fields.flag.${flag}`) !== "string") missing.push(`personal_fields.flag.${flag}`);
    expect(missing).toEqual([]);
  });
});

describe("the schemas", () => {
  const parse = (section: Parameters<typeof sectionSchema>[0], value: Record<string, unknown>, type: GroupDetail["type"] = "returning") => {
    const r = sectionSchema(section, type).safeParse(value);
    return r.success ? "ok" : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  test("details: the PIN is 4 digits, the reply-to an email, the name required and one line", () => {
    expect(parse("details", { name: "Staff", pin: "1234", reply_to_email: "a@b.co" })).toBe("ok");
    expect(parse("details", { name: "Staff", pin: "12a" })).toEqual(["pin: groups:validation.pin"]);
    expect(parse("details", { name: "Staff", pin: "12345" })).toEqual(["pin: groups:validation.pin"]);
    expect(parse("details", { name: "Staff", reply_to_email: "nope" })).toEqual(["reply_to_email: groups:validation.reply_to_email"]);
    expect(parse("details", { name: "" })).toEqual(["name: groups:validation.name_required"]);
    expect(parse("details", { name: "Two\nlines" })).not.toBe("ok");
    expect(parse("details", { name: "Staff", default_locale: "xx" })).toEqual(["default_locale: common:fields.invalid_choice"]);
  });

  test("sign-out: a time for 'at a time', hours (1–72) for 'after a duration'", () => {
    expect(parse("sign_out", { auto_clear: "at_time" })).toEqual(["auto_clear_time: groups:validation.auto_clear_time"]);
    expect(parse("sign_out", { auto_clear: "after_duration" })).toEqual(["auto_clear_hours: groups:validation.auto_clear_hours"]);
    expect(parse("sign_out", { auto_clear: "after_duration", auto_clear_hours: 73 })).toEqual(['auto_clear_hours: groups:validation.hours|{"min":1,"max":72}']);
    expect(parse("sign_out", { auto_clear: "at_time", auto_clear_time: "23:00" })).toBe("ok");
  });

  test("notifications: a list of valid addresses, at most 50", () => {
    expect(parse("notifications", { allowed_recipients: "a@b.co, c@d.co" })).toBe("ok");
    expect(parse("notifications", { allowed_recipients: "a@b.co, nope" })).toEqual(["allowed_recipients: groups:validation.recipients"]);
    expect(parse("notifications", { allowed_recipients: Array.from({ length: 51 }, (_, i) => `p${i}@b.co`).join(",") })).toEqual(['allowed_recipients: groups:validation.recipients_max|{"max":50}']);
  });

  test("what a type does not have is neither asked nor changed", () => {
    expect(fieldsFor("details", "standard").map((f) => f.name)).not.toContain("allow_sign_out_first");
    expect(fieldsFor("privacy", "delivery").map((f) => f.name)).toEqual(["data_retention"]);
    const group = { type: "standard", details: { name: "V", default_locale: null, reply_to_name: null, reply_to_email: null, pin: null, allow_sign_out_first: false } } as unknown as GroupDetail;
    expect(sectionBody(group, "details", { name: "Visitors", pin: "1234" })).toEqual({ name: "Visitors", default_locale: null, reply_to_name: null, reply_to_email: null, pin: "1234", allow_sign_out_first: false });
  });

  test("a personal field: options for a dropdown or checkboxes, one per line, each once", () => {
    const base = { label: "Department", type: "dropdown" };
    expect(personalFieldSchema.safeParse({ ...base }).success).toBe(false);
    expect(personalFieldSchema.safeParse({ ...base, options: "Sales\nsales" }).success).toBe(false);
    const ok = personalFieldSchema.parse({ ...base, options: "Sales\n\n Finance \n", favourite: true });
    expect(toRequest(ok)).toMatchObject({ label: "Department", type: "dropdown", options: ["Sales", "Finance"], favourite: true, required: false });
    expect(toRequest(personalFieldSchema.parse({ label: "Size", type: "number", options: "ignored" })).options).toEqual([]);
  });
});
