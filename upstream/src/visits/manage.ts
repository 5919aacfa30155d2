/**
 * Visit management (issue 17 item 2; ADR 026): edit a visit (Visit.editor), its notes
 * (Visit.notes), protect it (History.protect), anonymise it (History.delete and the client's
 * `anonymize-visits` flag) or delete it (History.delete). Every rule is enforced here: the visit is
 * the token's client's, at a site the user may see (`client_users.site_ids`; 404 otherwise), the
 * client is active, and the right is held (403).
 *
 * Each change runs in one transaction with the site's row locked (as sign-ins do), so the count a
 * broadcast carries is the count at commit. A change to a visit Today lists (signed in, pending,
 * away) is broadcast on `private-Site.{id}` after the commit: VisitUpdatedEvent, or VisitDeletedEvent
 * with the visit as it was.
 */
import type { z } from "zod";
import {
  ANONYMISED_NAME,
  VISIT_MESSAGES as M,
  type VisitManagement,
  type VisitNotesUpdate,
  type VisitProtectionUpdate,
  type VisitUpdate,
} from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import type { Queryable } from "../db/index.ts";
import { forbidden, HttpError, validation } from "../http/errors.ts";
import { iso } from "../clients/model.ts";
import type { Principal } from "../clients/regional.ts";
import { requireRight } from "../auth/policy.ts";
import { broadcast, lockSite, siteCount, toVisit, visitById, type VisitRow } from "../today/visit-rows.ts";
import { visibleVisit } from "../today/visits.ts";

const RIGHT_MESSAGES = {
  "Visit.editor": "You are not authorised to edit visits.",
  "Visit.notes": "You are not authorised to change visit notes.",
  "History.protect": "You are not authorised to protect visits.",
  "History.delete": "You are not authorised to delete visits.",
} as const;
type ManageRight = keyof typeof RIGHT_MESSAGES;
const MANAGE_RIGHTS = Object.keys(RIGHT_MESSAGES) as ManageRight[];

/** Active client (or super user) and one of the rights asked, else 403 with the first one's message. */
const RULE = { activeOnly: true, any: true, message: RIGHT_MESSAGES } as const;

const conflict = (message: string) => new HttpError(409, { message });

/** The client's `anonymize-visits` flag: its beta setting, on the tiers that offer it (as the portal's flags). */
export function anonymiseEnabled(p: Principal): boolean {
  const s = (p.client.settings ?? {}) as Record<string, unknown>;
  return s["beta.anonymize-visits"] === true && (s.tier === "enhanced" || s.tier === "pro");
}

/** Statuses Today lists: a change to such a visit is broadcast. */
const LISTED = new Set(["signed_in", "pending", "away"]);
/** Sign-out-first departures (ADR 015): `signed_out_at` is when they left, `signed_in_at` when they came back. */
const DEPARTURES = new Set(["away", "returned"]);
/** Open visits: the closing time (the sign-out, or a departure's return) is not set yet. */
const OPEN = new Set(["signed_in", "pending", "away"]);

interface GroupChoice {
  id: number;
  name: string;
  type: "standard" | "returning" | "delivery";
}
/** The client's groups shown at the site (and the group `also`, the visit's own). */
const groupsAtSite = (q: Queryable, clientId: number, siteId: number, also: number | null = null) =>
  q.query<GroupChoice>(
    `SELECT g.id, g.name, g.type FROM groups g
      WHERE g.client_id = $1 AND (g.site_ids IS NULL OR g.site_ids @> jsonb_build_array($2::int) OR g.id = $3) ORDER BY g.position, g.id`,
    [clientId, siteId, also],
  );

async function management(app: App, p: Principal, v: VisitRow): Promise<z.input<typeof VisitManagement>> {
  return {
    id: v.id,
    site_id: v.site_id,
    name: v.name,
    status: v.status,
    group_id: v.group_id,
    member_id: v.member_id ?? null,
    host: v.host ?? null,
    signed_in_at: iso(v.signed_in_at),
    signed_out_at: iso(v.signed_out_at),
    fields: (v.fields ?? []).map((f) => ({ label: String(f.label), value: String(f.value) })),
    notes: v.notes ?? null,
    protected: v.protected,
    anonymised_at: iso(v.anonymised_at ?? null),
    rejection_reason: v.rejection_reason ?? null,
    // The visit's own group stays on offer even when it is no longer shown at the site (keeping it is no change).
    groups: await groupsAtSite(app.db, v.client_id, v.site_id, v.group_id),
    anonymise_enabled: anonymiseEnabled(p),
  };
}

