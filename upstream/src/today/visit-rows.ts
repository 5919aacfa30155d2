/**
 * A visit as the Today view, the kiosk and visit management read it: its row with its group and
 * site, the `Visit` answer, the groups shown at a site, the site's count and lock, and the events
 * broadcast on `private-Site.{id}` after a commit (a realtime failure never fails the call).
 */
import { send, siteChannel } from "../runtime/broadcast.ts";
import type { Visit, VisitDetails, VisitEvent } from "../../contract/index.ts";
import { iso, SITE_COUNT_SQL } from "../clients/model.ts";
import { one, type Queryable } from "../db/index.ts";
import type { App } from "../runtime/app.ts";
import { signOutFirstSql } from "./sign-out-first.ts";

export interface VisitRow {
  id: number;
  site_id: number;
  group_id: number;
  member_id: number | null;
  name: string;
  company: string | null;
  host: string | null;
  status: Visit["status"];
  source: Visit["source"];
  created_at: Date | string;
  signed_in_at: Date | string | null;
  signed_out_at: Date | string | null;
  location: Visit["location"];
  badge_number: string;
  fields: { label: string; value: string }[] | null;
  notes: string | null;
  protected: boolean;
  rejection_reason?: VisitDetails["rejection_reason"];
  safety_flag?: VisitDetails["rejection_reason"];
  anonymised_at?: Date | string | null;
  group_name: string;
  group_type: Visit["group"]["type"];
  site_name: string;
  client_id: number;
}

/** A visit with its group and site (`v`, `g`, `s`). */
export const VISIT_FROM = `FROM visits v JOIN groups g ON g.id = v.group_id JOIN sites s ON s.id = v.site_id`;
export const VISIT_COLS = `v.*, g.name AS group_name, g.type AS group_type, s.name AS site_name, s.client_id`;

/** The columns a `Visit` is made of (a list's row may leave out the location). */
export type VisitCoreRow = Pick<VisitRow, "id" | "site_id" | "group_id" | "group_name" | "group_type" | "member_id" | "name" | "company" | "host" | "status" | "source" | "created_at" | "signed_in_at" | "signed_out_at"> & {
  location?: VisitRow["location"];
  rejection_reason?: VisitRow["rejection_reason"];
  safety_flag?: VisitRow["safety_flag"];
};

export function toVisit(r: VisitCoreRow, showLocation: boolean): Visit {
  return {
    id: r.id,
    site_id: r.site_id,
    group: { id: r.group_id, name: r.group_name, type: r.group_type },
    member_id: r.member_id ?? null,
    name: r.name,
    company: r.company ?? null,
    host: r.host ?? null,
    status: r.status,
    source: r.source,
    created_at: iso(r.created_at)!,
    signed_in_at: iso(r.signed_in_at),
    signed_out_at: iso(r.signed_out_at),
    location: showLocation ? (r.location ?? null) : null,
    // The safety check (ADR 029): why a rejected sign-in was refused, and a soft check's flag.
    rejection_reason: r.rejection_reason ?? null,
    safety_flag: r.safety_flag ?? null,
  };
}

export async function visitById(q: Queryable, id: number, lock = false): Promise<VisitRow | undefined> {
  return one<VisitRow>(q, `SELECT ${VISIT_COLS} ${VISIT_FROM} WHERE v.id = $1${lock ? " FOR UPDATE OF v" : ""}`, [id]);
}

/** The site's on-site count (delivery groups excluded). */
export async function siteCount(q: Queryable, siteId: number): Promise<number> {
  return (await one<{ n: number }>(q, `SELECT ${SITE_COUNT_SQL} AS n FROM sites s WHERE s.id = $1`, [siteId]))?.n ?? 0;
}

/** Serialises changes at one site (the count an event carries is the count at its commit). */
export async function lockSite(q: Queryable, siteId: number): Promise<void> {
  await q.query("SELECT id FROM sites WHERE id = $1 FOR UPDATE", [siteId]);
}

/** Groups of a client shown at a site (site_ids NULL = every site), in display order. */
export const GROUP_COLS = `g.id, g.name, g.type, g.approval_required, ${signOutFirstSql("g")} AS sign_out_first`;
export const GROUPS_AT_SITE = `SELECT ${GROUP_COLS} FROM groups g
  WHERE g.client_id = $1 AND (g.site_ids IS NULL OR g.site_ids @> jsonb_build_array($2::int))
  ORDER BY g.position, g.id`;

export interface GroupRow {
  id: number;
  name: string;
  type: "standard" | "returning" | "delivery";
  approval_required: boolean;
  sign_out_first: boolean;
}

export const summaryOf = (g: GroupRow) => ({ id: g.id, name: g.name, type: g.type, approval_required: g.approval_required, sign_out_first: g.sign_out_first });

/** Send events after the commit on the site's channel; a realtime failure never fails the call. */
export function broadcast(app: App, siteId: number, event: "SignInEvent" | "SignOutEvent" | "VisitUpdatedEvent" | "VisitDeletedEvent", payloads: VisitEvent[]): void {
  for (const data of payloads) send(app, siteChannel(siteId), event, data);
}
