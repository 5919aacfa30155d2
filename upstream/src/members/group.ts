/**
 * The group a members import or export works on, for a user holding the rights it needs: the
 * client's own returning group (403 without a right, 404 for another client's group, no group, or
 * a group without members), and the client's site names (the "Sites shown" column).
 */
import { IMPORT_FILE_MESSAGES } from "../../contract/member-io.ts";
import { one, type Queryable } from "../db/index.ts";
import { forbidden, notFound } from "../http/errors.ts";
import { abilities, requireActive, type Principal } from "../clients/regional.ts";
import { reachesScope, scopeOf } from "../scope/scope.ts";

export interface MemberGroup {
  id: number;
  client_id: number;
  name: string;
  site_ids: number[] | null;
}

const FORBIDDEN: Record<string, string> = {
  "GroupMember.viewer": "You are not authorised to view group members.",
  "GroupMember.editor": "You are not authorised to change group members.",
  "ManageVisitorGroup.export": "You are not authorised to export groups.",
};

/** The group `idParam` for a user holding every one of `rights`; `lock` takes its row lock (in a transaction). */
export async function memberGroup(q: Queryable, p: Principal, idParam: string, rights: (keyof typeof FORBIDDEN)[], lock = false): Promise<MemberGroup> {
  requireActive(p);
  const held = abilities(p);
  for (const r of rights) if (!held.includes(r)) throw forbidden(FORBIDDEN[r]);
  const id = /^\d{1,9}$/.test(idParam) ? Number(idParam) : NaN;
  const g = Number.isNaN(id)
    ? undefined
    : await one<MemberGroup & { type: string }>(q, `SELECT id, client_id, name, site_ids, type FROM groups WHERE id = $1 AND client_id = $2${lock ? " FOR UPDATE" : ""}`, [id, p.client.id]);
  // A group shown only at sites outside a restricted user's is not theirs (ADR 031).
  if (!g || !reachesScope(scopeOf(p, "group"), g.site_ids)) throw notFound("Group not found");
  // Only returning groups have members: for any other, there are none to read or write (404, as the members tab).
  if (g.type !== "returning") throw notFound(IMPORT_FILE_MESSAGES.notReturning);
  return { id: g.id, client_id: g.client_id, name: g.name, site_ids: g.site_ids };
}

/** The client's site names by id. */
export async function siteNames(q: Queryable, clientId: number): Promise<Map<number, string>> {
  const rows = await q.query<{ id: number; name: string }>("SELECT id, name FROM sites WHERE client_id = $1", [clientId]);
  return new Map(rows.map((r) => [r.id, r.name]));
}
