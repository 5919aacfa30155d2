/**
 * The spaces designer's calls (issue 26 item 4; ADR 036): a site's booking rules, and its zones and
 * spaces — add, rename, category, tags, placement, move under another zone or among its siblings,
 * delete. Every change to a site's layout is one transaction that first locks the site's row, so two
 * editors never both take the last of the 2000 nodes, a sibling's name, or make a cycle between
 * them. `sites.space_exists` follows the nodes (the add-on pages read it). Floor plans and photos:
 * ./design-files.ts.
 */
import { announceBookings } from "./announce.ts";
import {
  SPACES_DESIGN_MESSAGES as M,
  SPACES_MESSAGES,
  SPACES_LIMITS,
  SPACES_RIGHTS,
  hasBookingsMessage,
  type SpaceNode,
  type SpaceNodeInput,
  type SpaceNodeUpdate,
  type SpacesSettingsInput,
} from "../../contract/index.ts";
import { requireRight } from "../auth/policy.ts";
import type { Principal } from "../clients/regional.ts";
import type { Queryable } from "../db/index.ts";
import { HttpError, notFound, validation } from "../http/errors.ts";
import type { App } from "../runtime/app.ts";
import { localParts } from "../time/local-time.ts";
import { layoutOf, spacesAt, type SpacesAt } from "./site.ts";

/** `spacesAt`, then the designer's right: Spaces.editor to change, Spaces.delete to delete. */
export async function designerAt(q: Queryable, p: Principal, siteIdParam: string, right: "edit" | "delete"): Promise<SpacesAt> {
  const at = await spacesAt(q, p, siteIdParam);
  if (right === "edit") requireRight(p, SPACES_RIGHTS.edit, { activeOnly: true, message: SPACES_MESSAGES.cannotEdit });
  else requireRight(p, SPACES_RIGHTS.delete, { activeOnly: true, message: M.cannotDelete });
  return at;
}

/** PATCH spaces/{siteId}/settings: what is sent changes (the caller answers the site's SpacesSite). */
export async function updateSettings(app: App, p: Principal, siteIdParam: string, body: SpacesSettingsInput): Promise<void> {
  const at = await designerAt(app.db, p, siteIdParam, "edit");
  const a = body.booking_advance_limit;
  const advance = a ? { unit: a.unit, value: a.unit === "none" ? null : (a.value ?? null) } : at.rules.advance;
  const buffer = body.buffer ? body.buffer.value * (body.buffer.unit === "hours" ? 60 : 1) : at.rules.bufferMinutes;
  const release = body.release_after_minutes === undefined ? at.rules.releaseAfterMinutes : body.release_after_minutes;
  await app.db.query(
    `INSERT INTO space_settings (site_id, advance_unit, advance_value, buffer_minutes, release_after_minutes) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (site_id) DO UPDATE SET advance_unit = $2, advance_value = $3, buffer_minutes = $4, release_after_minutes = $5`,
    [at.site.id, advance.unit, advance.value, buffer, release],
  );
}

interface Row {
  id: number;
  parent_id: number | null;
  type: "zone" | "space";
  name: string;
  position: number;
  floor_plan: string | null;
  photo: string | null;
}

/** The site's nodes, read with its row locked (the rest of the transaction sees them stay put) unless `lock` is false. */
export async function lockedNodes(q: Queryable, siteId: number, lock = true): Promise<Map<number, Row>> {
  if (lock) await q.query("SELECT id FROM sites WHERE id = $1 FOR UPDATE", [siteId]);
  const rows = await q.query<Row>("SELECT id, parent_id, type, name, position, floor_plan, photo FROM space_nodes WHERE site_id = $1 AND deleted_at IS NULL ORDER BY position, id", [siteId]);
  return new Map(rows.map((r) => [r.id, r]));
}

/** The node `idParam` names at the site, else 404. */
export function nodeIn(nodes: Map<number, Row>, idParam: string): Row {
  const node = /^\d{1,9}$/.test(idParam) ? nodes.get(Number(idParam)) : undefined;
  if (!node) throw notFound(M.nodeGone);
  return node;
}

