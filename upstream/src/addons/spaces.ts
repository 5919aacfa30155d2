/**
 * The Spaces add-on (issue 26 item 8; ADR 036 "The Spaces add-on"): its state for the caller's
 * client, starting its 15-day trial and turning Spaces on or off at a site. Spaces.editor for all
 * three. A trial ends at the end of its 15th day in the client's zone (the client's own, else its
 * first site's), fixed when it starts; whether it is over is decided on every read (no job): then
 * the client's Spaces reads as off (`toClient`, `spacesTrialOver`) with its layout and bookings
 * kept, until issue 29's purchase.
 */
import { ADDON_MESSAGES as M, ADDON_TRIAL_DAYS, SPACES_PRICE_CENTS, SPACES_RIGHTS, currencyOf, type SpacesAddon } from "../../contract/index.ts";
import type { z } from "zod";
import type { SpacesAtSiteInput, SpacesTrialInput } from "../../contract/index.ts";
import type { Principal } from "../clients/regional.ts";
import { membership, toClient } from "../clients/model.ts";
import { one, type Queryable } from "../db/index.ts";
import { HttpError, notFound, validation } from "../http/errors.ts";
import { requireRight } from "../auth/policy.ts";
import { scopedSites } from "../scope/sites.ts";
import type { App } from "../runtime/app.ts";
import { addLocalDays, isTimeZone, localToday, zonedInstant } from "../time/local-time.ts";

interface TrialRow {
  started_at: Date | string;
  ends_at: Date | string;
  last_day: string;
  time_zone: string;
  purchased_at: Date | string | null;
}

const conflict = (message: string) => new HttpError(409, { message });
const iso = (v: Date | string) => new Date(v).toISOString();

/** The trial that starts at `now` in `zone`: its last day is the 15th, counting today, and it ends as that day does. */
export function trialPeriod(now: Date, zone: string): { lastDay: string; endsAt: Date } {
  const lastDay = addLocalDays(localToday(zone, now), ADDON_TRIAL_DAYS - 1);
  return { lastDay, endsAt: zonedInstant(addLocalDays(lastDay, 1), "00:00", zone) };
}

