/**
 * Roles and permissions (ADR 021).
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { roleRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { createRole, deleteRole, listRoles, updateRole } from "./roles.ts";

export const roleHandlers = {
  // Roles and permissions (roles/; ADR 021).
  roles: ({ app, principal }) => listRoles(app, principal),
  createRole: ({ app, principal, body }) => createRole(app, principal, body),
  updateRole: ({ app, principal, ctx, body }) => updateRole(app, principal, ctx.params.roleId, body),
  deleteRole: ({ app, principal, ctx }) => deleteRole(app, principal, ctx.params.roleId),
} satisfies Handlers<keyof typeof roleRoutes>;
