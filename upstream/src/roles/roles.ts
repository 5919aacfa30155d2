/**
 * Roles and permissions (platform §6, groups spec §6; issue 16 item 2; ADR 021): the client's roles
 * with how many users hold each; creating, changing and deleting custom roles.
 *
 * Every rule is here (the portal's checks are for its screens): ManageUser.viewer to list,
 * ManageUser.editor to change; the name required, at most 100 characters, unique in the client
 * whatever its case; built-in roles never changed or deleted; known rights only; a level implies its
 * section's view level (`withImpliedLevels`); nobody grants a right they do not hold (on an edit:
 * the rights the role gains), nor takes away one they do not hold (the rights the role loses); a
 * role is deleted only when no user holds it (409, with the count); a user restricted to some
 * sites changes only roles whose holders are all within theirs (403 `role_out_of_scope`, ADR 031).
 * Changes run in one transaction holding the client's roles lock, so two editors cannot both take
 * one name, nor a delete race a user being given the role.
 */
import { CLIENT_RIGHTS, ROLE_LIMITS, ROLE_MESSAGES, withImpliedLevels, type RoleInput, type RoleSummary } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { forbidden, HttpError, notFound, validation } from "../http/errors.ts";
import { parseId } from "../sites/manage.ts";
import { abilities, type Principal } from "../clients/regional.ts";
import { requireRight } from "../auth/policy.ts";
import { holdersReach, roleInScope, scopeOf } from "../scope/scope.ts";

interface RoleRow {
  id: number;
  name: string;
  built_in: boolean;
  rights: string[];
  user_count: number;
  /** Each holder's sites (NULL every site). */
  holder_sites: (number[] | null)[];
}

const KNOWN = new Set<string>(CLIENT_RIGHTS);

/**
 * Not active-only (ADR 034): roles and permissions are an account page the access table opens to an
 * expired client (/manage/account/permissions), as portal users are; the 403 says the default message.
 */
const ROLES_RULE = { activeOnly: false } as const;

// Holders: members, and invitations waiting with the role (it cannot go while one waits either);
// the sites of both decide whether a restricted editor may change it.
const SELECT_ROLES = `SELECT r.id, r.name, r.built_in, r.rights,
    (SELECT count(*)::int FROM client_users cu WHERE cu.role_id = r.id) + (SELECT count(*)::int FROM account_invitations i WHERE i.role_id = r.id) AS user_count,
    (SELECT coalesce(jsonb_agg(h.site_ids), '[]'::jsonb) FROM (SELECT cu.site_ids FROM client_users cu WHERE cu.role_id = r.id
      UNION ALL SELECT i.site_ids FROM account_invitations i WHERE i.role_id = r.id) h) AS holder_sites
  FROM roles r WHERE r.client_id = $1`;

const toSummary = (r: RoleRow): RoleSummary => ({ id: r.id, name: r.name, built_in: r.built_in, rights: CLIENT_RIGHTS.filter((x) => r.rights.includes(x)), user_count: r.user_count, holders_reach: holdersReach(r.holder_sites ?? []) });

/**
 * A role held by anyone outside the caller's scope is read-only (ADR 031): changing it would change
 * what people at other sites may do. 403 `role_out_of_scope`, with a message the portal translates.
 */
function requireRoleInScope(p: Principal, role: RoleRow): void {
  if (!roleInScope(scopeOf(p, "role"), role.holder_sites ?? [])) throw forbidden(ROLE_MESSAGES.outOfScope, "role_out_of_scope");
}

/** GET roles: built-in first, then custom roles by name. */
export async function listRoles(app: App, p: Principal): Promise<RoleSummary[]> {
  requireRight(p, "ManageUser.viewer", ROLES_RULE);
  const rows = await app.db.query<RoleRow>(`${SELECT_ROLES} ORDER BY r.built_in DESC, CASE WHEN r.built_in THEN r.id END, lower(r.name), r.id`, [p.client.id]);
  return rows.map(toSummary);
}

