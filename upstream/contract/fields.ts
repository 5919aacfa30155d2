/** Custom fields: the entity (GET config lists a site's) and managing them on a site's tab. */
import type { Catalogue } from "./catalogue.ts";
import { z } from "zod";
import { Ok, type RouteDef } from "./common.ts";
import { MANAGE_LIMITS, ReorderRequest } from "./manage.ts";
import { blankToNull } from "./shared.ts";

export const CUSTOM_FIELD_TYPES = [
  "text",
  "uppercase",
  "email",
  "phone",
  "number",
  "url",
  "notify_list",
  "yes_no",
  "dropdown",
  "dropdown_other",
  "checkboxes",
  "signature",
  "photo",
  "date",
] as const;

export const CustomField = z.object({
  id: z.number().int(),
  label: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  required: z.boolean(),
  options: z.array(z.string()),
  show_on_evacuation_list: z.boolean(),
  show_on_pdf_agreements: z.boolean(),
  favourite: z.boolean(),
  default_option: z.string().nullable(),
  reject_options: z.array(z.string()),
  reject_message: z.string().nullable(),
  /** Groups the field is shown for; null = every group. */
  group_ids: z.array(z.number().int()).nullable(),
});

/**
 * Custom fields (groups spec §3, §5): the rules of each type, shared by the portal's form and the
 * upstream. Choice types need options; yes/no has the options Yes and No; a reject option needs a
 * reject message; signatures and photos are not printed on the evacuation list.
 */
export const CHOICE_FIELD_TYPES = ["dropdown", "dropdown_other", "checkboxes"] as const;
const DEFAULT_OPTION_TYPES = ["dropdown", "dropdown_other", "yes_no"];
const REJECT_TYPES = ["dropdown", "dropdown_other", "checkboxes", "yes_no"];
export const YES_NO_OPTIONS = ["Yes", "No"];

const customFieldShape = {
  label: z.string("A field label is required").trim().min(1, "A field label is required").max(100),
  type: z.enum(CUSTOM_FIELD_TYPES, "Choose a field type"),
  required: z.boolean(),
  options: z.array(z.string().trim().min(1, "Options cannot be blank").max(100)).max(100),
  show_on_evacuation_list: z.boolean(),
  show_on_pdf_agreements: z.boolean(),
  favourite: z.boolean(),
  default_option: blankToNull(100),
  reject_options: z.array(z.string().trim().max(100)).max(100),
  reject_message: blankToNull(500),
  /** Groups the field is shown for; null = every group. */
  group_ids: z.array(z.number().int().positive()).max(200).nullable(),
};
export const CustomFieldInput = z.object({
  ...customFieldShape,
  required: customFieldShape.required.default(false),
  options: customFieldShape.options.default([]),
  show_on_evacuation_list: customFieldShape.show_on_evacuation_list.default(false),
  show_on_pdf_agreements: customFieldShape.show_on_pdf_agreements.default(false),
  favourite: customFieldShape.favourite.default(false),
  default_option: customFieldShape.default_option.default(null),
  reject_options: customFieldShape.reject_options.default([]),
  reject_message: customFieldShape.reject_message.default(null),
  group_ids: customFieldShape.group_ids.default(null),
});
export type CustomFieldInput = z.infer<typeof CustomFieldInput>;

