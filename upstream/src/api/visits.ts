/**
 * Visits: the Today view's calls (regional API, Bearer) and the shared sign-in/out operations the
 * kiosk calls (`kiosk.ts`) use too.
 *
 * Every change runs in one transaction that first locks the site's row, so changes at one site are
 * serialised and the count each event carries is the count at commit. Events are broadcast on
 * `private-Site.{id}` after the commit: SignInEvent (a visit created, signed in or pending, or
 * approved, or a sign-out-first member's return) and SignOutEvent (one per visit signed out, or a
 * sign-out-first member's departure). Locations are never broadcast, and answers carry them only
 * for callers holding Today.locations. A sign-in (or an approval) of someone whose group posts to
 * Slack is announced there after the commit, in the background (`group-slack.ts`).
 *
 * Sign-out-first groups (ADR 015; the rule is `sign-out-first.ts`): a member leaving is an `away`
 * visit (`departAt`), their return closes it as `returned` (`returnAway`, or `signInAt` for a member
 * who is away). Neither is on site, so neither changes the count.
 */
import type { z } from "zod";
import {
  ALREADY_AWAY_MESSAGE,
  NOT_AWAY_MESSAGE,
  NOT_SIGN_OUT_FIRST_MESSAGE,
  RETURN_NOT_AWAY_MESSAGE,
  type DepartureRequest,
  type SignInRequest,
  type SignOutAllRequest,
  type Visit,
  type VisitAbsences,
  type VisitBadge,
  type VisitDetails,
  type VisitDocuments,
  type VisitEvent,
} from "../../contract/index.ts";
import type { App } from "../app.ts";
import { one, type Queryable } from "../db/index.ts";
import { notFound, validation } from "../http/errors.ts";
import { iso, SITE_COUNT_SQL } from "../model.ts";
import { scopeOf, siteClause, siteInScope } from "../scope/scope.ts";
import { scopedSite } from "../scope/sites.ts";
import { abilities, type Principal } from "./regional.ts";
import { requireRight } from "../auth/policy.ts";
import { announceSignIn } from "./group-slack.ts";
import { emitRejectedSignIn, emitVisitEvent } from "../notifications/events.ts";
import { offeredAtSiteSql } from "../members/editor.ts";
import { signOutFirstSql } from "./sign-out-first.ts";
import { HttpError } from "../http/errors.ts";
import { SAFETY_CHECK_MESSAGES, SIGN_IN_REFUSED_CODE } from "../../contract/index.ts";
import { safetyCheck, safetyOutcomeHappened, type SafetyOutcome } from "../safety-check/check.ts";

// ---------------------------------------------------------------------------------------------
// Rows and shapes
// ---------------------------------------------------------------------------------------------

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
const GROUP_COLS = `g.id, g.name, g.type, g.approval_required, ${signOutFirstSql("g")} AS sign_out_first`;
const GROUPS_AT_SITE = `SELECT ${GROUP_COLS} FROM groups g
  WHERE g.client_id = $1 AND (g.site_ids IS NULL OR g.site_ids @> jsonb_build_array($2::int))
  ORDER BY g.position, g.id`;
/** One group of the client shown at the site ($3). */
const GROUP_AT_SITE = `SELECT ${GROUP_COLS} FROM groups g
  WHERE g.id = $3 AND g.client_id = $1 AND (g.site_ids IS NULL OR g.site_ids @> jsonb_build_array($2::int))`;

interface GroupRow {
  id: number;
  name: string;
  type: "standard" | "returning" | "delivery";
  approval_required: boolean;
  sign_out_first: boolean;
}

const summaryOf = (g: GroupRow) => ({ id: g.id, name: g.name, type: g.type, approval_required: g.approval_required, sign_out_first: g.sign_out_first });

/** A member's open departure at a site (status away), if any. */
const openDeparture = (q: Queryable, memberId: number, siteId: number) =>
  one<{ id: number }>(q, "SELECT id FROM visits WHERE member_id = $1 AND site_id = $2 AND status = 'away'", [memberId, siteId]);

