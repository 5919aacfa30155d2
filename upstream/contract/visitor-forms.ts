// ---------------------------------------------------------------------------------------------
// Visitor forms (platform §2 /manage/features/forms, ManageForm.viewer; groups spec §3 "Form link",
// §5, §8; ADR 030).
//
// A form is a public link, `/magic-link/form/{token}` on the portal, where a visitor pre-registers
// themselves at one of the form's sites in one of its (standard) groups: a real pre-registration
// (ADR 019), pending when the group needs approval, else expected with its invitation mailed. The
// token is random (24 bytes) and unguessable; a deleted or disabled form answers 410 "Form no
// longer exists", an unknown token 404 with the same words.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import { Ok, type RouteDef } from "./common.ts";
import { FORM_LIMITS } from "./visitor-forms-messages.ts";

export const VisitorForm = z.object({
  id: z.number().int(),
  name: z.string(),
  site_ids: z.array(z.number().int()),
  group_ids: z.array(z.number().int()),
  intro: z.string().nullable(),
  enabled: z.boolean(),
  /** The public link (the portal's `/magic-link/form/{token}`). */
  link: z.string(),
  token: z.string(),
  /** Pre-registrations made through it. */
  submissions: z.number().int(),
  created_at: z.string(),
});
export type VisitorForm = z.infer<typeof VisitorForm>;

export const VisitorFormList = z.object({
  forms: z.array(VisitorForm),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

export const VisitorFormOptions = z.object({
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
  groups: z.array(z.object({ id: z.number().int(), name: z.string(), site_ids: z.array(z.number().int()).nullable() })),
});
export type VisitorFormOptions = z.infer<typeof VisitorFormOptions>;

export const VisitorFormInput = z.object({
  name: z.string().max(1000),
  site_ids: z.array(z.number().int()).max(FORM_LIMITS.sites),
  group_ids: z.array(z.number().int()).max(FORM_LIMITS.groups),
  intro: z.string().max(20_000).nullish(),
  enabled: z.boolean().default(true),
});
export type VisitorFormInput = z.input<typeof VisitorFormInput>;

// --- The public link -----------------------------------------------------------------------------

export const FormLinkRequest = z.object({ token: z.string().min(1).max(200) });

export const FormLinkView = z.object({
  name: z.string(),
  /** Sanitised HTML (a few tags), or null. */
  intro: z.string().nullable(),
  organisation: z.string(),
  sites: z.array(z.object({ id: z.number().int(), name: z.string(), timezone: z.string() })),
  /** Only the form's standard groups, each with the form's sites that offer it. */
  groups: z.array(z.object({ id: z.number().int(), name: z.string(), site_ids: z.array(z.number().int()) })),
});
export type FormLinkView = z.infer<typeof FormLinkView>;

export const FormLinkSubmit = FormLinkRequest.extend({
  name: z.string().max(1000),
  email: z.string().max(1000),
  site_id: z.number().int(),
  group_id: z.number().int(),
  /** A local `YYYY-MM-DDTHH:mm` at the site, or an ISO instant. */
  arrive_at: z.string().max(40),
  locale: z.string().max(10).nullish(),
});
export type FormLinkSubmit = z.input<typeof FormLinkSubmit>;

export const FormLinkSubmitted = z.object({ status: z.enum(["pending", "expected"]) });

export const formRoutes = {
  visitorForms: { method: "GET", path: "forms", base: "regional", auth: "bearer", response: VisitorFormList, summary: "The organisation's visitor forms (search, page; 15 a page)" },
  visitorFormOptions: { method: "GET", path: "form-options", base: "regional", auth: "bearer", response: VisitorFormOptions, summary: "Standard sites and groups a form may offer" },
  createVisitorForm: { method: "POST", path: "forms", base: "regional", auth: "bearer", body: VisitorFormInput, response: VisitorForm, summary: "Create a visitor form (name; at least one site and one group)" },
  visitorForm: { method: "GET", path: "forms/{formId}", base: "regional", auth: "bearer", response: VisitorForm, summary: "One visitor form" },
  updateVisitorForm: { method: "PATCH", path: "forms/{formId}", base: "regional", auth: "bearer", body: VisitorFormInput, response: VisitorForm, summary: "Change a visitor form" },
  deleteVisitorForm: { method: "DELETE", path: "forms/{formId}", base: "regional", auth: "bearer", response: Ok, summary: "Delete a visitor form (its link then answers 'Form no longer exists')" },
  formLink: { method: "POST", path: "form-links/view", base: "auth", auth: "none", body: FormLinkRequest, response: FormLinkView, readOnly: true, summary: "What a form link shows: 404 unknown, 410 deleted or disabled ('Form no longer exists')" },
  submitFormLink: { method: "POST", path: "form-links/submit", base: "auth", auth: "none", body: FormLinkSubmit, response: FormLinkSubmitted, summary: "A visitor pre-registers through a form link (throttled; 422 with field errors)" },
} as const satisfies Record<string, RouteDef>;
