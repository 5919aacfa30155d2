/**
 * An evacuation as its calls read it (platform spec §3, §4): its rows and answers, the groups and
 * evacuation points a report or fire list shows, and its events: sent after the commit (a realtime
 * failure never fails the call), the changes of one evacuation queued in this process (`serial`) so
 * its events leave in counter order.
 */
import type { EvacuationComment, EvacuationSummary, Evacuee } from "../../contract/index.ts";
import { iso } from "../clients/model.ts";
import { one, type Queryable } from "../db/index.ts";
import type { App } from "../runtime/app.ts";

export interface EvacuationRow {
  id: number;
  site_id: number;
  site_name: string;
  client_id: number;
  status: EvacuationSummary["status"];
  event_counter: number;
  started_at: Date | string;
  started_by: string;
  completed_at: Date | string | null;
  evacuee_count: number;
  accounted_count: number;
}

export interface EvacueeRow {
  id: number;
  evacuation_id: number;
  name: string;
  group_id: number;
  company: string | null;
  status: Evacuee["status"];
  evacuation_point_id: number | null;
  updated_at: Date | string | null;
  updated_by: string | null;
}

export interface CommentRow {
  id: number;
  content: string;
  evacuee_id: number | null;
  author: string;
  created_at: Date | string;
}

export const EVACUATION_SELECT = `SELECT e.id, e.site_id, s.name AS site_name, s.client_id, e.status, e.event_counter, e.started_at, e.started_by,
    e.completed_at,
    (SELECT count(*)::int FROM evacuees x WHERE x.evacuation_id = e.id) AS evacuee_count,
    (SELECT count(*)::int FROM evacuees x WHERE x.evacuation_id = e.id AND x.status = 'accounted_for') AS accounted_count
  FROM evacuations e JOIN sites s ON s.id = e.site_id`;

export function toSummary(r: EvacuationRow): EvacuationSummary {
  return {
    id: r.id,
    site_id: r.site_id,
    site_name: r.site_name,
    status: r.status,
    event_counter: r.event_counter,
    started_at: iso(r.started_at)!,
    started_by: r.started_by,
    completed_at: iso(r.completed_at),
    evacuee_count: r.evacuee_count,
    accounted_count: r.accounted_count,
  };
}

export const toEvacuee = (r: EvacueeRow): Evacuee => ({
  id: r.id,
  name: r.name,
  group_id: r.group_id,
  company: r.company ?? null,
  status: r.status,
  evacuation_point_id: r.evacuation_point_id ?? null,
  updated_at: iso(r.updated_at),
  updated_by: r.updated_by ?? null,
});

export const toComment = (r: CommentRow): EvacuationComment => ({
  id: r.id,
  content: r.content,
  evacuation_evacuee_id: r.evacuee_id ?? null,
  author: r.author,
  created_at: iso(r.created_at)!,
});

export async function evacuationById(q: Queryable, id: number): Promise<EvacuationRow | undefined> {
  return one<EvacuationRow>(q, `${EVACUATION_SELECT} WHERE e.id = $1`, [id]);
}

export { send, siteChannel } from "../runtime/broadcast.ts";
export const evacuationChannel = (id: number) => `private-Evacuation.${id}`;

/**
 * Changes of one evacuation run one after another in this process (transaction, then broadcast), so
 * its events leave in counter order. The row lock keeps counters right across processes too.
 */
const queues = new WeakMap<App, Map<number, Promise<unknown>>>();
export function serial<T>(app: App, evacuationId: number, fn: () => Promise<T>): Promise<T> {
  let map = queues.get(app);
  if (!map) queues.set(app, (map = new Map()));
  const run = (map.get(evacuationId) ?? Promise.resolve()).then(fn, fn);
  const tail = run.then(
    () => {},
    () => {},
  );
  map.set(evacuationId, tail);
  void tail.then(() => {
    if (map.get(evacuationId) === tail) map.delete(evacuationId);
  });
  return run;
}

/** Groups of a client shown at a site, or with someone in `extraGroupIds`, in display order. */
export async function groupsFor(q: Queryable, clientId: number, siteId: number, extraGroupIds: number[]) {
  return q.query<{ id: number; name: string; type: "standard" | "returning" | "delivery" }>(
    `SELECT id, name, type FROM groups
      WHERE client_id = $1 AND (site_ids IS NULL OR site_ids @> jsonb_build_array($2::int) OR id = ANY($3::int[]))
      ORDER BY position, id`,
    [clientId, siteId, extraGroupIds],
  );
}

export async function pointsOf(q: Queryable, siteId: number) {
  return q.query<{ id: number; title: string }>("SELECT id, title FROM evacuation_points WHERE site_id = $1 ORDER BY position, id", [siteId]);
}

export async function activeEvacuation(q: Queryable, siteId: number): Promise<EvacuationRow | undefined> {
  return one<EvacuationRow>(q, `${EVACUATION_SELECT} WHERE e.site_id = $1 AND e.status <> 'completed' ORDER BY e.id DESC LIMIT 1`, [siteId]);
}
