/**
 * Groups, as far as sites need them: the manage overview of a client's groups, adding a group
 * (the group limit), and which groups a site shows (platform §2, §5; groups spec §2, §5).
 *
 * A group is shown at every site of the client (`site_ids` NULL, which includes sites added later)
 * or at the sites it lists. Leaving a site out of an every-site group turns it into a list of the
 * client's other sites as they are now: there is no "every site but these".
 *
 * The group limit counts every group of the client; it is checked under the client's row lock, so
 * two concurrent additions cannot both pass it.
 */
import type { z } from "zod";
import {
  type CreateGroupRequest,
  GROUP_LIMIT_MESSAGE,
  MANAGE_LIMITS,
  type ManagedGroupList,
  type ManagedGroupSummary,
  type SetSiteGroupsRequest,
  type SiteGroups,
} from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { forbidden, validation } from "../http/errors.ts";
import { changeSite, likePattern, pageParam, readSite } from "../sites/manage.ts";
import { abilities, requireActive, type Principal } from "../clients/regional.ts";
import { jsonReachesClause, reachesScope, scopeOf, scopeSiteIds } from "../scope/scope.ts";

type GroupRow = { id: number; name: string; type: "standard"; approval_required: boolean; site_ids: number[] | null; member_count: number };

const GROUP_COLS = `g.id, g.name, g.type, g.approval_required, g.site_ids,
  (SELECT count(*)::int FROM members m WHERE m.group_id = g.id) AS member_count`;

/** Sites of the client a group's list may name (sites deleted since are not counted). */
const clientSiteIds = async (q: Queryable, clientId: number) =>
  (await q.query<{ id: number }>("SELECT id FROM sites WHERE client_id = $1 ORDER BY id", [clientId])).map((r) => r.id);

function toSummary(r: GroupRow, siteIds: readonly number[]): z.input<typeof ManagedGroupSummary> {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    approval_required: r.approval_required,
    every_site: r.site_ids === null,
    site_count: r.site_ids === null ? siteIds.length : r.site_ids.filter((id) => siteIds.includes(id)).length,
    member_count: r.member_count,
  };
}

const groupCount = async (q: Queryable, clientId: number) =>
  (await one<{ n: number }>(q, "SELECT count(*)::int AS n FROM groups WHERE client_id = $1", [clientId]))!.n;

function requireGroupRight(p: Principal, need: "viewer" | "editor") {
  requireActive(p);
  if (!abilities(p).includes(`ManageVisitorGroup.${need}`)) {
    throw forbidden(need === "viewer" ? "You are not authorised to view groups." : "You are not authorised to add groups.");
  }
}

/** GET manage/groups: the client's groups by name, 15 a page, with the group limit. */
export async function listManagedGroups(app: App, p: Principal, query: URLSearchParams): Promise<z.input<typeof ManagedGroupList>> {
  requireGroupRight(p, "viewer");
  const search = (query.get("search") ?? "").trim().slice(0, 100);
  const page = pageParam(query);
  const params: unknown[] = [p.client.id, search, likePattern(search)];
  const where = `g.client_id = $1 AND ($2::text = '' OR g.name ILIKE $3 ESCAPE '\\') AND ${jsonReachesClause(scopeOf(p, "group"), "g.site_ids", params)}`;
  const [{ total }] = await app.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM groups g WHERE ${where}`, params);
  const rows = await app.db.query<GroupRow>(
    `SELECT ${GROUP_COLS} FROM groups g WHERE ${where} ORDER BY lower(g.name), g.id LIMIT ${MANAGE_LIMITS.perPage} OFFSET $${params.length + 1}`,
    [...params, (page - 1) * MANAGE_LIMITS.perPage],
  );
  const siteIds = await clientSiteIds(app.db, p.client.id);
  return {
    groups: rows.map((r) => toSummary(r, siteIds)),
    page,
    per_page: MANAGE_LIMITS.perPage,
    total,
    group_limit: p.client.group_limit,
    group_count: await groupCount(app.db, p.client.id),
  };
}

/**
 * POST groups: a new group at the end of the client's order, shown at every site — or, made by a
 * user restricted to some sites, at theirs (what they create covers only their sites; ADR 031).
 */
export async function createGroup(app: App, p: Principal, body: z.infer<typeof CreateGroupRequest>): Promise<z.input<typeof ManagedGroupSummary>> {
  requireGroupRight(p, "editor");
  return app.db.tx(async (q) => {
    const [id] = await insertGroups(q, p.client.id, [{ name: body.name, type: body.type, site_ids: scopeSiteIds(scopeOf(p, "group")) }]);
    const row = (await one<GroupRow>(q, `SELECT ${GROUP_COLS} FROM groups g WHERE g.id = $1`, [id]))!;
    return toSummary(row, await clientSiteIds(q, p.client.id));
  });
}

/**
 * Add groups to a client, last in its order, under its group limit (422 `group_limit` when they do
 * not all fit). The client's row lock serialises additions, so the count cannot be passed
 * concurrently. Inside the caller's transaction.
 */
export async function insertGroups(q: Queryable, clientId: number, groups: { name: string; type: string; site_ids: number[] | null }[]): Promise<number[]> {
  const client = await one<{ group_limit: number | null }>(q, "SELECT group_limit FROM clients WHERE id = $1 FOR UPDATE", [clientId]);
  const limit = client?.group_limit ?? null;
  if (limit !== null && (await groupCount(q, clientId)) + groups.length > limit) throw validation({ group_limit: [GROUP_LIMIT_MESSAGE] });
  const ids: number[] = [];
  for (const g of groups) {
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO groups (client_id, name, type, site_ids, position)
       VALUES ($1, $2, $3, $4::jsonb, (SELECT coalesce(max(position), -1) + 1 FROM groups WHERE client_id = $1)) RETURNING id`,
      [clientId, g.name, g.type, g.site_ids === null ? null : JSON.stringify(g.site_ids)],
    );
    ids.push(id);
  }
  return ids;
}

