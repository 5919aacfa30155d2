/** Test hooks under `/__test/`, registered only when UPSTREAM_TEST_HOOKS=1. */
import { z } from "zod";
import { REGIONS, routes, SCHEDULING_STATUSES, SITE_TYPES, SYNC_ERRORS, SYNC_PROVIDERS, type RouteName, type SyncErrorCode } from "../contract/index.ts";
import type { App } from "./app.ts";
import { randomBytes } from "node:crypto";
import { one } from "./db/index.ts";
import { hashPassword } from "./auth/passwords.ts";
import { revokeUserSessions } from "./auth/tokens.ts";
import { totp } from "./auth/totp.ts";
import { HttpError, notFound, validation, zodErrors } from "./http/errors.ts";
import type { Router } from "./http/router.ts";
import { ALL_RIGHTS, findClientByGlobalId, findUserByEmail, siteById, SUPER_RIGHT, toClient, toSite } from "./model.ts";
import { sha256 } from "./auth/crypto.ts";
import { DEMO_PASSWORD } from "./clients/seed-data.ts";
import { seedBusyClient } from "./history/seed-busy.ts";
import { isValidChannelName } from "./realtime/protocol.ts";
import { AppVersion, createDeviceCode, toDevice } from "./api/devices.ts";
import { clearDirectoryFaults, setDirectoryFault, setDirectoryMembers } from "./directory/server.ts";
import { setCentralRecordFault } from "./central-record/server.ts";
import { setSlackFault, SLACK_FAULTS } from "./slack/server.ts";
import { settleBackground } from "./background.ts";
import { registerVisitTestHooks } from "./visits/testhooks.ts";
import { registerAccountTestHooks } from "./account/testhooks.ts";
import { registerNotificationTestHooks } from "./notifications/testhooks.ts";
import { registerUploadTestHooks } from "./http/upload-testhooks.ts";

const RouteNameSchema = z.enum(Object.keys(routes) as [RouteName, ...RouteName[]]);

const ConfigBody = z.object({
  access_token_ttl: z.number().int().positive().optional(),
  refresh_token_ttl: z.number().int().positive().optional(),
  login_rate_limit: z.number().int().positive().optional(),
  login_rate_window: z.number().int().positive().optional(),
});

const RealtimeFaultBody = z.object({
  channel: z.string().min(1),
  plan: z.array(z.enum(["drop", "hold", "pass"])).min(1).max(100),
});

const FaultBody = z.object({
  route: RouteNameSchema,
  status: z.number().int().min(100).max(599),
  count: z.number().int().min(0).default(1),
  /** An error code for the answer's body, e.g. `trial_period_over`. */
  code: z.string().regex(/^[a-z_]{1,40}$/).optional(),
});

const DirectoryFaultBody = z.object({
  provider: z.enum(SYNC_PROVIDERS),
  /** One of the contract's SYNC_ERRORS codes, or null to answer normally again. */
  fault: z.enum(Object.keys(SYNC_ERRORS) as [SyncErrorCode, ...SyncErrorCode[]]).nullable(),
});

const DirectoryMembersBody = z.object({
  /** The directory group's people from now on; null: back to the demo data. */
  members: z
    .array(z.object({ id: z.string().min(1).max(100), name: z.string().min(1).max(200), email: z.string().max(200).default(""), mobile: z.string().max(30).nullable().default(null) }))
    .max(200)
    .nullable(),
});

const SlackFaultBody = z.object({
  /** How the demo Slack fails from now on (invalid_auth revokes every token issued so far), or null to answer normally again. */
  fault: z.enum(SLACK_FAULTS).nullable(),
});