/** The rules of a field's type, on the whole field (after defaults, or merged with the stored one). */
export function customFieldProblems(f: CustomFieldInput): Record<string, string> {
  const out: Record<string, string> = {};
  const options = f.type === "yes_no" ? YES_NO_OPTIONS : f.options;
  if ((CHOICE_FIELD_TYPES as readonly string[]).includes(f.type)) {
    if (options.length === 0) out.options = "Add at least one option";
    else if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) out.options = "Options must be unique";
  }
  if (f.default_option !== null) {
    if (!DEFAULT_OPTION_TYPES.includes(f.type)) out.default_option = "Only dropdown and yes/no fields have a default option";
    else if (!options.includes(f.default_option)) out.default_option = "The default option must be one of the options";
  }
  if (f.reject_options.length) {
    if (!REJECT_TYPES.includes(f.type)) out.reject_options = "Only choice and yes/no fields can reject a sign-in";
    else if (!f.reject_options.every((o) => options.includes(o))) out.reject_options = "Reject options must be among the options";
    else if (!f.reject_message) out.reject_message = "A reject message is required when a reject option is set";
  }
  if ((f.type === "signature" || f.type === "photo") && f.show_on_evacuation_list) {
    out.show_on_evacuation_list = "Signature and photo fields cannot be shown on the evacuation list";
  }
  return out;
}

/** POST sites/{siteId}/custom-fields; PATCH sends any subset (checked on the merged field). */
export const CreateCustomFieldRequest = CustomFieldInput.superRefine((f, ctx) => {
  for (const [field, message] of Object.entries(customFieldProblems(f))) ctx.addIssue({ code: "custom", path: [field], message });
});
export const UpdateCustomFieldRequest = z.object(customFieldShape).partial();
/** POST sites/{siteId}/favourite-fields: exactly these fields are the favourites (at most 4). */
export const FAVOURITE_FIELDS_MESSAGE = `You can choose at most ${MANAGE_LIMITS.favouriteFields} favourite fields`;
export const FavouriteFieldsRequest = z.object({
  field_ids: z.array(z.number().int().positive()).max(MANAGE_LIMITS.favouriteFields, FAVOURITE_FIELDS_MESSAGE),
});

export const fieldRoutes = {
  createCustomField: { method: "POST", path: "sites/{siteId}/custom-fields", base: "regional", auth: "bearer", body: CreateCustomFieldRequest, response: CustomField, summary: "Add a custom field (editor right); the rules of its type; at most 4 favourites" },
  updateCustomField: { method: "PATCH", path: "sites/{siteId}/custom-fields/{fieldId}", base: "regional", auth: "bearer", body: UpdateCustomFieldRequest, response: CustomField, summary: "Change a custom field (editor right); the rules are checked on the whole field" },
  deleteCustomField: { method: "DELETE", path: "sites/{siteId}/custom-fields/{fieldId}", base: "regional", auth: "bearer", response: Ok, summary: "Delete a custom field (editor right)" },
  reorderCustomFields: { method: "POST", path: "sites/{siteId}/custom-fields/order", base: "regional", auth: "bearer", body: ReorderRequest, response: z.array(CustomField), summary: "Reorder the custom fields: every id once (editor right)" },
  setFavouriteFields: { method: "POST", path: "sites/{siteId}/favourite-fields", base: "regional", auth: "bearer", body: FavouriteFieldsRequest, response: z.array(CustomField), summary: "Make exactly these custom fields the favourites, at most 4 (editor right)" },
} as const satisfies Record<string, RouteDef>;

/** A custom field's rules (`customFieldProblems`) by their words, with their keys: the catalogue (ADR 035) and the browser's own check. */
export const CUSTOM_FIELD_KEYS: Readonly<Record<string, string>> = {
  "Add at least one option": "sites:customfields.validation.options_required",
  "Options must be unique": "sites:customfields.validation.options_unique",
  "Only dropdown and yes/no fields have a default option": "sites:customfields.validation.default_not_allowed",
  "The default option must be one of the options": "sites:customfields.validation.default_not_option",
  "Only choice and yes/no fields can reject a sign-in": "sites:customfields.validation.reject_not_allowed",
  "Reject options must be among the options": "sites:customfields.validation.reject_not_option",
  "A reject message is required when a reject option is set": "sites:customfields.validation.reject_message_required",
  "Signature and photo fields cannot be shown on the evacuation list": "sites:customfields.validation.evacuation_not_allowed",
};
export const CUSTOM_FIELD_CATALOGUE: Catalogue = { keys: CUSTOM_FIELD_KEYS };
