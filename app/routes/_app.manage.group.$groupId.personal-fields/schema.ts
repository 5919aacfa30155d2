/**
 * A personal field's form (groups spec §3 "Personal field", §5, §9): a label, a type, options for a
 * dropdown or checkboxes (one per line, at least one, each once), and its flags. Shared by the
 * browser (conform) and the server; messages are translation keys. The upstream checks again, and
 * alone knows the group's limits (15 fields, 4 favourites).
 */
import { z } from "zod";
import { PERSONAL_FIELD_LIMITS, PERSONAL_FIELD_TYPES, type PersonalField } from "@contract";
import { singleLine } from "~/forms/control-characters";

export const PERSONAL_FIELD_FLAGS = [
  "required", "editable", "visible_to_member", "favourite", "sensitive", "on_evacuation_list", "on_host_notifications", "ask_on_first_sign_in", "include_in_visit_record",
] as const;
export type PersonalFieldFlag = (typeof PERSONAL_FIELD_FLAGS)[number];

const WITH_OPTIONS = new Set<string>(["dropdown", "checkboxes"]);
export const hasOptions = (type: string) => WITH_OPTIONS.has(type);

/** The options typed, one per line (blank lines left out). */
export const optionLines = (text: string | undefined) => (text ?? "").split(/\r?\n/).map((o) => o.trim()).filter(Boolean);

const flag = z.boolean({ error: "common:fields.invalid_choice" }).optional();

export const personalFieldSchema = z
  .object({
    label: singleLine(z.string({ error: "groups:personal_fields.validation.label_required" }).trim().min(1, "groups:personal_fields.validation.label_required").max(PERSONAL_FIELD_LIMITS.labelLength, "common:validation.too_long")),
    type: z.enum(PERSONAL_FIELD_TYPES, { error: "groups:personal_fields.validation.type" }),
    options: z.string().max(20_000, "common:validation.too_long").optional(),
    ...Object.fromEntries(PERSONAL_FIELD_FLAGS.map((f) => [f, flag])),
  })
  .superRefine((v, ctx) => {
    const options = optionLines(v.options);
    if (!hasOptions(v.type)) return;
    if (options.length === 0) ctx.addIssue({ code: "custom", path: ["options"], message: "groups:personal_fields.validation.options_required" });
    else if (options.length > PERSONAL_FIELD_LIMITS.options) ctx.addIssue({ code: "custom", path: ["options"], message: `groups:personal_fields.validation.options_max|${JSON.stringify({ max: PERSONAL_FIELD_LIMITS.options })}` });
    else if (options.some((o) => o.length > PERSONAL_FIELD_LIMITS.optionLength)) ctx.addIssue({ code: "custom", path: ["options"], message: "common:validation.too_long" });
    else if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) ctx.addIssue({ code: "custom", path: ["options"], message: "groups:personal_fields.validation.options_unique" });
  });

export type PersonalFieldValues = Record<"label" | "type" | "options", string | undefined> & Partial<Record<PersonalFieldFlag, boolean>>;

/** A stored field as its form shows it. */
export const formValuesOf = (f: PersonalField): PersonalFieldValues => ({
  label: f.label,
  type: f.type,
  options: f.options.join("\n"),
  ...Object.fromEntries(PERSONAL_FIELD_FLAGS.map((k) => [k, f[k]])),
});

/** The parsed form as the upstream takes it. */
export function toRequest(v: z.infer<typeof personalFieldSchema>) {
  const flags = Object.fromEntries(PERSONAL_FIELD_FLAGS.map((k) => [k, (v as Record<string, unknown>)[k] === true])) as Record<PersonalFieldFlag, boolean>;
  return { label: v.label, type: v.type, options: hasOptions(v.type) ? optionLines(v.options) : [], ...flags };
}
