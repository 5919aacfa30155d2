/**
 * The demo clients, their sites, roles and users (the data: `seed-data.ts`), and where the other
 * areas' seed steps find them (`demoIds`). One step, `clients.demo-accounts`: clients missing by
 * global id and users missing by email are added, and the seed-owned fields of existing demo clients
 * (flags merged into `settings`, school/reseller/scheduling, site space flags, built-in role rights)
 * are brought to the seed's. Acme's custom fields and SSO configuration come with Acme itself.
 */
import type { App } from "../runtime/app.ts";
import { oidcIssuer } from "../runtime/app.ts";
import { hashPassword } from "../auth/passwords.ts";
import { one, type Queryable } from "../db/index.ts";
import type { SeedContext, SeedStep } from "../runtime/seed-step.ts";
import { BUILT_IN_ROLES, CLIENTS, CUSTOM_FIELDS, DEMO_PASSWORD, USERS, type ClientSeed, type SiteSeed } from "./seed-data.ts";

export { DEMO_PASSWORD, DEMO_TOTP_SECRET } from "./seed-data.ts";

/** A demo client's global id (`eu:1`). */
export const globalIdOf = (c: Pick<ClientSeed, "region" | "number">) => `${c.region}:${c.number}`;

/** The demo clients in seed order, with their sites (key, type, name, time zone). */
export const DEMO_CLIENTS: readonly ClientSeed[] = CLIENTS;

export interface DemoIds {
  /** Global id → the demo client's id (present ones only). */
  clients: Map<string, number>;
  /** Site key (`acme-hq`) → the site's id: the demo client's site of that name and type. */
  sites: Map<string, number>;
}

/** The ids of the demo clients and sites as they are in the database now. */
export async function demoIds(q: Queryable): Promise<DemoIds> {
  const ids: DemoIds = { clients: new Map(), sites: new Map() };
  for (const c of CLIENTS) {
    const client = await one<{ id: number }>(q, "SELECT id FROM clients WHERE region = $1 AND number = $2", [c.region, c.number]);
    if (!client) continue;
    ids.clients.set(globalIdOf(c), client.id);
    for (const s of c.sites) {
      const site = await one<{ id: number }>(q, "SELECT id FROM sites WHERE client_id = $1 AND name = $2 AND type = $3 ORDER BY id LIMIT 1", [client.id, s.name, s.type]);
      if (site) ids.sites.set(s.key, site.id);
    }
  }
  return ids;
}

/** `fn` for every demo client present, in seed order. */
export async function forEachDemoClient(q: Queryable, fn: (gid: string, clientId: number, ids: DemoIds, client: ClientSeed) => Promise<void>): Promise<void> {
  const ids = await demoIds(q);
  for (const c of CLIENTS) {
    const clientId = ids.clients.get(globalIdOf(c));
    if (clientId !== undefined) await fn(globalIdOf(c), clientId, ids, c);
  }
}

/** A step that runs `fn` for every demo client present (each area's function picks its clients by global id). */
export function perDemoClient(
  name: string,
  since: number | undefined,
  fn: (ctx: SeedContext, gid: string, clientId: number, ids: DemoIds, client: ClientSeed) => Promise<void>,
): SeedStep {
  return { name, since, run: (ctx) => forEachDemoClient(ctx.q, (gid, clientId, ids, client) => fn(ctx, gid, clientId, ids, client)) };
}

