/**
 * The audit log's API (contract/audit.ts; ADR 022): the list (15 a page, newest first, filtered by
 * user, area and the caller's days), one entry with its before and after, the CSV export (streamed
 * a page at a time, capped, formula cells escaped), and the retention sweep (13 months).
 * What is recorded is decided by the triggers of migration 024, not here.
 */
import { AUDIT_LIMITS, AUDIT_MESSAGES, AuditFilter, type AuditAction, type AuditEntry, type AuditEntrySummary, type AuditLogPage } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one } from "../db/index.ts";
import { forbidden, notFound, validation, zodErrors } from "../http/errors.ts";
import type { Ctx } from "../http/router.ts";
import { abilities, type Principal } from "../clients/regional.ts";
import { formatParam, sendSheet } from "../exports/sheet.ts";
import { withoutAuditActor } from "./context.ts";
import { auditClause, scopeOf } from "../scope/scope.ts";

function requireViewer(p: Principal): void {
  if (!abilities(p).includes("AuditLog.viewer")) throw forbidden();
}

/** The caller's timezone (X-Timezone), for the filter's days; UTC when missing or unknown. */
export function callerZone(ctx: Ctx): string {
  const tz = ctx.req.headers["x-timezone"];
  if (typeof tz !== "string" || tz.length > 64) return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return tz;
  } catch {
    return "UTC";
  }
}

interface Where {
  sql: string;
  params: unknown[];
}

/** The filter from the query string (422 with a message per field when it is not one). */
export function filterOf(url: URL): AuditFilter {
  const raw = Object.fromEntries(["user", "area", "from", "to"].map((k) => [k, url.searchParams.get(k) ?? ""]));
  const parsed = AuditFilter.safeParse(raw);
  if (!parsed.success) throw validation(zodErrors(parsed.error));
  return parsed.data;
}

/**
 * Which entries the caller reads (ADR 031): every entry of the client, or, for a user restricted
 * to some sites, their own changes and the entries whose row lies within their sites (`site_ids`,
 * migration 038) — entries about other sites, every site, or no site (roles, the organisation) are
 * not theirs. The clause over `audit_log`, its parameters appended to `params`.
 */
export function entriesInScope(p: Principal, params: unknown[]): string {
  return auditClause(scopeOf(p, "audit-entry"), p.user.id, params);
}

function where(p: Principal, f: AuditFilter, zone: string): Where {
  const params: unknown[] = [p.client.id, f.user ? Number(f.user) : null, f.area || null, f.from || null, f.to || null, zone];
  return {
    sql: `client_id = $1 AND ($2::int IS NULL OR user_id = $2) AND ($3::text IS NULL OR area = $3)
      AND ($4::date IS NULL OR occurred_at >= ($4::date)::timestamp AT TIME ZONE $6)
      AND ($5::date IS NULL OR occurred_at < ($5::date + 1)::timestamp AT TIME ZONE $6)
      AND ${entriesInScope(p, params)}`,
    params,
  };
}

interface Row {
  id: string | number;
  occurred_at: Date | string;
  user_id: number | null;
  user_name: string;
  address: string | null;
  operation: string | null;
  area: string;
  entity: string;
  entity_id: string | null;
  label: string | null;
  action: AuditAction;
  changed: string[];
}
const COLS = "id, occurred_at, user_id, user_name, address, operation, area, entity, entity_id, label, action, changed";

const summary = (r: Row): AuditEntrySummary => ({
  id: Number(r.id),
  at: new Date(r.occurred_at).toISOString(),
  user: { id: r.user_id, name: r.user_name },
  address: r.address,
  operation: r.operation,
  area: r.area,
  entity: r.entity,
  entity_id: r.entity_id,
  label: r.label,
  action: r.action,
  changed: r.changed ?? [],
});

function pageOf(url: URL): number {
  const raw = url.searchParams.get("page") ?? "1";
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw validation({ page: ["The page must be a whole number from 1"] });
  return Number(raw);
}

/**
 * The users the filter offers: each user once, with the name they had in their latest entry the
 * caller reads. For every entry, by a skip scan of (client_id, user_id, occurred_at): a step per
 * user, not a read of 13 months of entries. For a restricted caller, among the entries they read.
 */
async function usersOf(app: App, p: Principal): Promise<{ id: number; name: string }[]> {
  const params: unknown[] = [p.client.id];
  const scoped = entriesInScope(p, params);
  if (scoped !== "true") {
    return app.db.query<{ id: number; name: string }>(
      `SELECT DISTINCT ON (user_id) user_id AS id, user_name AS name FROM audit_log
        WHERE client_id = $1 AND user_id IS NOT NULL AND ${scoped} ORDER BY user_id, occurred_at DESC, id DESC`,
      params,
    );
  }
  return app.db.query<{ id: number; name: string }>(
    `WITH RECURSIVE u AS (
       (SELECT user_id FROM audit_log WHERE client_id = $1 AND user_id IS NOT NULL ORDER BY user_id LIMIT 1)
       UNION ALL
       SELECT (SELECT a.user_id FROM audit_log a WHERE a.client_id = $1 AND a.user_id > u.user_id ORDER BY a.user_id LIMIT 1)
         FROM u WHERE u.user_id IS NOT NULL)
     SELECT u.user_id AS id,
            (SELECT a.user_name FROM audit_log a WHERE a.client_id = $1 AND a.user_id = u.user_id ORDER BY a.occurred_at DESC LIMIT 1) AS name
       FROM u WHERE u.user_id IS NOT NULL`,
    params,
  );
}

