/**
 * Groups' "auto-clear in/out status" (groups spec §3 group settings, sign-out tab: off, at a time of
 * day in the site's time, or a number of hours after signing in): a sweep signs those visits out,
 * each as an automatic sign-out (the same SignOutEvent as any sign-out, and the notification event
 * `automatic_sign_out`; ADR 028). Before issue 18 the setting was stored but nothing acted on it.
 * Every minute (`startAutoSignOut`, from the server) and on demand (POST /__test/visits/auto-sign-out).
 */
import type { App } from "../runtime/app.ts";
import { schedule } from "../runtime/background.ts";
import { signOutVisit } from "../today/sign-in-out.ts";
import { HttpError } from "../http/errors.ts";

const CUTOFF = `((date_trunc('day', now() AT TIME ZONE s.timezone) + (g.settings->'sign_out'->>'auto_clear_time')::time) AT TIME ZONE s.timezone)`;

/** The signed-in visits whose group's auto-clear has come due. */
const DUE_SQL = `
  SELECT v.id, v.site_id FROM visits v JOIN groups g ON g.id = v.group_id JOIN sites s ON s.id = v.site_id
   WHERE v.status = 'signed_in' AND v.signed_in_at IS NOT NULL AND (
     (g.settings->'sign_out'->>'auto_clear' = 'after_duration'
       AND (g.settings->'sign_out'->>'auto_clear_hours') ~ '^[0-9]{1,3}$'
       AND v.signed_in_at <= now() - make_interval(hours => (g.settings->'sign_out'->>'auto_clear_hours')::int))
     OR (g.settings->'sign_out'->>'auto_clear' = 'at_time'
       AND (g.settings->'sign_out'->>'auto_clear_time') ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
       AND ${CUTOFF} <= now() AND v.signed_in_at < ${CUTOFF}))
   ORDER BY v.id LIMIT 500`;

/** Sign out every visit due; returns how many. */
export async function autoSignOut(app: App): Promise<number> {
  let done = 0;
  for (;;) {
    const due = await app.db.query<{ id: number; site_id: number }>(DUE_SQL);
    let progressed = 0;
    for (const v of due) {
      try {
        await signOutVisit(app, v, "visit", "automatic_sign_out");
        progressed++;
      } catch (err) {
        // Signed out meanwhile by someone else: nothing to do.
        if (!(err instanceof HttpError)) throw err;
      }
    }
    done += progressed;
    if (due.length < 500 || progressed === 0) return done;
  }
}

export const AUTO_SIGN_OUT_EVERY_MS = 60_000;

export const startAutoSignOut = (app: App, everyMs = AUTO_SIGN_OUT_EVERY_MS) =>
  schedule(app, "automatic sign-out", everyMs, async () => {
    const n = await autoSignOut(app);
    if (n) app.log({ msg: "automatic sign-out", visits: n });
  });
