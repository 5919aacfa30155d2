/**
 * Visit history (issue 17 §1, §3; ADR 025): every visit at the sites the user may see, filtered,
 * 15 a page, newest first; its export as CSV or XLSX, streamed a keyset page at a time (never the
 * whole result in memory) through `sendSheet`, which escapes formula cells.
 *
 * Site restriction: the query only ever reads visits of `allowedSites` (the client's sites in the
 * user's scope, ADR 031); a `site_id` outside them is a 422. The group filter offers the groups
 * shown at those sites.
 * Days are calendar days in each visit's site time: the index narrows on `created_at` with a
 * 14-hour margin either side, the exact day is then checked in the site's zone.
 */
import { rangeField, HISTORY_EXPORT_HEADERS, HISTORY_SAFETY_WORDS, HISTORY_LIMITS, HISTORY_MESSAGES, HISTORY_STATUSES, type HistoryStatus } from "../../contract/history-messages.ts";
import { historyExportFirstDay, RANGE_LIMITS, RANGE_MESSAGES, rangeProblem, type VisitBadge, type VisitDetails } from "../../contract/index.ts";
import type { z } from "zod";
import type { App } from "../runtime/app.ts";
import { forbidden, validation } from "../http/errors.ts";
import type { Ctx } from "../http/router.ts";
import { abilities, requireActive, type Principal } from "../clients/regional.ts";
import { toVisit } from "../today/visit-rows.ts";
import { getVisit, getVisitBadge } from "../today/visits.ts";
import { formatParam, sendSheet } from "../exports/sheet.ts";
import { jsonReachesClause, scopeOf } from "../scope/scope.ts";
import { scopedSites } from "../scope/sites.ts";

/** The client setting behind the flag (as the other `beta.*` flags). */
export const PERSONAL_FIELDS_FLAG = "beta.visit-record-personal-fields";

export interface HistoryFilters {
  siteIds: number[];
  groupId: number | null;
  from: string | null;
  to: string | null;
  q: string | null;
  status: HistoryStatus;
}

function requireHistoryRight(p: Principal, right: "History.viewer" | "History.export"): void {
  requireActive(p);
  if (!abilities(p).includes(right)) throw forbidden(right === "History.viewer" ? HISTORY_MESSAGES.viewer : HISTORY_MESSAGES.export);
}

const ID = /^\d{1,9}$/;


/** The sites the user may see (ids), in display order. */
async function allowedSites(app: App, p: Principal): Promise<{ id: number; name: string }[]> {
  return (await scopedSites(app.db, p, "visit")).map((s) => ({ id: s.id as number, name: s.name as string }));
}

/** The query's filters checked (422 with a message per field), or the thrown HttpError. */
export async function parseFilters(app: App, p: Principal, query: URLSearchParams, sites: { id: number }[]): Promise<HistoryFilters> {
  const errors: Record<string, string[]> = {};
  const get = (k: string) => {
    const v = query.get(k);
    return v === null || v.trim() === "" ? null : v.trim();
  };
  let siteIds = sites.map((s) => s.id);
  const site = get("site_id");
  if (site !== null) {
    const id = ID.test(site) ? Number(site) : NaN;
    if (!siteIds.includes(id)) errors.site_id = [HISTORY_MESSAGES.site];
    else siteIds = [id];
  }
  let groupId: number | null = null;
  const group = get("group_id");
  if (group !== null) {
    const id = ID.test(group) ? Number(group) : NaN;
    const found = Number.isNaN(id) ? undefined : (await app.db.query("SELECT 1 FROM groups WHERE id = $1 AND client_id = $2", [id, p.client.id]))[0];
    if (!found) errors.group_id = [HISTORY_MESSAGES.group];
    else groupId = id;
  }
  const from = get("from");
  const to = get("to");
  if (from !== null || to !== null) {
    const problem = rangeProblem(from ?? to!, to ?? from!);
    if (problem) errors[rangeField(problem, from ?? "1970-01-01", to ?? "1970-01-01")] = [RANGE_MESSAGES[problem]];
  }
  const q = query.get("q")?.trim() || null;
  if (q !== null && q.length > HISTORY_LIMITS.qMax) errors.q = [HISTORY_MESSAGES.q];
  const status = (get("status") ?? "all") as HistoryStatus;
  if (!(HISTORY_STATUSES as readonly string[]).includes(status)) errors.status = [HISTORY_MESSAGES.status];
  if (Object.keys(errors).length) throw validation(errors);
  return { siteIds, groupId, from, to, q, status };
}

