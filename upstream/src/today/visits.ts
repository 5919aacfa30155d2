/**
 * Visits: the Today view's calls (regional API, Bearer): who is on site, the sign-in options,
 * signing in and out, departures and returns, approvals, and one visit's dialog (its details,
 * absences, other visits, badge and documents). The operations behind the changes, shared with the
 * kiosk, are `sign-in-out.ts`; a visit's row and answer are `visit-rows.ts`.
 *
 * Locations are never broadcast, and answers carry them only for callers holding Today.locations.
 */
import type { z } from "zod";
import type { DepartureRequest, SignInRequest, SignOutAllRequest, VisitAbsences, VisitBadge, VisitDetails, VisitDocuments } from "../../contract/index.ts";
import { iso } from "../clients/model.ts";
import { abilities, type Principal } from "../clients/regional.ts";
import { one } from "../db/index.ts";
import { notFound } from "../http/errors.ts";
import { requireRight } from "../auth/policy.ts";
import { offeredAtSiteSql } from "../members/core.ts";
import type { App } from "../runtime/app.ts";
import { scopeOf, siteClause, siteInScope } from "../scope/scope.ts";
import { scopedSite } from "../scope/sites.ts";
import { approveVisitRow, departAt, returnAway, signInAt, signOutAllAt, signOutVisit } from "./sign-in-out.ts";
import { GROUPS_AT_SITE, summaryOf, toVisit, VISIT_COLS, VISIT_FROM, visitById, type GroupRow, type VisitRow } from "./visit-rows.ts";

const MESSAGES = {
  "Today.viewer": "You are not authorised to view who is on site.",
  "Today.signInOut": "You are not authorised to sign people in or out.",
  "Today.signOutAll": "You are not authorised to sign everyone out.",
  "Today.approve": "You are not authorised to approve sign-ins.",
  "AbsenceReport.view": "You are not authorised to view absences.",
  "History.viewer": "You are not authorised to view visit history.",
  "GroupMember.viewer": "You are not authorised to view group members' documents.",
} as const;

/** Active client (or super user) and the right, else 403 (ADR 034; Today and history are active-only). */
const RULE = { activeOnly: true, message: MESSAGES } as const;

const seesLocations = (p: Principal) => abilities(p).includes("Today.locations");

const parseId = (s: string) => (/^\d{1,9}$/.test(s) ? Number(s) : NaN);

/** A site the user may see, else 404 "Site not found.". */
async function visibleSite(app: App, p: Principal, siteIdParam: string) {
  const site = await scopedSite(app.db, p, parseId(siteIdParam), "visit");
  return site as Record<string, unknown> & { id: number; client_id: number; name: string; timezone: string; evacuation_in_progress: boolean; visitors_signed_in_count: number };
}

/** A visit of the token's client at a site the user may see, else 404. */
export async function visibleVisit(app: App, p: Principal, visitIdParam: string): Promise<VisitRow> {
  const id = parseId(visitIdParam);
  const visit = Number.isNaN(id) ? undefined : await visitById(app.db, id);
  if (!visit || visit.client_id !== p.client.id || !siteInScope(scopeOf(p, "visit"), visit.site_id)) {
    throw notFound("Visit not found.");
  }
  return visit;
}