/** The groups a site's tab lists: the client's, those a restricted user sees (shown at one of their sites). */
async function siteGroupsOf(q: Queryable, p: Principal, siteId: number): Promise<z.input<typeof SiteGroups>> {
  const rows = await q.query<GroupRow>(`SELECT ${GROUP_COLS} FROM groups g WHERE g.client_id = $1 ORDER BY g.position, g.id`, [p.client.id]);
  const scope = scopeOf(p, "group");
  return {
    groups: rows.filter((r) => reachesScope(scope, r.site_ids)).map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type,
      shown: r.site_ids === null || r.site_ids.includes(siteId),
      every_site: r.site_ids === null,
    })),
  };
}

/** GET sites/{siteId}/groups (viewer right of the site's kind). */
export const getSiteGroups = (app: App, p: Principal, siteId: string) => readSite(app, p, siteId, (q, site) => siteGroupsOf(q, p, site.id));

/**
 * POST sites/{siteId}/groups: exactly `group_ids` are shown at the site (editor right of its kind).
 * Only groups whose showing changes are written; the group rows are locked in id order.
 */
export function setSiteGroups(app: App, p: Principal, siteId: string, body: z.infer<typeof SetSiteGroupsRequest>) {
  return changeSite(app, p, siteId, async (q, site) => {
    // Groups a restricted user does not see are not theirs to show here (as unknown ones).
    const scope = scopeOf(p, "group");
    const groups = (await q.query<GroupRow>(`SELECT ${GROUP_COLS} FROM groups g WHERE g.client_id = $1 ORDER BY g.id FOR UPDATE OF g`, [p.client.id])).filter((g) =>
      reachesScope(scope, g.site_ids),
    );
    const known = new Set(groups.map((g) => g.id));
    const wanted = new Set(body.group_ids);
    const unknown = body.group_ids.findIndex((id) => !known.has(id));
    if (unknown >= 0) throw validation({ [`group_ids.${unknown}`]: ["Choose among your groups"] });
    let others: number[] | undefined;
    for (const g of groups) {
      const shown = g.site_ids === null || g.site_ids.includes(site.id);
      if (shown === wanted.has(g.id)) continue;
      let next: number[];
      if (shown && g.site_ids === null) {
        others ??= (await clientSiteIds(q, p.client.id)).filter((id) => id !== site.id);
        next = others;
      } else if (shown) {
        next = g.site_ids!.filter((id) => id !== site.id);
      } else {
        next = [...g.site_ids!, site.id].sort((a, b) => a - b);
      }
      await q.query("UPDATE groups SET site_ids = $2::jsonb WHERE id = $1", [g.id, JSON.stringify(next)]);
    }
    return siteGroupsOf(q, p, site.id);
  });
}