const childrenOf = (nodes: Map<number, Row>, parent: number | null) => [...nodes.values()].filter((n) => n.parent_id === parent);

/** A zone's level: 1 at the top of the site, one more for each zone above it. */
function level(nodes: Map<number, Row>, zoneId: number | null): number {
  let n = 0;
  for (let id = zoneId; id !== null; id = nodes.get(id)?.parent_id ?? null) n++;
  return n;
}

/** `node` and everything under it. */
function subtree(nodes: Map<number, Row>, node: Row): Row[] {
  const out = [node];
  for (let i = 0; i < out.length; i++) if (out[i]!.type === "zone") out.push(...childrenOf(nodes, out[i]!.id));
  return out;
}

/** How many levels of zones `node` is (1 for a zone without zones inside; 0 for a space). */
function zoneHeight(nodes: Map<number, Row>, node: Row): number {
  if (node.type !== "zone") return 0;
  return 1 + Math.max(0, ...childrenOf(nodes, node.id).map((c) => zoneHeight(nodes, c)));
}

/** The zone a node goes in: null (the top) or a zone of the site, else 422. */
function parentZone(nodes: Map<number, Row>, parentId: number | null): Row | null {
  if (parentId === null) return null;
  const parent = nodes.get(parentId);
  if (!parent || parent.type !== "zone") throw validation({ parent_id: [M.parent] });
  return parent;
}

function nameFree(nodes: Map<number, Row>, parent: number | null, name: string, self: number | null): void {
  const lower = name.toLowerCase();
  if (childrenOf(nodes, parent).some((n) => n.id !== self && n.name.toLowerCase() === lower)) throw validation({ name: [M.nameTaken] });
}

/** The node as GET spaces/{siteId} shows it (with its zone path and children). */
async function nodeAnswer(q: Queryable, siteId: number, id: number): Promise<SpaceNode> {
  const find = (ns: SpaceNode[]): SpaceNode | undefined => {
    for (const n of ns) {
      if (n.id === id) return n;
      const inner = find(n.children);
      if (inner) return inner;
    }
    return undefined;
  };
  const node = find((await layoutOf(q, siteId)).tree);
  if (!node) throw notFound(M.nodeGone);
  return node;
}

/** Refuse what a node of its type cannot have: a zone's category or placement, a space without a category. */
function kindProblems(type: Row["type"], category: unknown, placement: unknown): void {
  if (type === "zone" && category !== undefined && category !== null) throw validation({ category: [M.zoneCategory] });
  if (type === "zone" && placement !== undefined && placement !== null) throw validation({ placement: [M.zonePlacement] });
  if (type === "space" && (category === undefined || category === null)) throw validation({ category: [M.spaceCategory] });
}

/** POST spaces/{siteId}/nodes: added after its siblings. */
export async function createNode(app: App, p: Principal, siteIdParam: string, body: SpaceNodeInput): Promise<SpaceNode> {
  const at = await designerAt(app.db, p, siteIdParam, "edit");
  kindProblems(body.type, body.category, body.placement);
  const id = await app.db.tx(async (q) => {
    const nodes = await lockedNodes(q, at.site.id);
    if (nodes.size >= SPACES_LIMITS.nodes) throw validation({ node: [M.tooMany] });
    const parent = parentZone(nodes, body.parent_id);
    if (body.type === "zone" && level(nodes, parent?.id ?? null) + 1 > SPACES_LIMITS.depth) throw validation({ parent_id: [M.tooDeep] });
    nameFree(nodes, body.parent_id, body.name, null);
    const siblings = childrenOf(nodes, body.parent_id);
    const position = siblings.length ? Math.max(...siblings.map((s) => s.position)) + 1 : 0;
    const [row] = await q.query<{ id: number }>(
      "INSERT INTO space_nodes (site_id, parent_id, type, name, category, tags, position, x, y) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
      [at.site.id, body.parent_id, body.type, body.name, body.type === "space" ? body.category : null, body.tags, position, body.placement?.x ?? null, body.placement?.y ?? null],
    );
    if (body.type === "space") await q.query("UPDATE sites SET space_exists = true WHERE id = $1", [at.site.id]);
    return row!.id;
  });
  return nodeAnswer(app.db, at.site.id, id);
}

