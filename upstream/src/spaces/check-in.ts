/**
 * Signing in is the check-in (research ★; ADR 036): a booking counts as used when its person signs
 * in at its site — at the kiosk, on Today or with the companion app — from an hour before its start
 * until its end. A desk or parking space still unused `release_after_minutes` after its start (the
 * site's setting) is released, and its person is told by email; one still on site from earlier (an
 * open visit) is marked used instead. A member is their member row; a portal user is the member of
 * the client with their email, if any.
 */
import { RELEASABLE_CATEGORIES } from "../../contract/index.ts";
import type { Queryable } from "../db/index.ts";
import type { App } from "../runtime/app.ts";
import { schedule } from "../runtime/background.ts";
import { announceBookings } from "./announce.ts";

/**
 * The booking `b` is the person of member `member` (an SQL expression): the member, or the portal
 * user of the client of site `site` whose email is the member's.
 */
const bookingOfMember = (member: string, site: string) => `(
  (b.person_kind = 'member' AND b.person_id = ${member})
  OR (b.person_kind = 'user' AND b.person_id IN (
        SELECT cu.id FROM client_users cu JOIN users u ON u.id = cu.user_id JOIN members m ON lower(m.email) = lower(u.email)
         WHERE m.id = ${member} AND cu.client_id = (SELECT client_id FROM sites WHERE id = ${site})))
)`;

/** Mark the bookings of the member who signed in at `siteId` at `at` as used; returns how many. */
export async function markBookingsUsed(q: Queryable, siteId: number, memberId: number, at: Date = new Date()): Promise<number> {
  const rows = await q.query(
    `UPDATE space_bookings b SET used_at = $3 WHERE b.site_id = $1 AND b.status = 'active' AND b.used_at IS NULL
        AND b.starts_at <= $3::timestamptz + interval '1 hour' AND b.ends_at > $3::timestamptz AND ${bookingOfMember("$2", "$1")} RETURNING b.id`,
    [siteId, memberId, at.toISOString()],
  );
  return rows.length;
}

/** One sweep: bookings whose person is on site become used; the rest past their site's time are released. */
export async function releaseUnused(app: App, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  // Still on site from an earlier sign-in (an open visit that began before the booking's window).
  await app.db.query(
    `UPDATE space_bookings b SET used_at = v.signed_in_at
       FROM visits v
      WHERE b.status = 'active' AND b.used_at IS NULL AND b.starts_at <= $1::timestamptz AND b.ends_at > $1::timestamptz
        AND v.site_id = b.site_id AND v.status = 'signed_in' AND v.signed_out_at IS NULL AND v.member_id IS NOT NULL
        AND ${bookingOfMember("v.member_id", "b.site_id")}`,
    [at],
  );
  return app.db.tx(async (q) => {
    const released = await q.query<{ id: number; site_id: number; person_kind: string; person_id: number; person_name: string; space: string; site: string; starts_at: Date }>(
      `UPDATE space_bookings b SET status = 'released', ended_at = $1::timestamptz
         FROM space_settings st, space_nodes n, sites s
        WHERE st.site_id = b.site_id AND st.release_after_minutes IS NOT NULL AND n.id = b.space_id AND s.id = b.site_id
          AND b.status = 'active' AND b.used_at IS NULL AND b.category = ANY($2::text[])
          AND b.starts_at + make_interval(mins => st.release_after_minutes) <= $1::timestamptz
        RETURNING b.id, b.site_id, b.person_kind, b.person_id, b.person_name, n.name AS space, s.name AS site, b.starts_at`,
      [at, [...RELEASABLE_CATEGORIES]],
    );
    for (const b of released) {
      const [to] = await q.query<{ email: string | null }>(
        b.person_kind === "member" ? "SELECT email FROM members WHERE id = $1" : "SELECT u.email FROM client_users cu JOIN users u ON u.id = cu.user_id WHERE cu.id = $1",
        [b.person_id],
      );
      if (!to?.email) continue;
      await q.query("INSERT INTO outbox (to_email, subject, body) VALUES ($1, $2, $3)", [
        to.email,
        `Your booking of ${b.space} was released`,
        `Hello ${b.person_name},\n\nYou did not sign in at ${b.site} after your booking of ${b.space} started, so it was released for others to book.\n`,
      ]);
    }
    return released;
  }).then((released) => {
    for (const siteId of new Set(released.map((b) => b.site_id))) announceBookings(app, siteId);
    return released.length;
  });
}

export const RELEASE_EVERY_MS = 60_000;

/** The sweep every minute (the server starts every area's jobs; ../runtime/area.ts). */
export const startRelease = (app: App, everyMs = RELEASE_EVERY_MS) =>
  schedule(app, "spaces auto-release", everyMs, async () => {
    const n = await releaseUnused(app);
    if (n) app.log({ msg: "spaces auto-release", bookings: n });
  });
