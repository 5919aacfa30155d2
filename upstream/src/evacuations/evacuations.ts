/**
 * Evacuations: the fire list, starting an evacuation (portal; the start itself, shared with the
 * kiosk, is `start.ts`), evacuation reports and their changes (platform spec §3 evacuation report,
 * §4 states and the event counter, §7 calls). Rows, answers and events: `evacuation-rows.ts`.
 *
 * Every change to a report (an evacuee marked, a comment, completion, a new participant) runs in one
 * transaction that locks the evacuation's row (`SELECT … FOR UPDATE`) and raises `event_counter` by
 * exactly one, so counters are gap-free and strictly increasing under concurrency. The event is
 * broadcast on `private-Evacuation.{id}` after the commit; within this process the changes of one
 * evacuation are also queued, so its events leave in counter order. Starting and completing also
 * broadcast on `private-Site.{siteId}` (EvacuationCreatedEvent / EvacuationCompleteEvent
 * `{evacuation}`). A completed evacuation is locked for good (422).
 */
import { bookingsAt } from "../spaces/on-site.ts";
import type { z } from "zod";
import { MANAGE_LIMITS } from "../../contract/index.ts";
import type {
  AddCommentRequest,
  CompleteEvacuationRequest,
  EvacuationList,
  EvacuationSummary,
  EvacuationReport,
  FireList,
  MemberEvacuation,
  StartEvacuationRequest,
  UpdateEvacueeRequest,
} from "../../contract/index.ts";
import { iso } from "../clients/model.ts";
import type { Principal } from "../clients/regional.ts";
import { one, type Queryable } from "../db/index.ts";
import { notFound, validation } from "../http/errors.ts";
import { requireRight } from "../auth/policy.ts";
import { emitEvacuation } from "../notifications/events.ts";
import type { App } from "../runtime/app.ts";
import { scopeOf, siteInScope } from "../scope/scope.ts";
import { scopedSite, scopedSites } from "../scope/sites.ts";
import {
  activeEvacuation,
  EVACUATION_SELECT,
  evacuationById,
  evacuationChannel,
  groupsFor,
  pointsOf,
  send,
  serial,
  siteChannel,
  toComment,
  toEvacuee,
  toSummary,
  type CommentRow,
  type EvacuationRow,
  type EvacueeRow,
} from "./evacuation-rows.ts";
import { startEvacuationAt } from "./start.ts";

// ---------------------------------------------------------------------------------------------
// Rights and visibility
// ---------------------------------------------------------------------------------------------

const MESSAGES = {
  "EvacList.viewer": "You are not authorised to view evacuation lists or start an evacuation.",
  "EvacReport.viewer": "You are not authorised to view evacuation reports.",
  "EvacReport.editor": "You are not authorised to change evacuation reports.",
  "EvacReport.delete": "You are not authorised to delete evacuation reports.",
} as const;

/** Active client (or super user) and the right, else 403 (ADR 034; the fire list and reports are active-only). */
const RULE = { activeOnly: true, message: MESSAGES } as const;

const parseId = (s: string | null | undefined) => (s && /^\d{1,9}$/.test(s) ? Number(s) : NaN);

/** A site the user may see, else 404 "Site not found.". */
async function visibleSite(q: Queryable, p: Principal, siteId: number) {
  const site = await scopedSite(q, p, siteId, "evacuation");
  return site as Record<string, unknown> & { id: number; client_id: number; name: string; timezone: string; address: string | null };
}

const evacuationNotFound = () => notFound("Evacuation not found.");

/** An evacuation of the token's client at a site the user may see, else 404. */
async function visibleEvacuation(q: Queryable, p: Principal, idParam: string): Promise<EvacuationRow> {
  const id = parseId(idParam);
  const e = Number.isNaN(id) ? undefined : await evacuationById(q, id);
  if (!e || e.client_id !== p.client.id || !siteInScope(scopeOf(p, "evacuation"), e.site_id)) throw evacuationNotFound();
  return e;
}

// ---------------------------------------------------------------------------------------------
// Regional calls (Bearer)
// ---------------------------------------------------------------------------------------------

/** A member's evacuation needs as the fire list shows them, or null when they have none (ADR 017). */
function evacuationNeeds(e: Record<string, unknown> | null) {
  if (!e) return null;
  const needs = {
    assistance: (typeof e.assistance === "string" ? e.assistance : "none") as z.input<typeof MemberEvacuation>["assistance"],
    notes: typeof e.notes === "string" ? e.notes : "",
    warden: e.warden === true,
    first_aider: e.first_aider === true,
  };
  return needs.assistance !== "none" || needs.notes || needs.warden || needs.first_aider ? needs : null;
}