const STATUS_SQL: Record<HistoryStatus, string | null> = {
  all: null,
  signed_in: "'signed_in'",
  signed_out: "'signed_out', 'returned'",
  rejected: "'rejected'",
};

/** The WHERE clause over `v` (visits) and `s` (sites) and its parameters, from $1. */
export function whereOf(f: HistoryFilters): { sql: string; params: unknown[] } {
  const params: unknown[] = [f.siteIds];
  const parts = ["v.site_id = ANY($1::int[])"];
  if (f.groupId !== null) {
    params.push(f.groupId);
    parts.push(`v.group_id = $${params.length}`);
  }
  if (f.from !== null) {
    params.push(f.from);
    parts.push(`v.created_at >= $${params.length}::date - interval '14 hours'`, `(v.created_at AT TIME ZONE s.timezone)::date >= $${params.length}::date`);
  }
  if (f.to !== null) {
    params.push(f.to);
    parts.push(`v.created_at < $${params.length}::date + interval '1 day 14 hours'`, `(v.created_at AT TIME ZONE s.timezone)::date <= $${params.length}::date`);
  }
  if (f.q !== null) {
    params.push(`%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    parts.push(`(lower(v.name) LIKE $${params.length} OR lower(coalesce(v.company, '')) LIKE $${params.length})`);
  }
  const statuses = STATUS_SQL[f.status];
  if (statuses) parts.push(`v.status IN (${statuses})`);
  return { sql: parts.join(" AND "), params };
}

interface ListRow {
  id: number;
  site_id: number;
  site_name: string;
  group_id: number;
  group_name: string;
  group_type: "standard" | "returning" | "delivery";
  member_id: number | null;
  name: string;
  company: string | null;
  host: string | null;
  status: HistoryVisitStatus;
  source: "portal" | "kiosk" | "companion";
  created_at: Date | string;
  signed_in_at: Date | string | null;
  signed_out_at: Date | string | null;
}
type HistoryVisitStatus = "pending" | "signed_in" | "signed_out" | "rejected" | "away" | "returned";

const FROM = "FROM visits v JOIN sites s ON s.id = v.site_id JOIN groups g ON g.id = v.group_id";

/** GET reports/history */
export async function listHistory(app: App, p: Principal, query: URLSearchParams) {
  requireHistoryRight(p, "History.viewer");
  const sites = await allowedSites(app, p);
  const f = await parseFilters(app, p, query, sites);
  const pageText = query.get("page") ?? "1";
  if (!/^\d{1,5}$/.test(pageText) || Number(pageText) < 1 || Number(pageText) > HISTORY_LIMITS.maxPage) throw validation({ page: [HISTORY_MESSAGES.page] });
  const page = Number(pageText);
  const per = HISTORY_LIMITS.perPage;
  const { sql, params } = whereOf(f);
  // The count needs the site only for its zone (a day filter); groups never narrow it.
  const countFrom = f.from !== null || f.to !== null ? "FROM visits v JOIN sites s ON s.id = v.site_id" : "FROM visits v";
  const [{ n }] = await app.db.query<{ n: string | number }>(`SELECT count(*) AS n ${countFrom} WHERE ${sql}`, params);
  const rows = await app.db.query<ListRow>(
    `SELECT v.id, v.site_id, s.name AS site_name, v.group_id, g.name AS group_name, g.type AS group_type, v.member_id, v.name, v.company, v.host,
            v.status, v.source, v.created_at, v.signed_in_at, v.signed_out_at, v.rejection_reason, v.safety_flag
       ${FROM} WHERE ${sql} ORDER BY v.created_at DESC, v.id DESC LIMIT ${per} OFFSET ${(page - 1) * per}`,
    params,
  );
  const groupParams: unknown[] = [p.client.id];
  const groups = await app.db.query<{ id: number; name: string }>(
    `SELECT id, name FROM groups WHERE client_id = $1 AND ${jsonReachesClause(scopeOf(p, "group"), "site_ids", groupParams)} ORDER BY position, id`,
    groupParams,
  );
  return {
    data: rows.map((r) => ({ ...toVisit(r, false), site_name: r.site_name })),
    total: Number(n),
    page,
    per_page: per,
    sites,
    groups,
  };
}

interface ExportRow {
  id: number;
  created_at: string;
  day: string;
  signed_in: string | null;
  signed_out: string | null;
  name: string;
  company: string | null;
  host: string | null;
  group_name: string;
  site_name: string;
  status: string;
  badge_number: string;
  rejection_reason: string | null;
  safety_flag: string | null;
}

/** The "Safety check" cell: "Rejected: …" or "Flagged: …" with the reason in words, else empty. */
function safetyCell(r: Pick<ExportRow, "rejection_reason" | "safety_flag">): string {
  const words = (reason: string) => HISTORY_SAFETY_WORDS[reason] ?? reason;
  if (r.rejection_reason) return `Rejected: ${words(r.rejection_reason)}`;
  if (r.safety_flag) return `Flagged: ${words(r.safety_flag)}`;
  return "";
}

/** Rows per keyset page of the export. */
export const EXPORT_PAGE = 2000;

/** GET reports/history/export?format=&from=&to=&…: every check before the first byte. */
export async function exportHistory(app: App, p: Principal, ctx: Ctx): Promise<void> {
  const format = formatParam(ctx.url);
  requireHistoryRight(p, "History.viewer");
  requireHistoryRight(p, "History.export");
  const from = ctx.url.searchParams.get("from")?.trim() ?? "";
  const to = ctx.url.searchParams.get("to")?.trim() ?? "";
  const today = new Date().toISOString().slice(0, 10);
  const problem = rangeProblem(from, to, { maxDays: RANGE_LIMITS.exportMaxDays, notBefore: historyExportFirstDay(today) });
  if (problem) throw validation({ [rangeField(problem, from, to)]: [RANGE_MESSAGES[problem]] });
  const sites = await allowedSites(app, p);
  const f = await parseFilters(app, p, ctx.url.searchParams, sites);
  const { sql, params } = whereOf(f);
  const next = params.length + 1;
  await sendSheet(ctx, format, `history-${from}-to-${to}`, "Visits", async (sink) => {
    await sink.row(HISTORY_EXPORT_HEADERS);
    let after: { at: string; id: number } | null = null;
    for (;;) {
      const rows: ExportRow[] = await app.db.query<ExportRow>(
        `SELECT v.id, to_char(v.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS created_at,
                to_char(v.created_at AT TIME ZONE s.timezone, 'YYYY-MM-DD') AS day,
                to_char(v.signed_in_at AT TIME ZONE s.timezone, 'HH24:MI') AS signed_in,
                to_char(v.signed_out_at AT TIME ZONE s.timezone, 'YYYY-MM-DD HH24:MI') AS signed_out,
                v.name, v.company, v.host, g.name AS group_name, s.name AS site_name, v.status, v.badge_number,
                v.rejection_reason, v.safety_flag
           ${FROM} WHERE ${sql}
            ${after ? `AND (v.created_at, v.id) > ($${next}::timestamp AT TIME ZONE 'UTC', $${next + 1}::int)` : ""}
          ORDER BY v.created_at, v.id LIMIT ${EXPORT_PAGE}`,
        after ? [...params, after.at, after.id] : params,
      );
      for (const r of rows) {
        await sink.row([r.day, r.signed_in, r.signed_out, r.name, r.company, r.host, r.group_name, r.site_name, r.status, r.badge_number, safetyCell(r)]);
      }
      if (rows.length < EXPORT_PAGE || ctx.res.destroyed) break;
      const last = rows[rows.length - 1]!;
      after = { at: last.created_at, id: last.id };
    }
  });
}

/** GET reports/history/visits/{id}: the dialog's visit; personal fields only with the flag. */
export async function historyVisit(app: App, p: Principal, visitIdParam: string): Promise<z.input<typeof VisitDetails>> {
  const visit = await getVisit(app, p, visitIdParam, "History.viewer");
  const personal = (p.client.settings as Record<string, unknown> | null)?.[PERSONAL_FIELDS_FLAG] === true;
  return personal ? visit : { ...visit, fields: [] };
}

/** GET reports/history/visits/{id}/badge */
export const historyVisitBadge = (app: App, p: Principal, visitIdParam: string): Promise<z.input<typeof VisitBadge>> => getVisitBadge(app, p, visitIdParam, "History.viewer");
