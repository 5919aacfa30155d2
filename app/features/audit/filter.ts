/**
 * The audit log's filter (user, area, from, to) as the URL carries it, checked as the upstream
 * checks it (contract/audit.ts): the list and the export read it the same way. A malformed or
 * reversed one is refused with a message per field (translation keys), never sent upstream.
 */
import { z } from "zod";
import { AUDIT_AREAS, isAuditDay } from "@contract";

export interface AuditQuery {
  user: string;
  area: string;
  from: string;
  to: string;
}
export type AuditFilterErrors = Partial<Record<keyof AuditQuery, string[]>>;

const day = z.string().max(10, "audit:error.date").refine((s) => s === "" || isAuditDay(s), "audit:error.date");
export const AuditFilterSchema = z
  .object({
    user: z.string().regex(/^(\d{1,9})?$/, "audit:error.user"),
    area: z.string().refine((a) => a === "" || (AUDIT_AREAS as readonly string[]).includes(a), "audit:error.area"),
    from: day,
    to: day,
  })
  .refine((f) => !f.from || !f.to || !isAuditDay(f.from) || !isAuditDay(f.to) || f.from <= f.to, { message: "audit:error.range", path: ["to"] });

/** What the URL asks for (each value kept short, for showing back in the form) and what is wrong with it. */
export function auditFilterOf(url: URL): { query: AuditQuery; errors: AuditFilterErrors | null } {
  const query: AuditQuery = {
    user: (url.searchParams.get("user") ?? "").trim().slice(0, 20),
    area: (url.searchParams.get("area") ?? "").trim().slice(0, 40),
    from: (url.searchParams.get("from") ?? "").trim().slice(0, 20),
    to: (url.searchParams.get("to") ?? "").trim().slice(0, 20),
  };
  const parsed = AuditFilterSchema.safeParse(query);
  if (parsed.success) return { query, errors: null };
  const errors: AuditFilterErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof AuditQuery;
    (errors[field] ??= []).includes(issue.message) || errors[field]!.push(issue.message);
  }
  return { query, errors };
}

/** The filter as query parameters (empty ones left out), for the upstream and for links. */
export function auditQueryParams(q: AuditQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== ""));
}

export const AUDIT_LOG_PATH = "/manage/account/audit-log";
