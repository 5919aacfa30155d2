// ---------------------------------------------------------------------------------------------
// The audit log (issue 16 §3; ADR 022): every change made through the portal and the API — who,
// when, from which address, what, before → after — readable after the thing is deleted. Kept 13
// months. Newest first, 15 a page, filtered by user, area and dates (the caller's X-Timezone days);
// exported as CSV (the filtered entries, newest first, at most AUDIT_LIMITS.exportRows).
// Every call needs AuditLog.viewer; a client sees its own entries only.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import type { RouteDef } from "./common.ts";

/** The areas an entry belongs to (what the screen filters on). */
export const AUDIT_AREAS = ["account", "users", "roles", "sso", "sites", "groups", "members", "visits", "evacuations", "pre_registrations", "notifications", "api_clients", "forms", "safety_check"] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

export const AUDIT_ACTIONS = ["create", "update", "delete"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_LIMITS = {
  perPage: 15,
  /** Entries older than this many months are removed. */
  retentionMonths: 13,
  /** Rows one export holds at most (the newest of the filter). */
  exportRows: 50_000,
} as const;

/** A value never stored (a password hash, a secret, a token, a PIN): only that it changed. */
export const AUDIT_REDACTED = "[redacted]";

export const AUDIT_MESSAGES = {
  date: "Enter the date as YYYY-MM-DD",
  range: "The end date must be on or after the start date",
  area: "Choose an area from the list",
  user: "Choose a user from the list",
  entryNotFound: "Audit log entry not found",
} as const;

/** A real calendar day, YYYY-MM-DD (2026-02-30 is not one). */
export function isAuditDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
}

/** The filter, as query parameters (`user`, `area`, `from`, `to`; `page` for the list). Empty = any. */
export const AuditFilter = z
  .object({
    user: z.string().regex(/^(\d{1,9})?$/, AUDIT_MESSAGES.user).optional(),
    area: z.string().refine((a) => a === "" || (AUDIT_AREAS as readonly string[]).includes(a), AUDIT_MESSAGES.area).optional(),
    from: z.string().refine((s) => s === "" || isAuditDay(s), AUDIT_MESSAGES.date).optional(),
    to: z.string().refine((s) => s === "" || isAuditDay(s), AUDIT_MESSAGES.date).optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: AUDIT_MESSAGES.range, path: ["to"] });
export type AuditFilter = z.infer<typeof AuditFilter>;

export const AuditUser = z.object({ id: z.number().int().nullable(), name: z.string() });

export const AuditEntrySummary = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  user: AuditUser,
  address: z.string().nullable(),
  /** The API call that made it (e.g. `updateSite`). */
  operation: z.string().nullable(),
  /** One of AUDIT_AREAS (a later table may add its own). */
  area: z.string(),
  /** The kind of thing (its table), e.g. `sites`. */
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** A readable name for it (its name, title, …) as it was. */
  label: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  /** The fields that changed (an update), or every field (a create or delete). */
  changed: z.array(z.string()),
});
export type AuditEntrySummary = z.infer<typeof AuditEntrySummary>;

export const AuditEntry = AuditEntrySummary.extend({
  /** The thing before the change (null for a create), secrets as AUDIT_REDACTED. */
  before: z.record(z.string(), z.unknown()).nullable(),
  /** After it (null for a delete). */
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditLogPage = z.object({
  entries: z.array(AuditEntrySummary),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** Everyone who has an entry in the client's log (for the user filter), by name. */
  users: z.array(AuditUser.extend({ id: z.number().int() })),
});
export type AuditLogPage = z.infer<typeof AuditLogPage>;

export const auditRoutes = {
  // Before `auditEntry`: the router tries routes in this order.
  auditExport: { method: "GET", path: "audit-log/export", base: "regional", auth: "bearer", download: true, response: z.void(), summary: "The filtered entries as CSV or XLSX (`?user=&area=&from=&to=&format=csv|xlsx`), newest first, at most 50,000, streamed; formula cells escaped (AuditLog.viewer)" },
  auditLog: { method: "GET", path: "audit-log", base: "regional", auth: "bearer", response: AuditLogPage, summary: "The client's audit log, newest first, 15 a page (`?user=&area=&from=&to=&page=`; AuditLog.viewer)" },
  auditEntry: { method: "GET", path: "audit-log/{entryId}", base: "regional", auth: "bearer", response: AuditEntry, summary: "One entry with the thing before and after the change (AuditLog.viewer)" },
} as const satisfies Record<string, RouteDef>;