/** The needs as a fire-list entry carries them: only when there are some. */
const withNeeds = (e: Record<string, unknown> | null) => {
  const needs = evacuationNeeds(e);
  return needs ? { evacuation: needs } : {};
};

export async function getFireList(app: App, p: Principal, siteIdParam: string): Promise<z.input<typeof FireList>> {
  requireRight(p, "EvacList.viewer", RULE);
  const siteId = parseId(siteIdParam);
  if (Number.isNaN(siteId)) throw notFound("Site not found.");
  return app.db.tx(async (q) => {
    await q.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
    const site = await visibleSite(q, p, siteId);
    const people = await q.query<{ id: number; name: string; group_id: number; company: string | null; host: string | null; signed_in_at: Date | string; evacuation: Record<string, unknown> | null }>(
      `SELECT v.id, v.name, v.group_id, v.company, v.host, v.signed_in_at, m.evacuation
         FROM visits v LEFT JOIN members m ON m.id = v.member_id
        WHERE v.site_id = $1 AND v.status = 'signed_in' ORDER BY v.signed_in_at, v.id`,
      [siteId],
    );
    const groups = await groupsFor(q, site.client_id, siteId, [...new Set(people.map((v) => v.group_id))]);
    const active = await activeEvacuation(q, siteId);
    return {
      site: { id: site.id, name: site.name, timezone: site.timezone, address: site.address ?? null },
      groups,
      people: people.map((v) => ({
        ...withNeeds(v.evacuation),
        visit_id: v.id,
        name: v.name,
        group_id: v.group_id,
        company: v.company ?? null,
        host: v.host ?? null,
        signed_in_at: iso(v.signed_in_at)!,
      })),
      evacuation_points: await pointsOf(q, siteId),
      active_evacuation: active ? toSummary(active) : null,
      bookings: await bookingsAt(q, siteId, new Date()),
    };
  });
}

export async function startEvacuation(app: App, p: Principal, siteIdParam: string, body: z.infer<typeof StartEvacuationRequest>) {
  requireRight(p, "EvacList.viewer", RULE);
  const siteId = parseId(siteIdParam);
  if (Number.isNaN(siteId)) throw notFound("Site not found.");
  await visibleSite(app.db, p, siteId);
  return startEvacuationAt(app, siteId, { name: p.user.name, userId: p.user.id }, body.comment);
}

export const PER_PAGE = 15;

/** Newest first, 15 a page, at the sites the user sees (query `site_id`, `page`). */
export async function listEvacuations(app: App, p: Principal, query: URLSearchParams): Promise<z.input<typeof EvacuationList>> {
  requireRight(p, "EvacReport.viewer", RULE);
  let siteIds = (await scopedSites(app.db, p, "evacuation")).map((s) => s.id as number);
  const siteParam = query.get("site_id");
  if (siteParam !== null && siteParam !== "") {
    const id = parseId(siteParam);
    if (!siteIds.includes(id)) throw notFound("Site not found.");
    siteIds = [id];
  }
  const pageParam = query.get("page");
  const page = pageParam === null || pageParam === "" ? 1 : parseId(pageParam);
  if (Number.isNaN(page) || page < 1) throw validation({ page: ["The page must be a positive whole number"] });
  const [{ total }] = await app.db.query<{ total: number }>("SELECT count(*)::int AS total FROM evacuations WHERE site_id = ANY($1::int[])", [siteIds]);
  const rows = await app.db.query<EvacuationRow>(
    `${EVACUATION_SELECT} WHERE e.site_id = ANY($1::int[]) ORDER BY e.started_at DESC, e.id DESC LIMIT ${PER_PAGE} OFFSET $2`,
    [siteIds, (page - 1) * PER_PAGE],
  );
  return { evacuations: rows.map(toSummary), page, per_page: PER_PAGE, total };
}

/** A kiosk counts as offline when it has not called in for this long (or never has). */
const DEVICE_OFFLINE_AFTER = `${MANAGE_LIMITS.deviceOfflineAfterMinutes} minutes`;

/**
 * The full report. The caller's first view of an evacuation that is not completed makes them a
 * participant (via portal): the counter goes up by one and EvacuationReadyEvent {counter} tells the
 * others to reload.
 */
