/**
 * `GET {region}/api/v2/calendar/{token}.ics` (issue 26 item 5; ADR 036): a calendar feed, with no
 * bearer — the token is the credential. Served beside the contract's routes (as files are: the
 * contract's table answers JSON to a signed-in caller). An unknown, revoked or malformed token, or a
 * creator who lost their access, is 404 with nothing else; fetches are throttled per token. The
 * body is `text/calendar`, private for 15 minutes, with an ETag (304 to If-None-Match).
 *
 * Events: the feed's active bookings from 30 days ago to a year ahead, and the ones cancelled or
 * released within the last 30 days as STATUS:CANCELLED (so subscribers drop them).
 */
import { createHash } from "node:crypto";
import { CALENDAR_FEED_PATH, REGIONS, SPACE_FEED_MESSAGES, type Region } from "../../contract/index.ts";
import { RateLimiter } from "../auth/ratelimit.ts";
import { buildClaims } from "../auth/tokens.ts";
import type { Principal } from "../clients/regional.ts";
import { membership, type UserRow } from "../clients/model.ts";
import { one } from "../db/index.ts";
import { HttpError, notFound } from "../http/errors.ts";
import type { Ctx, Reply, Router } from "../http/router.ts";
import type { App } from "../runtime/app.ts";
import { FEED_TOKEN_PATTERN, tokenDigest, type FeedRow } from "./feeds.ts";
import { FEED_REFRESH_SECONDS, feedCalendar, type FeedBooking } from "./ical.ts";
import { layoutOf, spacesAt, type SpacesAt } from "./site.ts";

const DAY = 86_400_000;
/** A subscriber refreshes every 15 minutes; a few devices on one URL stay well within this. */
export const FEED_LIMITER = new RateLimiter(30, FEED_REFRESH_SECONDS, { name: "calendar-feed", countRefused: true });

const gone = () => notFound(SPACE_FEED_MESSAGES.feedGone);

/** The feed's creator as a caller of theirs, or null when they are no longer a user of the client. */
async function creatorOf(app: App, membershipId: number): Promise<Principal | null> {
  const cu = await one<{ user_id: number; client_id: number }>(app.db, "SELECT user_id, client_id FROM client_users WHERE id = $1", [membershipId]);
  const user = cu && (await one<UserRow>(app.db, "SELECT * FROM users WHERE id = $1", [cu.user_id]));
  const m = cu && user && (await membership(app.db, user.id, cu.client_id));
  if (!user || !m) return null;
  return { claims: buildClaims(app, user, m, m.client, `calendar-feed:${membershipId}`), user, m, client: m.client };
}

/** What the creator may see at the feed's site now, or null (lost rights, site or feature: as revoked). */
async function creatorAccess(app: App, feed: FeedRow): Promise<SpacesAt | null> {
  const creator = await creatorOf(app, feed.created_by);
  if (!creator) return null;
  try {
    const at = await spacesAt(app.db, creator, String(feed.site_id));
    return feed.kind === "space" && !at.can.view_all ? null : at;
  } catch (err) {
    if (err instanceof HttpError) return null;
    throw err;
  }
}

async function feedBookings(app: App, feed: FeedRow, now: Date): Promise<FeedBooking[]> {
  const from = new Date(now.getTime() - 30 * DAY).toISOString();
  const to = new Date(now.getTime() + 366 * DAY).toISOString();
  const [who, id] = feed.kind === "person" ? ["b.person_kind = 'user' AND b.person_id = $4", feed.person_id] : ["b.space_id = $4", feed.space_id];
  return app.db.query<FeedBooking>(
    `SELECT b.id, b.space_id, b.category, b.starts_at, b.ends_at, b.person_name, b.status, b.note, b.created_at, b.ended_at
       FROM space_bookings b
      WHERE b.site_id = $1 AND ${who} AND b.starts_at < $3 AND b.ends_at > $2
        AND (b.status = 'active' OR b.ended_at > $2)
      ORDER BY b.starts_at, b.id LIMIT 5000`,
    [feed.site_id, from, to, id],
  );
}

