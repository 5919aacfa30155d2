/**
 * What the visitor completes on the pre-registration form beyond company, mobile and message (ADR
 * 019 "Fields and documents"): answers to the custom fields of the pre-registration's site that
 * apply to its group (the simple types; signature and photo fields are for the kiosk), and up to 3
 * documents (a PDF or an image, at most 30 MB each), one per POST, accepted only while the form
 * link is open and never using it. The documents' files belong to the pre-registration
 * (`files.pre_registration_id`, migration 021) and go when it is cancelled or declined.
 */
import { isPreRegEmail, KIOSK_FIELD_TYPES, PRE_REG_FIELD_TYPES, PRE_REG_LIMITS, PRE_REG_MESSAGES as M, YES_NO_OPTIONS, type MagicLinkView } from "../../contract/index.ts";
import type { Queryable } from "../db/index.ts";
import { toE164, type clientCountry } from "../members/core.ts";
import type { UploadedFile } from "../sites/uploads.ts";
import { storeOwnedFile } from "../sites/uploads.ts";

type FormField = MagicLinkView["fields"][number];

interface FieldRow {
  id: number;
  label: string;
  type: string;
  required: boolean;
  options: string[] | null;
  group_ids: number[] | null;
}

/** The site's custom fields shown for the group, in order: those the form asks and the kiosk's labels. */
export async function formFields(q: Queryable, siteId: number, groupId: number): Promise<{ fields: FormField[]; kiosk: string[] }> {
  const rows = await q.query<FieldRow>("SELECT id, label, type, required, options, group_ids FROM custom_fields WHERE site_id = $1 ORDER BY position, id", [siteId]);
  const shown = rows.filter((r) => r.group_ids === null || r.group_ids.includes(groupId));
  return {
    fields: shown
      .filter((r) => (PRE_REG_FIELD_TYPES as readonly string[]).includes(r.type))
      .map((r) => ({ id: r.id, label: r.label, type: r.type as FormField["type"], required: r.required, options: r.type === "yes_no" ? [...YES_NO_OPTIONS] : (r.options ?? []) })),
    kiosk: shown.filter((r) => (KIOSK_FIELD_TYPES as readonly string[]).includes(r.type)).map((r) => r.label),
  };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const realDate = (s: string) => {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3] && +m[1] >= 1900 && +m[1] < 2038;
};

/**
 * Check the answers against the fields: each problem under `field_{id}`; the answers as a visit
 * stores them (`[{label, value}]`, in field order, unanswered optional fields left out).
 */
export function checkAnswers(
  fields: FormField[],
  given: Record<string, string | string[]> | null | undefined,
  country: ReturnType<typeof clientCountry>,
): { answers: { label: string; value: string }[]; problems: Record<string, string[]> } {
  const answers: { label: string; value: string }[] = [];
  const problems: Record<string, string[]> = {};
  for (const f of fields) {
    const raw = given?.[String(f.id)];
    const list = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map((s) => s.replace(/[\u0000-\u001f\u007f]/g, " ").trim()).filter(Boolean);
    const key = `field_${f.id}`;
    if (!list.length) {
      if (f.required) problems[key] = [M.fieldRequired];
      continue;
    }
    let value = f.type === "checkboxes" ? list.join(", ") : list[0];
    let problem: string | null = null;
    if (value.length > PRE_REG_LIMITS.fieldAnswer) problem = M.fieldTooLong;
    else if (f.type === "uppercase") value = value.toUpperCase();
    else if (f.type === "email" && !isPreRegEmail(value)) problem = M.email;
    else if (f.type === "phone") {
      const e164 = toE164(value, country);
      if (e164) value = e164;
      else problem = M.fieldPhone;
    } else if (f.type === "number" && !/^-?\d+([.,]\d+)?$/.test(value)) problem = M.fieldNumber;
    else if (f.type === "url" && !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value)) problem = M.fieldUrl;
    else if ((f.type === "dropdown" || f.type === "yes_no") && !f.options.includes(value)) problem = M.fieldOption;
    else if (f.type === "checkboxes" && !list.every((o) => f.options.includes(o))) problem = M.fieldOption;
    else if (f.type === "date" && !realDate(value)) problem = M.fieldDate;
    if (problem) problems[key] = [problem];
    else answers.push({ label: f.label, value });
  }
  return { answers, problems };
}

// ---------------------------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------------------------

interface DocRow {
  id: number;
  pre_registration_id: number;
  filename: string;
  token: string;
  kind: "pdf" | "png" | "jpeg" | "gif" | "webp";
  size: number;
}

/** The documents of some pre-registrations, by pre-registration. */
export async function documentsOf(q: Queryable, ids: number[]) {
  const out = new Map<number, { id: number; filename: string; file: string; kind: DocRow["kind"]; size: number }[]>();
  if (!ids.length) return out;
  const rows = await q.query<DocRow>(
    `SELECT d.id, d.pre_registration_id, d.filename, f.token, f.kind, f.size FROM pre_registration_documents d JOIN files f ON f.id = d.file_id
      WHERE d.pre_registration_id = ANY($1::int[]) ORDER BY d.id`,
    [ids],
  );
  for (const r of rows) {
    const list = out.get(r.pre_registration_id) ?? [];
    list.push({ id: r.id, filename: r.filename, file: `${r.token}.${r.kind}`, kind: r.kind, size: r.size });
    out.set(r.pre_registration_id, list);
  }
  return out;
}

export const documentCount = async (q: Queryable, preRegistrationId: number) =>
  (await q.query<{ n: number }>("SELECT count(*)::int AS n FROM pre_registration_documents WHERE pre_registration_id = $1", [preRegistrationId]))[0]!.n;

/** Store one document of a pre-registration (the caller holds the link's row lock and checked the count). */
export async function storeDocument(q: Queryable, preRegistrationId: number, file: UploadedFile): Promise<void> {
  const stored = await storeOwnedFile(q, { pre_registration_id: preRegistrationId }, file);
  await q.query("INSERT INTO pre_registration_documents (pre_registration_id, file_id, filename) VALUES ($1, $2, $3)", [preRegistrationId, stored.id, file.filename]);
}

/** Delete a pre-registration's documents and their files (cancelled or declined). */
export async function deleteDocuments(q: Queryable, preRegistrationId: number): Promise<void> {
  await q.query("DELETE FROM files WHERE pre_registration_id = $1", [preRegistrationId]);
}
