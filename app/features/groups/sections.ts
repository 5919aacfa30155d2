/**
 * A group's settings tabs, declared once (groups spec §3 "Group settings", §5, §9): each tab is one
 * section of the contract's `GroupSettingSections`, drawn as a form of these fields, validated by
 * the schema built from them on both sides (the browser through conform, the server before the
 * upstream, which checks again), and turned into the body the upstream takes. Labels are
 * `groups:field.<name>` (hints `groups:field.<name>_hint` where `hint` is set), choices
 * `groups:choice.<name>.<value>`; messages are translation keys.
 */
import { z } from "zod";
import {
  AUTO_CLEAR,
  BADGE_PRINTING,
  COMPANION_PIN_PROMPTS,
  DATA_RETENTIONS,
  MEMBER_RETENTIONS,
  PHOTO_MODES,
  RATING_MODES,
  SAFETY_CHECK_MODES,
  SUPPORTED_LOCALES,
  TIME_ROUNDINGS,
  type GroupDetail,
  type GroupSection,
} from "@contract";
import { singleLine } from "~/forms/control-characters";

const TOO_LONG = "common:validation.too_long";
const CHOICE = "common:fields.invalid_choice";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldDef =
  | { name: string; kind: "check"; hint?: true }
  | { name: string; kind: "select"; choices: readonly string[]; hint?: true; optional?: true }
  | { name: string; kind: "text" | "textarea"; max: number; hint?: true; required?: string }
  | { name: string; kind: "email"; hint?: true; message: string }
  | { name: string; kind: "pin"; hint?: true }
  | { name: string; kind: "time"; hint?: true }
  | { name: string; kind: "hours"; min: number; max: number; hint?: true }
  | { name: string; kind: "emails"; max: number; hint?: true }
  /** A choice among what the loader lists (`SectionChoices`): one of them, or none when optional; `numeric`: ids. */
  | { name: string; kind: "pick"; hint?: true; optional?: true; numeric?: true }
  /** Any number of what the loader lists, as checkboxes. */
  | { name: string; kind: "picks"; hint?: true; numeric?: true };

/** What a tab's `pick` and `picks` fields choose among, by field name (the loader lists them). */
export type SectionChoices = Record<string, { value: string; label: string }[]>;

/** The tab of each section (URL segment) and back. */
export const SECTION_TABS: Record<GroupSection, string> = {
  details: "details",
  sign_in: "sign-in",
  sign_out: "sign-out",
  companion: "companion",
  pre_reg: "pre-reg",
  onboarding: "onboarding",
  notifications: "notifications",
  privacy: "privacy",
  time_and_attendance: "time-and-attendance",
  central_record: "integrations",
};

