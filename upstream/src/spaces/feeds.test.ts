/**
 * Spaces' calendar feeds over HTTP against a running upstream (issue 26 item 5; ADR 036): a weekly
 * booking across the March 2027 clock change read back with node-ical (09:00 London every week), a
 * person's feed and a space's each showing only theirs, a cancellation as STATUS:CANCELLED, reset
 * and revoke (404 after), who may create and revoke, bad tokens (404, never 500), the ETag's 304,
 * the throttle, and the secret never listed again.
 */
import ical from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Booking, CalendarFeedCreated, SPACE_FEED_MESSAGES, SPACES_MESSAGES, SpacesSite } from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";
import { localParts } from "../time/local-time.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
const { call, as, user } = httpTestClient(() => up.url, "feeds");
const TZ = "Europe/London";
let site: number;
let elsewhere: number;
const desks: number[] = [];
let ann: As;
let bob: As;
let annWeekly: Booking[];
let bobOnDesk1: Booking;
let bobOnDesk2: Booking;

const node = async (body: Record<string, unknown>) => (await call("POST", `/__test/sites/${site}/spaces/nodes`, body)).json.id as number;
const feeds = (a: As) => a.post(`spaces/${site}/calendar-feeds`, { kind: "person" });
const created = (r: { status: number; json: unknown }) => {
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return CalendarFeedCreated.parse(r.json);
};
/** Fetch a feed's URL (no bearer), as a calendar app would. */
const fetchFeed = (url: string, headers: Record<string, string> = {}) => fetch(url.replace(/^https?:\/\/[^/]+/, up.url), { headers });
const events = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c): c is ical.VEvent => c?.type === "VEVENT");

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  site = (await call("POST", "/__test/sites", { client: "eu:1", name: "Feeds site", timezone: TZ })).json.id;
  elsewhere = (await call("POST", "/__test/sites", { client: "eu:1", name: "Feeds elsewhere", timezone: TZ })).json.id;
  expect((await call("POST", `/__test/sites/${site}/spaces`, { advance_unit: "none" })).status).toBe(200);
  const floor = await node({ name: "Floor 2" });
  const north = await node({ name: "North", parent_id: floor });
  desks.push(await node({ name: "N1", parent_id: north, category: "desk" }), await node({ name: "N2", parent_id: north, category: "desk" }));
  ann = await user("Administrator");
  bob = await user("Administrator");
  // A weekly 09:00–17:00 from Monday 15 March 2027 to 5 April 2027: the clocks go forward on 28 March.
  const weekly = await ann.post(`spaces/${site}/bookings`, { space_id: desks[0], start: "2027-03-15T09:00:00+00:00", end: "2027-03-15T17:00:00+00:00", repeat: { every: "week", until: "2027-04-05" } });
  expect(weekly.status, JSON.stringify(weekly.json)).toBe(200);
  annWeekly = weekly.json.bookings as Booking[];
  bobOnDesk1 = ((await bob.post(`spaces/${site}/bookings`, { space_id: desks[0], start: "2027-03-16T09:00:00+00:00", end: "2027-03-16T12:00:00+00:00" })).json.bookings as Booking[])[0]!;
  bobOnDesk2 = ((await bob.post(`spaces/${site}/bookings`, { space_id: desks[1], start: "2027-03-15T09:00:00+00:00", end: "2027-03-15T17:00:00+00:00" })).json.bookings as Booking[])[0]!;
  expect([annWeekly.length, bobOnDesk1?.id, bobOnDesk2?.id].every(Boolean)).toBe(true);
}, 120_000);

afterAll(async () => {
  expect(serverErrors).toEqual([]);
  await up?.stop();
}, 60_000);