export async function getEvacuation(app: App, p: Principal, idParam: string): Promise<z.input<typeof EvacuationReport>> {
  requireRight(p, "EvacReport.viewer", RULE);
  const e = await visibleEvacuation(app.db, p, idParam);
  if (e.status !== "completed" && !(await one(app.db, "SELECT 1 FROM evacuation_participants WHERE evacuation_id = $1 AND user_id = $2", [e.id, p.user.id]))) {
    await serial(app, e.id, async () => {
      const counter = await app.db.tx(async (q) => {
        const locked = await one<{ status: string }>(q, "SELECT status FROM evacuations WHERE id = $1 FOR UPDATE", [e.id]);
        if (!locked || locked.status === "completed") return null;
        const added = await q.query(
          `INSERT INTO evacuation_participants (evacuation_id, user_id, name, via) VALUES ($1, $2, $3, 'portal')
           ON CONFLICT (evacuation_id, user_id) DO NOTHING RETURNING id`,
          [e.id, p.user.id, p.user.name],
        );
        if (!added.length) return null;
        const [{ event_counter }] = await q.query<{ event_counter: number }>(
          "UPDATE evacuations SET event_counter = event_counter + 1 WHERE id = $1 RETURNING event_counter",
          [e.id],
        );
        return event_counter;
      });
      if (counter !== null) send(app, evacuationChannel(e.id), "EvacuationReadyEvent", { counter });
    });
  }

  // One snapshot: the counter and the data agree.
  return app.db.tx(async (q) => {
    await q.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
    const ev = (await evacuationById(q, e.id))!;
    const evacuees = await q.query<EvacueeRow>("SELECT * FROM evacuees WHERE evacuation_id = $1 ORDER BY id", [e.id]);
    const comments = await q.query<CommentRow>("SELECT * FROM evacuation_comments WHERE evacuation_id = $1 ORDER BY created_at, id", [e.id]);
    const participants = await q.query<{ user_id: number; name: string; via: "portal" | "companion" | "kiosk" }>(
      "SELECT user_id, name, via FROM evacuation_participants WHERE evacuation_id = $1 ORDER BY first_seen_at, id",
      [e.id],
    );
    const offline = await q.query<{ id: number; name: string }>(
      `SELECT id, name FROM devices WHERE site_id = $1 AND (last_seen_at IS NULL OR last_seen_at < now() - interval '${DEVICE_OFFLINE_AFTER}') ORDER BY id`,
      [e.site_id],
    );
    return {
      evacuation: toSummary(ev),
      groups: await groupsFor(q, ev.client_id, ev.site_id, [...new Set(evacuees.map((x) => x.group_id))]),
      evacuees: evacuees.map(toEvacuee),
      comments: comments.map(toComment),
      // A participant's id is the user's id (config.user.sub).
      participants: participants.map((x) => ({ id: x.user_id, name: x.name })),
      evacuation_points: await pointsOf(q, ev.site_id),
      offline_devices: offline,
      // The space bookings under way when it started, in use or not (spaces/on-site.ts).
      bookings: await bookingsAt(q, ev.site_id, new Date(ev.started_at)),
      accessed_via: participants.map((x) => ({ participant_id: x.user_id, via: x.via })),
    };
  });
}

const locked = () => validation({ evacuation: ["This evacuation is completed and can no longer be changed"] });

/**
 * One change of a report: rights and visibility, then in one transaction the evacuation's row lock,
 * the 422 for a completed one, `fn`, and the counter +1 (created -> in_progress). `complete` also
 * completes it. Returns what `fn` returned, the counter after and the evacuation after.
 */
async function change<T>(
  app: App,
  p: Principal,
  idParam: string,
  fn: (q: Queryable, e: EvacuationRow) => Promise<T>,
  opts: { complete?: boolean } = {},
): Promise<{ result: T; counter: number; evacuation: EvacuationSummary }> {
  requireRight(p, "EvacReport.editor", RULE);
  const e = await visibleEvacuation(app.db, p, idParam);
  return app.db.tx(async (q) => {
    const current = await one<{ status: string }>(q, "SELECT status FROM evacuations WHERE id = $1 FOR UPDATE", [e.id]);
    if (!current) throw evacuationNotFound();
    if (current.status === "completed") throw locked();
    const result = await fn(q, e);
    const [{ event_counter }] = await q.query<{ event_counter: number }>(
      opts.complete
        ? "UPDATE evacuations SET event_counter = event_counter + 1, status = 'completed', completed_at = now() WHERE id = $1 RETURNING event_counter"
        : `UPDATE evacuations SET event_counter = event_counter + 1, status = CASE WHEN status = 'created' THEN 'in_progress' ELSE status END
            WHERE id = $1 RETURNING event_counter`,
      [e.id],
    );
    return { result, counter: event_counter, evacuation: toSummary((await evacuationById(q, e.id))!) };
  });
}

/** The evacuation's id from the path (404 when malformed), for the per-evacuation queue. */
function queueId(idParam: string): number {
  const id = parseId(idParam);
  if (Number.isNaN(id)) throw evacuationNotFound();
  return id;
}