/** Whether `If-None-Match` names `etag` (a list, `*`, weak or strong alike). */
const matches = (header: string | string[] | undefined, etag: string) => {
  const given = String(header ?? "").split(",").map((t) => t.trim().replace(/^W\//, ""));
  return given.includes("*") || given.includes(etag);
};

async function serveFeed(app: App, ctx: Ctx, region: Region): Promise<Reply> {
  const m = /^([0-9a-f]{64})\.ics$/.exec(ctx.params.file ?? "");
  if (!m || !FEED_TOKEN_PATTERN.test(m[1]!)) throw gone();
  const digest = tokenDigest(m[1]!);
  const verdict = await FEED_LIMITER.hit(digest);
  if (!verdict.ok) throw new HttpError(429, { message: "Too many requests for this calendar. Try again later." }, { "retry-after": String(verdict.retryAfter) });
  const feed = await one<FeedRow & { site_name: string }>(
    app.db,
    `SELECT f.id, f.site_id, f.kind, f.person_id, f.space_id, f.created_by, f.created_at, s.name AS site_name
       FROM space_calendar_feeds f JOIN sites s ON s.id = f.site_id JOIN clients c ON c.id = s.client_id
      WHERE f.token_sha256 = $1 AND f.revoked_at IS NULL AND c.region = $2`,
    [digest, region],
  );
  const at = feed ? await creatorAccess(app, feed) : null;
  if (!feed || !at) throw gone();
  // With the deleted spaces: a past booking keeps its space's name.
  const layout = await layoutOf(app.db, at.site.id, true);
  const space = feed.space_id !== null ? layout.byId.get(feed.space_id) : undefined;
  const body = feedCalendar({
    name: space ? `${space.name}, ${at.site.name}` : `My bookings, ${at.site.name}`,
    site: { name: at.site.name, timezone: at.site.timezone },
    layout,
    host: new URL(app.opts.publicUrl).hostname,
    names: feed.kind === "space" && at.can.view_all,
    bookings: await feedBookings(app, feed, new Date()),
  });
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
  const headers = { "cache-control": `private, max-age=${FEED_REFRESH_SECONDS}`, etag, "x-content-type-options": "nosniff" };
  if (matches(ctx.req.headers["if-none-match"], etag)) return { status: 304, raw: "", headers: { ...headers, "content-type": "text/calendar; charset=utf-8" } };
  return { raw: body, headers: { ...headers, "content-type": "text/calendar; charset=utf-8", "content-disposition": 'inline; filename="bookings.ics"' } };
}

/** Register the feed's route under every region's base. */
export function registerCalendarFeedRoutes(router: Router, app: App): void {
  const path = CALENDAR_FEED_PATH.replace("{token}.ics", ":file");
  for (const region of REGIONS) router.get(`/${region}/api/v2/${path}`, (ctx) => serveFeed(app, ctx, region));
}

/** The feed's entry in the served OpenAPI document (merged as the kiosk's are). */
export function calendarFeedOpenApiPaths(): Record<string, Record<string, unknown>> {
  return {
    [`/${CALENDAR_FEED_PATH}`]: {
      get: {
        operationId: "calendarFeed",
        summary: "A secret calendar feed (iCalendar) of a person's or a space's bookings; no bearer, the token in the path is the credential. Refresh at most every 15 minutes; ETag and If-None-Match (304)",
        tags: ["spaces"],
        security: [],
        parameters: [{ name: "token", in: "path", required: true, description: "The feed's token: 64 hexadecimal digits", schema: { type: "string", pattern: "^[0-9a-f]{64}$" } }],
        responses: {
          "200": { description: "The calendar", content: { "text/calendar": { schema: { type: "string" } } } },
          "304": { description: "Not modified (If-None-Match)" },
          "404": { description: "Unknown, revoked or malformed token" },
          "429": { description: "Too many fetches of this feed; Retry-After says when to try again" },
        },
      },
    },
  };
}
