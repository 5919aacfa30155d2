/**
 * Revision 22 (issue 17; ADR 025): Acme's visit history — 600 past visits over the last 90 days at
 * its standard sites and in its visitor groups (signed out, one in 25 rejected, one with a company
 * starting with `=` that every export escapes), once, while Acme has no visit older than a day. One
 * set-based INSERT … SELECT. Today's visits are untouched (these all ended at least a day ago).
 */
import { one, type Queryable } from "../db/index.ts";
import type { SeedStep } from "../runtime/seed-step.ts";
import { perDemoClient } from "../clients/seed.ts";

export async function seedAcmeHistory(q: Queryable, gid: string, clientId: number, from: number): Promise<void> {
  if (gid !== "eu:1" || from >= 22) return;
  const old = await one(q, `SELECT 1 FROM visits v JOIN sites s ON s.id = v.site_id WHERE s.client_id = $1 AND v.created_at < now() - interval '1 day' LIMIT 1`, [clientId]);
  if (old) return;
  const sites = (await q.query<{ id: number }>(`SELECT id FROM sites WHERE client_id = $1 AND type = 'standard' ORDER BY position, id`, [clientId])).map((r) => r.id);
  const groups = (await q.query<{ id: number }>(`SELECT id FROM groups WHERE client_id = $1 AND type IN ('standard', 'delivery') ORDER BY position, id`, [clientId])).map((r) => r.id);
  if (!sites.length || !groups.length) return;
  await q.query(
    `INSERT INTO visits (site_id, group_id, name, company, host, status, source, created_at, signed_in_at, signed_out_at)
     SELECT ($1::int[])[1 + i % cardinality($1::int[])], ($2::int[])[1 + (i / 3) % cardinality($2::int[])],
            (ARRAY['Aiko','Bram','Carla','Dmitri','Esme','Felix','Greta','Hamid','Ines','Joel'])[1 + i % 10] || ' ' ||
            (ARRAY['Moreau','Nakamura','Okafor','Petrov','Quinn','Rossi','Schmidt'])[1 + (i / 10) % 7],
            CASE WHEN i = 7 THEN '=SUM(1+1)' ELSE (ARRAY['Northwind','Contoso','Initech', NULL])[1 + i % 4] END,
            (ARRAY['Alice Admin','Sam Standard'])[1 + i % 2],
            CASE WHEN i % 25 = 0 THEN 'rejected' ELSE 'signed_out' END,
            (ARRAY['portal','kiosk'])[1 + i % 2],
            at, CASE WHEN i % 25 = 0 THEN NULL ELSE at END,
            CASE WHEN i % 25 = 0 THEN NULL ELSE at + make_interval(mins => 20 + (i * 7) % 400) END
       FROM generate_series(1, 600) AS i,
            LATERAL (SELECT date_trunc('hour', now()) - interval '1 day' - make_interval(mins => i * 215)) AS t(at)`,
    [sites, groups],
  );
}

/** After Acme's sites and groups; the busy client (`seed-busy.ts`) is on demand only. */
export const seedSteps: SeedStep[] = [perDemoClient("history.acme-visits", 22, ({ q, from }, gid, clientId) => seedAcmeHistory(q, gid, clientId, from))];
