/**
 * The custom fields tab's forms, shared by server and browser through conform (groups spec §3, §5;
 * platform §5, §9): a field's type rules come from the contract's `customFieldProblems` itself,
 * shown in the user's language; at most 4 favourites. Messages are translation keys (namespace
 * "manage").
 */
import { z } from "zod";
import { singleLine } from "~/forms/control-characters";
import { CHOICE_FIELD_TYPES, CUSTOM_FIELD_KEYS, CUSTOM_FIELD_TYPES, customFieldProblems, MANAGE_LIMITS, type CustomFieldInput } from "@contract";

export { CUSTOM_FIELD_TYPES };
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

const ID = /^\d{1,9}$/;
const TOO_LONG = "common:validation.too_long";
const INVALID = "common:fields.invalid_choice";

/** A checkbox: "on" when ticked, absent otherwise (anything else is refused). */
const checkbox = () => z.boolean({ error: INVALID }).optional();

/** Lines of a textarea, trimmed, blank ones dropped. */
const lines = (text: string | undefined) =>
  (text ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

export const isChoiceType = (type: string) => (CHOICE_FIELD_TYPES as readonly string[]).includes(type);
/** Types with a default option: dropdowns and yes/no. */
export const hasDefaultOption = (type: string) => type === "dropdown" || type === "dropdown_other" || type === "yes_no";
/** Types whose answers can refuse a sign-in: choices and yes/no. */
export const canReject = (type: string) => isChoiceType(type) || type === "yes_no";
/** Signatures and photos are not printed on the evacuation list. */
export const canShowOnEvacuationList = (type: string) => type !== "signature" && type !== "photo";
export const isCustomFieldType = (type: unknown): type is CustomFieldType => typeof type === "string" && (CUSTOM_FIELD_TYPES as readonly string[]).includes(type);

/** A type's label (the key avoids i18next's plural suffix "_other"). */
export const typeLabelKey = (type: CustomFieldType) => `customfields.type.${type === "dropdown_other" ? "dropdown_or_other_answer" : type}`;

/** The inputs the form of a type has: a message about any other goes on the form itself. */
export function customFieldInputs(type: string, groupsOffered: boolean): string[] {
  return [
    "type",
    "label",
    "required",
    "show_on_pdf_agreements",
    ...(isChoiceType(type) ? ["options"] : []),
    ...(hasDefaultOption(type) ? ["default_option"] : []),
    ...(canReject(type) ? ["reject_options", "reject_message"] : []),
    ...(canShowOnEvacuationList(type) ? ["show_on_evacuation_list"] : []),
    ...(groupsOffered ? ["group_ids"] : []),
  ];
}

const customFieldForm = z.object({
  type: z.enum(CUSTOM_FIELD_TYPES, { error: "sites:customfields.validation.type" }),
  label: singleLine(z.string({ error: "sites:customfields.validation.label_required" }).trim().min(1, "sites:customfields.validation.label_required").max(100, TOO_LONG)),
  /** One option per line. */
  options: z.string().max(10_000, TOO_LONG).optional(),
  default_option: singleLine(z.string().trim().max(100, TOO_LONG)).optional(),
  /** One per line (a select of Yes or No for yes/no fields). */
  reject_options: z.string().max(10_000, TOO_LONG).optional(),
  reject_message: z.string().trim().max(500, TOO_LONG).optional(),
  required: checkbox(),
  show_on_evacuation_list: checkbox(),
  show_on_pdf_agreements: checkbox(),
  /** None ticked: every group. */
  group_ids: z.array(z.string().regex(ID, INVALID)).max(200, TOO_LONG).optional(),
});
export type CustomFieldForm = z.infer<typeof customFieldForm>;

/** The form's values as the contract's field (the options only for the types that have them). */
export function toCustomFieldInput(v: CustomFieldForm): CustomFieldInput {
  const groups = [...new Set((v.group_ids ?? []).map(Number))];
  return {
    label: v.label,
    type: v.type,
    required: v.required ?? false,
    options: isChoiceType(v.type) ? lines(v.options) : [],
    show_on_evacuation_list: v.show_on_evacuation_list ?? false,
    show_on_pdf_agreements: v.show_on_pdf_agreements ?? false,
    favourite: false,
    default_option: v.default_option ? v.default_option : null,
    reject_options: lines(v.reject_options),
    reject_message: v.reject_message ? v.reject_message : null,
    group_ids: groups.length ? groups : null,
  };
}

export const customFieldSchema = customFieldForm.superRefine((v, ctx) => {
  const options = lines(v.options);
  if (options.length > 100) ctx.addIssue({ code: "custom", path: ["options"], message: "sites:customfields.validation.too_many_options" });
  else if (options.some((o) => o.length > 100)) ctx.addIssue({ code: "custom", path: ["options"], message: "sites:customfields.validation.option_long" });
  if (lines(v.reject_options).some((o) => o.length > 100)) ctx.addIssue({ code: "custom", path: ["reject_options"], message: TOO_LONG });
  for (const [path, message] of Object.entries(customFieldProblems(toCustomFieldInput(v)))) {
    ctx.addIssue({ code: "custom", path: [path], message: CUSTOM_FIELD_KEYS[message] ?? `@${message}` });
  }
});

/** Save favourites: the ticked fields, at most 4 (platform §5, §9). */
export const favouritesSchema = z.object({
  field_ids: z
    .array(z.string().regex(ID, INVALID))
    .max(100, INVALID)
    .refine((ids) => new Set(ids).size <= MANAGE_LIMITS.favouriteFields, `sites:customfields.validation.favourites_max|{"count":${MANAGE_LIMITS.favouriteFields}}`)
    .optional(),
});
