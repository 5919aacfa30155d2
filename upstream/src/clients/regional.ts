/** The regional API (`/{region}/api/v2/...`): every call needs a Bearer access token of that region. */
import { channelSignature } from "../realtime/protocol.ts";
import type { IncomingMessage } from "node:http";
import type { z } from "zod";
import type { BroadcastingAuthRequest, Config, Region } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { issuerFor } from "../runtime/app.ts";
import { one } from "../db/index.ts";
import { forbidden, notFound, sessionExpired } from "../http/errors.ts";
import { bearerToken } from "../http/router.ts";
import { sessionActive, verifyAccessToken, type AccessClaims } from "../auth/tokens.ts";
import { scopedSites } from "../scope/sites.ts";
import {
  globalId,
  isExpired,
  membership,
  memberships,
  parseGlobalId,
  SUPER_RIGHT,
  toClient,
  toCustomField,
  toSite,
  type ClientRow,
  type MembershipRow,
  type UserRow,
} from "./model.ts";

export const LATEST_APP_VERSION = "3.12.0";

export interface Principal {
  claims: AccessClaims;
  user: UserRow;
  m: MembershipRow & { client: ClientRow };
  client: ClientRow;
}

/** Verify the Bearer token for this region and load the user's access to the token's client. */
export async function authenticate(app: App, req: IncomingMessage, region: Region): Promise<Principal> {
  const token = bearerToken(req);
  if (!token) throw sessionExpired();
  const claims = await verifyAccessToken(app, token, { issuer: issuerFor(app, region) });
  const aud = parseGlobalId(String(claims.aud));
  if (!aud || aud.region !== region) throw sessionExpired();
  if (!(await sessionActive(app.db, claims.sid))) throw sessionExpired();
  const user = await one<UserRow>(app.db, "SELECT * FROM users WHERE id = $1", [Number(claims.sub) || 0]);
  if (!user) throw sessionExpired();
  const client = await one<{ id: number }>(app.db, "SELECT id FROM clients WHERE region = $1 AND number = $2", [aud.region, aud.number]);
  const m = client && (await membership(app.db, user.id, client.id));
  if (!m) throw sessionExpired();
  return { claims, user, m, client: m.client };
}

const trialOver = () => forbidden("Your trial period is over.", "trial_period_over");

/** Active-only calls: an expired client answers 403 trial_period_over, except for super users. */
export function requireActive(p: Principal): void {
  if (isExpired(p.client) && !p.user.is_super) throw trialOver();
}

export function abilities(p: Pick<Principal, "m" | "user">): string[] {
  const rights = [...(p.m.rights ?? [])];
  if (p.user.is_super && !rights.includes(SUPER_RIGHT)) rights.push(SUPER_RIGHT);
  return rights;
}

/** Every role of a client (GET client/roles, GET clients). */
async function rolesOf(app: App, clientId: number) {
  return app.db.query<{ id: number; name: string }>("SELECT id, name FROM roles WHERE client_id = $1 ORDER BY id", [clientId]);
}

export async function getClients(app: App, p: Principal) {
  const ms = await memberships(app.db, p.user.id);
  const lastId = ms.some((m) => m.client_id === p.user.last_client_id) ? p.user.last_client_id : ms[0]?.client_id;
  return Promise.all(
    ms.map(async (m) => ({
      id: globalId(m.client),
      name: m.client.name,
      sites: (await scopedSites(app.db, { m, client: m.client }))
        .filter((s) => s.type === "standard" || s.type === "remote")
        .map((s) => ({ id: s.id as number, name: s.name as string })),
      roles: await rolesOf(app, m.client_id),
      last_used: m.client_id === lastId,
    })),
  );
}

export async function getConfig(app: App, p: Principal): Promise<Config> {
  const sso = await one<{ id: number }>(app.db, "SELECT id FROM sso_configs WHERE client_id = $1", [p.client.id]);
  const host = new URL(app.opts.publicUrl).hostname;
  return {
    client: toClient(p.client),
    sites: (await scopedSites(app.db, p)).map(toSite),
    pusher: { key: app.opts.pusherAppKey, host, port: app.opts.port, force_tls: false, cluster: "mt1" },
    abilities: abilities(p),
    // The roles the user holds in this client (one per access today), not every role of the client.
    roles: [{ id: p.m.role_id, name: p.m.role_name }],
    latest_app_version: LATEST_APP_VERSION,
    local_user_id: p.m.id,
    sso_provider_id: sso?.id ?? null,
    user: { sub: String(p.user.id), aud: globalId(p.client), locale: p.user.locale, name: p.user.name, email: p.user.email },
  };
}

export const getClient = (_app: App, p: Principal) => toClient(p.client);

export async function getSites(app: App, p: Principal) {
  return (await scopedSites(app.db, p)).map(toSite);
}

export const getRoles = (app: App, p: Principal) => rolesOf(app, p.client.id);

export async function getCustomFields(app: App, p: Principal, siteIdParam: string) {
  requireActive(p);
  const siteId = /^\d{1,9}$/.test(siteIdParam) ? Number(siteIdParam) : NaN;
  const sites = await scopedSites(app.db, p);
  if (!sites.some((s) => s.id === siteId)) throw notFound("Site not found.");
  const rows = await app.db.query("SELECT * FROM custom_fields WHERE site_id = $1 ORDER BY position, id", [siteId]);
  return rows.map(toCustomField);
}

/** Pusher-compatible private channel authorisation. */
export async function broadcastingAuth(app: App, p: Principal, body: z.infer<typeof BroadcastingAuthRequest>) {
  const sites = new Set((await scopedSites(app.db, p)).map((s) => s.id as number));
  const channels: Record<string, { status: number; data?: { auth: string } }> = {};
  for (const name of body.channel_name) {
    const site = /^private-Site\.(\d{1,9})$/.exec(name);
    const evacuation = /^private-Evacuation\.(\d{1,9})$/.exec(name);
    let allowed = false;
    if (site) {
      // A site's channel carries who signs in and out: only for users who may see who is on site
      // (the Today list, or the fire list).
      allowed = sites.has(Number(site[1])) && (abilities(p).includes("Today.viewer") || abilities(p).includes("EvacList.viewer"));
    } else if (evacuation && abilities(p).includes("EvacReport.viewer")) {
      // An evacuation's channel: report viewers who see its site (of the token's client).
      const e = await one<{ site_id: number }>(app.db, "SELECT site_id FROM evacuations WHERE id = $1", [Number(evacuation[1])]);
      allowed = !!e && sites.has(e.site_id);
    }
    if (allowed) {
      // The same signature the realtime server checks on pusher:subscribe.
      channels[name] = { status: 200, data: { auth: channelSignature(app.opts.pusherAppKey, app.opts.pusherAppSecret, body.socket_id, name) } };
    } else {
      channels[name] = { status: 403 };
    }
  }
  return { channels };
}
