/**
 * Pre-registrations and scheduled visits of standard groups (issue 15 §4; groups spec §1, §4, §5,
 * §9; ADR 019). Pending only when the group needs approval (`groups.approval_required`), else
 * expected; approve / decline (Today.approve), cancel and sign in (Today.signInOut). Signing in is
 * Today's own sign-in (`signInAt` in ../today/sign-in-out.ts), so Today and realtime see the visit. The
 * invitation email (the group's pre-reg subject and message, in the visitor's language, with its
 * magic links) goes to the outbox once the pre-registration is expected.
 */
import { emitPreRegistration } from "../notifications/events.ts";
import { parse as parseCsv } from "csv-parse/sync";
import type { z } from "zod";
import {
  DEFAULT_PRE_REG_SERVICES,
  isPreRegEmail,
  PRE_REG_LIMITS,
  PRE_REG_MESSAGES as M,
  REDISPLAY_OPTIONS,
  type PreRegistration,
  type PreRegistrationImport,
  type PreRegistrationInput,
  type PreRegStatus,
} from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { forbidden, notFound, validation } from "../http/errors.ts";
import { hasControlCharacters } from "../http/upload.ts";
import { iso } from "../clients/model.ts";
import { jsonReachesClause, scopeOf, siteClause, siteInScope } from "../scope/scope.ts";
import { scopedSites } from "../scope/sites.ts";
import { abilities, requireActive, type Principal } from "../clients/regional.ts";
import { signInAt } from "../today/sign-in-out.ts";
import { blockListed } from "../safety-check/check.ts";
import { issueLinks, revokeLinks } from "./magic-links.ts";
import { invitationEmail } from "./email.ts";
import { deleteDocuments, documentsOf } from "./fields-documents.ts";

// ---------------------------------------------------------------------------------------------
// Rights
// ---------------------------------------------------------------------------------------------

const RIGHT_MESSAGES = {
  "Today.viewer": "You are not authorised to view pre-registrations.",
  "Today.signInOut": "You are not authorised to pre-register visitors.",
  "Today.approve": "You are not authorised to approve pre-registrations.",
} as const;

function requireRights(p: Principal, ...rights: (keyof typeof RIGHT_MESSAGES)[]): void {
  requireActive(p);
  const has = abilities(p);
  for (const r of rights) if (!has.includes(r)) throw forbidden(RIGHT_MESSAGES[r]);
}

const flagOn = (p: Principal, id: string) => (p.client.settings as Record<string, unknown> | null)?.[`beta.${id}`] === true;

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

interface Row {
  id: number;
  client_id: number;
  site_id: number;
  site_name: string;
  timezone: string;
  group_id: number;
  group_name: string;
  kind: "visit" | "scheduled";
  name: string;
  email: string;
  company: string | null;
  host: string | null;
  notes: string | null;
  locale: string;
  arrive_at: Date | string;
  employee_id: number | null;
  employee_name: string | null;
  service: string | null;
  redisplay: PreRegistration["redisplay"];
  status: PreRegStatus;
  visit_id: number | null;
  details: PreRegistration["details"];
  change_request: PreRegistration["change_request"];
  fields: PreRegistration["fields"] | null;
  created_at: Date | string;
}

const COLS = `pr.*, s.name AS site_name, s.timezone, g.name AS group_name, m.name AS employee_name`;
const FROM = `FROM pre_registrations pr JOIN sites s ON s.id = pr.site_id JOIN groups g ON g.id = pr.group_id LEFT JOIN members m ON m.id = pr.employee_id`;

export function toPreRegistration(r: Row, documents: PreRegistration["documents"] = []): PreRegistration {
  return {
    id: r.id,
    site: { id: r.site_id, name: r.site_name, timezone: r.timezone },
    group: { id: r.group_id, name: r.group_name },
    kind: r.kind,
    name: r.name,
    email: r.email,
    company: r.company ?? null,
    host: r.host ?? null,
    notes: r.notes ?? null,
    locale: r.locale,
    arrive_at: iso(r.arrive_at)!,
    employee: r.employee_id && r.employee_name ? { id: r.employee_id, name: r.employee_name } : null,
    service: r.service ?? null,
    redisplay: r.redisplay ?? null,
    status: r.status,
    visit_id: r.visit_id ?? null,
    details: r.details ?? null,
    change_request: r.change_request ?? null,
    fields: r.fields ?? [],
    documents,
    created_at: iso(r.created_at)!,
  };
}