/** The problems of a role's name and rights, as a 422's field errors (empty when there are none). */
export function roleProblems(input: RoleInput, granter: ReadonlySet<string>, had: ReadonlySet<string> = new Set()): { name: string; rights: string[]; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const name = input.name.trim();
  if (!name) errors.name = [ROLE_MESSAGES.nameRequired];
  else if (name.length > ROLE_LIMITS.name) errors.name = [ROLE_MESSAGES.nameTooLong];
  const rights = withImpliedLevels(input.rights);
  if (input.rights.some((r) => !KNOWN.has(r))) errors.rights = [ROLE_MESSAGES.unknownRight];
  else if (rights.some((r) => !had.has(r) && !granter.has(r))) errors.rights = [ROLE_MESSAGES.escalation];
  // Both ways (issue 24): taking away a right one does not hold would demote the role's holders,
  // who outrank the editor, beyond what the editor could give back.
  else if ([...had].some((r) => KNOWN.has(r) && !rights.includes(r as never) && !granter.has(r))) errors.rights = [ROLE_MESSAGES.removal];
  return { name, rights, errors };
}

/** Serialises changes to one client's roles (names, deletes) for the transaction. */
const lockRoles = (q: Queryable, clientId: number) => q.query("SELECT pg_advisory_xact_lock(727023, $1)", [clientId]);

async function roleOf(q: Queryable, clientId: number, idParam: string): Promise<RoleRow> {
  const id = parseId(idParam);
  const row = Number.isNaN(id) ? undefined : await one<RoleRow>(q, `${SELECT_ROLES} AND r.id = $2`, [clientId, id]);
  if (!row) throw notFound(ROLE_MESSAGES.notFound);
  return row;
}

async function nameTaken(q: Queryable, clientId: number, name: string, except: number | null): Promise<boolean> {
  return !!(await one(q, "SELECT 1 FROM roles WHERE client_id = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3", [clientId, name, except]));
}

async function saveRole(app: App, p: Principal, input: RoleInput, idParam: string | null): Promise<RoleSummary> {
  requireRight(p, "ManageUser.editor", ROLES_RULE);
  return app.db.tx(async (q) => {
    await lockRoles(q, p.client.id);
    const existing = idParam === null ? null : await roleOf(q, p.client.id, idParam);
    if (existing?.built_in) throw forbidden(ROLE_MESSAGES.builtIn, "built_in_role");
    if (existing) requireRoleInScope(p, existing);
    const { name, rights, errors } = roleProblems(input, new Set(abilities(p)), new Set(existing?.rights ?? []));
    if (!errors.name && (await nameTaken(q, p.client.id, name, existing?.id ?? null))) errors.name = [ROLE_MESSAGES.nameTaken];
    if (Object.keys(errors).length) throw validation(errors);
    const [row] = existing
      ? await q.query<{ id: number }>("UPDATE roles SET name = $2, rights = $3::jsonb WHERE id = $1 RETURNING id", [existing.id, name, JSON.stringify(rights)])
      : await q.query<{ id: number }>("INSERT INTO roles (client_id, name, rights) VALUES ($1, $2, $3::jsonb) RETURNING id", [p.client.id, name, JSON.stringify(rights)]);
    return toSummary(await roleOf(q, p.client.id, String(row!.id)));
  });
}

export const createRole = (app: App, p: Principal, input: RoleInput) => saveRole(app, p, input, null);
export const updateRole = (app: App, p: Principal, idParam: string, input: RoleInput) => saveRole(app, p, input, idParam);

export async function deleteRole(app: App, p: Principal, idParam: string): Promise<{ ok: true }> {
  requireRight(p, "ManageUser.editor", ROLES_RULE);
  return app.db.tx(async (q) => {
    await lockRoles(q, p.client.id);
    const role = await roleOf(q, p.client.id, idParam);
    if (role.built_in) throw forbidden(ROLE_MESSAGES.builtIn, "built_in_role");
    requireRoleInScope(p, role);
    if (role.user_count > 0) throw new HttpError(409, { code: "role_in_use", message: ROLE_MESSAGES.inUse, data: { count: role.user_count } });
    try {
      await q.query("DELETE FROM roles WHERE id = $1", [role.id]);
    } catch (err) {
      // A user given the role meanwhile (outside this lock): held after all.
      if ((err as { code?: string }).code === "23503") throw new HttpError(409, { code: "role_in_use", message: ROLE_MESSAGES.inUse, data: { count: 1 } });
      throw err;
    }
    return { ok: true as const };
  });
}