export const SECTION_FIELDS: Record<GroupSection, readonly FieldDef[]> = {
  details: [
    { name: "name", kind: "text", max: 100, required: "groups:validation.name_required" },
    { name: "default_locale", kind: "select", choices: SUPPORTED_LOCALES, optional: true, hint: true },
    { name: "reply_to_name", kind: "text", max: 200 },
    { name: "reply_to_email", kind: "email", message: "groups:validation.reply_to_email", hint: true },
    { name: "pin", kind: "pin", hint: true },
    { name: "allow_sign_out_first", kind: "check", hint: true },
  ],
  sign_in: [
    { name: "photo_mode", kind: "select", choices: PHOTO_MODES },
    { name: "photo_update", kind: "check" },
    { name: "facial_recognition", kind: "check", hint: true },
    { name: "allow_add_via_ipad", kind: "check" },
    { name: "welcome_message", kind: "textarea", max: 2000 },
    { name: "badge_printing", kind: "select", choices: BADGE_PRINTING },
    { name: "safety_check", kind: "select", choices: SAFETY_CHECK_MODES, hint: true },
    { name: "scanning_enabled", kind: "check" },
    { name: "qr_sign_in", kind: "check" },
    { name: "contactless", kind: "check", hint: true },
    { name: "every_site", kind: "check", hint: true },
    { name: "site_ids", kind: "picks", numeric: true, hint: true },
  ],
  sign_out: [
    { name: "sign_out_message", kind: "textarea", max: 2000 },
    { name: "auto_clear", kind: "select", choices: AUTO_CLEAR, hint: true },
    { name: "auto_clear_time", kind: "time" },
    { name: "auto_clear_hours", kind: "hours", min: 1, max: 72 },
  ],
  companion: [
    { name: "companion_invite", kind: "check", hint: true },
    { name: "companion_pin_prompt", kind: "select", choices: COMPANION_PIN_PROMPTS },
  ],
  pre_reg: [
    { name: "require_pre_registration", kind: "check", hint: true },
    { name: "approval_required", kind: "check", hint: true },
    { name: "pre_registration_subject", kind: "text", max: 200 },
    { name: "pre_registration_message", kind: "textarea", max: 2000 },
  ],
  onboarding: [
    { name: "welcome_email", kind: "check", hint: true },
    { name: "welcome_email_subject", kind: "text", max: 200 },
    { name: "welcome_email_message", kind: "textarea", max: 2000 },
  ],
  notifications: [
    { name: "notify_host", kind: "check" },
    { name: "allowed_recipients", kind: "emails", max: 50, hint: true },
  ],
  privacy: [
    { name: "data_retention", kind: "select", choices: DATA_RETENTIONS, hint: true },
    { name: "member_retention", kind: "select", choices: MEMBER_RETENTIONS, hint: true },
  ],
  time_and_attendance: [
    { name: "enabled", kind: "check", hint: true },
    { name: "default_manager_id", kind: "pick", optional: true, numeric: true, hint: true },
    { name: "rounding", kind: "select", choices: TIME_ROUNDINGS, hint: true },
  ],
  central_record: [
    { name: "organisation_id", kind: "pick", optional: true, hint: true },
    { name: "rating_mode", kind: "select", choices: RATING_MODES, hint: true },
    { name: "rating_systems", kind: "picks", hint: true },
  ],
};

/** The fields a group of this type has (sign-out-first, member retention and Time & Attendance are for returning groups: they have members). */
export const fieldsFor = (section: GroupSection, type: GroupDetail["type"]) =>
  type === "returning" ? SECTION_FIELDS[section] : section === "time_and_attendance" ? [] : SECTION_FIELDS[section].filter((f) => f.name !== "allow_sign_out_first" && f.name !== "member_retention");

const emailList = (s: string) => s.split(/[,;\s]+/).filter(Boolean);

function fieldSchema(f: FieldDef): z.ZodType {
  switch (f.kind) {
    case "check":
      return z.boolean({ error: CHOICE }).optional();
    case "select": {
      const e = z.enum(f.choices as [string, ...string[]], { error: CHOICE });
      return f.optional ? e.optional() : e;
    }
    case "text":
      return f.required
        ? singleLine(z.string({ error: f.required }).trim().min(1, f.required).max(f.max, TOO_LONG))
        : singleLine(z.string().trim().max(f.max, TOO_LONG)).optional();
    case "textarea":
      return z.string().trim().max(f.max, TOO_LONG).optional();
    case "email":
      return singleLine(z.string().trim().max(254, f.message).regex(EMAIL, f.message)).optional();
    case "pin":
      return z.string().trim().regex(/^\d{4}$/, "groups:validation.pin").optional();
    case "time":
      return z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "groups:validation.time").optional();
    case "hours": {
      const m = `groups:validation.hours|${JSON.stringify({ min: f.min, max: f.max })}`;
      return z.number({ error: m }).int(m).min(f.min, m).max(f.max, m).optional();
    }
    case "pick":
      return f.numeric ? z.number({ error: CHOICE }).int(CHOICE).positive(CHOICE).max(2_147_483_647, CHOICE).optional() : singleLine(z.string().trim().max(100, CHOICE)).optional();
    case "picks": {
      // Checked on the list, not per item: the list's one message is what its fieldset shows.
      const item = f.numeric ? /^\d{1,9}$/ : /^[^\x00-\x1f\x7f]{1,100}$/;
      return z
        .array(z.string(), { error: CHOICE })
        .max(1000, TOO_LONG)
        .refine((list) => list.every((v) => item.test(v)), CHOICE)
        .optional();
    }
    case "emails": {
      const m = "groups:validation.recipients";
      return z
        .string()
        .max(20_000, TOO_LONG)
        .optional()
        .refine((s) => !s || emailList(s).every((e) => e.length <= 254 && EMAIL.test(e)), m)
        .refine((s) => !s || emailList(s).length <= f.max, `groups:validation.recipients_max|${JSON.stringify({ max: f.max })}`);
    }
  }
}

