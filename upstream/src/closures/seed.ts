/**
 * Closure days' demo data (issue 27 item 2), for Acme: this year's bank holidays of England imported
 * for each of its British standard and remote sites (Head Office, Warehouse, Field Team, Home
 * Workers; not the events, nor the Dublin office, which keeps Ireland's), as the import would, and
 * the Head Office's Christmas shutdown, 24–26 December.
 */
import type { Queryable } from "../db/index.ts";
import { perDemoClient } from "../clients/seed.ts";
import type { SeedStep } from "../runtime/seed-step.ts";
import { holidayKey, publicHolidays, siteCountry } from "./holidays.ts";

export async function seedClosures(q: Queryable, clientId: number, siteIds: readonly number[], headOffice: number | undefined, year: number): Promise<void> {
  const sites = await q.query<{ id: number; timezone: string | null }>(
    "SELECT id, timezone FROM sites WHERE client_id = $1 AND id = ANY($2::int[]) AND type IN ('standard', 'remote') ORDER BY id",
    [clientId, [...siteIds]],
  );
  const days = publicHolidays("GB", "ENG", year);
  for (const s of sites.filter((s) => siteCountry(s.timezone, "GB") === "GB")) {
    for (const d of days) {
      await q.query(
        `INSERT INTO closure_periods (client_id, reason, starts_on, ends_on, site_ids, scope_key, holiday) VALUES ($1, $2, $3, $3, $4, $5, $6)
         ON CONFLICT (client_id, holiday, scope_key) WHERE holiday IS NOT NULL DO NOTHING`,
        [clientId, d.name, d.date, [s.id], String(s.id), holidayKey("GB", "ENG", d.date)],
      );
    }
  }
  if (headOffice !== undefined) {
    await q.query(
      `INSERT INTO closure_periods (client_id, reason, starts_on, ends_on, site_ids, scope_key)
       SELECT $1, 'Christmas shutdown', $2, $3, $4, $5 WHERE NOT EXISTS (SELECT 1 FROM closure_periods WHERE client_id = $1 AND reason = 'Christmas shutdown' AND starts_on = $2::date)`,
      [clientId, `${year}-12-24`, `${year}-12-26`, [headOffice], String(headOffice)],
    );
  }
}

export const seedSteps: SeedStep[] = [
  perDemoClient("closures.acme-holidays", undefined, async ({ q }, gid, clientId, ids) => {
    if (gid !== "eu:1") return;
    const keys = ["acme-hq", "acme-wh", "acme-field", "acme-home"];
    const siteIds = keys.flatMap((k) => (ids.sites.has(k) ? [ids.sites.get(k)!] : []));
    await seedClosures(q, clientId, siteIds, ids.sites.get("acme-hq"), new Date().getUTCFullYear());
  }),
];
