/**
 * Who a booking is for (ADR 036): the caller by default; another portal user of the client who may
 * use the site, or a member of one of its groups whose "book spaces" flag is on — booking for
 * someone else needs Spaces.editor. A member's permitted zones (the member editor's spaces tab:
 * zone ids, or the zones' names as older data wrote them) bound where they may be booked, unless
 * the caller holds Spaces.overrideZones.
 */
import { SPACES_MESSAGES, type BookablePeople, type BookingPerson } from "../../contract/index.ts";
import type { Principal } from "../clients/regional.ts";
import { one, type Queryable } from "../db/index.ts";
import { forbidden, validation } from "../http/errors.ts";
import { likePattern } from "../sites/manage.ts";
import type { NodeRow, SpacesAt } from "./site.ts";

export interface Person extends BookingPerson {
  /** Zone ids or names the person may be booked in; empty: anywhere. */
  zones: string[];
  email: string | null;
}

export const callerAsPerson = (p: Principal): BookingPerson => ({ kind: "user", id: p.m.id, name: p.user.name });

/** The person `asked` names (the caller when absent), checked against the caller's rights. */
export async function resolvePerson(q: Queryable, p: Principal, at: SpacesAt, asked: { kind: "user" | "member"; id: number } | undefined): Promise<Person> {
  if (!at.can.book) throw forbidden(SPACES_MESSAGES.cannotBook);
  const self = callerAsPerson(p);
  if (!asked || (asked.kind === "user" && asked.id === p.m.id)) return { ...self, zones: [], email: p.user.email };
  if (!at.can.book_for_others) throw forbidden(SPACES_MESSAGES.cannotBookForOthers);
  const unknown = () => validation({ person: [SPACES_MESSAGES.personUnknown] });
  if (asked.kind === "user") {
    const u = await one<{ id: number; name: string; email: string; site_ids: number[] | null }>(
      q,
      "SELECT cu.id, u.name, u.email, cu.site_ids FROM client_users cu JOIN users u ON u.id = cu.user_id WHERE cu.id = $1 AND cu.client_id = $2",
      [asked.id, at.site.client_id],
    );
    if (!u || (u.site_ids !== null && !u.site_ids.includes(at.site.id))) throw unknown();
    return { kind: "user", id: u.id, name: u.name, zones: [], email: u.email };
  }
  const m = await one<{ id: number; name: string; email: string | null; permissions: Record<string, boolean>; spaces: { zones?: string[] }; site_ids: number[] | null }>(
    q,
    `SELECT m.id, m.name, m.email, m.permissions, m.spaces, m.site_ids FROM members m JOIN groups g ON g.id = m.group_id
      WHERE m.id = $1 AND g.client_id = $2 AND m.archived_at IS NULL AND (m.ends_on IS NULL OR m.ends_on >= CURRENT_DATE)`,
    [asked.id, at.site.client_id],
  );
  if (!m || (m.site_ids !== null && !m.site_ids.includes(at.site.id))) throw unknown();
  if (m.permissions?.book_spaces !== true) throw validation({ person: [SPACES_MESSAGES.memberCannotBook] });
  return { kind: "member", id: m.id, name: m.name, zones: m.spaces?.zones ?? [], email: m.email };
}

/** Whether `person` may be booked on `space` (its zone path within their permitted zones). */
export function zonePermitted(person: Pick<Person, "zones">, space: NodeRow & { zone_path: number[] }, zoneNames: (id: number) => string | undefined, override: boolean): boolean {
  if (override || person.zones.length === 0) return true;
  const allowed = new Set(person.zones.map((z) => z.trim().toLowerCase()));
  return space.zone_path.some((id) => allowed.has(String(id)) || allowed.has((zoneNames(id) ?? "").toLowerCase()));
}

/**
 * GET spaces/{siteId}/people?q=: who a booking may be for, found by a part of a name or an email —
 * the same people `resolvePerson` accepts (the client's users who may use the site; members of its
 * groups, at the site, not archived or ended, with "book spaces" on). At most 20, by name.
 */
export async function bookablePeople(q: Queryable, at: SpacesAt, text: string | null): Promise<BookablePeople> {
  if (!at.can.book_for_others) throw forbidden(SPACES_MESSAGES.cannotBookForOthers);
  const term = (text ?? "").trim();
  if (term.length < 2 || term.length > 100) throw validation({ q: [SPACES_MESSAGES.peopleQuery] });
  const rows = await q.query<{ kind: "user" | "member"; id: number; name: string; detail: string }>(
    `(SELECT 'user' AS kind, cu.id, u.name, u.email AS detail FROM client_users cu JOIN users u ON u.id = cu.user_id
       WHERE cu.client_id = $1 AND (cu.site_ids IS NULL OR cu.site_ids @> jsonb_build_array($2::int)) AND (u.name ILIKE $3 OR u.email ILIKE $3)
       ORDER BY u.name, cu.id LIMIT 20)
     UNION ALL
     (SELECT 'member' AS kind, m.id, m.name, g.name AS detail FROM members m JOIN groups g ON g.id = m.group_id
       WHERE g.client_id = $1 AND m.archived_at IS NULL AND (m.ends_on IS NULL OR m.ends_on >= CURRENT_DATE)
         AND (m.site_ids IS NULL OR m.site_ids @> jsonb_build_array($2::int)) AND m.permissions->>'book_spaces' = 'true'
         AND (m.name ILIKE $3 OR coalesce(m.email, '') ILIKE $3)
       ORDER BY m.name, m.id LIMIT 20)`,
    [at.site.client_id, at.site.id, likePattern(term)],
  );
  const people = rows.sort((a, b) => a.name.localeCompare(b.name) || a.kind.localeCompare(b.kind) || a.id - b.id).slice(0, 20);
  return { people: people.map((r) => ({ kind: r.kind, id: r.id, name: r.name, detail: r.detail ?? "" })) };
}
