/**
 * The visitor form's editor (ADR 030), shared by the browser (conform) and the server: a name, at
 * least one site and one group, an optional introduction, enabled. The messages are the upstream's
 * own (known-messages: `features:forms.messages.*`), so both say the same words; the upstream checks
 * again (and alone knows which sites and groups are standard and the user's).
 */
import { z } from "zod";
import { FORM_LIMITS, type VisitorForm } from "@contract";
import { formKey } from "~/features/visitor-forms/keys";
import { singleLine } from "~/forms/control-characters";

const TOO_LONG = "common:validation.too_long";
const id = z.coerce.number({ error: "common:fields.invalid_choice" }).int().positive().max(999_999_999, "common:fields.invalid_choice");

export const visitorFormSchema = z.object({
  name: singleLine(z.string({ error: formKey("nameRequired") }).trim().min(1, formKey("nameRequired")).max(FORM_LIMITS.name, formKey("nameTooLong"))),
  site_ids: z.array(id, { error: formKey("sitesRequired") }).min(1, formKey("sitesRequired")).max(FORM_LIMITS.sites, TOO_LONG),
  group_ids: z.array(id, { error: formKey("groupsRequired") }).min(1, formKey("groupsRequired")).max(FORM_LIMITS.groups, TOO_LONG),
  intro: z.string().max(FORM_LIMITS.intro, formKey("introTooLong")).optional(),
  enabled: z.boolean({ error: "common:fields.invalid_choice" }).optional(),
});
export type VisitorFormValues = z.infer<typeof visitorFormSchema>;

export const visitorFormRequest = (v: VisitorFormValues) => ({
  name: v.name,
  site_ids: [...new Set(v.site_ids)],
  group_ids: [...new Set(v.group_ids)],
  intro: v.intro?.trim() ? v.intro : null,
  enabled: v.enabled ?? false,
});

/** A form as the editor starts. */
export const visitorFormValues = (f: VisitorForm) => ({
  name: f.name,
  site_ids: f.site_ids.map(String),
  group_ids: f.group_ids.map(String),
  intro: f.intro ?? "",
  enabled: f.enabled,
});

export const VISITOR_FORM_FIELDS = ["name", "site_ids", "group_ids", "intro", "enabled"] as const;