export async function getSiteToday(app: App, p: Principal, siteIdParam: string) {
  requireRight(p, "Today.viewer", RULE);
  const siteId = parseId(siteIdParam);
  if (Number.isNaN(siteId)) throw notFound("Site not found.");
  // One transaction: the count and the list come from the same snapshot on PostgreSQL.
  return app.db.tx(async (q) => {
    await q.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
    const site = await scopedSite(q, p, siteId, "visit");
    const groups = await q.query<GroupRow>(GROUPS_AT_SITE, [p.client.id, siteId]);
    const visits = await q.query<VisitRow>(
      `SELECT ${VISIT_COLS} ${VISIT_FROM} WHERE v.site_id = $1 AND (v.status IN ('signed_in', 'pending')
          OR (v.status = 'rejected' AND v.created_at >= (date_trunc('day', now() AT TIME ZONE s.timezone) AT TIME ZONE s.timezone)))
        ORDER BY v.created_at, v.id`,
      [siteId],
    );
    const away = await q.query<VisitRow>(
      `SELECT ${VISIT_COLS} ${VISIT_FROM} WHERE v.site_id = $1 AND v.status = 'away' AND v.group_id = ANY($2::int[]) ORDER BY v.signed_out_at, v.id`,
      [siteId, groups.map((g) => g.id)],
    );
    const show = seesLocations(p);
    return {
      site: {
        id: site.id as number,
        name: site.name as string,
        timezone: site.timezone as string,
        visitors_signed_in_count: site.visitors_signed_in_count as number,
        evacuation_in_progress: site.evacuation_in_progress as boolean,
      },
      groups: groups.map(summaryOf),
      visits: visits.map((v) => toVisit(v, show)),
      away: away.map((v) => toVisit(v, show)),
    };
  });
}

export async function getSignInOptions(app: App, p: Principal, siteIdParam: string) {
  requireRight(p, "Today.signInOut", RULE);
  const site = await visibleSite(app, p, siteIdParam);
  const groups = await app.db.query<GroupRow>(GROUPS_AT_SITE, [p.client.id, site.id]);
  const members = await app.db.query<{ id: number; name: string; group_id: number }>(
    `SELECT m.id, m.name, m.group_id FROM members m
      WHERE m.group_id = ANY($1::int[]) AND ${offeredAtSiteSql("$2")}
        AND NOT EXISTS (SELECT 1 FROM visits v WHERE v.member_id = m.id AND v.site_id = $2 AND v.status IN ('signed_in', 'pending', 'away'))
      ORDER BY lower(m.name), m.id`,
    [groups.filter((g) => g.type === "returning").map((g) => g.id), site.id],
  );
  return {
    groups: groups.map((g) => ({ ...summaryOf(g), members: members.filter((m) => m.group_id === g.id).map((m) => ({ id: m.id, name: m.name })) })),
  };
}

export async function signIn(app: App, p: Principal, siteIdParam: string, body: z.infer<typeof SignInRequest>) {
  requireRight(p, "Today.signInOut", RULE);
  const site = await visibleSite(app, p, siteIdParam);
  return toVisit(await signInAt(app, site, body, { source: "portal" }), seesLocations(p));
}

export async function depart(app: App, p: Principal, siteIdParam: string, body: z.infer<typeof DepartureRequest>) {
  requireRight(p, "Today.signInOut", RULE);
  const site = await visibleSite(app, p, siteIdParam);
  return toVisit(await departAt(app, site, body, "portal"), seesLocations(p));
}

export async function returnVisit(app: App, p: Principal, visitIdParam: string) {
  requireRight(p, "Today.signInOut", RULE);
  const visit = await visibleVisit(app, p, visitIdParam);
  return toVisit(await returnAway(app, visit), seesLocations(p));
}

export async function signOutAll(app: App, p: Principal, siteIdParam: string, body: z.infer<typeof SignOutAllRequest>) {
  requireRight(p, "Today.signOutAll", RULE);
  const site = await visibleSite(app, p, siteIdParam);
  return { signed_out: await signOutAllAt(app, site, body.group_id) };
}

export async function signOut(app: App, p: Principal, visitIdParam: string) {
  requireRight(p, "Today.signInOut", RULE);
  const visit = await visibleVisit(app, p, visitIdParam);
  return toVisit(await signOutVisit(app, visit), seesLocations(p));
}

export async function approveVisit(app: App, p: Principal, visitIdParam: string) {
  requireRight(p, "Today.approve", RULE);
  const visit = await visibleVisit(app, p, visitIdParam);
  return toVisit(await approveVisitRow(app, visit), seesLocations(p));
}