const UserBody = z.object({
  email: z.string().email(),
  name: z.string().optional(),
  password: z.string().optional(),
  client: z.string().regex(/^[a-z]{2}:\d+$/).default("eu:1"),
  role: z.string().default("Standard User"),
  password_expired: z.boolean().default(false),
  /** Days since the password was last changed (for the client's password_expiry_days policy). */
  password_changed_days_ago: z.number().int().min(0).optional(),
  terms_accepted: z.boolean().default(true),
  totp_secret: z.string().nullable().optional(),
  site_ids: z.array(z.number().int()).nullable().optional(),
  is_super: z.boolean().default(false),
  primary: z.boolean().default(false),
  billing: z.boolean().default(false),
  sso: z.boolean().default(false),
  locale: z.string().default("en_GB"),
  /** Further clients: [{client, role}]. */
  also: z.array(z.object({ client: z.string(), role: z.string().default("Standard User") })).default([]),
});

const ClientBody = z.object({
  force_2fa: z.boolean().optional(),
  trial_ends_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable().optional(),
  password_expiry_days: z.union([z.literal(30), z.literal(60), z.literal(90)]).nullable().optional(),
  prevent_password_reuse: z.boolean().optional(),
  force_reauthentication: z.boolean().optional(),
  name: z.string().min(1).optional(),
  scheduling_status: z.enum(SCHEDULING_STATUSES).optional(),
  reseller: z.boolean().optional(),
  is_school: z.boolean().optional(),
  /** Merged into the existing settings (`settings || body`; a key sent as null is stored as null). */
  settings: z.record(z.string(), z.unknown()).optional(),
  /** Standard and remote sites the client may have (null = no limit). */
  site_limit: z.number().int().min(0).nullable().optional(),
  /** Groups the client may have (null = no limit). */
  group_limit: z.number().int().min(0).nullable().optional(),
});

const BroadcastBody = z.object({
  channel: z.string().refine(isValidChannelName, "Invalid channel name."),
  event: z.string().min(1).max(200),
  data: z.unknown().optional(),
});

const SiteBody = z.object({
  space_exists: z.boolean().optional(),
  /** An event's dates as stored, unchecked (e.g. a start in the past, so the event has begun). */
  active_from: z.string().datetime({ offset: true }).nullable().optional(),
  active_until: z.string().datetime({ offset: true }).nullable().optional(),
});

const DeviceCodeBody = z.object({
  region: z.enum(REGIONS).default("eu"),
  app_version: AppVersion.nullable().default("3.12.0"),
  /** Make the code expired already (to see the "expired" answer). */
  expired: z.boolean().default(false),
});

const DeviceBody = z.object({
  /** Seconds since the device last called in (0 = now, online); null = never (offline). */
  last_seen_seconds_ago: z.number().int().min(0).nullable().optional(),
  app_version: AppVersion.nullable().optional(),
});

const RoleBody = z.object({
  client: z.string().regex(/^[a-z]{2}:\d+$/).default("eu:1"),
  name: z.string().trim().min(1).max(100),
  rights: z.array(z.enum([...ALL_RIGHTS, SUPER_RIGHT] as [string, ...string[]])).max(100),
});

const NewSiteBody = z.object({
  client: z.string().regex(/^[a-z]{2}:\d+$/).default("eu:1"),
  name: z.string().trim().min(1).max(100),
  type: z.enum(SITE_TYPES).default("standard"),
  timezone: z.string().default("Europe/London"),
  /** Also show the client's groups that are limited to some sites (e.g. Acme's Contractors). */
  all_groups: z.boolean().default(false),
  /** Evacuation points of the site, in order. */
  evacuation_points: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
});

const NewGroupBody = z.object({
  client: z.string().regex(/^[a-z]{2}:\d+$/).default("eu:1"),
  name: z.string().trim().min(1).max(100),
  /** Shown at these sites only (the client's); a returning group. */
  site_ids: z.array(z.number().int()).min(1).max(20),
  allow_sign_out_first: z.boolean().default(false),
  members: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  /** Connected to this directory (a sync handler, its members synced), without calling it. */
  synced: z.enum(SYNC_PROVIDERS).optional(),
});

function parse<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const r = schema.safeParse(raw);
  if (!r.success) throw validation(zodErrors(r.error));
  return r.data;
}

