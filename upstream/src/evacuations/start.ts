/**
 * Starting an evacuation of a site, from the portal (`evacuations.ts`) or a kiosk
 * (../devices/kiosk.ts): the evacuees are everyone signed in at that moment.
 */
import type { EvacuationSummary } from "../../contract/index.ts";
import { validation } from "../http/errors.ts";
import { emitEvacuation } from "../notifications/events.ts";
import type { App } from "../runtime/app.ts";
import { activeEvacuation, evacuationById, send, siteChannel, toSummary } from "./evacuation-rows.ts";

export interface Starter {
  name: string;
  /** The user starting it (becomes a participant, via portal), or null for a kiosk. */
  userId: number | null;
}

/**
 * Start an evacuation of a site: 422 when one is active there; the evacuees are everyone signed in
 * at that moment (every group, deliveries too). The site's row is locked, so sign-ins and starts at
 * the site are serialised with the snapshot. Broadcasts EvacuationCreatedEvent on private-Site.{id}.
 */
export async function startEvacuationAt(app: App, siteId: number, by: Starter, comment?: string): Promise<EvacuationSummary> {
  const row = await app.db.tx(async (q) => {
    await q.query("SELECT id FROM sites WHERE id = $1 FOR UPDATE", [siteId]);
    if (await activeEvacuation(q, siteId)) throw validation({ site: ["An evacuation is already in progress at this site"] });
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO evacuations (site_id, status, event_counter, started_by, started_by_user_id) VALUES ($1, 'created', 0, $2, $3) RETURNING id`,
      [siteId, by.name, by.userId],
    );
    await q.query(
      `INSERT INTO evacuees (evacuation_id, visit_id, name, group_id, company)
       SELECT $1, v.id, v.name, v.group_id, v.company FROM visits v
        WHERE v.site_id = $2 AND v.status = 'signed_in' ORDER BY v.signed_in_at, v.id`,
      [id, siteId],
    );
    if (by.userId !== null) {
      await q.query(`INSERT INTO evacuation_participants (evacuation_id, user_id, name, via) VALUES ($1, $2, $3, 'portal')`, [id, by.userId, by.name]);
    }
    const text = comment?.trim();
    if (text) await q.query(`INSERT INTO evacuation_comments (evacuation_id, content, author) VALUES ($1, $2, $3)`, [id, text, by.name]);
    return (await evacuationById(q, id))!;
  });
  const evacuation = toSummary(row);
  send(app, siteChannel(siteId), "EvacuationCreatedEvent", { evacuation });
  emitEvacuation(app, "evacuation_started", row.id);
  return evacuation;
}
