/**
 * Data retention (groups spec §3 group settings, privacy: data_retention "1 day to 15 years"; ADR
 * 026): visits older than their group's retention are removed, on a schedule (`startRetention`, from
 * the server) and on demand (the test hook POST /__test/visits/retention). Protected visits are
 * kept, and so are visits still open (signed in, pending, away): they are someone on site or out now.
 * A visit's age counts from when it was made (`created_at`). Removed in batches, so a large backlog
 * never holds long locks.
 */
import { DATA_RETENTIONS, GROUP_SETTINGS_DEFAULTS } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { schedule } from "../runtime/background.ts";

const UNITS = { d: "days", m: "months", y: "years" } as const;

/** "6m" → "6 months" (a PostgreSQL interval). */
export function retentionInterval(key: string): string {
  const m = /^(\d+)([dmy])$/.exec(key);
  if (!m) throw new Error(`Unknown data retention ${key}`);
  return `${m[1]} ${UNITS[m[2] as keyof typeof UNITS]}`;
}

const VALUES = DATA_RETENTIONS.map((k) => `('${k}', interval '${retentionInterval(k)}')`).join(", ");
const BATCH = 5000;

/** Remove the visits past their group's retention; returns how many went. */
export async function removeExpiredVisits(app: App): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await app.db.query<{ id: number }>(
      `DELETE FROM visits WHERE id IN (
         SELECT v.id FROM visits v
           JOIN groups g ON g.id = v.group_id
           JOIN (VALUES ${VALUES}) r(k, keep) ON r.k = coalesce(g.settings->'privacy'->>'data_retention', $1)
          WHERE NOT v.protected AND v.status NOT IN ('signed_in', 'pending', 'away') AND v.created_at < now() - r.keep
          LIMIT ${BATCH})
       RETURNING id`,
      [GROUP_SETTINGS_DEFAULTS.privacy.data_retention],
    );
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}

export const RETENTION_EVERY_MS = 60 * 60 * 1000;

/** The sweep every hour, the first a minute after the start (`../runtime/background.ts` schedule); returns the stop. */
export const startRetention = (app: App, everyMs = RETENTION_EVERY_MS) =>
  schedule(app, "data retention", everyMs, async () => {
    const removed = await removeExpiredVisits(app);
    if (removed) app.log({ msg: "data retention removed visits", removed });
  }, Math.min(60_000, everyMs));
