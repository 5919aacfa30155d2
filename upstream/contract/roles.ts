// ---------------------------------------------------------------------------------------------
// Roles and permissions (platform §6, groups spec §6; issue 16 item 2; ADR 021): the roles of a
// client — the built-in Administrator and Standard User (read-only) and custom roles — each with
// how many users hold it; custom roles are created, edited and deleted over the permission
// sections of `permissions.ts`.
//
// Rights: ManageUser.viewer to list, ManageUser.editor to change. The upstream enforces every rule
// (ROLE_MESSAGES): a name is required and unique in the client (whatever its case); built-in roles
// are never changed; a role is deleted only when no user holds it; a right must be known; nobody
// grants or removes a right they do not hold (the Administrator holds them all); a user restricted to
// some sites changes only roles whose holders are all within their sites (ADR 031). A level of a section implies
// the section's view level (`withImpliedLevels`): the upstream adds it, the editor ticks it.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import type { RouteDef } from "./common.ts";
import { CLIENT_RIGHTS, PERMISSION_SECTIONS, type ClientRight } from "./permissions.ts";
import { ROLE_MESSAGES } from "./role-messages.ts";

export const ROLE_LIMITS = { name: 100 } as const;

/** The roles every client has; they cannot be changed or deleted. */
export const BUILT_IN_ROLES = ["Administrator", "Standard User"] as const;

// The upstream's words: ./role-messages (ROLE_MESSAGES).

/** A role as the roles page lists it. `rights` are the role's own (sorted as `CLIENT_RIGHTS`). */
export const RoleSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  built_in: z.boolean(),
  rights: z.array(z.string()),
  /** Users of the client holding it. */
  user_count: z.number().int(),
  /**
   * The sites its holders are limited to, together (ADR 031): null when one of them is not limited
   * to listed sites (every site, or none); [] when nobody holds it. A user restricted to some sites
   * may change the role only when every holder is within theirs (the portal mirrors it, the
   * upstream refuses otherwise: 403 `role_out_of_scope`).
   */
  holders_reach: z.array(z.number().int()).nullable(),
});
export type RoleSummary = z.infer<typeof RoleSummary>;

/**
 * A custom role as the editor sends it. `rights` are checked by the upstream (unknown ones refused
 * with ROLE_MESSAGES.unknownRight), not by the schema, so the refusal reads the same everywhere.
 */
export const RoleInput = z.object({
  // No control characters (a line break, a NUL): one line of text, as the portal's form sends it.
  // eslint-disable-next-line no-control-regex
  name: z.string().max(1000).regex(/^[^\u0000-\u001f\u007f]*$/, ROLE_MESSAGES.nameOneLine),
  rights: z.array(z.string().max(100)).max(500),
});
export type RoleInput = z.infer<typeof RoleInput>;

/** The view level of a section (its level keyed `view`), if it has one. */
const viewLevelOf = (key: string) => PERMISSION_SECTIONS.find((s) => s.key === key)?.levels.find((l) => l.key === "view");

/**
 * The rights with every implied level added: holding any right of a section's other levels
 * implies the section's view level (edit, export, delete … need to see first). Sorted as
 * `CLIENT_RIGHTS`; unknown names are left out.
 */
export function withImpliedLevels(rights: Iterable<string>): ClientRight[] {
  const held = new Set(rights);
  for (const section of PERMISSION_SECTIONS) {
    const view = viewLevelOf(section.key);
    if (!view) continue;
    const others = section.levels.filter((l) => l !== view).flatMap((l) => l.rights);
    if (others.some((r) => held.has(r))) for (const r of view.rights) held.add(r);
  }
  return CLIENT_RIGHTS.filter((r) => held.has(r));
}

/** The rights of these levels (`<section>.<level>` keys, as the editor's checkboxes send them). */
export function rightsOfLevels(levels: Iterable<string>): { rights: ClientRight[]; unknown: string[] } {
  const rights = new Set<ClientRight>();
  const unknown: string[] = [];
  for (const key of levels) {
    const [s, l] = key.split(".");
    const level = PERMISSION_SECTIONS.find((x) => x.key === s)?.levels.find((x) => x.key === l);
    if (level) for (const r of level.rights) rights.add(r);
    else unknown.push(key);
  }
  return { rights: CLIENT_RIGHTS.filter((r) => rights.has(r)), unknown };
}

/** The levels (`<section>.<level>`) a set of rights holds whole. */
export function levelsOf(rights: Iterable<string>): string[] {
  const held = new Set(rights);
  return PERMISSION_SECTIONS.flatMap((s) => s.levels.filter((l) => l.rights.every((r) => held.has(r))).map((l) => `${s.key}.${l.key}`));
}

export const roleRoutes = {
  roles: { method: "GET", path: "roles", base: "regional", auth: "bearer", response: z.array(RoleSummary), summary: "The client's roles with their rights and how many users hold each (ManageUser.viewer)" },
  createRole: { method: "POST", path: "roles", base: "regional", auth: "bearer", body: RoleInput, response: RoleSummary, summary: "A custom role: name required and unique in the client; known rights only, none the caller does not hold; a level implies its section's view level (ManageUser.editor)" },
  updateRole: { method: "PATCH", path: "roles/{roleId}", base: "regional", auth: "bearer", body: RoleInput, response: RoleSummary, summary: "Rename a custom role or change its rights (the same rules; built-in roles are refused). Users holding it get the new rights on their next call (ManageUser.editor)" },
  deleteRole: { method: "DELETE", path: "roles/{roleId}", base: "regional", auth: "bearer", response: z.object({ ok: z.literal(true) }), summary: "Delete a custom role no user holds (409 with the count otherwise; built-in roles are refused) (ManageUser.editor)" },
} as const satisfies Record<string, RouteDef>;