export async function updateEvacuee(app: App, p: Principal, idParam: string, evacueeIdParam: string, body: z.infer<typeof UpdateEvacueeRequest>) {
  requireRight(p, "EvacReport.editor", RULE);
  return serial(app, queueId(idParam), async () => {
    const { result, counter, evacuation } = await change(app, p, idParam, async (q, e) => {
      const evacueeId = parseId(evacueeIdParam);
      const current = Number.isNaN(evacueeId) ? undefined : await one<EvacueeRow>(q, "SELECT * FROM evacuees WHERE id = $1 AND evacuation_id = $2 FOR UPDATE", [evacueeId, e.id]);
      if (!current) throw notFound("Evacuee not found.");
      if (body.evacuation_point_id !== undefined && body.evacuation_point_id !== null) {
        const point = await one(q, "SELECT 1 FROM evacuation_points WHERE id = $1 AND site_id = $2", [body.evacuation_point_id, e.site_id]);
        if (!point) throw validation({ evacuation_point_id: ["The selected evacuation point is not at this site"] });
      }
      const pointId = body.evacuation_point_id === undefined ? current.evacuation_point_id : body.evacuation_point_id;
      const [row] = await q.query<EvacueeRow>(
        "UPDATE evacuees SET status = $2, evacuation_point_id = $3, updated_at = now(), updated_by = $4 WHERE id = $1 RETURNING *",
        [current.id, body.status, pointId, p.user.name],
      );
      return toEvacuee(row);
    });
    send(app, evacuationChannel(evacuation.id), "EvacueeUpdatedEvent", { counter, evacuee: result });
    return result;
  });
}

export async function addEvacuationComment(app: App, p: Principal, idParam: string, body: z.infer<typeof AddCommentRequest>) {
  requireRight(p, "EvacReport.editor", RULE);
  return serial(app, queueId(idParam), async () => {
    const { result, counter, evacuation } = await change(app, p, idParam, async (q, e) => {
      const content = body.content.trim();
      if (!content) throw validation({ content: ["A comment is required"] });
      const evacueeId = body.evacuation_evacuee_id ?? null;
      if (evacueeId !== null && !(await one(q, "SELECT 1 FROM evacuees WHERE id = $1 AND evacuation_id = $2", [evacueeId, e.id]))) {
        throw validation({ evacuation_evacuee_id: ["The selected evacuee is not part of this evacuation"] });
      }
      const [row] = await q.query<CommentRow>(
        "INSERT INTO evacuation_comments (evacuation_id, evacuee_id, content, author) VALUES ($1, $2, $3, $4) RETURNING *",
        [e.id, evacueeId, content, p.user.name],
      );
      return toComment(row);
    });
    send(app, evacuationChannel(evacuation.id), "CommentAddedEvent", { counter, comment: result });
    return result;
  });
}

/** Complete and lock: completed_at now; a comment is stored as the completion comment and as a comment (sent with the event). */
export async function completeEvacuation(app: App, p: Principal, idParam: string, body: z.infer<typeof CompleteEvacuationRequest>) {
  requireRight(p, "EvacReport.editor", RULE);
  return serial(app, queueId(idParam), async () => {
    const { result: comment, counter, evacuation } = await change(
      app,
      p,
      idParam,
      async (q, e) => {
        const text = body.comment?.trim() || null;
        await q.query("UPDATE evacuations SET completion_comment = $2 WHERE id = $1", [e.id, text]);
        if (!text) return undefined;
        const [row] = await q.query<CommentRow>("INSERT INTO evacuation_comments (evacuation_id, content, author) VALUES ($1, $2, $3) RETURNING *", [
          e.id,
          text,
          p.user.name,
        ]);
        return toComment(row);
      },
      { complete: true },
    );
    // The completion comment travels with the event (one event, one counter step).
    send(app, evacuationChannel(evacuation.id), "EvacuationCompleteEvent", { counter, evacuation, ...(comment ? { comment } : {}) });
    send(app, siteChannel(evacuation.site_id), "EvacuationCompleteEvent", { evacuation });
    emitEvacuation(app, "evacuation_completed", evacuation.id);
    return evacuation;
  });
}

/** Only completed reports can be deleted. */
export async function deleteEvacuation(app: App, p: Principal, idParam: string) {
  requireRight(p, "EvacReport.delete", RULE);
  const e = await visibleEvacuation(app.db, p, idParam);
  await app.db.tx(async (q) => {
    const current = await one<{ status: string }>(q, "SELECT status FROM evacuations WHERE id = $1 FOR UPDATE", [e.id]);
    if (!current) throw evacuationNotFound();
    if (current.status !== "completed") throw validation({ evacuation: ["Only a completed evacuation can be deleted"] });
    await q.query("DELETE FROM evacuations WHERE id = $1", [e.id]);
  });
  return { message: "The evacuation report has been deleted." };
}
