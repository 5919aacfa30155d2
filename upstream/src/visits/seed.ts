/**
 * Revision 23 (ADR 026): visit management. Acme (eu:1) may anonymise visits (`beta.anonymize-visits`,
 * in its settings); its rejected sign-ins carry the safety check's reason (groups spec §8), a few
 * more of them are added so Today's and history's dialogs show each reason, and one past visit is
 * protected against deletion.
 */
import type { Queryable } from "../db/index.ts";
import { one } from "../db/index.ts";
import type { SeedStep } from "../runtime/seed-step.ts";
import { perDemoClient } from "../clients/seed.ts";

export const REJECTED_SIGN_INS = [
  { name: "Victor Blake", company: "Blake Haulage", group: "Visitors", reason: "block_list_match", daysAgo: 2 },
  { name: "Greta Holm", company: "Holm Scaffolding", group: "Contractors", reason: "missing_health_certificates", daysAgo: 1 },
  { name: "Ivan Petrov", company: "Petrov Security", group: "Contractors", reason: "failed_central_record", daysAgo: 0 },
] as const;

export async function seedVisitManagement(q: Queryable, gid: string, clientId: number, siteIds: Map<string, number>, from: number): Promise<void> {
  if (gid !== "eu:1" || from >= 23) return;
  const hq = siteIds.get("acme-hq");
  if (hq === undefined) return;
  // The rejected sign-in of revision 3 (Tom Fletcher, not booked in): the block list matched.
  await q.query(`UPDATE visits SET rejection_reason = 'block_list_match' WHERE site_id = $1 AND status = 'rejected' AND rejection_reason IS NULL`, [hq]);
  for (const r of REJECTED_SIGN_INS) {
    const group = await one<{ id: number }>(q, "SELECT id FROM groups WHERE client_id = $1 AND name = $2", [clientId, r.group]);
    // Once: a database brought forward again (from an older revision) keeps the ones it has.
    if (!group || (await one(q, "SELECT 1 FROM visits WHERE site_id = $1 AND name = $2 AND status = 'rejected'", [hq, r.name]))) continue;
    await q.query(
      `INSERT INTO visits (site_id, group_id, name, company, host, status, source, created_at, rejection_reason)
       VALUES ($1, $2, $3, $4, 'Reception', 'rejected', 'kiosk', now() - make_interval(days => $5::int) - interval '2 hours', $6)`,
      [hq, group.id, r.name, r.company, r.daysAgo, r.reason],
    );
  }
  // A past visit kept as evidence: protected against deletion, with a note saying why.
  await q.query(
    `UPDATE visits SET protected = true, notes = coalesce(notes, 'Kept for incident report IR-2041.')
      WHERE id = (SELECT id FROM visits WHERE site_id = $1 AND name = 'Marcus Lee' AND status = 'signed_out' ORDER BY created_at LIMIT 1)`,
    [hq],
  );
}

/** After the visits of revision 3. */
export const seedSteps: SeedStep[] = [
  perDemoClient("visits.rejections-and-protected", 23, ({ q, from }, gid, clientId, ids) => seedVisitManagement(q, gid, clientId, ids.sites, from)),
];
