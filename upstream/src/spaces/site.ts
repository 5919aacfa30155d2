/**
 * A site's spaces as one read model (ADR 036): who may do what there, its rules, and its layout —
 * every zone and space of the site in one query, as a tree with each node's zone path. Every spaces
 * call starts here, so the rights, the client's feature, the site's switch and the scope module's
 * sites are checked in one place.
 */
import { SPACES_MESSAGES, SPACES_RIGHTS, type AdvanceLimit, type SpaceCategory, type SpaceNode } from "../../contract/index.ts";
import { abilities, type Principal } from "../clients/regional.ts";
import { toClient } from "../clients/model.ts";
import type { Queryable } from "../db/index.ts";
import { forbidden } from "../http/errors.ts";
import { requireRight } from "../auth/policy.ts";
import { scopedSite } from "../scope/sites.ts";

export interface NodeRow {
  id: number;
  parent_id: number | null;
  type: "zone" | "space";
  name: string;
  category: SpaceCategory | null;
  tags: string[];
  position: number;
  x: number | null;
  y: number | null;
  floor_plan: string | null;
  photo: string | null;
}

export interface SpacesAt {
  site: { id: number; name: string; timezone: string; client_id: number };
  rules: { advance: AdvanceLimit; bufferMinutes: number; releaseAfterMinutes: number | null };
  can: { book: boolean; book_for_others: boolean; view_all: boolean; edit: boolean; delete: boolean; override_zones: boolean };
}

/** The caller's spaces at `siteIdParam`: 403 without a spaces right or the feature, 404 outside their sites. */
export async function spacesAt(q: Queryable, p: Principal, siteIdParam: string): Promise<SpacesAt> {
  requireRight(p, [SPACES_RIGHTS.view, SPACES_RIGHTS.book], { activeOnly: true, any: true, message: SPACES_MESSAGES.unauthorised });
  if (!toClient(p.client).settings.spaces_enabled) throw forbidden(SPACES_MESSAGES.notEnabled);
  const site = (await scopedSite(q, p, Number(siteIdParam), "space")) as Record<string, unknown>;
  if (site.spaces_enabled !== true) throw forbidden(SPACES_MESSAGES.siteNotEnabled);
  const [s] = await q.query<{ advance_unit: AdvanceLimit["unit"]; advance_value: number | null; buffer_minutes: number; release_after_minutes: number | null }>(
    "SELECT advance_unit, advance_value, buffer_minutes, release_after_minutes FROM space_settings WHERE site_id = $1",
    [site.id],
  );
  const held = abilities(p);
  const has = (r: string) => held.includes(r);
  return {
    site: { id: site.id as number, name: site.name as string, timezone: (site.timezone as string | null) ?? "UTC", client_id: site.client_id as number },
    rules: {
      advance: { unit: s?.advance_unit ?? "none", value: s?.advance_value ?? null },
      bufferMinutes: s?.buffer_minutes ?? 0,
      releaseAfterMinutes: s?.release_after_minutes ?? null,
    },
    can: {
      book: has(SPACES_RIGHTS.book),
      book_for_others: has(SPACES_RIGHTS.book) && has(SPACES_RIGHTS.edit),
      view_all: has(SPACES_RIGHTS.view),
      edit: has(SPACES_RIGHTS.edit),
      delete: has(SPACES_RIGHTS.delete),
      override_zones: has(SPACES_RIGHTS.overrideZones),
    },
  };
}

export interface Layout {
  tree: SpaceNode[];
  /** Every node by id, with its zone path (ancestor zone ids, outermost first). */
  byId: Map<number, NodeRow & { zone_path: number[] }>;
}

/**
 * The site's zones and spaces as a tree (siblings in their order). Deleted ones only `withDeleted`:
 * to name the spaces of past bookings (the report, a list of bookings), never to book or design.
 */
export async function layoutOf(q: Queryable, siteId: number, withDeleted = false): Promise<Layout> {
  const rows = await q.query<NodeRow>(
    "SELECT id, parent_id, type, name, category, tags, position, x, y, floor_plan, photo FROM space_nodes WHERE site_id = $1 AND ($2::boolean OR deleted_at IS NULL) ORDER BY position, id",
    [siteId, withDeleted],
  );
  const byId = new Map<number, NodeRow & { zone_path: number[] }>();
  const children = new Map<number | null, NodeRow[]>();
  for (const r of rows) children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r]);
  const build = (parent: number | null, path: number[]): SpaceNode[] =>
    (children.get(parent) ?? []).map((r) => {
      byId.set(r.id, { ...r, zone_path: path });
      return {
        id: r.id,
        type: r.type,
        name: r.name,
        category: r.category,
        tags: r.tags ?? [],
        zone_path: path,
        placement: r.x !== null && r.y !== null ? { x: r.x, y: r.y } : null,
        children: r.type === "zone" ? build(r.id, [...path, r.id]) : [],
      };
    });
  return { tree: build(null, []), byId };
}
