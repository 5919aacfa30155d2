/**
 * Signing in and out at a site: the operations the Today view's calls (`visits.ts`), the kiosk
 * (../devices/kiosk.ts), pre-registrations and the auto sign-out share.
 *
 * Every change runs in one transaction that first locks the site's row, so changes at one site are
 * serialised and the count each event carries is the count at commit. Events are broadcast after
 * the commit: SignInEvent (a visit created, signed in or pending, or approved, or a sign-out-first
 * member's return) and SignOutEvent (one per visit signed out, or a sign-out-first member's
 * departure). A sign-in (or an approval) of someone whose group posts to Slack is announced there
 * after the commit, in the background (../groups/group-slack.ts).
 *
 * Sign-out-first groups (ADR 015; the rule is `sign-out-first.ts`): a member leaving is an `away`
 * visit (`departAt`), their return closes it as `returned` (`returnAway`, or `signInAt` for a member
 * who is away). Neither is on site, so neither changes the count.
 */
import { markBookingsUsed } from "../spaces/check-in.ts";
import type { z } from "zod";
import {
  ALREADY_AWAY_MESSAGE,
  NOT_AWAY_MESSAGE,
  NOT_SIGN_OUT_FIRST_MESSAGE,
  RETURN_NOT_AWAY_MESSAGE,
  SAFETY_CHECK_MESSAGES,
  SIGN_IN_REFUSED_CODE,
  type DepartureRequest,
  type SignInRequest,
  type Visit,
} from "../../contract/index.ts";
import { one, type Queryable } from "../db/index.ts";
import { HttpError, validation } from "../http/errors.ts";
import { announceSignIn } from "../groups/group-slack.ts";
import { offeredAtSiteSql } from "../members/core.ts";
import { emitRejectedSignIn, emitVisitEvent } from "../notifications/events.ts";
import type { App } from "../runtime/app.ts";
import { safetyCheck, safetyOutcomeHappened, type SafetyOutcome } from "../safety-check/check.ts";
import { broadcast, GROUP_COLS, GROUPS_AT_SITE, lockSite, siteCount, toVisit, VISIT_COLS, VISIT_FROM, visitById, type GroupRow, type VisitRow } from "./visit-rows.ts";

/** One group of the client shown at the site ($3). */
const GROUP_AT_SITE = `SELECT ${GROUP_COLS} FROM groups g
  WHERE g.id = $3 AND g.client_id = $1 AND (g.site_ids IS NULL OR g.site_ids @> jsonb_build_array($2::int))`;

/** A member's open departure at a site (status away), if any. */
const openDeparture = (q: Queryable, memberId: number, siteId: number) =>
  one<{ id: number }>(q, "SELECT id FROM visits WHERE member_id = $1 AND site_id = $2 AND status = 'away'", [memberId, siteId]);

/** Close a departure: the member is back (status returned, signed_in_at now). The count is unchanged. */
const RETURN_SQL = "UPDATE visits SET status = 'returned', signed_in_at = now() WHERE id = $1";
const closeDeparture = (q: Queryable, visitId: number) => q.query(RETURN_SQL, [visitId]);

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
    // Signing in is the check-in of the member's booking here (spaces/check-in.ts; ADR 036).
    if (memberId !== null && status === "signed_in") await markBookingsUsed(q, site.id, memberId);
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
