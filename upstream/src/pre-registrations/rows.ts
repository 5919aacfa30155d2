/**
 * Pre-registrations (ADR 019), what reading, creating and changing share: who may (the rights each
 * call needs), a row as the database has it and as the contract shows it, and the one the caller
 * may see.
 */
import { DEFAULT_PRE_REG_SERVICES, type PreRegistration, type PreRegStatus } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { notFound } from "../http/errors.ts";
import { iso } from "../clients/model.ts";
import { scopeOf, siteInScope } from "../scope/scope.ts";
import type { Principal } from "../clients/regional.ts";
import { documentsOf } from "./fields-documents.ts";

// ---------------------------------------------------------------------------------------------
// Rights
// ---------------------------------------------------------------------------------------------

/** The 403 of each right a pre-registration call asks for. */
export const RIGHT_MESSAGES = {
  "Today.viewer": "You are not authorised to view pre-registrations.",
  "Today.signInOut": "You are not authorised to pre-register visitors.",
  "Today.approve": "You are not authorised to approve pre-registrations.",
} as const;

/** The pre-registration services the client offers (its settings' `pre_reg_services`, else the defaults). */
export const servicesOf = (p: Principal): string[] => {
  const s = (p.client.settings as Record<string, unknown> | null)?.pre_reg_services;
  return Array.isArray(s) && s.every((x) => typeof x === "string") && s.length ? (s as string[]) : [...DEFAULT_PRE_REG_SERVICES];
};

export const flagOn = (p: Principal, id: string) => (p.client.settings as Record<string, unknown> | null)?.[`beta.${id}`] === true;

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

export interface Row {
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

export const COLS = `pr.*, s.name AS site_name, s.timezone, g.name AS group_name, m.name AS employee_name`;
export const FROM = `FROM pre_registrations pr JOIN sites s ON s.id = pr.site_id JOIN groups g ON g.id = pr.group_id LEFT JOIN members m ON m.id = pr.employee_id`;

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
export async function withDocuments(q: Queryable, rows: Row[]): Promise<PreRegistration[]> {
  const docs = await documentsOf(q, rows.map((r) => r.id));
  return rows.map((r) => toPreRegistration(r, docs.get(r.id) ?? []));
}
export const shown = async (q: Queryable, id: number) => (await withDocuments(q, [(await rowById(q, id))!]))[0]!;

export const parseId = (s: string) => (/^\d{1,9}$/.test(s) ? Number(s) : NaN);

/** A pre-registration of the caller's client at a site they may see, else 404. */
export async function visible(app: App, p: Principal, idParam: string): Promise<Row> {
  const id = parseId(idParam);
  const row = Number.isNaN(id) ? undefined : await rowById(app.db, id);
  if (!row || row.client_id !== p.client.id || !siteInScope(scopeOf(p, "pre-registration"), row.site_id)) throw notFound("Pre-registration not found.");
  return row;
}

export interface GroupRow {
  id: number;
  name: string;
  type: string;
  approval_required: boolean;
  site_ids: number[] | null;
  settings: Record<string, Record<string, unknown>> | null;
  default_locale?: string | null;
}