export const rowById = (q: Queryable, id: number) => one<Row>(q, `SELECT ${COLS} ${FROM} WHERE pr.id = $1`, [id]);

/** Rows as the contract has them, with their documents. */
async function withDocuments(q: Queryable, rows: Row[]): Promise<PreRegistration[]> {
  const docs = await documentsOf(q, rows.map((r) => r.id));
  return rows.map((r) => toPreRegistration(r, docs.get(r.id) ?? []));
}
const shown = async (q: Queryable, id: number) => (await withDocuments(q, [(await rowById(q, id))!]))[0]!;

const parseId = (s: string) => (/^\d{1,9}$/.test(s) ? Number(s) : NaN);

/** A pre-registration of the caller's client at a site they may see, else 404. */
async function visible(app: App, p: Principal, idParam: string): Promise<Row> {
  const id = parseId(idParam);
  const row = Number.isNaN(id) ? undefined : await rowById(app.db, id);
  if (!row || row.client_id !== p.client.id || !siteInScope(scopeOf(p, "pre-registration"), row.site_id)) throw notFound("Pre-registration not found.");
  return row;
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export async function listPreRegistrations(app: App, p: Principal, query: URLSearchParams) {
  requireRights(p, "Today.viewer");
  const siteParam = query.get("site_id");
  const siteId = siteParam ? parseId(siteParam) : null;
  const date = query.get("date");
  const page = Math.max(1, Math.min(10_000, Number.parseInt(query.get("page") ?? "1", 10) || 1));
  const per = PRE_REG_LIMITS.perPage;
  const params: unknown[] = [p.client.id];
  const inScope = siteClause(scopeOf(p, "pre-registration"), "pr.site_id", params);
  params.push(siteId !== null && !Number.isNaN(siteId) ? siteId : null, date && DATE.test(date) ? date : null);
  const where = `pr.client_id = $1 AND pr.status IN ('pending', 'expected')
    AND ${inScope}
    AND ($3::int IS NULL OR pr.site_id = $3)
    AND CASE WHEN $4::date IS NULL THEN pr.arrive_at >= date_trunc('day', now() AT TIME ZONE s.timezone) AT TIME ZONE s.timezone
             ELSE (pr.arrive_at AT TIME ZONE s.timezone)::date = $4::date END`;
  const [{ n }] = await app.db.query<{ n: string | number }>(`SELECT count(*) AS n ${FROM} WHERE ${where}`, params);
  const rows = await app.db.query<Row>(`SELECT ${COLS} ${FROM} WHERE ${where} ORDER BY (pr.status = 'pending') DESC, pr.arrive_at, pr.id LIMIT ${per} OFFSET $5`, [
    ...params,
    (page - 1) * per,
  ]);
  return { data: await withDocuments(app.db, rows), total: Number(n), page, per_page: per };
}

interface GroupRow {
  id: number;
  name: string;
  type: string;
  approval_required: boolean;
  site_ids: number[] | null;
  settings: Record<string, Record<string, unknown>> | null;
  default_locale?: string | null;
}

const servicesOf = (p: Principal): string[] => {
  const s = (p.client.settings as Record<string, unknown> | null)?.pre_reg_services;
  return Array.isArray(s) && s.every((x) => typeof x === "string") && s.length ? (s as string[]) : [...DEFAULT_PRE_REG_SERVICES];
};

export async function preRegistrationOptions(app: App, p: Principal) {
  requireRights(p, "Today.viewer", "Today.signInOut");
  const sites = (await scopedSites(app.db, p, "pre-registration")).filter((s) => s.type === "standard");
  // Groups shown at one of the user's sites, and the people offered there (ADR 031: rows shown at sites).
  const groupParams: unknown[] = [p.client.id];
  const groups = await app.db.query<GroupRow>(
    `SELECT id, name, type, approval_required, site_ids, settings FROM groups
      WHERE client_id = $1 AND type = 'standard' AND ${jsonReachesClause(scopeOf(p, "group"), "site_ids", groupParams)} ORDER BY position, id`,
    groupParams,
  );
  const employeeParams: unknown[] = [p.client.id];
  const employees = await app.db.query<{ id: number; name: string; group: string }>(
    `SELECT m.id, m.name, g.name AS "group" FROM members m JOIN groups g ON g.id = m.group_id
      WHERE g.client_id = $1 AND g.type = 'returning' AND ${jsonReachesClause(scopeOf(p, "group"), "coalesce(m.site_ids, g.site_ids)", employeeParams)}
      ORDER BY lower(m.name), m.id LIMIT 1000`,
    employeeParams,
  );
  return {
    sites: sites.map((s) => ({ id: s.id as number, name: s.name as string, timezone: s.timezone as string })),
    groups: groups.map((g) => ({ id: g.id, name: g.name, approval_required: g.approval_required, site_ids: g.site_ids ?? null })),
    employees,
    services: servicesOf(p),
    new_form: flagOn(p, "new-pre-reg-form"),
  };
}

export async function getPreRegistration(app: App, p: Principal, idParam: string) {
  requireRights(p, "Today.viewer");
  return (await withDocuments(app.db, [await visible(app, p, idParam)]))[0]!;
}

// ---------------------------------------------------------------------------------------------
// Creating
// ---------------------------------------------------------------------------------------------

const blank = (s: string | null | undefined) => (s === undefined || s === null || s.replace(/\s+/g, " ").trim() === "" ? null : s.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").trim());

type Problems = Record<string, string[]>;

/** Where the visit happens: a site the user may see, a standard group shown there. */
async function placeOf(app: App, p: Principal, siteId: number, groupId: number, problems: Problems) {
  const site = (await scopedSites(app.db, p, "pre-registration")).find((s) => s.id === siteId && s.type === "standard");
  if (!site) {
    problems.site_id = [M.siteRequired];
    return null;
  }
  const group = await one<GroupRow>(app.db, "SELECT id, name, type, approval_required, site_ids, settings, default_locale FROM groups WHERE id = $1 AND client_id = $2", [groupId, p.client.id]);
  if (!group || (group.site_ids !== null && !group.site_ids.includes(siteId))) {
    problems.group_id = [M.groupNotAtSite];
    return null;
  }
  if (group.type !== "standard") {
    problems.group_id = [M.standardOnly];
    return null;
  }
  return { site: { id: site.id as number, name: site.name as string, timezone: site.timezone as string, client_id: p.client.id }, group };
}

/** The arrival as an instant: an ISO instant, or a local date-time read in the site's timezone. Problems when not in the future or not before 2038. */
async function arrivalOf(q: Queryable, text: string, timezone: string, problems: Problems): Promise<Date | null> {
  const s = text.trim();
  let at: Date | null = null;
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/.test(s)) {
    const row = await one<{ at: Date | string | null }>(q, "SELECT ($1::timestamp AT TIME ZONE $2) AS at", [s.replace(" ", "T"), timezone]).catch(() => undefined);
    at = row?.at ? new Date(row.at) : null;
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(s)) {
    at = new Date(s);
  }
  if (!at || Number.isNaN(at.getTime())) {
    problems.arrive_at = [M.arrivalFuture];
    return null;
  }
  if (at.getUTCFullYear() >= 2038) {
    problems.arrive_at = [M.before2038];
    return null;
  }
  if (at.getTime() <= Date.now()) {
    problems.arrive_at = [M.arrivalFuture];
    return null;
  }
  return at;
}

/** One pre-registration checked and ready to store (the row's own fields as stored, and where it goes). */
interface Checked extends Pick<Row, "name" | "email" | "company" | "host" | "notes" | "locale" | "kind"> {
  site: { id: number; name: string; timezone: string; client_id: number };
  group: GroupRow;
  arriveAt: Date;
  employeeId: number | null;
  service: string | null;
  redisplay: string | null;
}

/** Every problem of one pre-registration (a form names them all; an import joins them per row). */
async function check(app: App, p: Principal, input: z.output<typeof PreRegistrationInput>): Promise<{ ok: Checked } | { problems: Problems }> {
  const problems: Problems = {};
  const name = blank(input.name);
  if (!name) problems.name = [M.nameRequired];
  const email = input.email.trim();
  if (!isPreRegEmail(email)) problems.email = [M.email];
  const place = await placeOf(app, p, input.site_id, input.group_id, problems);
  const arriveAt = await arrivalOf(app.db, input.arrive_at, place?.site.timezone ?? "UTC", problems);
  let employeeId: number | null = null;
  let service: string | null = null;
  let redisplay: string | null = null;
  if (input.kind === "scheduled") {
    if (!input.employee_id) problems.employee_id = [M.employeeRequired];
    else {
      const emp = await one(app.db, "SELECT 1 FROM members m JOIN groups g ON g.id = m.group_id WHERE m.id = $1 AND g.client_id = $2 AND g.type = 'returning'", [input.employee_id, p.client.id]);
      if (!emp) problems.employee_id = [M.employeeRequired];
      else employeeId = input.employee_id;
    }
    service = blank(input.service);
    if (!service || !servicesOf(p).includes(service)) problems.service = [M.serviceRequired];
    redisplay = input.redisplay ?? null;
    if (!redisplay || !(REDISPLAY_OPTIONS as readonly string[]).includes(redisplay)) problems.redisplay = [M.redisplayRequired];
  }
  if (Object.keys(problems).length || !place || !arriveAt || !name) return { problems };
  const groupLocale = place.group.default_locale;
  return {
    ok: {
      site: place.site,
      group: place.group,
      name,
      email,
      company: blank(input.company),
      host: blank(input.host),
      notes: blank(input.notes),
      locale: blank(input.locale) ?? groupLocale ?? "en_GB",
      arriveAt,
      kind: input.kind,
      employeeId,
      service,
      redisplay,
    },
  };
}

async function insert(app: App, q: Queryable, p: Principal, c: Checked): Promise<number> {
  const status: PreRegStatus = c.group.approval_required ? "pending" : "expected";
  const [{ id }] = await q.query<{ id: number }>(
    `INSERT INTO pre_registrations (client_id, site_id, group_id, kind, name, email, company, host, notes, locale, arrive_at, employee_id, service, redisplay, status, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
    [p.client.id, c.site.id, c.group.id, c.kind, c.name, c.email, c.company, c.host, c.notes, c.locale, c.arriveAt, c.employeeId, c.service, c.redisplay, status, p.user.id],
  );
  if (status === "expected") await invite(app, q, id, flagOn(p, "new-pre-reg-form"));
  return id;
}

/**
 * The invitation: fresh magic links (the change request always; the pre-registration form with
 * the `new-pre-reg-form` flag) and the email with them, to the outbox, in the visitor's language.
 */
export async function invite(app: App, q: Queryable, id: number, withForm: boolean): Promise<void> {
  const r = (await one<Row & { settings: GroupRow["settings"] }>(q, `SELECT ${COLS}, g.settings ${FROM} WHERE pr.id = $1`, [id]))!;
  // A person on the block list of a group that checks gets no links (ADR 029: revoked at once).
  if (await blockListed(q, r.client_id, r.site_id, r.group_id, { name: r.name, company: r.details?.company ?? r.company })) {
    await revokeLinks(q, id);
    return;
  }
  const links = await issueLinks(app, q, id, withForm);
  const preReg = (r.settings?.pre_reg ?? {}) as { pre_registration_subject?: string | null; pre_registration_message?: string | null };
  const mail = invitationEmail({
    locale: r.locale,
    name: r.name,
    site: r.site_name,
    timezone: r.timezone,
    arriveAt: new Date(r.arrive_at),
    subject: preReg.pre_registration_subject ?? null,
    message: preReg.pre_registration_message ?? null,
    formLink: links.form,
    changeLink: links.change,
  });
  await q.query("INSERT INTO outbox (to_email, subject, body) VALUES ($1, $2, $3)", [r.email.toLowerCase(), mail.subject, mail.body]);
  // As the password reset link is: the reference upstream sends no mail, so a demo can follow it from the log.
  app.log({ msg: "pre-registration invitation", to: r.email.toLowerCase(), form: links.form, change: links.change });
}

export async function createPreRegistration(app: App, p: Principal, body: z.output<typeof PreRegistrationInput>) {
  requireRights(p, "Today.viewer", "Today.signInOut");
  const checked = await check(app, p, body);
  if ("problems" in checked) throw validation(checked.problems);
  const id = await app.db.tx((q) => insert(app, q, p, checked.ok));
  emitPreRegistration(app, id);
  return shown(app.db, id);
}

/**
 * A visitor's own pre-registration through a form link (ADR 030): made for the form's organisation
 * by nobody signed in (created_by null, form_id the form), by the same checks and the same
 * pending/expected rule and invitation as a pre-registration made in the portal. The caller has
 * already held the site and group to the form's.
 */
export async function preRegisterFromForm(app: App, client: Principal["client"], formId: number, input: z.output<typeof PreRegistrationInput>): Promise<PreRegStatus> {
  const p = { client, m: { site_ids: null, rights: [] }, user: { id: null, is_super: false } } as unknown as Principal;
  const checked = await check(app, p, { ...input, kind: "visit" });
  if ("problems" in checked) throw validation(checked.problems);
  const id = await app.db.tx(async (q) => {
    const id = await insert(app, q, p, checked.ok);
    await q.query("UPDATE pre_registrations SET form_id = $2 WHERE id = $1", [id, formId]);
    return id;
  });
  return (await rowById(app.db, id))!.status;
}

/** The CSV's columns (header names, case-insensitive; `arrival` may also be `arrive_at` or `time of arrival`). */
const COLUMN_NAMES: Record<string, string> = {
  name: "name",
  email: "email",
  arrival: "arrive_at",
  arrive_at: "arrive_at",
  "time of arrival": "arrive_at",
  company: "company",
  notes: "notes",
  host: "host",
  language: "locale",
  locale: "locale",
};

/**
 * Import a CSV: per row (ADR 019) — the valid rows are created in one transaction, each bad row is
 * named with its line and reason. Cells are read as text only (nothing is evaluated; a cell that
 * starts with = + - @ is stored as typed, and the portal escapes it wherever it exports). A row with
 * a control character in any cell (NUL, the other C0 controls but tab, CR and LF, DEL) is refused
 * for it, as typed text would be (issue 24 §5).
 */
export async function importPreRegistrations(app: App, p: Principal, body: z.output<typeof PreRegistrationImport>) {
  requireRights(p, "Today.viewer", "Today.signInOut");
  let records: string[][];
  try {
    records = parseCsv(body.csv.replace(/^\uFEFF/, ""), { relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true, max_record_size: 10_000 }) as string[][];
  } catch {
    throw validation({ csv: [M.csvUnreadable] });
  }
  if (records.length < 2) throw validation({ csv: [records.length === 0 ? M.csvEmpty : M.csvEmpty] });
  const header = records[0].map((h) => COLUMN_NAMES[h.trim().toLowerCase()] ?? null);
  if (!header.includes("name") || !header.includes("email") || !header.includes("arrive_at")) throw validation({ csv: [M.csvHeader] });
  if (records.length - 1 > PRE_REG_LIMITS.csvRows) throw validation({ csv: [M.csvTooMany] });
  const placeProblems: Problems = {};
  if (!(await placeOf(app, p, body.site_id, body.group_id, placeProblems))) throw validation(placeProblems);

  const good: Checked[] = [];
  const errors: { line: number; reason: string }[] = [];
  for (let i = 1; i < records.length; i++) {
    if (records[i].some(hasControlCharacters)) {
      errors.push({ line: i + 1, reason: M.csvControl });
      continue;
    }
    const cells: Record<string, string> = {};
    header.forEach((k, j) => {
      if (k) cells[k] = records[i][j] ?? "";
    });
    const result = await check(app, p, {
      site_id: body.site_id,
      group_id: body.group_id,
      name: (cells.name ?? "").slice(0, PRE_REG_LIMITS.name),
      email: (cells.email ?? "").slice(0, PRE_REG_LIMITS.email + 1),
      company: cells.company?.slice(0, PRE_REG_LIMITS.company) ?? null,
      notes: cells.notes?.slice(0, PRE_REG_LIMITS.notes) ?? null,
      host: (cells.host || body.host || null)?.slice(0, PRE_REG_LIMITS.host) ?? null,
      locale: cells.locale?.slice(0, 10) ?? null,
      arrive_at: (cells.arrive_at ?? "").slice(0, 40),
      kind: "visit",
    });
    if ("problems" in result) errors.push({ line: i + 1, reason: Object.values(result.problems).flat().join("; ") });
    else good.push(result.ok);
  }
  const ids: number[] = [];
  if (good.length) await app.db.tx(async (q) => {
    for (const c of good) ids.push(await insert(app, q, p, c));
  });
  for (const id of ids) emitPreRegistration(app, id);
  return { created: good.length, errors };
}

// ---------------------------------------------------------------------------------------------
// Changing
// ---------------------------------------------------------------------------------------------

/** Move `from` → `to` when the row is still `from` (422 `refusal` otherwise), then `after` in the same transaction. */
async function step(app: App, row: Row, from: PreRegStatus[], to: PreRegStatus, refusal: string, after?: (q: Queryable) => Promise<void>) {
  await app.db.tx(async (q) => {
    const moved = await q.query("UPDATE pre_registrations SET status = $2 WHERE id = $1 AND status = ANY($3::text[]) RETURNING id", [row.id, to, from]);
    if (!moved.length) throw validation({ pre_registration: [refusal] });
    await after?.(q);
  });
  return shown(app.db, row.id);
}

export async function approvePreRegistration(app: App, p: Principal, idParam: string) {
  requireRights(p, "Today.viewer", "Today.approve");
  const row = await visible(app, p, idParam);
  return step(app, row, ["pending"], "expected", M.notPending, (q) => invite(app, q, row.id, flagOn(p, "new-pre-reg-form")));
}

export async function declinePreRegistration(app: App, p: Principal, idParam: string) {
  requireRights(p, "Today.viewer", "Today.approve");
  const row = await visible(app, p, idParam);
  return step(app, row, ["pending"], "declined", M.notPending, async (q) => {
    await revokeLinks(q, row.id);
    await deleteDocuments(q, row.id);
  });
}

export async function cancelPreRegistration(app: App, p: Principal, idParam: string) {
  requireRights(p, "Today.viewer", "Today.signInOut");
  const row = await visible(app, p, idParam);
  return step(app, row, ["pending", "expected"], "cancelled", M.notOpen, async (q) => {
    await revokeLinks(q, row.id);
    await deleteDocuments(q, row.id);
  });
}

/**
 * Sign an expected visitor in at its site: the row is claimed first (expected → signed_in, so two
 * clicks make one visit), then Today's sign-in makes the visit (signed in: the pre-registration was
 * approved already, or needed no approval); when that is refused the claim is undone.
 */
export async function signInPreRegistration(app: App, p: Principal, idParam: string) {
  requireRights(p, "Today.viewer", "Today.signInOut");
  const row = await visible(app, p, idParam);
  const claimed = await app.db.query("UPDATE pre_registrations SET status = 'signed_in' WHERE id = $1 AND status = 'expected' RETURNING id", [row.id]);
  if (!claimed.length) throw validation({ pre_registration: [M.notExpected] });
  try {
    const company = row.details?.company ?? row.company;
    const visit = await signInAt(
      app,
      { id: row.site_id, client_id: row.client_id },
      { group_id: row.group_id, name: row.name, company: company ?? undefined, host: row.host ?? undefined },
      { source: "portal", preApproved: true },
    );
    await app.db.tx(async (q) => {
      await q.query("UPDATE pre_registrations SET visit_id = $2 WHERE id = $1", [row.id, visit.id]);
      // The visitor's answers become the visit's (ADR 019 "Fields and documents").
      if (row.fields?.length) await q.query("UPDATE visits SET fields = $2::jsonb WHERE id = $1", [visit.id, JSON.stringify(row.fields)]);
      await revokeLinks(q, row.id);
    });
  } catch (err) {
    await app.db.query("UPDATE pre_registrations SET status = 'expected' WHERE id = $1 AND visit_id IS NULL", [row.id]);
    throw err;
  }
  return shown(app.db, row.id);
}