/** Number `ids` 0, 1, 2… in that order. */
async function renumber(q: Queryable, ids: number[]): Promise<void> {
  if (ids.length) await q.query("UPDATE space_nodes n SET position = o.i - 1 FROM unnest($1::int[]) WITH ORDINALITY AS o(id, i) WHERE n.id = o.id", [ids]);
}

const ordered = (rows: Row[]) => [...rows].sort((a, b) => a.position - b.position || a.id - b.id);

/** PATCH spaces/{siteId}/nodes/{nodeId}: what is sent changes; a move renumbers both lists of siblings. */
export async function updateNode(app: App, p: Principal, siteIdParam: string, nodeIdParam: string, body: SpaceNodeUpdate): Promise<SpaceNode> {
  const at = await designerAt(app.db, p, siteIdParam, "edit");
  const id = await app.db.tx(async (q) => {
    const nodes = await lockedNodes(q, at.site.id);
    const node = nodeIn(nodes, nodeIdParam);
    if (node.type === "zone") kindProblems("zone", body.category, body.placement);
    const target = body.parent_id === undefined ? node.parent_id : body.parent_id;
    const moved = target !== node.parent_id;
    if (moved) {
      const parent = parentZone(nodes, target);
      if (parent && node.type === "zone" && subtree(nodes, node).some((n) => n.id === parent.id)) throw validation({ parent_id: [M.intoItself] });
      if (level(nodes, target) + zoneHeight(nodes, node) > SPACES_LIMITS.depth) throw validation({ parent_id: [M.tooDeep] });
    }
    const name = body.name ?? node.name;
    if (moved || body.name !== undefined) nameFree(nodes, target, name, node.id);
    const sets: string[] = ["name = $2", "parent_id = $3"];
    const params: unknown[] = [node.id, name, target];
    if (body.category !== undefined) sets.push(`category = $${params.push(body.category)}`);
    if (body.tags !== undefined) sets.push(`tags = $${params.push(body.tags)}`);
    if (body.placement !== undefined) sets.push(`x = $${params.push(body.placement?.x ?? null)}`, `y = $${params.push(body.placement?.y ?? null)}`);
    await q.query(`UPDATE space_nodes SET ${sets.join(", ")} WHERE id = $1`, params);
    if (moved || body.position !== undefined) {
      const others = ordered(childrenOf(nodes, target).filter((n) => n.id !== node.id));
      const current = ordered(childrenOf(nodes, node.parent_id)).findIndex((n) => n.id === node.id);
      const index = Math.min(body.position ?? (moved ? others.length : current), others.length);
      await renumber(q, [...others.slice(0, index), node, ...others.slice(index)].map((n) => n.id));
      if (moved) await renumber(q, ordered(childrenOf(nodes, node.parent_id).filter((n) => n.id !== node.id)).map((n) => n.id));
    }
    return node.id;
  });
  return nodeAnswer(app.db, at.site.id, id);
}

/** The file names of `rows` (floor plans and photos), to delete with them. */
export const filesOf = (rows: Pick<Row, "floor_plan" | "photo">[]) => rows.flatMap((r) => [r.floor_plan, r.photo]).filter((f): f is string => f !== null);

/** Delete a site's file by the name the nodes carry (`{token}.{kind}`). */
export async function deleteNamedFiles(q: Queryable, siteId: number, names: string[]): Promise<void> {
  for (const name of names) {
    const m = /^([A-Za-z0-9_-]+)\.([a-z0-9]+)$/.exec(name);
    if (m) await q.query("DELETE FROM files WHERE site_id = $1 AND token = $2 AND kind = $3", [siteId, m[1], m[2]]);
  }
}