export function registerTestHooks(router: Router, app: App): void {
  // Visit management: the retention sweep now, old and rejected visits (visits/testhooks.ts).
  registerVisitTestHooks(router, app);
  registerAccountTestHooks(router, app);
  registerNotificationTestHooks(router, app);
  registerUploadTestHooks(router);
  router.get("/__test/stats", () => ({ body: app.stats.snapshot() }));
  router.post("/__test/stats/reset", () => {
    app.stats.reset();
    return { body: { ok: true } };
  });

  router.get("/__test/config", () => ({ body: currentConfig(app) }));
  router.post("/__test/config", async (ctx) => {
    const b = parse(ConfigBody, await ctx.readBody());
    if (b.access_token_ttl !== undefined) app.opts.accessTokenTtl = b.access_token_ttl;
    if (b.refresh_token_ttl !== undefined) app.opts.refreshTokenTtl = b.refresh_token_ttl;
    if (b.login_rate_limit !== undefined) app.limiter.limit = app.opts.loginRateLimit = b.login_rate_limit;
    if (b.login_rate_window !== undefined) app.limiter.windowSeconds = app.opts.loginRateWindow = b.login_rate_window;
    return { body: currentConfig(app) };
  });
  router.post("/__test/rate-limit/reset", () => {
    app.limiter.reset();
    return { body: { ok: true } };
  });

  router.post("/__test/faults", async (ctx) => {
    const b = parse(FaultBody, await ctx.readBody());
    app.stats.addFault(b.route, b.status, b.count, b.code);
    return { body: { ok: true } };
  });
  // Realtime faults on one channel: drop or hold back (reorder) its next broadcasts.
  router.post("/__test/realtime/faults", async (ctx) => {
    const b = parse(RealtimeFaultBody, await ctx.readBody());
    app.realtime.injectFaults(b.channel, b.plan);
    return { body: { ok: true } };
  });
  // The demo directory: a provider answering as in one of the sync errors, or a group's people changed.
  router.post("/__test/directory/faults", async (ctx) => {
    const b = parse(DirectoryFaultBody, await ctx.readBody());
    setDirectoryFault(app, b.provider, b.fault);
    return { body: { ok: true } };
  });
  router.post("/__test/directory/:provider/groups/:groupId/members", async (ctx) => {
    const provider = parse(z.enum(SYNC_PROVIDERS), ctx.params.provider);
    const b = parse(DirectoryMembersBody, await ctx.readBody());
    if (!setDirectoryMembers(app, provider, ctx.params.groupId, b.members)) throw notFound("Unknown directory group.");
    return { body: { ok: true } };
  });
  // The demo Central Record: unreachable, or Wonde access removed (groups spec §8).
  router.post("/__test/central-record/fault", async (ctx) => {
    const b = parse(z.object({ fault: z.enum(["central_record_connection", "wonde_removed"]).nullable() }), await ctx.readBody());
    setCentralRecordFault(app, b.fault);
    return { body: { ok: true } };
  });
  // The safety check (ADR 029): a group's mode, without going through its sign-in tab.
  router.post("/__test/groups/:id/safety-check", async (ctx) => {
    const b = parse(z.object({ mode: z.enum(["off", "soft", "hard"]) }), await ctx.readBody());
    const id = /^\d{1,9}$/.test(ctx.params.id) ? Number(ctx.params.id) : NaN;
    const rows = Number.isNaN(id)
      ? []
      : await app.db.query(
          `UPDATE groups SET settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{sign_in}', coalesce(settings->'sign_in', '{}'::jsonb) || jsonb_build_object('safety_check', $2::text)) WHERE id = $1 RETURNING id`,
          [id, b.mode],
        );
    if (!rows.length) throw notFound("Unknown group.");
    return { body: { ok: true } };
  });
  // The demo Slack: a fault (revoked tokens, a channel gone, rate limited, no answer).
  router.post("/__test/slack/faults", async (ctx) => {
    const b = parse(SlackFaultBody, await ctx.readBody());
    setSlackFault(app, b.fault);
    return { body: { ok: true } };
  });
  // Wait until the work started after earlier answers (Slack messages after sign-ins) is done.
  router.post("/__test/background/settle", async () => {
    await settleBackground(app);
    return { body: { ok: true } };
  });
  router.post("/__test/faults/reset", () => {
    app.stats.clearFaults();
    clearDirectoryFaults(app);
    setCentralRecordFault(app, null);
    setSlackFault(app, null);
    return { body: { ok: true } };
  });

  // The busy demo client (ADR 025), for the history benchmark: made once, a few seconds.
  router.post("/__test/busy-client", async () => ({ body: await seedBusyClient(app.db) }));
  router.post("/__test/users", async (ctx) => {
    const b = parse(UserBody, await ctx.readBody());
    const email = b.email.trim().toLowerCase();
    const accesses = [{ client: b.client, role: b.role }, ...b.also];
    const resolved: { clientId: number; roleId: number }[] = [];
    for (const a of accesses) {
      const client = await findClientByGlobalId(app.db, a.client);
      if (!client) throw validation({ client: [`Unknown client ${a.client}.`] });
      const role = await one<{ id: number }>(app.db, "SELECT id FROM roles WHERE client_id = $1 AND name = $2", [client.id, a.role]);
      if (!role) throw validation({ role: [`Unknown role ${a.role} in ${a.client}.`] });
      resolved.push({ clientId: client.id, roleId: role.id });
    }
    const hash = b.sso ? null : await hashPassword(b.password ?? DEMO_PASSWORD);
    const user = await app.db.tx(async (q) => {
      // Replace a user of the same address (tests may rerun against a kept database).
      await q.query("DELETE FROM users WHERE email = $1", [email]);
      const [u] = await q.query<{ id: number }>(
        `INSERT INTO users (email, name, password_hash, password_changed_at, password_expired, terms_accepted_at, totp_secret,
                            is_super, locale, sso, last_client_id)
         VALUES ($1, $2, $3, now() - make_interval(days => $4), $5, CASE WHEN $6 THEN now() END, $7, $8, $9, $10, $11)
         RETURNING id`,
        [
          email,
          b.name ?? email.split("@")[0],
          hash,
          b.password_changed_days_ago ?? 0,
          b.password_expired,
          b.terms_accepted,
          b.totp_secret ?? null,
          b.is_super,
          b.locale,
          b.sso,
          resolved[0].clientId,
        ],
      );
      for (const [i, r] of resolved.entries()) {
        await q.query(
          `INSERT INTO client_users (user_id, client_id, role_id, is_primary, is_billing, site_ids)
           VALUES ($1, $2, $3, $4, $5, $6::jsonb) ON CONFLICT (user_id, client_id) DO NOTHING`,
          [u.id, r.clientId, r.roleId, i === 0 && b.primary, i === 0 && b.billing, i === 0 && b.site_ids ? JSON.stringify(b.site_ids) : null],
        );
      }
      return u;
    });
    return { status: 201, body: { id: user.id, email, client: b.client, role: b.role } };
  });

  router.post("/__test/clients/:globalId", async (ctx) => {
    const client = await findClientByGlobalId(app.db, ctx.params.globalId);
    if (!client) throw notFound("Unknown client.");
    const b = parse(ClientBody, await ctx.readBody());
    const sets: string[] = [];
    const params: unknown[] = [client.id];
    const set = (col: string, value: unknown, cast = "") => {
      params.push(value);
      sets.push(`${col} = $${params.length}${cast}`);
    };
    if (b.force_2fa !== undefined) set("force_2fa", b.force_2fa);
    if (b.trial_ends_on !== undefined) set("trial_ends_on", b.trial_ends_on, "::date");
    if (b.password_expiry_days !== undefined) set("password_expiry_days", b.password_expiry_days);
    if (b.prevent_password_reuse !== undefined) set("prevent_password_reuse", b.prevent_password_reuse);
    if (b.force_reauthentication !== undefined) set("force_reauthentication", b.force_reauthentication);
    if (b.name !== undefined) set("name", b.name);
    if (b.scheduling_status !== undefined) set("scheduling_status", b.scheduling_status);
    if (b.reseller !== undefined) set("reseller", b.reseller);
    if (b.is_school !== undefined) set("is_school", b.is_school);
    if (b.site_limit !== undefined) set("site_limit", b.site_limit);
    if (b.group_limit !== undefined) set("group_limit", b.group_limit);
    if (b.settings !== undefined) {
      params.push(JSON.stringify(b.settings));
      sets.push(`settings = settings || $${params.length}::jsonb`);
    }
    if (sets.length) await app.db.query(`UPDATE clients SET ${sets.join(", ")} WHERE id = $1`, params);
    return { body: toClient((await findClientByGlobalId(app.db, ctx.params.globalId))!) };
  });

  // A returning group of its own (shown at the given sites), with members, optionally signing out
  // first and optionally synced from a directory (ADR 015), so a test owns its people.
  router.post("/__test/groups", async (ctx) => {
    const b = parse(NewGroupBody, await ctx.readBody());
    const client = await findClientByGlobalId(app.db, b.client);
    if (!client) throw validation({ client: [`Unknown client ${b.client}.`] });
    const body = await app.db.tx(async (q) => {
      const [group] = await q.query<{ id: number }>(
        `INSERT INTO groups (client_id, name, type, position, site_ids, allow_sign_out_first)
         VALUES ($1, $2, 'returning', (SELECT coalesce(max(position), -1) + 1 FROM groups WHERE client_id = $1), $3::jsonb, $4) RETURNING id`,
        [client.id, b.name, JSON.stringify(b.site_ids), b.allow_sign_out_first],
      );
      if (b.synced) {
        await q.query("INSERT INTO group_syncs (group_id, provider, status, access_token, enabled) VALUES ($1, $2, 'connected', 'test-token', true)", [group.id, b.synced]);
      }
      const members: { id: number; name: string }[] = [];
      for (const [i, name] of b.members.entries()) {
        const [m] = await q.query<{ id: number }>("INSERT INTO members (group_id, name, synced, directory_id) VALUES ($1, $2, $3, $4) RETURNING id", [
          group.id,
          name,
          !!b.synced,
          b.synced ? `test-${group.id}-${i}` : null,
        ]);
        members.push({ id: m.id, name });
      }
      return { id: group.id, name: b.name, members };
    });
    return { status: 201, body };
  });

  // A custom role (created, or its rights replaced; users holding it keep it).
  router.post("/__test/roles", async (ctx) => {
    const b = parse(RoleBody, await ctx.readBody());
    const client = await findClientByGlobalId(app.db, b.client);
    if (!client) throw validation({ client: [`Unknown client ${b.client}.`] });
    const [role] = await app.db.query<{ id: number; name: string; rights: string[] }>(
      `INSERT INTO roles (client_id, name, rights) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (client_id, name) DO UPDATE SET rights = EXCLUDED.rights RETURNING id, name, rights`,
      [client.id, b.name, JSON.stringify([...new Set(b.rights)])],
    );
    return { status: 201, body: { ...role, client: b.client } };
  });

  // A fresh site (its own counts, visits and events) with one kiosk device; users of the client
  // with every site (site_ids null) see it, and groups shown at every site are shown there.
  router.post("/__test/sites", async (ctx) => {
    const b = parse(NewSiteBody, await ctx.readBody());
    const client = await findClientByGlobalId(app.db, b.client);
    if (!client) throw validation({ client: [`Unknown client ${b.client}.`] });
    const deviceToken = `test-kiosk-${randomBytes(12).toString("hex")}`;
    const id = await app.db.tx(async (q) => {
      const [site] = await q.query<{ id: number }>(
        `INSERT INTO sites (client_id, type, name, timezone, position)
         VALUES ($1, $2, $3, $4, (SELECT coalesce(max(position), -1) + 1 FROM sites WHERE client_id = $1)) RETURNING id`,
        [client.id, b.type, b.name, b.timezone],
      );
      await q.query("INSERT INTO devices (site_id, name, token_hash) VALUES ($1, 'Test kiosk', $2)", [site.id, sha256(deviceToken)]);
      for (const [position, title] of b.evacuation_points.entries()) {
        await q.query("INSERT INTO evacuation_points (site_id, title, position) VALUES ($1, $2, $3)", [site.id, title, position]);
      }
      if (b.all_groups) {
        await q.query(
          "UPDATE groups SET site_ids = site_ids || jsonb_build_array($2::int) WHERE client_id = $1 AND site_ids IS NOT NULL",
          [client.id, site.id],
        );
      }
      return site.id;
    });
    const groups = await app.db.query<{ id: number; name: string; type: string; approval_required: boolean }>(
      `SELECT id, name, type, approval_required FROM groups
        WHERE client_id = $1 AND (site_ids IS NULL OR site_ids @> jsonb_build_array($2::int)) ORDER BY position, id`,
      [client.id, id],
    );
    return { status: 201, body: { id, name: b.name, type: b.type, device_token: deviceToken, site: toSite((await siteById(app.db, id))!), groups } };
  });

  router.post("/__test/sites/:id", async (ctx) => {
    const id = /^\d{1,9}$/.test(ctx.params.id) ? Number(ctx.params.id) : NaN;
    const site = Number.isNaN(id) ? undefined : await one(app.db, "SELECT id FROM sites WHERE id = $1", [id]);
    if (!site) throw notFound("Unknown site.");
    const b = parse(SiteBody, await ctx.readBody());
    if (b.space_exists !== undefined) await app.db.query("UPDATE sites SET space_exists = $2 WHERE id = $1", [id, b.space_exists]);
    if (b.active_from !== undefined) await app.db.query("UPDATE sites SET active_from = $2::timestamptz WHERE id = $1", [id, b.active_from]);
    if (b.active_until !== undefined) await app.db.query("UPDATE sites SET active_until = $2::timestamptz WHERE id = $1", [id, b.active_until]);
    return { body: toSite((await siteById(app.db, id))!) };
  });

  // A code as a kiosk app would show it (the admin then enters it on a site), with the token the
  // kiosk will use once connected.
  router.post("/__test/device-codes", async (ctx) => {
    const b = parse(DeviceCodeBody, await ctx.readBody());
    const created = await createDeviceCode(app.db, b.region, b.app_version);
    if (b.expired) await app.db.query("UPDATE device_codes SET expires_at = now() - interval '1 minute' WHERE token_hash = $1", [sha256(created.token)]);
    return { status: 201, body: { ...created, region: b.region, expires_at: b.expired ? new Date(Date.now() - 60_000).toISOString() : created.expires_at } };
  });

  // A device's last call and app version (online/offline, up to date/outdated on the devices tab).
  router.post("/__test/devices/:id", async (ctx) => {
    const id = /^\d{1,9}$/.test(ctx.params.id) ? Number(ctx.params.id) : NaN;
    const device = Number.isNaN(id) ? undefined : await one(app.db, "SELECT id FROM devices WHERE id = $1", [id]);
    if (!device) throw notFound("Unknown device.");
    const b = parse(DeviceBody, await ctx.readBody());
    if (b.last_seen_seconds_ago !== undefined) {
      // make_interval(NULL) is NULL, so null clears it.
      await app.db.query("UPDATE devices SET last_seen_at = now() - make_interval(secs => $2::int) WHERE id = $1", [id, b.last_seen_seconds_ago]);
    }
    if (b.app_version !== undefined) await app.db.query("UPDATE devices SET app_version = $2 WHERE id = $1", [id, b.app_version]);
    const row = await one<Record<string, unknown>>(app.db, "SELECT * FROM devices WHERE id = $1", [id]);
    return { body: toDevice(row as never) };
  });

  // A client API credential's tokens expired, or its rate window filled (ADR 030).
  router.post("/__test/api-clients/:id", async (ctx) => {
    const id = /^\d{1,9}$/.test(ctx.params.id) ? Number(ctx.params.id) : NaN;
    if (Number.isNaN(id) || !(await one(app.db, "SELECT 1 FROM api_clients WHERE id = $1", [id]))) throw notFound("Unknown API client.");
    const b = (await ctx.readBody()) as { expire_tokens?: boolean; window_count?: number };
    if (b.expire_tokens) await app.db.query("UPDATE api_client_tokens SET expires_at = now() - interval '1 second' WHERE api_client_id = $1", [id]);
    if (typeof b.window_count === "number") {
      await app.db.query(
        `INSERT INTO api_client_usage (api_client_id, window_start, window_count) VALUES ($1, date_trunc('minute', now()), $2)
         ON CONFLICT (api_client_id) DO UPDATE SET window_start = date_trunc('minute', now()), window_count = $2`,
        [id, Math.max(0, Math.floor(b.window_count))],
      );
    }
    return { body: { ok: true } };
  });

  router.get("/__test/outbox", async (ctx) => {
    const to = ctx.url.searchParams.get("to");
    const row = await one<{ to_email: string; subject: string; body: string; created_at: Date }>(
      app.db,
      to
        ? "SELECT to_email, subject, body, created_at FROM outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1"
        : "SELECT to_email, subject, body, created_at FROM outbox ORDER BY id DESC LIMIT 1",
      to ? [to.trim().toLowerCase()] : [],
    );
    if (!row) throw notFound("No mail.");
    // How many mails went to that address (or in all): what a throttle on sending them must bound.
    const total = await one<{ n: string | number }>(
      app.db,
      to ? "SELECT count(*) AS n FROM outbox WHERE to_email = $1" : "SELECT count(*) AS n FROM outbox",
      to ? [to.trim().toLowerCase()] : [],
    );
    return { body: { to: row.to_email, subject: row.subject, body: row.body, created_at: row.created_at, count: Number(total?.n ?? 0) } };
  });

  // A user's sign-ins made `hours` older (forced re-authentication, ADR 023).
  router.post("/__test/sessions/age", async (ctx) => {
    const b = parse(z.object({ email: z.string(), hours: z.number().int().min(1).max(1000) }), await ctx.readBody());
    const user = await findUserByEmail(app.db, b.email);
    if (!user) throw notFound("Unknown user.");
    const rows = await app.db.query("UPDATE sessions SET created_at = created_at - make_interval(hours => $2) WHERE user_id = $1 RETURNING id", [user.id, b.hours]);
    return { body: { ok: true, aged: rows.length } };
  });

  router.post("/__test/revoke", async (ctx) => {
    const b = parse(z.object({ email: z.string() }), await ctx.readBody());
    const user = await findUserByEmail(app.db, b.email);
    if (!user) throw notFound("Unknown user.");
    const revoked = await revokeUserSessions(app.db, user.id);
    return { body: { ok: true, revoked } };
  });

  // Realtime (Pusher protocol on /app/{key}).
  router.post("/__test/broadcast", async (ctx) => {
    const b = parse(BroadcastBody, await ctx.readBody());
    return { body: { delivered: app.realtime.broadcast(b.channel, b.event, b.data ?? null) } };
  });
  router.get("/__test/realtime", () => {
    const s = app.realtime.stats();
    return {
      body: {
        connections: s.connections,
        channels: s.channels,
        messages_sent: s.messagesSent,
        messages_received: s.messagesReceived,
        broadcasts: s.broadcasts,
      },
    };
  });
  router.post("/__test/realtime/drop", () => ({ body: { dropped: app.realtime.dropAll() } }));

  router.get("/__test/totp", (ctx) => {
    const secret = ctx.url.searchParams.get("secret");
    if (!secret) throw new HttpError(422, { message: "secret is required", errors: { secret: ["The secret field is required."] } });
    try {
      return { body: { code: totp(secret) } };
    } catch {
      throw validation({ secret: ["The secret is not valid base32."] });
    }
  });
}

function currentConfig(app: App) {
  return {
    access_token_ttl: app.opts.accessTokenTtl,
    refresh_token_ttl: app.opts.refreshTokenTtl,
    login_rate_limit: app.opts.loginRateLimit,
    login_rate_window: app.opts.loginRateWindow,
  };
}
