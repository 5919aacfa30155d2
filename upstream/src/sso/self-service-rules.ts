/**
 * SSO self-service (ADR 024), what its two halves share: the configuration's row, and who may read
 * and change it (ManageUser.viewer reads; ManageUser.editor and an active client change; the
 * configuration itself also needs the client's `beta.sso-self-service` flag or a super user), and
 * which roles a user may grant. The halves: self-service.ts (the configuration, the domain's
 * verification, enabling, the settings) and sso-users.ts (who signs in by SSO, access requests).
 */
import { SSO_MESSAGES as M } from "../../contract/index.ts";
import { one, type Queryable } from "../db/index.ts";
import { forbidden, validation } from "../http/errors.ts";
import { globalId, parseGlobalId, SUPER_RIGHT } from "../clients/model.ts";
import { abilities, requireActive, type Principal } from "../clients/regional.ts";

export const SELF_SERVICE_FLAG = "beta.sso-self-service";

export interface SsoRow {
  id: number;
  client_id: number;
  type: "google" | "azure" | "okta";
  domain: string;
  domain_verified: boolean;
  provider: { client_id: string; provider_host: string };
  default_role_id: number | null;
  default_site_ids: number[];
  enabled: boolean;
  verification_method: "dns" | "email" | null;
  verification_token: string | null;
  verification_email: string | null;
  email_code_hash: string | null;
  email_code_expires_at: string | null;
  email_code_attempts: number;
  client_secret: string | null;
  applies_to: number[];
  changed_at: string | Date;
  tested_at: string | Date | null;
  enforced: boolean;
  break_glass_user_id: number | null;
  auto_approve: boolean;
}

export const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());

// --- who may ---------------------------------------------------------------------------------

/** The path's client must be the token's, and the user a ManageUser viewer (else 403, platform §8). */
export function requireSsoViewer(p: Principal, clientIdParam: string): void {
  const target = parseGlobalId(clientIdParam);
  if (!target || `${target.region}:${target.number}` !== globalId(p.client) || !abilities(p).includes("ManageUser.viewer")) throw forbidden(M.notAuthorised);
}

/** Changing needs ManageUser.editor and an active client (an expired one can still look: the access table's rule). */
export function requireSsoEditor(p: Principal, clientIdParam: string): void {
  requireSsoViewer(p, clientIdParam);
  if (!abilities(p).includes("ManageUser.editor")) throw forbidden(M.notAuthorisedChange);
  requireActive(p);
}

/** Changing the configuration itself: the editor, and the self-service flag or a super user. */
export function requireConfigEditor(p: Principal, clientIdParam: string): void {
  requireSsoEditor(p, clientIdParam);
  if (p.client.settings?.[SELF_SERVICE_FLAG] !== true && !abilities(p).includes(SUPER_RIGHT)) throw forbidden(M.notAuthorisedChange);
}

/** Nobody grants a role with rights they don't hold (super users hold them all). */
export function grantable(held: readonly string[], roleRights: readonly string[]): boolean {
  return held.includes(SUPER_RIGHT) || roleRights.every((r) => held.includes(r));
}

export async function grantableRole(q: Queryable, p: Principal, roleId: number, field: string) {
  const role = await one<{ id: number; name: string; rights: string[] }>(q, "SELECT id, name, rights FROM roles WHERE id = $1 AND client_id = $2", [roleId, p.client.id]);
  if (!role) throw validation({ [field]: [M.roleUnknown] });
  if (!grantable(abilities(p), role.rights ?? [])) throw validation({ [field]: [M.roleEscalation] });
  return role;
}

export async function configRow(q: Queryable, clientId: number, lock = false): Promise<SsoRow | undefined> {
  return one<SsoRow>(q, `SELECT * FROM sso_configs WHERE client_id = $1${lock ? " FOR UPDATE" : ""}`, [clientId]);
}
