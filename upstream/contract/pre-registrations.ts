// ---------------------------------------------------------------------------------------------
// Pre-registrations and scheduled visits of standard groups, and the magic links their visitors
// open without signing in (issue 15 §4–5; groups spec §1, §4, §5, §9; platform §2 /magic-link/*).
//
// Rights (ADR 019; the spec names no pre-registration right, and Standard users may pre-register,
// groups spec §6): Today.viewer to list; Today.viewer + Today.signInOut to create, import, cancel
// and sign in; Today.viewer + Today.approve to approve and decline. A user restricted to some sites
// sees and creates pre-registrations at those sites only. Active clients only.
//
// Magic links (auth base, no bearer token): a random token whose SHA-256 is stored, scoped to one
// pre-registration and one purpose, expiring at the end of the arrival day (site time). Reading a
// link (`magicLink`) never consumes it; only `submitMagicLink` does, once.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import type { RouteDef } from "./common.ts";

import { FileName, type UploadDef } from "./files.ts";
import { ATTACHMENT_KINDS } from "./messages.ts";
import {
  MAGIC_LINK_PURPOSES,
  PRE_REG_FIELD_TYPES,
  PRE_REG_KINDS,
  PRE_REG_LIMITS,
  PRE_REG_STATUSES,
  REDISPLAY_OPTIONS,
} from "./pre-registration-messages.ts";

const line = (max: number) => z.string().max(max);

export const PreRegistrationDetails = z.object({
  company: z.string().nullable(),
  mobile: z.string().nullable(),
  message: z.string().nullable(),
  submitted_at: z.string(),
});
export const ChangeRequest = z.object({
  kind: z.enum(["change", "cancel"]),
  /** The time the visitor asks for (ISO), for a change. */
  arrive_at: z.string().nullable(),
  message: z.string().nullable(),
  submitted_at: z.string(),
});

/** A custom field's answer as a visit stores it. */
export const FieldAnswer = z.object({ label: z.string(), value: z.string() });

/** A document the visitor sent with the form (read at `files/{name}` by the pre-registration's viewers). */
export const PreRegistrationDocument = z.object({
  id: z.number().int(),
  filename: z.string(),
  file: FileName,
  kind: z.enum(ATTACHMENT_KINDS),
  size: z.number().int(),
});

export const PreRegistration = z.object({
  id: z.number().int(),
  site: z.object({ id: z.number().int(), name: z.string(), timezone: z.string() }),
  group: z.object({ id: z.number().int(), name: z.string() }),
  kind: z.enum(PRE_REG_KINDS),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  host: z.string().nullable(),
  notes: z.string().nullable(),
  locale: z.string(),
  arrive_at: z.string(),
  employee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  service: z.string().nullable(),
  redisplay: z.enum(REDISPLAY_OPTIONS).nullable(),
  status: z.enum(PRE_REG_STATUSES),
  visit_id: z.number().int().nullable(),
  /** What the visitor completed on the pre-registration form. */
  details: PreRegistrationDetails.nullable(),
  /** The visitor's latest change request (shown to the host). */
  change_request: ChangeRequest.nullable(),
  /** The visitor's answers to the site's custom fields (the visit's `fields` once signed in). */
  fields: z.array(FieldAnswer),
  documents: z.array(PreRegistrationDocument),
  created_at: z.string(),
});
export type PreRegistration = z.infer<typeof PreRegistration>;