/**
 * DELETE spaces/{siteId}/nodes/{nodeId} (`?with_children=1`, `?cancel_bookings=1`): the node, what
 * is under it, their files; their active bookings that have not ended are cancelled and their
 * people emailed — or, without `cancel_bookings`, the delete is refused saying how many there are.
 */
export async function deleteNode(app: App, p: Principal, siteIdParam: string, nodeIdParam: string, url: URL): Promise<void> {
  const at = await designerAt(app.db, p, siteIdParam, "delete");
  await app.db.tx(async (q) => {
    const nodes = await lockedNodes(q, at.site.id);
    const node = nodeIn(nodes, nodeIdParam);
    const gone = subtree(nodes, node);
    if (gone.length > 1 && url.searchParams.get("with_children") !== "1") throw validation({ node: [M.hasChildren] });
    const ids = gone.map((n) => n.id);
    const [{ count }] = (await q.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM space_bookings WHERE space_id = ANY($1::int[]) AND status = 'active' AND ends_at > now()",
      [ids],
    )) as [{ count: number }];
    if (count > 0 && url.searchParams.get("cancel_bookings") !== "1") {
      const message = hasBookingsMessage(count);
      throw new HttpError(422, { code: "space_has_bookings", message, errors: { node: [message] }, data: { bookings: count } });
    }
    if (count > 0) await cancelAndTell(q, at, ids);
    await deleteNamedFiles(q, at.site.id, filesOf(gone));
    // Marked deleted with what is under it, not removed: their past bookings stay in the report and
    // the lists with the space's name. Their files go; a space's calendar feed is revoked.
    await q.query("UPDATE space_nodes SET deleted_at = now(), floor_plan = NULL, photo = NULL WHERE id = ANY($1::int[])", [ids]);
    await q.query("UPDATE space_calendar_feeds SET revoked_at = now() WHERE space_id = ANY($1::int[]) AND revoked_at IS NULL", [ids]);
    await renumber(q, ordered(childrenOf(nodes, node.parent_id).filter((n) => n.id !== node.id)).map((n) => n.id));
    await q.query("UPDATE sites SET space_exists = EXISTS (SELECT 1 FROM space_nodes WHERE site_id = $1 AND type = 'space' AND deleted_at IS NULL) WHERE id = $1", [at.site.id]);
  });
  // The booking pages at the site load again (a space gone, its bookings cancelled).
  announceBookings(app, at.site.id);
}

/** Cancel the active bookings of `spaceIds` that have not ended, and email each person (the outbox, as the auto-release does). */
async function cancelAndTell(q: Queryable, at: SpacesAt, spaceIds: number[]): Promise<void> {
  const cancelled = await q.query<{ person_kind: string; person_id: number; person_name: string; space: string; starts_at: Date | string }>(
    `UPDATE space_bookings b SET status = 'cancelled', ended_at = now() FROM space_nodes n
      WHERE n.id = b.space_id AND b.space_id = ANY($1::int[]) AND b.status = 'active' AND b.ends_at > now()
      RETURNING b.person_kind, b.person_id, b.person_name, n.name AS space, b.starts_at`,
    [spaceIds],
  );
  for (const b of cancelled) {
    const [to] = await q.query<{ email: string | null }>(
      b.person_kind === "member" ? "SELECT email FROM members WHERE id = $1" : "SELECT u.email FROM client_users cu JOIN users u ON u.id = cu.user_id WHERE cu.id = $1",
      [b.person_id],
    );
    if (!to?.email) continue;
    const when = localParts(new Date(b.starts_at), at.site.timezone);
    await q.query("INSERT INTO outbox (to_email, subject, body) VALUES ($1, $2, $3)", [
      to.email,
      `Your booking of ${b.space} was cancelled`,
      `Hello ${b.person_name},\n\nYour booking of ${b.space} at ${at.site.name} on ${when.date} at ${when.time} was cancelled: the space was removed from the site's layout.\n`,
    ]);
  }
}