/**
 * One change to a visit: with the site's row locked, `change` checks the visit as it is now (locked)
 * and changes it; after the commit, Today hears of a visit it lists. `deleted`: the visit is gone.
 */
async function changeVisit(app: App, v: VisitRow, change: (q: Queryable, current: VisitRow) => Promise<void>, deleted = false): Promise<VisitRow> {
  const { before, after, count } = await app.db.tx(async (q) => {
    await lockSite(q, v.site_id);
    const current = await visitById(q, v.id, true);
    if (!current) throw new HttpError(404, { message: "Visit not found." });
    await change(q, current);
    const after = deleted ? current : (await visitById(q, v.id))!;
    return { before: current, after, count: await siteCount(q, v.site_id) };
  });
  if (LISTED.has(before.status) || LISTED.has(after.status)) {
    broadcast(app, v.site_id, deleted ? "VisitDeletedEvent" : "VisitUpdatedEvent", [{ visit: toVisit(after, false), visitors_signed_in_count: count }]);
  }
  return after;
}

// ---------------------------------------------------------------------------------------------
// The rules (pure; unit-tested in manage.test.ts)
// ---------------------------------------------------------------------------------------------

/** Control characters other than line breaks and tabs (`multiline`), or any (single-line text). */
export const hasControl = (s: string, multiline = false) => (multiline ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/ : /[\u0000-\u001f\u007f]/).test(s);

const SKEW_MS = 60_000;
const YEAR_2038 = Date.UTC(2038, 0, 1);

/**
 * The times an edit leaves a visit with, or the 422 messages by field. Which times a visit has
 * follows from its status, so an edit may change them but neither add nor clear one (that would be
 * a change of status, which is not an edit).
 */
export function checkTimes(status: string, current: { in: string | null; out: string | null }, given: { in?: string | null; out?: string | null }, now = Date.now()): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => void (errors[field] ??= []).push(message);
  const next = { in: given.in === undefined ? current.in : given.in, out: given.out === undefined ? current.out : given.out };
  const departure = DEPARTURES.has(status);
  for (const [key, field] of [["in", "signed_in_at"], ["out", "signed_out_at"]] as const) {
    const had = current[key] !== null;
    const value = next[key];
    const closing = departure ? key === "in" : key === "out";
    if (value === null) {
      if (had) add(field, closing ? M.signOutRequired : M.signInRequired);
      continue;
    }
    if (!had) {
      add(field, closing && OPEN.has(status) ? M.stillSignedIn : M.neverSignedIn);
      continue;
    }
    const t = Date.parse(value);
    if (t >= YEAR_2038) add(field, M.tooLate);
    else if (t > now + SKEW_MS) add(field, M.inFuture);
  }
  if (Object.keys(errors).length === 0 && next.in !== null && next.out !== null) {
    const [first, second, field] = departure ? [next.out, next.in, "signed_in_at"] : [next.in, next.out, "signed_out_at"];
    if (Date.parse(second) <= Date.parse(first)) add(field, M.outBeforeIn);
  }
  return errors;
}

/** The field answers an edit leaves (the visit's own labels, in order), or a 422 message. */
export function checkFields(current: { label: string; value: string }[], given: { label: string; value: string }[]): string | null {
  if (given.length !== current.length || given.some((f, i) => f.label !== current[i]!.label)) return M.fieldsChanged;
  if (given.some((f) => hasControl(f.value))) return M.controlCharacters;
  return null;
}

const trimmedOrNull = (s: string | null | undefined) => (s == null || s.trim() === "" ? null : s.trim());

// ---------------------------------------------------------------------------------------------
// Regional calls (Bearer)
// ---------------------------------------------------------------------------------------------

export async function getVisitManagement(app: App, p: Principal, visitIdParam: string) {
  requireRight(p, MANAGE_RIGHTS, RULE);
  return management(app, p, await visibleVisit(app, p, visitIdParam));
}