/** Close a departure: the member is back (status returned, signed_in_at now). The count is unchanged. */
const RETURN_SQL = "UPDATE visits SET status = 'returned', signed_in_at = now() WHERE id = $1";
const closeDeparture = (q: Queryable, visitId: number) => q.query(RETURN_SQL, [visitId]);

const channelOf = (siteId: number) => `private-Site.${siteId}`;

/** Send events after the commit; a realtime failure never fails the call. */
export function broadcast(app: App, siteId: number, event: "SignInEvent" | "SignOutEvent" | "VisitUpdatedEvent" | "VisitDeletedEvent", payloads: VisitEvent[]): void {
  for (const data of payloads) {
    try {
      app.realtime.broadcast(channelOf(siteId), event, data);
    } catch (err) {
      app.log({ level: "error", msg: "broadcast failed", channel: channelOf(siteId), event, error: String(err) });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Shared operations (portal and kiosk)
// ---------------------------------------------------------------------------------------------

export interface SiteRef {
  id: number;
  client_id: number;
}

export interface SignInExtras {
  source: Visit["source"];
  location?: { lat: number; lng: number; accuracy: number } | null;
  /** Approved before arriving (an expected pre-registration, ADR 019): signed in even where the group needs approval. */
  preApproved?: boolean;
  /** Custom field answers given at sign-in (the kiosk), kept on the visit and matched by the block list. */
  fields?: { label: string; value: string }[] | null;
}

const blank = (s: string | undefined) => (s === undefined || s.trim() === "" ? null : s.trim());

/**
 * One change at a site: in one transaction with the site's row locked, `change` validates, changes
 * one visit and names it; after the commit, `event` carries that visit and the count at commit.
 */
async function changeAt(app: App, siteId: number, event: "SignInEvent" | "SignOutEvent", change: (q: Queryable) => Promise<number>): Promise<VisitRow> {
  const { row, count } = await app.db.tx(async (q) => {
    await lockSite(q, siteId);
    const id = await change(q);
    return { row: (await visitById(q, id))!, count: await siteCount(q, siteId) };
  });
  broadcast(app, siteId, event, [{ visit: toVisit(row, false), visitors_signed_in_count: count }]);
  return row;
}

/** A visit goes from status `from` on (422 `field` `refusal` otherwise) through `update` (SQL over $1, its id). */
const stepVisit = (app: App, visit: Pick<VisitRow, "id" | "site_id">, event: "SignInEvent" | "SignOutEvent", from: Visit["status"], refusal: string, field: string, update: string) =>
  changeAt(app, visit.site_id, event, async (q) => {
    const current = await visitById(q, visit.id, true);
    if (!current || current.status !== from) throw validation({ [field]: [refusal] });
    await q.query(update, [visit.id]);
    return visit.id;
  });

/** The client's group `groupId` shown at the site, else 422 on group_id. */
async function groupAt(q: Queryable, site: SiteRef, groupId: number): Promise<GroupRow> {
  const group = await one<GroupRow>(q, GROUP_AT_SITE, [site.client_id, site.id, groupId]);
  if (!group) throw validation({ group_id: ["The selected group is not available at this site"] });
  return group;
}

/** The group's member `memberId`, else 422 on member_id. */
async function memberOf(q: Queryable, group: GroupRow, memberId: number, siteId: number): Promise<{ id: number; name: string }> {
  // Archived members, members outside their dates and members not shown at this site are not offered here (ADR 017).
  const member = await one<{ id: number; name: string }>(q, `SELECT m.id, m.name FROM members m WHERE m.id = $1 AND m.group_id = $2 AND ${offeredAtSiteSql("$3")}`, [memberId, group.id, siteId]);
  if (!member) throw validation({ member_id: ["The selected member is not in this group"] });
  return member;
}

/**
 * Sign someone in at a site: validation (422s), the visit (pending or signed in), SignInEvent. A
 * member who is away (an open departure here) is back instead: the departure is closed (returned),
 * whatever the group's setting is now; a member of a sign-out-first group who is not away is
 * refused (they are presumed on site).
 */
export async function signInAt(app: App, site: SiteRef, body: z.infer<typeof SignInRequest>, extras: SignInExtras): Promise<VisitRow> {
  // The safety check (ADR 029), before the site is locked: it may call the Central Record over HTTP.
  const member = body.member_id !== undefined ? await one<{ name: string }>(app.db, "SELECT name FROM members WHERE id = $1", [body.member_id]) : undefined;
  const safety: SafetyOutcome = await safetyCheck(app, site.id, site.client_id, body.group_id, {
    name: (member?.name ?? body.name ?? "").trim(),
    company: blank(body.company),
    fields: extras.fields ?? null,
  });
  let newVisit = false;
  const row = await changeAt(app, site.id, "SignInEvent", async (q) => {
    const group = await groupAt(q, site, body.group_id);
    let memberId: number | null = null;
    let name: string;
    if (group.type === "returning") {
      if (body.member_id === undefined) throw validation({ member_id: ["Signing in needs a group member selected"] });
      const member = await memberOf(q, group, body.member_id, site.id);
      const away = await openDeparture(q, member.id, site.id);
      if (away) {
        await closeDeparture(q, away.id);
        return away.id;
      }
      if (group.sign_out_first) throw validation({ member_id: [NOT_AWAY_MESSAGE] });
      const onSite = await one(q, "SELECT 1 FROM visits WHERE member_id = $1 AND site_id = $2 AND status IN ('signed_in', 'pending')", [member.id, site.id]);
      if (onSite) throw validation({ member_id: [`${member.name} is already signed in`] });
      memberId = member.id;
      name = member.name;
    } else {
      const given = blank(body.name);
      if (!given) throw validation({ name: ["A name is required"] });
      name = given;
    }

    const rejected = safety.action === "reject";
    const status = rejected ? "rejected" : group.approval_required && !extras.preApproved ? "pending" : "signed_in";
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO visits (site_id, group_id, member_id, name, company, host, status, source, signed_in_at, location, fields, rejection_reason, safety_flag)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $7 = 'signed_in' THEN now() END, $9::jsonb, $10::jsonb, $11, $12) RETURNING id`,
      [
        site.id,
        group.id,
        memberId,
        name,
        blank(body.company),
        blank(body.host),
        status,
        extras.source,
        extras.location ? JSON.stringify(extras.location) : null,
        JSON.stringify(extras.fields ?? []),
        rejected ? safety.reason : null,
        safety.action === "flag" ? safety.reason : null,
      ],
    );
    newVisit = true;
    return id;
  });
  if (newVisit && safety.action !== "none") {
    // THE place a rejection (or a flag) happens: see safetyOutcomeHappened / onSafetyOutcome (safety-check/check.ts).
    await safetyOutcomeHappened(app, { visitId: row.id, siteId: site.id, clientId: site.client_id, groupId: row.group_id, name: row.name, outcome: safety });
    if (safety.action === "reject") {
      // A rejected sign-in is a notification trigger of its own (ADR 028): sent after the commit, like every event.
      emitRejectedSignIn(app, row, safety.reason);
      throw new HttpError(422, { message: SAFETY_CHECK_MESSAGES.signInRefused, code: SIGN_IN_REFUSED_CODE, errors: { name: [SAFETY_CHECK_MESSAGES.signInRefused] } });
    }
  }
  if (row.status === "signed_in") {
    announceSignIn(app, row);
    emitVisitEvent(app, "sign_in", row);
  }
  return row;
}

/**
 * Sign a signed-in visit out (422 when it is not signed in), SignOutEvent; the notification event
 * `sign_out`, or `automatic_sign_out` for the group's auto-clear sweep (visits/auto-sign-out.ts).
 */
export async function signOutVisit(app: App, visit: Pick<VisitRow, "id" | "site_id">, field = "visit", trigger: "sign_out" | "automatic_sign_out" = "sign_out"): Promise<VisitRow> {
  const row = await stepVisit(app, visit, "SignOutEvent", "signed_in", "This visit is not signed in", field, "UPDATE visits SET status = 'signed_out', signed_out_at = now() WHERE id = $1");
  emitVisitEvent(app, trigger, row);
  return row;
}

/**
 * A member of a sign-out-first group shown at the site leaves (ADR 015): an `away` visit, signed out
 * now, SignOutEvent; the count is unchanged. 422 when the group does not sign out first, the member
 * is not in it, or is already away. A member still signed in the ordinary way here (from before the
 * group signed out first) is signed out of that visit instead, as before.
 */
export async function departAt(app: App, site: SiteRef, body: z.infer<typeof DepartureRequest>, source: Visit["source"]): Promise<VisitRow> {
  const row = await changeAt(app, site.id, "SignOutEvent", async (q) => {
    const group = await groupAt(q, site, body.group_id);
    if (!group.sign_out_first) throw validation({ group_id: [NOT_SIGN_OUT_FIRST_MESSAGE] });
    const member = await memberOf(q, group, body.member_id, site.id);
    if (await openDeparture(q, member.id, site.id)) throw validation({ member_id: [ALREADY_AWAY_MESSAGE] });
    const signedIn = await one<{ id: number }>(q, "SELECT id FROM visits WHERE member_id = $1 AND site_id = $2 AND status = 'signed_in' ORDER BY id DESC LIMIT 1", [
      member.id,
      site.id,
    ]);
    if (signedIn) {
      await q.query("UPDATE visits SET status = 'signed_out', signed_out_at = now() WHERE id = $1", [signedIn.id]);
      return signedIn.id;
    }
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO visits (site_id, group_id, member_id, name, status, source, signed_out_at) VALUES ($1, $2, $3, $4, 'away', $5, now()) RETURNING id`,
      [site.id, group.id, member.id, member.name, source],
    );
    return id;
  });
  emitVisitEvent(app, "sign_out", row);
  return row;
}

/** A sign-out-first member is back: their departure (422 `field` unless it is away) is closed, SignInEvent; the count is unchanged. */
export async function returnAway(app: App, visit: Pick<VisitRow, "id" | "site_id">, field = "visit"): Promise<VisitRow> {
  const row = await stepVisit(app, visit, "SignInEvent", "away", RETURN_NOT_AWAY_MESSAGE, field, RETURN_SQL);
  emitVisitEvent(app, "sign_in", row);
  return row;
}

/** Approve a pending visit (422 otherwise): signed in now, SignInEvent. */
export async function approveVisitRow(app: App, visit: Pick<VisitRow, "id" | "site_id">): Promise<VisitRow> {
  const row = await stepVisit(app, visit, "SignInEvent", "pending", "This visit is not waiting for approval", "visit", "UPDATE visits SET status = 'signed_in', signed_in_at = now() WHERE id = $1");
  announceSignIn(app, row);
  emitVisitEvent(app, "sign_in", row);
  return row;
}

/**
 * Sign out every signed-in visit of a site (or of one group shown there). One SignOutEvent per
 * visit, oldest first; each carries the count after that visit left, the last one the final count.
 */
export async function signOutAllAt(app: App, site: SiteRef, groupId: number | undefined): Promise<number> {
  const { rows, before } = await app.db.tx(async (q) => {
    await lockSite(q, site.id);
    if (groupId !== undefined) {
      const shown = (await q.query<GroupRow>(GROUPS_AT_SITE, [site.client_id, site.id])).some((g) => g.id === groupId);
      if (!shown) throw validation({ group_id: ["The selected group is not available at this site"] });
    }
    const before = await siteCount(q, site.id);
    const ids = await q.query<{ id: number }>(
      `UPDATE visits SET status = 'signed_out', signed_out_at = now()
        WHERE site_id = $1 AND status = 'signed_in' AND ($2::int IS NULL OR group_id = $2) RETURNING id`,
      [site.id, groupId ?? null],
    );
    const rows = ids.length
      ? await q.query<VisitRow>(`SELECT ${VISIT_COLS} ${VISIT_FROM} WHERE v.id = ANY($1::int[]) ORDER BY v.signed_in_at, v.id`, [ids.map((r) => r.id)])
      : [];
    return { rows, before };
  });
  let count = before;
  broadcast(
    app,
    site.id,
    "SignOutEvent",
    rows.map((r) => {
      if (r.group_type !== "delivery") count -= 1;
      return { visit: toVisit(r, false), visitors_signed_in_count: count };
    }),
  );
  for (const r of rows) emitVisitEvent(app, "sign_out", r);
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// Regional calls (Bearer)
// ---------------------------------------------------------------------------------------------

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