/** Days left of a trial whose last day is `lastDay`, today included (0 once it has ended). */
export function daysLeft(lastDay: string, zone: string, now: Date): number {
  const today = localToday(zone, now);
  const days = Math.round((Date.parse(`${lastDay}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000) + 1;
  return Math.max(0, days);
}

/** The client's zone: its own, else its first site's, else London's (the portal's default). */
async function clientZone(q: Queryable, clientId: number): Promise<string> {
  const r = await one<{ zone: string | null }>(
    q,
    `SELECT coalesce(c.default_timezone, (SELECT s.timezone FROM sites s WHERE s.client_id = c.id ORDER BY s.position, s.id LIMIT 1)) AS zone FROM clients c WHERE c.id = $1`,
    [clientId],
  );
  return r?.zone && isTimeZone(r.zone) ? r.zone : "Europe/London";
}

/**
 * Spaces.editor. The state reads for an expired client too (platform §2's add-on pages are not
 * active-only); a change is refused to one (403 `trial_period_over`), as every spaces call is.
 */
const requireEditor = (p: Principal, change = true) => requireRight(p, SPACES_RIGHTS.edit, { activeOnly: change, message: M.unauthorised });

/** Purchased: bought through issue 29's purchase, or held in one of the client's subscriptions (the demo's Acme). */
async function purchased(q: Queryable, clientId: number, trial: TrialRow | undefined): Promise<boolean> {
  if (trial?.purchased_at) return true;
  return !!(await one(q, `SELECT 1 FROM subscriptions WHERE client_id = $1 AND addons @> '[{"name": "Spaces"}]'::jsonb LIMIT 1`, [clientId]));
}

/** The sites in the caller's scope that can take spaces (not event sites), in display order. */
async function addonSites(q: Queryable, p: Principal) {
  return (await scopedSites(q, p, "space")).filter((s) => s.type !== "event");
}

export async function spacesAddon(q: Queryable, p: Principal, now = new Date()): Promise<SpacesAddon> {
  requireEditor(p, false);
  const trial = await one<TrialRow>(q, "SELECT started_at, ends_at, last_day::text AS last_day, time_zone, purchased_at FROM addon_trials WHERE client_id = $1 AND addon = 'spaces'", [p.client.id]);
  const bought = await purchased(q, p.client.id, trial);
  const over = !!trial && new Date(trial.ends_at).getTime() <= now.getTime();
  const state = bought ? "purchased" : !trial ? "not_started" : over ? "trial_expired" : "trial";
  const client = toClient(p.client);
  const currency = currencyOf(client.settings.country);
  return {
    state,
    // As the config answers it (toClient: off once a trial is over unpurchased), at `now`.
    enabled: client.settings.spaces_enabled && !(state === "trial_expired"),
    trial: trial
      ? { started_at: iso(trial.started_at), ends_at: iso(trial.ends_at), last_day: trial.last_day, time_zone: trial.time_zone, days_left: daysLeft(trial.last_day, trial.time_zone, now) }
      : null,
    trial_days: ADDON_TRIAL_DAYS,
    price: { currency, cents_per_site_per_year: SPACES_PRICE_CENTS[currency] },
    sites: (await addonSites(q, p)).map((s) => ({ id: s.id as number, name: s.name as string, spaces_enabled: s.spaces_enabled === true, space_exists: s.space_exists === true })),
  };
}

/** The chosen sites, each one of the caller's sites that can take spaces (422 otherwise). */
async function chosenSites(q: Queryable, p: Principal, ids: number[]): Promise<number[]> {
  const mine = new Set((await addonSites(q, p)).map((s) => s.id as number));
  const chosen = [...new Set(ids)];
  if (chosen.some((id) => !mine.has(id))) throw validation({ site_ids: [M.siteUnknown] });
  return chosen;
}

/** Start the trial: once per client (409 after, or when purchased); Spaces on for the client and at the chosen sites. */
export async function startSpacesTrial(app: App, p: Principal, body: z.infer<typeof SpacesTrialInput>): Promise<SpacesAddon> {
  requireEditor(p);
  const sites = await chosenSites(app.db, p, body.site_ids);
  await app.db.tx(async (q) => {
    if (await purchased(q, p.client.id, undefined)) throw conflict(M.purchased);
    const zone = await clientZone(q, p.client.id);
    const { lastDay, endsAt } = trialPeriod(new Date(), zone);
    // The primary key decides between two starts at once: the second inserts nothing.
    const [row] = await q.query(
      `INSERT INTO addon_trials (client_id, addon, ends_at, last_day, time_zone, started_by) VALUES ($1, 'spaces', $2, $3, $4, $5)
       ON CONFLICT (client_id, addon) DO NOTHING RETURNING client_id`,
      [p.client.id, endsAt.toISOString(), lastDay, zone, p.user.id],
    );
    if (!row) throw conflict(M.trialStarted);
    await q.query(`UPDATE clients SET settings = settings || '{"spaces_enabled": true}'::jsonb WHERE id = $1`, [p.client.id]);
    await q.query("UPDATE sites SET spaces_enabled = true WHERE client_id = $1 AND id = ANY($2::int[])", [p.client.id, sites]);
  });
  return spacesAddon(app.db, await reloaded(app, p));
}

/** Spaces on or off at a site of the caller's: on only while the trial runs or once purchased (409 otherwise). */
export async function setSpacesAtSite(app: App, p: Principal, siteIdParam: string, body: z.infer<typeof SpacesAtSiteInput>): Promise<SpacesAddon> {
  requireEditor(p);
  const id = /^\d{1,9}$/.test(siteIdParam) ? Number(siteIdParam) : NaN;
  if (!(await addonSites(app.db, p)).some((s) => s.id === id)) throw notFound("Site not found.");
  if (body.enabled) {
    const state = (await spacesAddon(app.db, p)).state;
    if (state !== "trial" && state !== "purchased") throw conflict(M.notActive);
  }
  await app.db.tx(async (q) => {
    if (body.enabled) await q.query(`UPDATE clients SET settings = settings || '{"spaces_enabled": true}'::jsonb WHERE id = $1 AND NOT coalesce((settings->>'spaces_enabled')::boolean, false)`, [p.client.id]);
    await q.query("UPDATE sites SET spaces_enabled = $2 WHERE id = $1 AND spaces_enabled <> $2", [id, body.enabled]);
  });
  return spacesAddon(app.db, await reloaded(app, p));
}

/** The caller with their client read again (its settings and trial as they now stand). */
async function reloaded(app: App, p: Principal): Promise<Principal> {
  const m = await membership(app.db, p.user.id, p.client.id);
  return m ? { ...p, m, client: m.client } : p;
}
