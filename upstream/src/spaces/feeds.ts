/**
 * Calendar feeds (issue 26 item 5; platform §9; ADR 036): a secret iCalendar URL per person or per
 * space at a site. The URL carries a 32-byte random token; only its SHA-256 is stored, so the URL is
 * shown once (on creation) and never listed again. Making a feed of the same kind (and space) again
 * revokes the previous one — a reset link. A feed is revoked by its creator or a spaces editor of
 * the site; a revoked, unknown or malformed token is 404, nothing more.
 *
 * A feed shows what its creator may see now: each fetch checks the creator's access as a call of
 * theirs would (`spacesAt`: rights, the client's feature, the site's switch, their sites); a space
 * feed also needs them to hold Spaces.viewer still. Lost access reads as a revoked feed (404).
 */
import { createHash, randomBytes } from "node:crypto";
import { SPACE_FEED_MESSAGES, SPACES_MESSAGES, type CalendarFeedCreated, type CalendarFeedInput, type CalendarFeedListed } from "../../contract/index.ts";
import type { Principal } from "../clients/regional.ts";
import type { Queryable } from "../db/index.ts";
import { forbidden, notFound, validation } from "../http/errors.ts";
import type { App } from "../runtime/app.ts";
import { isoInZone } from "../time/local-time.ts";
import { layoutOf, spacesAt, type SpacesAt } from "./site.ts";

export interface FeedRow {
  id: number;
  site_id: number;
  kind: "person" | "space";
  person_id: number | null;
  space_id: number | null;
  created_by: number;
  created_at: Date;
}

const FEED_COLS = "f.id, f.site_id, f.kind, f.person_id, f.space_id, f.created_by, f.created_at";

/** A feed token: 32 random bytes as 64 lowercase hexadecimal digits. */
export const FEED_TOKEN_PATTERN = /^[0-9a-f]{64}$/;
export const tokenDigest = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** `{publicUrl}/{region}/api/v2/calendar/{token}.ics`. */
export const feedUrl = (app: App, region: string, token: string) => `${app.opts.publicUrl}/${region}/api/v2/calendar/${token}.ics`;

const listed = (f: FeedRow, zone: string): CalendarFeedListed => ({ id: f.id, kind: f.kind, space_id: f.space_id, created_at: isoInZone(new Date(f.created_at), zone) });

/** The caller's live feeds at the site (GET spaces/{siteId}'s `calendar_urls`), without their secret. */
export async function liveFeeds(q: Queryable, p: Principal, at: SpacesAt): Promise<CalendarFeedListed[]> {
  const rows = await q.query<FeedRow>(`SELECT ${FEED_COLS} FROM space_calendar_feeds f WHERE f.site_id = $1 AND f.created_by = $2 AND f.revoked_at IS NULL ORDER BY f.id`, [at.site.id, p.m.id]);
  return rows.map((f) => listed(f, at.site.timezone));
}

/** POST spaces/{siteId}/calendar-feeds: a new feed (and the previous one of its kind and space revoked). */
export async function createFeed(app: App, p: Principal, siteIdParam: string, body: CalendarFeedInput): Promise<CalendarFeedCreated> {
  // spacesAt asks for Spaces.viewer or Spaces.book: a person feed needs no more.
  const at = await spacesAt(app.db, p, siteIdParam);
  let spaceId: number | null = null;
  if (body.kind === "space") {
    if (!at.can.view_all) throw forbidden(SPACE_FEED_MESSAGES.feedNeedsViewer);
    const space = (await layoutOf(app.db, at.site.id)).byId.get(body.space_id);
    if (!space || space.type !== "space") throw validation({ space_id: [SPACES_MESSAGES.notASpace] });
    spaceId = space.id;
  }
  const token = randomBytes(32).toString("hex");
  const row = await app.db.tx(async (q) => {
    await q.query(
      `UPDATE space_calendar_feeds SET revoked_at = now()
        WHERE created_by = $1 AND site_id = $2 AND kind = $3 AND coalesce(space_id, 0) = coalesce($4::int, 0) AND revoked_at IS NULL`,
      [p.m.id, at.site.id, body.kind, spaceId],
    );
    const [f] = await q.query<FeedRow>(
      `INSERT INTO space_calendar_feeds AS f (site_id, kind, person_id, space_id, created_by, token_sha256) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${FEED_COLS}`,
      [at.site.id, body.kind, body.kind === "person" ? p.m.id : null, spaceId, p.m.id, tokenDigest(token)],
    );
    return f!;
  });
  return { ...listed(row, at.site.timezone), url: feedUrl(app, p.client.region, token) };
}

/** DELETE spaces/{siteId}/calendar-feeds/{feedId}: its creator, or a spaces editor of the site; anyone else 404. */
export async function revokeFeed(app: App, p: Principal, siteIdParam: string, feedIdParam: string): Promise<{ message: string }> {
  const at = await spacesAt(app.db, p, siteIdParam);
  const id = /^\d{1,9}$/.test(feedIdParam) ? Number(feedIdParam) : NaN;
  const [row] = Number.isNaN(id)
    ? []
    : await app.db.query<{ id: number }>(
        "UPDATE space_calendar_feeds SET revoked_at = now() WHERE id = $1 AND site_id = $2 AND revoked_at IS NULL AND (created_by = $3 OR $4) RETURNING id",
        [id, at.site.id, p.m.id, at.can.edit],
      );
  if (!row) throw notFound(SPACE_FEED_MESSAGES.feedGone);
  return { message: SPACE_FEED_MESSAGES.feedRevoked };
}