/** GET audit-log */
export async function listAuditLog(app: App, p: Principal, ctx: Ctx): Promise<AuditLogPage> {
  requireViewer(p);
  const f = filterOf(ctx.url);
  const page = pageOf(ctx.url);
  const w = where(p, f, callerZone(ctx));
  const per = AUDIT_LIMITS.perPage;
  const [rows, count, users] = await Promise.all([
    app.db.query<Row>(`SELECT ${COLS} FROM audit_log WHERE ${w.sql} ORDER BY occurred_at DESC, id DESC LIMIT ${per} OFFSET ${(page - 1) * per}`, w.params),
    one<{ n: string | number }>(app.db, `SELECT count(*) AS n FROM audit_log WHERE ${w.sql}`, w.params),
    usersOf(app, p),
  ]);
  return {
    entries: rows.map(summary),
    total: Number(count?.n ?? 0),
    page,
    per_page: per,
    users: users.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
  };
}

/** GET audit-log/{entryId} */
export async function getAuditEntry(app: App, p: Principal, idParam: string): Promise<AuditEntry> {
  requireViewer(p);
  if (!/^\d{1,15}$/.test(idParam)) throw notFound(AUDIT_MESSAGES.entryNotFound);
  const params: unknown[] = [idParam, p.client.id];
  const r = await one<Row & { before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    app.db,
    `SELECT ${COLS}, before, after FROM audit_log WHERE id = $1 AND client_id = $2 AND ${entriesInScope(p, params)}`,
    params,
  );
  if (!r) throw notFound(AUDIT_MESSAGES.entryNotFound);
  return { ...summary(r), before: r.before, after: r.after };
}

export const EXPORT_HEADER = ["Time (UTC)", "User", "User ID", "Address", "Area", "Action", "What", "ID", "Name", "Changed fields", "Before", "After", "Call"];

/** `audit-log 2026-01-01 to 2026-01-31` (the format's extension follows); an open end says "start" or today. */
export function exportName(f: AuditFilter, today: string): string {
  return `audit-log ${f.from || "start"} to ${f.to || today}`;
}

/**
 * GET audit-log/export: the filtered entries as CSV (or `?format=xlsx`), newest first, at most
 * AUDIT_LIMITS.exportRows, read in keyset pages and written as they come (exports/sheet.ts, which
 * escapes formula cells).
 */
export async function exportAuditLog(app: App, p: Principal, ctx: Ctx): Promise<void> {
  requireViewer(p);
  const format = formatParam(ctx.url);
  const f = filterOf(ctx.url);
  const zone = callerZone(ctx);
  const w = where(p, f, zone);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  await sendSheet(ctx, format, exportName(f, today), "Audit log", async (sink) => {
    await sink.row(EXPORT_HEADER);
    const PAGE = 500;
    let written = 0;
    let after: { at: Date | string; id: string | number } | null = null;
    while (written < AUDIT_LIMITS.exportRows && !ctx.res.destroyed) {
      const limit = Math.min(PAGE, AUDIT_LIMITS.exportRows - written);
      const n = w.params.length;
      const keyset = after ? `AND (occurred_at, id) < ($${n + 1}::timestamptz, $${n + 2}::bigint)` : "";
      const rows: (Row & { before: unknown; after: unknown })[] = await app.db.query(
        `SELECT ${COLS}, before, after FROM audit_log WHERE ${w.sql} ${keyset} ORDER BY occurred_at DESC, id DESC LIMIT ${limit}`,
        after ? [...w.params, after.at, after.id] : w.params,
      );
      for (const r of rows) {
        await sink.row([
          new Date(r.occurred_at).toISOString().replace("T", " ").slice(0, 19),
          r.user_name,
          r.user_id,
          r.address,
          r.area,
          r.action,
          r.entity,
          r.entity_id,
          r.label,
          (r.changed ?? []).join(" "),
          r.before === null ? "" : JSON.stringify(r.before),
          r.after === null ? "" : JSON.stringify(r.after),
          r.operation,
        ]);
      }
      written += rows.length;
      if (rows.length < limit) break;
      const last = rows[rows.length - 1]!;
      after = { at: last.occurred_at, id: last.id };
    }
  });
}

/** Remove entries older than the retention (13 months). Nobody's change: it records nothing. */
export async function sweepAuditLog(app: App): Promise<number> {
  return withoutAuditActor(async () => {
    const row = await one<{ n: string | number }>(
      app.db,
      `WITH gone AS (DELETE FROM audit_log WHERE occurred_at < now() - make_interval(months => $1) RETURNING 1) SELECT count(*) AS n FROM gone`,
      [AUDIT_LIMITS.retentionMonths],
    );
    return Number(row?.n ?? 0);
  });
}

/** Sweep now, then every `everyMs` (6 hours by default); the stop waits for a sweep under way. */
export function startAuditSweep(app: App, everyMs = 6 * 60 * 60 * 1000): () => Promise<void> {
  const run = () =>
    sweepAuditLog(app)
      .then((n) => (n > 0 ? app.log({ msg: "audit log sweep", removed: n }) : undefined))
      .catch((err: unknown) => app.log({ level: "warn", msg: "audit log sweep failed", error: err instanceof Error ? err.message : String(err) }));
  let current = run();
  const timer = setInterval(() => {
    current = run();
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