/** The schema of a section's form, for a group of this type (the same in the browser and on the server). */
export function sectionSchema(section: GroupSection, type: GroupDetail["type"]) {
  const schema = z.object(Object.fromEntries(fieldsFor(section, type).map((f) => [f.name, fieldSchema(f)])));
  return schema.superRefine((v: Record<string, unknown>, ctx) => {
    if (section === "sign_out") {
      if (v.auto_clear === "at_time" && !v.auto_clear_time) ctx.addIssue({ code: "custom", path: ["auto_clear_time"], message: "groups:validation.auto_clear_time" });
      if (v.auto_clear === "after_duration" && v.auto_clear_hours === undefined) ctx.addIssue({ code: "custom", path: ["auto_clear_hours"], message: "groups:validation.auto_clear_hours" });
    }
    if (section === "central_record" && v.rating_mode === "custom" && !(v.rating_systems as unknown[] | undefined)?.length) {
      ctx.addIssue({ code: "custom", path: ["rating_systems"], message: "groups:validation.rating_systems" });
    }
  });
}

export type FormValue = string | boolean | number | string[];

/** The stored values of a section, as the form shows them (strings, booleans; a list of choices as strings; an email list as one line). */
export function formValues(group: GroupDetail, section: GroupSection): Record<string, FormValue> {
  const stored: Record<string, unknown> = section === "details" ? group.details : group.settings[section];
  const out: Record<string, FormValue> = {};
  for (const f of fieldsFor(section, group.type)) {
    const v = stored[f.name];
    if (f.kind === "picks") out[f.name] = Array.isArray(v) ? v.map(String) : [];
    else if (f.kind === "pick") out[f.name] = v === null || v === undefined ? "" : String(v);
    else out[f.name] = Array.isArray(v) ? v.join(", ") : typeof v === "boolean" || typeof v === "number" ? v : typeof v === "string" ? v : "";
  }
  return out;
}

/** The whole section as the upstream takes it, from the parsed form (what a type does not have keeps its stored value). */
export function sectionBody(group: GroupDetail, section: GroupSection, value: Record<string, unknown>): Record<string, unknown> {
  const stored: Record<string, unknown> = section === "details" ? group.details : group.settings[section];
  const out: Record<string, unknown> = { ...stored };
  for (const f of fieldsFor(section, group.type)) {
    const v = value[f.name];
    if (f.kind === "check") out[f.name] = v === true;
    else if (f.kind === "emails") out[f.name] = typeof v === "string" ? emailList(v) : [];
    else if (f.kind === "picks") out[f.name] = Array.isArray(v) ? (f.numeric ? v.map(Number) : v) : [];
    else out[f.name] = v === undefined || v === "" ? null : v;
  }
  if (section === "sign_out") {
    if (out.auto_clear !== "at_time") out.auto_clear_time = null;
    if (out.auto_clear !== "after_duration") out.auto_clear_hours = null;
  }
  return out;
}