async function seedAccounts({ app, q, from, report }: SeedContext): Promise<void> {
  const clientIds = new Map<string, number>();
  const siteIds = new Map<string, number>();
  const roleIds = new Map<string, number>();
  const created = new Set<string>();

  for (const c of CLIENTS) {
    const gid = globalIdOf(c);
    const existing = await one<{ id: number }>(q, "SELECT id FROM clients WHERE region = $1 AND number = $2", [c.region, c.number]);
    let id: number;
    if (existing) {
      id = existing.id;
      // Seed-owned fields of an existing demo client: flags are merged, never removed.
      await q.query(
        `UPDATE clients SET settings = settings || $2::jsonb, is_school = $3, reseller = $4, scheduling_status = $5,
                group_limit = CASE WHEN $6 THEN coalesce(group_limit, $7) ELSE group_limit END WHERE id = $1`,
        [id, JSON.stringify(c.settings), c.is_school ?? false, c.reseller ?? false, c.scheduling_status ?? "disabled", from < 6, c.group_limit ?? null],
      );
      for (const s of c.sites) {
        const row = await one<{ id: number }>(
          q,
          `UPDATE sites SET spaces_enabled = $4, space_exists = $5 WHERE client_id = $1 AND name = $2 AND type = $3 RETURNING id`,
          [id, s.name, s.type, s.spaces_enabled ?? false, s.space_exists ?? false],
        );
        if (row) siteIds.set(s.key, row.id);
      }
    } else {
      [{ id }] = await q.query<{ id: number }>(
        `INSERT INTO clients (region, number, name, trial_ends_on, is_school, reseller, settings, site_limit, sms_tokens_available, force_2fa, scheduling_status, group_limit)
         VALUES ($1, $2, $3, $4::date, $5, $6, $7::jsonb, $8, $9, $10, $11, $12) RETURNING id`,
        [
          c.region,
          c.number,
          c.name,
          c.trial_ends_on ?? null,
          c.is_school ?? false,
          c.reseller ?? false,
          JSON.stringify(c.settings),
          c.site_limit ?? null,
          c.sms ?? 0,
          c.force_2fa ?? false,
          c.scheduling_status ?? "disabled",
          c.group_limit ?? null,
        ],
      );
      created.add(gid);
      report.clients.push(gid);
      let position = 0;
      for (const s of c.sites) siteIds.set(s.key, await insertSite(q, id, s, position++));
    }
    clientIds.set(gid, id);
    // Built-in and custom roles: created when missing, rights kept to the seed's.
    for (const [name, rights] of [...BUILT_IN_ROLES, ...(c.roles ?? [])]) {
      const [{ id: roleId }] = await q.query<{ id: number }>(
        `INSERT INTO roles (client_id, name, rights, built_in) VALUES ($1, $2, $3::jsonb, $4)
         ON CONFLICT (client_id, name) DO UPDATE SET rights = EXCLUDED.rights, built_in = EXCLUDED.built_in RETURNING id`,
        [id, name, JSON.stringify(rights), BUILT_IN_ROLES.some(([n]) => n === name)],
      );
      roleIds.set(`${gid}/${name}`, roleId);
    }
  }

  let passwordHash: string | undefined;
  for (const u of USERS) {
    if (await one(q, "SELECT 1 FROM users WHERE email = $1", [u.email])) continue;
    passwordHash ??= await hashPassword(DEMO_PASSWORD);
    const [{ id: userId }] = await q.query<{ id: number }>(
      `INSERT INTO users (email, name, password_hash, terms_accepted_at, totp_secret, is_super, locale, sso, last_client_id)
       VALUES ($1, $2, $3, now(), $4, $5, $6, $7, $8) RETURNING id`,
      [u.email, u.name, u.sso || u.invited ? null : passwordHash, u.totp ?? null, u.is_super ?? false, u.locale ?? "en_GB", u.sso ?? false, u.last ? clientIds.get(u.last) : null],
    );
    report.users.push(u.email);
    for (const a of u.access) {
      await q.query(
        `INSERT INTO client_users (user_id, client_id, role_id, is_primary, is_billing, site_ids, is_technical) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
        [
          userId,
          clientIds.get(a.client),
          roleIds.get(`${a.client}/${a.role}`),
          a.primary ?? false,
          a.billing ?? false,
          a.sites ? JSON.stringify(a.sites.map((k) => siteIds.get(k)).filter((x) => x !== undefined)) : null,
          a.technical ?? false,
        ],
      );
    }
  }

  if (created.has("eu:1")) await seedAcmeExtras(app, q, clientIds.get("eu:1")!, siteIds, roleIds.get("eu:1/Standard User")!);
}

async function insertSite(q: Queryable, clientId: number, s: SiteSeed, position: number): Promise<number> {
  const [{ id }] = await q.query<{ id: number }>(
    `INSERT INTO sites (client_id, type, name, address, timezone, locale, location, reply_to_name, reply_to_email,
                        active_from, active_until, spaces_enabled, space_exists, position)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10::timestamptz, $11::timestamptz, $12, $13, $14) RETURNING id`,
    [
      clientId,
      s.type,
      s.name,
      s.address ?? null,
      s.timezone,
      s.locale,
      s.location ? JSON.stringify({ zoom: 16, radius: 150, ...s.location }) : null,
      s.reply_to?.[0] ?? null,
      s.reply_to?.[1] ?? null,
      s.active ? `${s.active[0]}T08:00:00Z` : null,
      s.active ? `${s.active[1]}T18:00:00Z` : null,
      s.spaces_enabled ?? false,
      s.space_exists ?? false,
      position,
    ],
  );
  return id;
}

/** Custom fields and the SSO configuration of Acme Ltd (only when Acme itself is created). */
async function seedAcmeExtras(app: App, q: Queryable, acmeId: number, siteIds: Map<string, number>, standardRoleId: number): Promise<void> {
  const hq = siteIds.get("acme-hq")!;
  let position = 0;
  for (const f of CUSTOM_FIELDS) {
    await q.query(
      `INSERT INTO custom_fields (site_id, label, type, required, options, show_on_evacuation_list, show_on_pdf_agreements, favourite,
                                  default_option, reject_options, reject_message, position)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10::jsonb, $11, $12)`,
      [
        hq,
        f.label,
        f.type,
        f.required ?? false,
        JSON.stringify(f.options ?? []),
        f.show_on_evacuation_list ?? false,
        f.show_on_pdf_agreements ?? false,
        f.favourite ?? false,
        f.default_option ?? null,
        JSON.stringify(f.reject_options ?? []),
        f.reject_message ?? null,
        position++,
      ],
    );
  }
  await q.query(
    `INSERT INTO custom_fields (site_id, label, type, required, position) VALUES ($1, 'Forklift licence number', 'text', false, 0)`,
    [siteIds.get("acme-wh")],
  );

  await q.query(
    `INSERT INTO sso_configs (client_id, type, domain, domain_verified, provider, default_role_id, default_site_ids, enabled, verified_at, tested_at)
     VALUES ($1, 'okta', 'sso.example.com', true, $2::jsonb, $3, $4::jsonb, true, now(), now())`,
    [acmeId, JSON.stringify({ client_id: "gatehouse-portal", provider_host: oidcIssuer(app) }), standardRoleId, JSON.stringify([hq])],
  );
}

/**
 * The one step of this area. `since` 27: the old scheme applied the seed-owned fields on every
 * revision bump, so a database from before the last revision gets them again.
 */
export const seedSteps: SeedStep[] = [{ name: "clients.demo-accounts", since: 27, run: seedAccounts }];
