/**
 * Creating pre-registrations (ADR 019): one from the portal's form or from a visitor's form link
 * (ADR 030), or many from a CSV file; every one checked the same way (the site and group, the
 * arrival in the site's time zone, the visitor's details), pending when the group needs approval,
 * else expected and invited.
 */
import { emitPreRegistration } from "../notifications/events.ts";
import { parse as parseCsv } from "csv-parse/sync";
import type { z } from "zod";
import {
  isPreRegEmail,
  PRE_REG_LIMITS,
  PRE_REG_MESSAGES as M,
  REDISPLAY_OPTIONS,
  type PreRegistrationImport,
  type PreRegistrationInput,
  type PreRegStatus,
} from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { validation } from "../http/errors.ts";
import { hasControlCharacters } from "../http/upload.ts";
import { scopedSites } from "../scope/sites.ts";
import type { Principal } from "../clients/regional.ts";
import { requireRight } from "../auth/policy.ts";
import { invite } from "./pre-registrations.ts";
import { flagOn, RIGHT_MESSAGES, rowById, servicesOf, shown, type GroupRow, type Row } from "./rows.ts";

/** Every right asked; active accounts only (the access table's /today pages are; ADR 034). */
const RULE = { activeOnly: true, message: RIGHT_MESSAGES } as const;

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

export async function createPreRegistration(app: App, p: Principal, body: z.output<typeof PreRegistrationInput>) {
  requireRight(p, ["Today.viewer", "Today.signInOut"], RULE);
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
  requireRight(p, ["Today.viewer", "Today.signInOut"], RULE);
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

