/**
 * Who may read and change working hours, rotas and activity statuses (issue 27; contract
 * TIME_ATTENDANCE_RIGHTS), through the rights check (../auth/policy.ts) and the scope module
 * (../scope/scope.ts): working hours and statuses belong to the whole organisation, so only a user
 * of every site changes them; a rota of one site is changed by a user of that site.
 */
import { TIME_ATTENDANCE_MESSAGES as M, TIME_ATTENDANCE_RIGHTS as R } from "../../contract/index.ts";
import { requireRight } from "../auth/policy.ts";
import type { Principal } from "../clients/regional.ts";
import { forbidden, notFound, validation } from "../http/errors.ts";
import { scopeOf, siteInScope, type Scope } from "../scope/scope.ts";
import { parseId } from "../sites/manage.ts";

export const readHours = (p: Principal) => requireRight(p, R.readHours, { activeOnly: true, any: true, message: M.notAuthorised });
export const editHours = (p: Principal) => requireRight(p, R.editHours, { activeOnly: true, message: M.cannotEdit });
export const readStatuses = (p: Principal) => requireRight(p, R.readStatuses, { activeOnly: true, any: true, message: M.statusesNotAuthorised });
export const editStatuses = (p: Principal) => requireRight(p, R.editStatuses, { activeOnly: true, message: M.cannotEditStatuses });

export const rotaScope = (p: Principal): Scope => scopeOf(p, "rota");

/** Rows of the whole organisation (working hours, statuses) change only for a user of every site. */
export function requireClientWide(p: Principal): void {
  if (rotaScope(p).kind === "sites") throw forbidden(M.clientWide);
}

/** A rota's site (NULL: every site) the caller may read: every site's, or one of theirs. */
export const rotaReadable = (scope: Scope, siteId: number | null) => siteId === null || siteInScope(scope, siteId);

/** The id in a path, or 404 `message`. */
export function idOf(param: string | undefined, message: string): number {
  const id = parseId(param);
  if (Number.isNaN(id)) throw notFound(message);
  return id;
}

/** A name trimmed to one line, or the field's error. */
export function nameOf(raw: string, errors: Record<string, string[]>, required: string = M.nameRequired): string {
  const name = raw.replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim();
  if (!name) errors.name = [required];
  else if (name.length > 100) errors.name = [M.nameTooLong];
  return name;
}

export function throwIf(errors: Record<string, string[]>): void {
  if (Object.keys(errors).length) throw validation(errors);
}

/** A unique-index violation (23505) as the field's message. */
export async function uniqueName<T>(fn: () => Promise<T>, message: string): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if ((err as { code?: string }).code === "23505") throw validation({ name: [message] });
    throw err;
  }
}