describe("a person's feed", () => {
  it("reads back with node-ical: each week at 09:00 London time across the clock change, only the person's bookings", async () => {
    const feed = created(await feeds(ann));
    expect(feed).toMatchObject({ kind: "person", space_id: null });
    expect(feed.url).toMatch(/\/eu\/api\/v2\/calendar\/[0-9a-f]{64}\.ics$/);
    const res = await fetchFeed(feed.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, max-age=900");
    const text = await res.text();
    expect(text).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT15M");
    expect(text).toContain("X-PUBLISHED-TTL:PT15M");
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/London");
    expect(text).toContain("DTSTART;TZID=Europe/London:20270329T090000");
    const evs = events(text);
    const host = new URL(up.app.opts.publicUrl).hostname;
    expect(evs.map((e) => e.uid)).toEqual(annWeekly.map((b) => `booking-${b.id}@${host}`));
    expect(evs.map((e) => localParts(e.start, TZ).time)).toEqual(["09:00", "09:00", "09:00", "09:00"]);
    expect(evs.map((e) => localParts(e.end!, TZ).time)).toEqual(["17:00", "17:00", "17:00", "17:00"]);
    expect(evs.map((e) => e.start.toISOString())).toEqual(annWeekly.map((b) => new Date(b.start).toISOString()));
    // Before the change 09:00 is 09:00 UTC, after it 08:00 UTC.
    expect(evs.map((e) => e.start.getUTCHours())).toEqual([9, 9, 8, 8]);
    expect(evs.map((e) => [e.summary, e.location, e.status])).toEqual(Array(4).fill(["Desk N1", "Feeds site, Floor 2, North", "CONFIRMED"]));
    // Bob's feed: his two bookings only.
    const bobs = events(await (await fetchFeed(created(await feeds(bob)).url)).text());
    expect(bobs.map((e) => e.uid.split("@")[0]).sort()).toEqual([`booking-${bobOnDesk1.id}`, `booking-${bobOnDesk2.id}`].sort());
  });

  it("lists the caller's live feeds without their secret; a reset revokes the old URL; a revoked feed is 404", async () => {
    const first = created(await feeds(ann));
    const second = created(await feeds(ann));
    expect(second.url).not.toBe(first.url);
    expect((await fetchFeed(first.url)).status).toBe(404);
    expect((await fetchFeed(second.url)).status).toBe(200);
    const r = await ann.get(`spaces/${site}`);
    const listed = SpacesSite.parse(r.json).calendar_urls;
    expect(listed.filter((f) => f.kind === "person").map((f) => f.id)).toEqual([second.id]);
    const raw = JSON.stringify(r.json);
    const token = second.url.split("/").pop()!.replace(".ics", "");
    expect(raw).not.toContain(token);
    expect(raw).not.toContain("/calendar/");
    expect(Object.keys(listed[0]!).sort()).toEqual(["created_at", "id", "kind", "space_id"]);
    // The token is never stored: only its digest.
    expect((await up.app.db.query("SELECT 1 FROM space_calendar_feeds WHERE token_sha256 = $1", [token])).length).toBe(0);
    const revoked = await ann.del(`spaces/${site}/calendar-feeds/${second.id}`);
    expect([revoked.status, revoked.json.message]).toEqual([200, SPACE_FEED_MESSAGES.feedRevoked]);
    expect((await fetchFeed(second.url)).status).toBe(404);
    expect((await ann.del(`spaces/${site}/calendar-feeds/${second.id}`)).status).toBe(404);
    expect(SpacesSite.parse((await ann.get(`spaces/${site}`)).json).calendar_urls.filter((f) => f.kind === "person")).toEqual([]);
  });

  it("answers 304 to its ETag, and throttles a token fetched too often", async () => {
    const feed = created(await feeds(bob));
    const res = await fetchFeed(feed.url);
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await fetchFeed(feed.url, { "if-none-match": etag });
    expect([again.status, await again.text()]).toEqual([304, ""]);
    expect((await fetchFeed(feed.url, { "if-none-match": '"other"' })).status).toBe(200);
    let last = 0;
    for (let i = 0; i < 30 && last !== 429; i++) last = (await fetchFeed(feed.url)).status;
    expect(last).toBe(429);
  });
});

describe("a space's feed", () => {
  it("shows only that space's bookings, everyone's, named; a cancelled one as CANCELLED", async () => {
    const feed = created(await ann.post(`spaces/${site}/calendar-feeds`, { kind: "space", space_id: desks[0] }));
    expect(feed).toMatchObject({ kind: "space", space_id: desks[0] });
    expect((await bob.del(`spaces/${site}/bookings/${bobOnDesk1.id}`)).status).toBe(200);
    const evs = events(await (await fetchFeed(feed.url)).text());
    const ids = (xs: { id: number }[]) => xs.map((b) => `booking-${b.id}`).sort();
    expect(evs.map((e) => e.uid.split("@")[0]).sort()).toEqual(ids([...annWeekly, bobOnDesk1]));
    const bobs = evs.find((e) => e.uid.startsWith(`booking-${bobOnDesk1.id}@`))!;
    expect(bobs.status).toBe("CANCELLED");
    expect(String(bobs.description)).toContain(bobOnDesk1.person.name);
    expect(evs.filter((e) => e.status === "CONFIRMED").length).toBe(4);
  });

  it("needs Spaces.viewer and a space of the site", async () => {
    expect((await call("POST", "/__test/roles", { client: "eu:1", name: "Feeds booker", rights: ["Spaces.book"] })).status).toBe(201);
    const booker = await user("Feeds booker");
    const refused = await booker.post(`spaces/${site}/calendar-feeds`, { kind: "space", space_id: desks[0] });
    expect([refused.status, refused.json.message]).toEqual([403, SPACE_FEED_MESSAGES.feedNeedsViewer]);
    // A booker's own feed is fine.
    created(await feeds(booker));
    const notSpace = await ann.post(`spaces/${site}/calendar-feeds`, { kind: "space", space_id: 999999 });
    expect([notSpace.status, notSpace.json.errors?.space_id]).toEqual([422, [SPACES_MESSAGES.notASpace]]);
    for (const bad of [{ kind: "room" }, { kind: "space" }, {}, { kind: "space", space_id: "1; DROP" }]) {
      expect((await ann.post(`spaces/${site}/calendar-feeds`, bad)).status).toBe(422);
    }
  });
});

describe("who may create and revoke", () => {
  it("another user cannot revoke someone else's feed; a spaces editor can", async () => {
    const booker = await user("Feeds booker");
    const mine = created(await feeds(booker));
    const annFeed = created(await feeds(ann));
    expect((await booker.del(`spaces/${site}/calendar-feeds/${annFeed.id}`)).status).toBe(404);
    expect((await fetchFeed(annFeed.url)).status).toBe(200);
    expect((await ann.del(`spaces/${site}/calendar-feeds/${mine.id}`)).status).toBe(200);
    expect((await fetchFeed(mine.url)).status).toBe(404);
    expect((await ann.del(`spaces/${site}/calendar-feeds/abc`)).status).toBe(404);
  });

  it("a restricted user of another site and another client cannot create feeds here", async () => {
    expect((await call("POST", "/__test/roles", { client: "eu:1", name: "Feeds elsewhere", rights: ["Spaces.viewer", "Spaces.book"] })).status).toBe(201);
    const restricted = await user("Feeds elsewhere", { site_ids: [elsewhere] });
    expect((await feeds(restricted)).status).toBe(404);
    const school = await as("school@example.com");
    expect((await feeds(school)).status).toBe(404);
    expect((await school.post(`spaces/${site}/calendar-feeds`, { kind: "space", space_id: desks[0] })).status).toBe(404);
  });

  it("a feed whose creator lost the site stops answering", async () => {
    const viewer = await user("Feeds elsewhere");
    const feed = created(await feeds(viewer));
    expect((await fetchFeed(feed.url)).status).toBe(200);
    await up.app.db.query("UPDATE client_users SET site_ids = jsonb_build_array($2::int) WHERE id = (SELECT created_by FROM space_calendar_feeds WHERE id = $1)", [feed.id, elsewhere]);
    expect((await fetchFeed(feed.url)).status).toBe(404);
  });
});

describe("bad tokens", () => {
  it("are 404, never 500", async () => {
    const feed = created(await feeds(ann));
    const token = feed.url.split("/").pop()!.replace(".ics", "");
    const base = `${up.url}/eu/api/v2/calendar/`;
    const bad = [
      `${token}0.ics`,
      `${"a".repeat(5000)}.ics`,
      `${"g".repeat(64)}.ics`,
      `${token.toUpperCase()}.ics`,
      token,
      `${token}.ics.ics`,
      "..%2F..%2Fopenapi.json",
      `..%2F${token}.ics`,
      `${token.slice(0, 63)}%00.ics`,
      "%E0%A4%A.ics",
      `${"0".repeat(64)}.ics`,
    ];
    for (const path of bad) {
      const r = await fetch(base + path);
      expect([path.slice(0, 20), r.status]).toEqual([path.slice(0, 20), 404]);
    }
    // The right token at another region's base is not there either.
    expect((await fetch(`${up.url}/us/api/v2/calendar/${token}.ics`)).status).toBe(404);
    expect((await fetchFeed(feed.url)).status).toBe(200);
    // The served OpenAPI document lists the feed as a public call.
    const doc = (await (await fetch(`${up.url}/api/v2/openapi.json`)).json()) as { paths: Record<string, { get: { security: unknown } }> };
    expect(doc.paths["/calendar/{token}.ics"].get.security).toEqual([]);
  });
});