export const PreRegistrationList = z.object({
  data: z.array(PreRegistration),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

export const PreRegistrationOptions = z.object({
  sites: z.array(z.object({ id: z.number().int(), name: z.string(), timezone: z.string() })),
  /** Standard groups, each with the sites it is shown at (null: every site). */
  groups: z.array(z.object({ id: z.number().int(), name: z.string(), approval_required: z.boolean(), site_ids: z.array(z.number().int()).nullable() })),
  /** Members of the client's returning groups: a scheduled visit's employee. */
  employees: z.array(z.object({ id: z.number().int(), name: z.string(), group: z.string() })),
  services: z.array(z.string()),
  /** The client's `new-pre-reg-form` flag: the email carries the form link too. */
  new_form: z.boolean(),
});

/** One pre-registration as the portal posts it (the rules are the upstream's; messages above). */
export const PreRegistrationInput = z.object({
  site_id: z.number().int(),
  group_id: z.number().int(),
  name: line(PRE_REG_LIMITS.name),
  email: line(PRE_REG_LIMITS.email),
  company: line(PRE_REG_LIMITS.company).nullish(),
  host: line(PRE_REG_LIMITS.host).nullish(),
  notes: z.string().max(PRE_REG_LIMITS.notes).nullish(),
  /** ISO 8601 instant, or a local `YYYY-MM-DDTHH:mm` read in the site's timezone. */
  arrive_at: line(40),
  locale: line(10).nullish(),
  kind: z.enum(PRE_REG_KINDS).default("visit"),
  employee_id: z.number().int().nullish(),
  service: line(100).nullish(),
  redisplay: z.enum(REDISPLAY_OPTIONS).nullish(),
});
export type PreRegistrationInput = z.input<typeof PreRegistrationInput>;

export const PreRegistrationImport = z.object({
  site_id: z.number().int(),
  group_id: z.number().int(),
  host: line(PRE_REG_LIMITS.host).nullish(),
  csv: z.string().max(PRE_REG_LIMITS.csvBytes),
});
export const PreRegistrationImportResult = z.object({
  created: z.number().int(),
  /** Each refused row: its line in the file (the header is line 1) and why. */
  errors: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});

export const MagicLinkRequest = z.object({
  token: z.string().min(1).max(200),
  purpose: z.enum(MAGIC_LINK_PURPOSES),
});

export const MagicLinkView = z.object({
  /** open: the form may be posted; the others say why not. */
  state: z.enum(["open", "used", "expired", "revoked"]),
  purpose: z.enum(MAGIC_LINK_PURPOSES),
  /** The visitor's language (the pre-registration's locale). */
  locale: z.string(),
  name: z.string(),
  site: z.string(),
  group: z.string(),
  host: z.string().nullable(),
  arrive_at: z.string(),
  timezone: z.string(),
  company: z.string().nullable(),
  /** The form's custom fields: the site's, for the group, of the types asked before arriving. */
  fields: z.array(z.object({ id: z.number().int(), label: z.string(), type: z.enum(PRE_REG_FIELD_TYPES), required: z.boolean(), options: z.array(z.string()) })),
  /** Labels of the signature and photo fields, completed at the kiosk. */
  kiosk_fields: z.array(z.string()),
  /** The documents sent so far (names only). */
  documents: z.array(z.object({ filename: z.string(), size: z.number().int() })),
});
export type MagicLinkView = z.infer<typeof MagicLinkView>;

export const MagicLinkSubmit = MagicLinkRequest.extend({
  company: line(PRE_REG_LIMITS.company).nullish(),
  mobile: line(40).nullish(),
  message: z.string().max(PRE_REG_LIMITS.message).nullish(),
  change: z.enum(["change", "cancel"]).nullish(),
  arrive_at: line(40).nullish(),
  /** Custom field answers by field id (checkboxes: the ticked options). */
  fields: z.record(z.string().regex(/^\d{1,9}$/), z.union([line(PRE_REG_LIMITS.fieldAnswer), z.array(line(100)).max(100)])).nullish(),
});

/** One document per POST, read only while the form link is open; does not use the link. */
const documentUpload = { field: "file", kinds: ATTACHMENT_KINDS, maxBytes: PRE_REG_LIMITS.documentBytes } as const satisfies UploadDef;

export const preRegistrationRoutes = {
  preRegistrations: { method: "GET", path: "pre-registrations", base: "regional", auth: "bearer", response: PreRegistrationList, summary: "Upcoming and pending pre-registrations, by arrival, 15 a page; ?site_id, ?date (YYYY-MM-DD, site time), ?page (Today.viewer)" },
  preRegistrationOptions: { method: "GET", path: "pre-registrations/options", base: "regional", auth: "bearer", response: PreRegistrationOptions, summary: "What a pre-registration may choose among: sites, standard groups, employees, services (Today.viewer + Today.signInOut)" },
  preRegistration: { method: "GET", path: "pre-registrations/{preRegistrationId}", base: "regional", auth: "bearer", response: PreRegistration, summary: "One pre-registration (Today.viewer)" },
  createPreRegistration: { method: "POST", path: "pre-registrations", base: "regional", auth: "bearer", body: PreRegistrationInput, response: PreRegistration, summary: "Pre-register a visitor: pending when the group needs approval, else expected; the invitation email goes to the outbox (Today.viewer + Today.signInOut)" },
  importPreRegistrations: { method: "POST", path: "pre-registrations/import", base: "regional", auth: "bearer", body: PreRegistrationImport, response: PreRegistrationImportResult, summary: "Pre-register the rows of a CSV (name, email, arrival, company, notes): valid rows created, each bad row named with its line and reason (Today.viewer + Today.signInOut)" },
  approvePreRegistration: { method: "POST", path: "pre-registrations/{preRegistrationId}/approve", base: "regional", auth: "bearer", response: PreRegistration, summary: "Approve a pending pre-registration: expected, and its invitation sent (Today.approve)" },
  declinePreRegistration: { method: "POST", path: "pre-registrations/{preRegistrationId}/decline", base: "regional", auth: "bearer", response: PreRegistration, summary: "Decline a pending pre-registration; its links are revoked (Today.approve)" },
  cancelPreRegistration: { method: "DELETE", path: "pre-registrations/{preRegistrationId}", base: "regional", auth: "bearer", response: PreRegistration, summary: "Cancel a pre-registration; its links are revoked at once (Today.viewer + Today.signInOut)" },
  signInPreRegistration: { method: "POST", path: "pre-registrations/{preRegistrationId}/sign-in", base: "regional", auth: "bearer", response: PreRegistration, summary: "Sign an expected visitor in: a visit at the site, as Today's sign-in (Today.viewer + Today.signInOut)" },
  magicLink: { method: "POST", path: "magic-links/view", base: "auth", auth: "none", body: MagicLinkRequest, response: MagicLinkView, readOnly: true, summary: "What a magic link opens (never consumes it): open, used, expired or revoked; 404 for an unknown token" },
  submitMagicLink: { method: "POST", path: "magic-links/submit", base: "auth", auth: "none", body: MagicLinkSubmit, response: MagicLinkView, summary: "The visitor's form or change request: consumes the link once (throttled; 409 when it is no longer open)" },
  uploadMagicLinkDocument: { method: "POST", path: "magic-links/documents", base: "auth", auth: "none", upload: documentUpload, response: MagicLinkView, summary: "A document for the visitor's form (?token=; multipart `file`: PDF or image, at most 30 MB; at most 3): only while the form link is open, never uses it (throttled)" },
} as const satisfies Record<string, RouteDef>;
