/**
 * Revision 25 (migration 035; ADR 029): the safety check's demo data. Acme (eu:1): Contractors checks
 * every sign-in hard; the block list holds "Mallory Blocked" (by name) and "Eve Shady" (name and the
 * Company field, both must match), and one scoped to the Warehouse. Globex (us:2): the Central
 * Record is required at sign-in for the groups its integrations tab links (Staff), every rating
 * system of the group's own list must pass, an unreachable record rejects; Staff checks softly.
 */
import type { Queryable } from "../db/index.ts";
import { one } from "../db/index.ts";
import { normalise } from "./match.ts";
import type { SeedStep } from "../runtime/seed-step.ts";
import { perDemoClient } from "../clients/seed.ts";

export const DEMO_BLOCK_LIST = [
  { name: "Mallory Blocked", fields: [], match_rule: "all", match_count: null, reason: "Trespass warning issued by the police", site: null },
  { name: "Eve Shady", fields: [{ label: "Company", value: "Shady Deliveries Ltd" }], match_rule: "all", match_count: null, reason: "Banned after a theft from the loading bay", site: null },
  { name: "Oscar Outsider", fields: [{ label: "Company", value: "Outsider Ltd" }, { label: "Vehicle registration", value: "AB12 CDE" }], match_rule: "count", match_count: 1, reason: "Not allowed on the warehouse floor", site: "acme-wh" },
] as const;

async function setMode(q: Queryable, clientId: number, group: string, mode: "soft" | "hard"): Promise<void> {
  await q.query(
    `UPDATE groups SET settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{sign_in}', coalesce(settings->'sign_in', '{}'::jsonb) || jsonb_build_object('safety_check', $3::text))
      WHERE client_id = $1 AND name = $2`,
    [clientId, group, mode],
  );
}

export async function seedSafetyCheck(q: Queryable, gid: string, clientId: number, siteIds: Map<string, number>, from: number): Promise<void> {
  if (from >= 25) return;
  if (gid === "eu:1") {
    await setMode(q, clientId, "Contractors", "hard");
    for (const e of DEMO_BLOCK_LIST) {
      if (await one(q, "SELECT 1 FROM block_list_entries WHERE client_id = $1 AND name = $2", [clientId, e.name])) continue;
      await q.query(
        `INSERT INTO block_list_entries (client_id, name, name_key, fields, match_rule, match_count, reason, site_id) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8)`,
        [clientId, e.name, normalise(e.name), JSON.stringify(e.fields), e.match_rule, e.match_count, e.reason, e.site ? (siteIds.get(e.site) ?? null) : null],
      );
    }
  }
  if (gid === "us:2") {
    await setMode(q, clientId, "Staff", "soft");
    await q.query(
      `INSERT INTO safety_check_settings (client_id, central_record_enabled, central_record_groups, rating_systems, minimum_rating, when_unreachable)
       VALUES ($1, true, 'linked', '{}', 'pass', 'reject') ON CONFLICT (client_id) DO NOTHING`,
      [clientId],
    );
  }
}

export const seedSteps: SeedStep[] = [perDemoClient("safety-check.demo", 25, ({ q, from }, gid, clientId, ids) => seedSafetyCheck(q, gid, clientId, ids.sites, from))];
