/**
 * The "busy" demo client (issue 17 §6; ADR 025): Busy Logistics (eu:900), three sites, four groups
 * and 120,000 visits over the last 13 months, for the history benchmark and for trying the history
 * on a realistic volume. NOT part of every start (CI starts many upstreams): made on demand by
 * `npm run seed:busy`, by an upstream started with SEED_BUSY=1 (the README's demo command), or by
 * the test hook `POST /__test/busy-client` (the benchmark). Idempotent: nothing happens when the
 * client already has its visits.
 *
 * The visits are ONE set-based INSERT … SELECT over generate_series (a few seconds for 120k rows),
 * spread evenly back from now, at the sites and groups in turn; one in 50 is rejected, one in 997
 * has a company starting with `=` (the exports escape it); the last few hours' are still signed in.
 */
import { one, type Db } from "../db/index.ts";
import { hashPassword } from "../auth/passwords.ts";
import { ALL_RIGHTS } from "../clients/model.ts";
import { DEMO_PASSWORD } from "../clients/seed-data.ts";

export const BUSY_CLIENT = { region: "eu", number: 900, name: "Busy Logistics" } as const;
export const BUSY_ADMIN = "busy@example.com";
export const BUSY_VISITS = 120_000;
const SITES = ["North Depot", "South Depot", "Head Office"];
const GROUPS: [string, "standard" | "delivery"][] = [
  ["Visitors", "standard"],
  ["Contractors", "standard"],
  ["Drivers", "standard"],
  ["Deliveries", "delivery"],
];

export interface BusySeed {
  clientId: number;
  created: boolean;
  visits: number;
  ms: number;
}

export async function seedBusyClient(db: Pick<Db, "tx">, visits = BUSY_VISITS): Promise<BusySeed> {
  const started = Date.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.tx(async (q) => {
    await q.query("SELECT pg_advisory_xact_lock(4711900)");
    const existing = await one<{ id: number }>(q, "SELECT id FROM clients WHERE region = $1 AND number = $2", [BUSY_CLIENT.region, BUSY_CLIENT.number]);
    if (existing) {
      const n = await one<{ n: string }>(q, "SELECT count(*) AS n FROM visits v JOIN sites s ON s.id = v.site_id WHERE s.client_id = $1", [existing.id]);
      return { clientId: existing.id, created: false, visits: Number(n?.n ?? 0), ms: Date.now() - started };
    }
    const [{ id: clientId }] = await q.query<{ id: number }>(
      `INSERT INTO clients (region, number, name, settings, site_limit) VALUES ($1, $2, $3, $4::jsonb, 10) RETURNING id`,
      [BUSY_CLIENT.region, BUSY_CLIENT.number, BUSY_CLIENT.name, JSON.stringify({ account_status: "normal", country: "GB", tier: "enhanced", "beta.visit-record-personal-fields": true })],
    );
    const siteIds: number[] = [];
    for (const [i, name] of SITES.entries()) {
      const [{ id }] = await q.query<{ id: number }>(
        `INSERT INTO sites (client_id, type, name, timezone, locale, position) VALUES ($1, 'standard', $2, 'Europe/London', 'en_GB', $3) RETURNING id`,
        [clientId, name, i],
      );
      siteIds.push(id);
    }
    const groupIds: number[] = [];
    for (const [i, [name, type]] of GROUPS.entries()) {
      // Two years' retention: the hourly sweep (visits/retention.ts) keeps the 13 months.
      const [{ id }] = await q.query<{ id: number }>(
        `INSERT INTO groups (client_id, name, type, position, settings) VALUES ($1, $2, $3, $4, '{"privacy":{"data_retention":"2y"}}'::jsonb) RETURNING id`,
        [clientId, name, type, i],
      );
      groupIds.push(id);
    }
    const [{ id: roleId }] = await q.query<{ id: number }>(`INSERT INTO roles (client_id, name, rights) VALUES ($1, 'Administrator', $2::jsonb) RETURNING id`, [clientId, JSON.stringify(ALL_RIGHTS)]);
    await q.query("INSERT INTO roles (client_id, name, rights) VALUES ($1, 'Standard User', '[]'::jsonb)", [clientId]);
    const user =
      (await one<{ id: number }>(q, "SELECT id FROM users WHERE email = $1", [BUSY_ADMIN])) ??
      (
        await q.query<{ id: number }>(
          `INSERT INTO users (email, name, password_hash, terms_accepted_at, locale, last_client_id) VALUES ($1, 'Bea Busy', $2, now(), 'en_GB', $3) RETURNING id`,
          [BUSY_ADMIN, passwordHash, clientId],
        )
      )[0]!;
    await q.query(`INSERT INTO client_users (user_id, client_id, role_id, is_primary, is_billing) VALUES ($1, $2, $3, true, true) ON CONFLICT (user_id, client_id) DO NOTHING`, [
      user.id,
      clientId,
      roleId,
    ]);
    // One statement for every visit: i = 1 is the newest; 13 months (395 days) spread evenly.
    await q.query(
      `INSERT INTO visits (site_id, group_id, name, company, host, status, source, created_at, signed_in_at, signed_out_at)
       SELECT ($1::int[])[1 + i % 3], ($2::int[])[1 + i % 4],
              (ARRAY['Ada','Ben','Cleo','Dev','Elif','Finn','Gita','Hugo','Iris','Jon','Kemi','Luca'])[1 + i % 12] || ' ' ||
              (ARRAY['Adams','Brown','Chen','Davies','Evans','Fischer','Garcia','Hughes','Ito','Jones','Khan'])[1 + (i / 12) % 11],
              CASE WHEN i % 997 = 0 THEN '=HYPERLINK("http://example.com")' ELSE (ARRAY['Northwind','Contoso','Initech','Umbrella','Stark Freight', NULL])[1 + i % 6] END,
              (ARRAY['Pat Host','Sam Lead','Ria Front'])[1 + i % 3],
              CASE WHEN i % 50 = 0 THEN 'rejected' WHEN at > now() - interval '6 hours' THEN 'signed_in' ELSE 'signed_out' END,
              (ARRAY['portal','kiosk','companion'])[1 + i % 3],
              at,
              CASE WHEN i % 50 = 0 THEN NULL ELSE at END,
              CASE WHEN i % 50 = 0 OR at > now() - interval '6 hours' THEN NULL ELSE at + make_interval(mins => 30 + (i % 420)) END
         FROM generate_series(1, $3::int) AS i,
              LATERAL (SELECT now() - make_interval(secs => i * (395.0 * 86400 / $3::int))) AS t(at)`,
      [siteIds, groupIds, visits],
    );
    return { clientId, created: true, visits, ms: Date.now() - started };
  });
}