export async function updateVisit(app: App, p: Principal, visitIdParam: string, body: z.infer<typeof VisitUpdate>) {
  requireRight(p, ["Visit.editor"], RULE);
  const visit = await visibleVisit(app, p, visitIdParam);
  const row = await changeVisit(app, visit, async (q, v) => {
    if (v.anonymised_at) throw conflict(M.anonymised);
    const errors = checkTimes(v.status, { in: iso(v.signed_in_at), out: iso(v.signed_out_at) }, { in: body.signed_in_at, out: body.signed_out_at });
    if (body.host != null && hasControl(body.host)) (errors.host ??= []).push(M.controlCharacters);
    if (body.fields) {
      const message = checkFields((v.fields ?? []).map((f) => ({ label: String(f.label), value: String(f.value) })), body.fields);
      if (message) errors.fields = [message];
    }
    if (body.group_id !== undefined && body.group_id !== v.group_id) {
      if (v.member_id !== null) errors.group_id = [M.memberGroup];
      else if (!(await groupsAtSite(q, v.client_id, v.site_id)).some((g) => g.id === body.group_id)) errors.group_id = [M.groupNotAtSite];
    }
    if (Object.keys(errors).length) throw validation(errors);
    await q.query(
      `UPDATE visits SET signed_in_at = $2::timestamptz, signed_out_at = $3::timestamptz, group_id = $4, host = $5, fields = $6::jsonb WHERE id = $1`,
      [
        v.id,
        body.signed_in_at === undefined ? v.signed_in_at : body.signed_in_at,
        body.signed_out_at === undefined ? v.signed_out_at : body.signed_out_at,
        body.group_id ?? v.group_id,
        body.host === undefined ? v.host : trimmedOrNull(body.host),
        JSON.stringify(body.fields ? body.fields.map((f) => ({ label: f.label, value: f.value.trim() })) : (v.fields ?? [])),
      ],
    );
  });
  return management(app, p, row);
}

export async function updateVisitNotes(app: App, p: Principal, visitIdParam: string, body: z.infer<typeof VisitNotesUpdate>) {
  requireRight(p, ["Visit.notes"], RULE);
  const visit = await visibleVisit(app, p, visitIdParam);
  if (body.notes != null && hasControl(body.notes, true)) throw validation({ notes: [M.controlCharacters] });
  const notes = trimmedOrNull(body.notes?.replace(/\r\n?/g, "\n"));
  const row = await changeVisit(app, visit, async (q, v) => {
    if (v.anonymised_at) throw conflict(M.anonymised);
    await q.query("UPDATE visits SET notes = $2 WHERE id = $1", [v.id, notes]);
  });
  return management(app, p, row);
}

export async function updateVisitProtection(app: App, p: Principal, visitIdParam: string, body: z.infer<typeof VisitProtectionUpdate>) {
  requireRight(p, ["History.protect"], RULE);
  const visit = await visibleVisit(app, p, visitIdParam);
  const row = await changeVisit(app, visit, async (q, v) => {
    await q.query("UPDATE visits SET protected = $2 WHERE id = $1", [v.id, body.protected]);
  });
  return management(app, p, row);
}

/**
 * Anonymise (irreversible): the name becomes ANONYMISED_NAME; company, host, field answers, notes,
 * location and the member link go; times, site, group, status and badge number stay (counts and
 * reports stay right). 409 while protected (protection keeps the record as it is) or when done.
 */
export async function anonymiseVisit(app: App, p: Principal, visitIdParam: string) {
  requireRight(p, ["History.delete"], RULE);
  if (!anonymiseEnabled(p)) throw forbidden(M.anonymiseDisabled);
  const visit = await visibleVisit(app, p, visitIdParam);
  const row = await changeVisit(app, visit, async (q, v) => {
    if (v.anonymised_at) throw conflict(M.anonymised);
    if (v.protected) throw conflict(M.protectedAnonymise);
    await q.query(
      `UPDATE visits SET name = $2, company = NULL, host = NULL, fields = '[]'::jsonb, notes = NULL, location = NULL,
                         member_id = NULL, anonymised_at = now() WHERE id = $1`,
      [v.id, ANONYMISED_NAME],
    );
  });
  return management(app, p, row);
}

/** Delete (History.delete); 409 while protected. */
export async function deleteVisit(app: App, p: Principal, visitIdParam: string) {
  requireRight(p, ["History.delete"], RULE);
  const visit = await visibleVisit(app, p, visitIdParam);
  await changeVisit(
    app,
    visit,
    async (q, v) => {
      if (v.protected) throw conflict(M.protectedDelete);
      await q.query("DELETE FROM visits WHERE id = $1", [v.id]);
    },
    true,
  );
  return { deleted: true as const };
}