/** The dialog's visit: from Today (Today.viewer) or from the history (History.viewer, `history/`). */
export async function getVisit(app: App, p: Principal, visitIdParam: string, right: "Today.viewer" | "History.viewer" = "Today.viewer"): Promise<z.input<typeof VisitDetails>> {
  requireRight(p, right, RULE);
  const v = await visibleVisit(app, p, visitIdParam);
  const member = v.member_id
    ? await one<{ id: number; name: string; email: string | null; mobile: string | null }>(app.db, "SELECT id, name, email, mobile FROM members WHERE id = $1", [v.member_id])
    : undefined;
  return {
    ...toVisit(v, seesLocations(p)),
    site_name: v.site_name,
    member: member ? { id: member.id, name: member.name, email: member.email ?? null, mobile: member.mobile ?? null } : null,
    fields: (v.fields ?? []).map((f) => ({ label: String(f.label), value: String(f.value) })),
    notes: v.notes ?? null,
    protected: v.protected,
    rejection_reason: v.rejection_reason ?? null,
    anonymised_at: iso(v.anonymised_at ?? null),
  };
}

/** Absences overlapping 30 days back to 90 days ahead, by start. */
export async function getVisitAbsences(app: App, p: Principal, visitIdParam: string): Promise<z.input<typeof VisitAbsences>> {
  requireRight(p, "AbsenceReport.view", RULE);
  const v = await visibleVisit(app, p, visitIdParam);
  if (!v.member_id) return { applicable: false, absences: [] };
  const rows = await app.db.query<{ id: number; type: string; starts_on: string; ends_on: string; status: z.input<typeof VisitAbsences>["absences"][number]["status"]; reason: string | null }>(
    `SELECT id, type, starts_on::text AS starts_on, ends_on::text AS ends_on, status, reason FROM absences
      WHERE member_id = $1 AND ends_on >= current_date - 30 AND starts_on <= current_date + 90
      ORDER BY starts_on, id`,
    [v.member_id],
  );
  return { applicable: true, absences: rows.map((r) => ({ ...r, reason: r.reason ?? null })) };
}

/** The same person's other visits at sites the user may see: newest first, at most 20. */
export async function getVisitHistory(app: App, p: Principal, visitIdParam: string) {
  requireRight(p, "History.viewer", RULE);
  const v = await visibleVisit(app, p, visitIdParam);
  // Members by member id; visitors and deliveries by name (case-insensitive) within the group.
  const params: unknown[] = [v.id, v.member_id, v.group_id, v.name, p.client.id];
  const rows = await app.db.query<VisitRow>(
    `SELECT ${VISIT_COLS} ${VISIT_FROM}
      WHERE CASE WHEN $2::int IS NOT NULL THEN v.member_id = $2::int
                 ELSE v.member_id IS NULL AND v.group_id = $3 AND lower(v.name) = lower($4) END
        AND v.id <> $1 AND s.client_id = $5
        AND ${siteClause(scopeOf(p, "visit"), "v.site_id", params)}
      ORDER BY v.created_at DESC, v.id DESC
      LIMIT 20`,
    params,
  );
  const show = seesLocations(p);
  return { visits: rows.map((r) => toVisit(r, show)) };
}

export async function getVisitBadge(app: App, p: Principal, visitIdParam: string, right: "Today.viewer" | "History.viewer" = "Today.viewer"): Promise<z.input<typeof VisitBadge>> {
  requireRight(p, right, RULE);
  const v = await visibleVisit(app, p, visitIdParam);
  return {
    number: v.badge_number,
    name: v.name,
    group: v.group_name,
    site: v.site_name,
    host: v.host ?? null,
    company: v.company ?? null,
    issued_at: iso(v.signed_in_at) ?? iso(v.created_at)!,
  };
}

export async function getVisitDocuments(app: App, p: Principal, visitIdParam: string): Promise<z.input<typeof VisitDocuments>> {
  requireRight(p, "GroupMember.viewer", RULE);
  const v = await visibleVisit(app, p, visitIdParam);
  if (!v.member_id) return { applicable: false, documents: [] };
  const rows = await app.db.query<{ id: number; title: string; expires_on: string | null }>(
    `SELECT id, title, expires_on::text AS expires_on FROM member_documents WHERE member_id = $1 ORDER BY expires_on NULLS LAST, title, id`,
    [v.member_id],
  );
  return { applicable: true, documents: rows };
}
