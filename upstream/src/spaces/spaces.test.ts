/**
 * Spaces over HTTP against a running upstream (issue 26; ADR 036): the layout read model, the
 * booking rules posted directly (past start, end before start, advance limit, buffer, permitted
 * zones, a person's second booking), 20 bookings of one slot at once (exactly one made), the
 * nearest free alternative, repeating bookings across a clock change, change and cancel, who may
 * see and touch what, signing in as the check-in, and the auto-release.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BookablePeople, Booking, Bookings, SPACES_MESSAGES, SpacesSite, bookingsReportRoutes, spaceDesignRoutes, spaceFeedRoutes, spaceRoutes } from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";
import { addLocalDays, localToday, zonedInstant } from "../time/local-time.ts";
import { TestClient, type Received } from "../realtime/test-client.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
const { call, as, user } = httpTestClient(() => up.url, "spaces");
let admin: As;
let site: number;
let zone: number;
let other: number;
const desks: number[] = [];
let room: number;
let group: { id: number; members: { id: number; name: string }[] };

const TZ = "Europe/London";
/** Local `time` on the day `days` from today at the test site, as ISO 8601. */
const at = (days: number, time: string) => zonedInstant(addLocalDays(localToday(TZ), days), time, TZ).toISOString();
const node = async (body: Record<string, unknown>) => (await call("POST", `/__test/sites/${site}/spaces/nodes`, body)).json.id as number;

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
  site = (await call("POST", "/__test/sites", { client: "eu:1", name: "Spaces site", timezone: TZ })).json.id;
  expect((await call("POST", `/__test/sites/${site}/spaces`, { advance_unit: "weeks", advance_value: 8, buffer_minutes: 15, release_after_minutes: 30 })).status).toBe(200);
  const floor = await node({ name: "Floor 1" });
  zone = await node({ name: "East", parent_id: floor });
  other = await node({ name: "West", parent_id: floor });
  for (let i = 1; i <= 3; i++) desks.push(await node({ name: `E${i}`, parent_id: zone, category: "desk", x: 0.1 * i, y: 0.5 }));
  desks.push(await node({ name: "W1", parent_id: other, category: "desk" }));
  room = await node({ name: "Room", parent_id: floor, category: "meeting-room" });
  group = (await call("POST", "/__test/groups", { client: "eu:1", name: "Spaces people", members: ["Bea Booker", "Nat Noflag"], site_ids: [site] })).json;
  await up.app.db.query(`UPDATE members SET permissions = '{"book_spaces": true}'::jsonb, spaces = jsonb_build_object('zones', jsonb_build_array($2::text)), email = 'bea.booker@example.com' WHERE id = $1`, [group.members[0]!.id, String(zone)]);
}, 120_000);

afterAll(async () => {
  expect(serverErrors).toEqual([]);
  await up?.stop();
}, 60_000);

const book = (a: As, body: Record<string, unknown>) => a.post(`spaces/${site}/bookings`, body);

describe("the layout", () => {
  it("is the demo's Head Office as a tree: 40 desks, 4 rooms, 6 parking spaces, each with its zone path", async () => {
    const hq = (await up.app.db.query<{ id: number }>("SELECT id FROM sites WHERE name = 'Head Office' AND client_id = (SELECT id FROM clients WHERE number = 1 AND region = 'eu')"))[0]!.id;
    const r = await admin.get(`spaces/${hq}`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const s = SpacesSite.parse(r.json);
    const all: SpacesSite["layout"] = [];
    const walk = (ns: SpacesSite["layout"]) => ns.forEach((n) => (all.push(n), walk(n.children)));
    walk(s.layout);
    const count = (c: string) => all.filter((n) => n.category === c).length;
    expect([count("desk"), count("meeting-room") + count("conference-room") + count("breakout-area"), count("parking-space")]).toEqual([40, 4, 6]);
    const n1 = all.find((n) => n.name === "N1")!;
    expect(n1.zone_path.map((id) => all.find((z) => z.id === id)!.name)).toEqual(["Floor 1", "North wing"]);
    expect(n1.placement).not.toBeNull();
    // A floor plan for each wing, the open plan, the meeting rooms and the car park: a PNG of the site.
    const planned = s.floor_plans.map((f) => all.find((z) => z.id === f.zone_id)!.name).sort();
    expect(planned).toEqual(["Car park", "Meeting rooms", "North wing", "Open plan", "South wing"]);
    const png = await admin.file(s.floor_plans[0]!.file);
    expect([png.status, png.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect(s.booking_advance_limit).toEqual({ unit: "weeks", value: 4 });
    expect(s.can).toMatchObject({ book: true, view_all: true, edit: true });
    // The demo's bookings: today's desks in use, yesterday's released.
    const b = Bookings.parse((await admin.get(`spaces/${hq}/bookings?status=all&from=${addLocalDays(localToday(TZ), -1)}&to=${addLocalDays(localToday(TZ), 8)}`)).json);
    expect(b.bookings.some((x) => x.status === "released")).toBe(true);
    expect(b.bookings.filter((x) => x.category === "desk" && x.status === "active" && x.used_at !== null).length).toBeGreaterThanOrEqual(6);
  });

  it("is refused without a spaces right, at a site outside the user's sites, and where spaces is off", async () => {
    expect((await call("POST", "/__test/roles", { client: "eu:1", name: "No spaces", rights: ["Today.viewer"] })).status).toBe(201);
    const none = await user("No spaces");
    for (const r of [await none.get(`spaces/${site}`), await none.get(`spaces/${site}/bookings`), await book(none, { space_id: desks[0], start: at(1, "09:00"), end: at(1, "17:00") })]) {
      expect([r.status, r.json.message]).toEqual([403, SPACES_MESSAGES.unauthorised]);
    }
    // Every spaces call of the contract, with real ids and a plausible body: 403, nothing changed.
    const before = (await up.app.db.query("SELECT count(*)::int AS n FROM space_nodes WHERE site_id = $1", [site]))[0];
    const routes = { ...spaceRoutes, ...spaceFeedRoutes, ...spaceDesignRoutes, ...bookingsReportRoutes };
    const ids: Record<string, number> = { siteId: site, bookingId: 1, nodeId: desks[0]!, feedId: 1 };
    for (const [name, route] of Object.entries(routes)) {
      const path = route.path.replace(/\{(\w+)\}/g, (_, k: string) => String(ids[k]));
      const body = name === "createBooking" ? { space_id: desks[0], start: at(1, "09:00"), end: at(1, "17:00") } : name === "createCalendarFeed" ? { kind: "person" } : name === "createSpaceNode" ? { type: "zone", name: "Nope" } : { name: "Nope" };
      const r =
        route.method === "GET"
          ? await none.get(`${path}${name === "bookablePeople" ? "?q=Bea" : ""}`)
          : route.method === "DELETE"
            ? await none.del(path)
            : "upload" in route
              ? await none.upload(path, "plan.png", new Uint8Array([137, 80, 78, 71]), "image/png")
              : route.method === "PATCH"
                ? await none.patch(path, body)
                : await none.post(path, body);
      expect([name, r.status], JSON.stringify(r.json)).toEqual([name, 403]);
    }
    expect((await up.app.db.query("SELECT count(*)::int AS n FROM space_nodes WHERE site_id = $1", [site]))[0]).toEqual(before);
    const elsewhere = (await call("POST", "/__test/sites", { client: "eu:1", name: "Spaces elsewhere", timezone: TZ })).json.id;
    expect((await call("POST", "/__test/roles", { client: "eu:1", name: "Spaces elsewhere", rights: ["Spaces.viewer", "Spaces.book"] })).status).toBe(201);
    const restricted = await user("Spaces elsewhere", { site_ids: [elsewhere] });
    expect((await restricted.get(`spaces/${site}`)).status).toBe(404);
    expect((await restricted.get(`spaces/${site}/bookings`)).status).toBe(404);
    expect((await admin.get(`spaces/${elsewhere}`)).json.message).toBe(SPACES_MESSAGES.siteNotEnabled);
    // Another client with spaces on (Oakfield): Acme's site is not there for it, nor its bookings.
    const school = await as("school@example.com");
    expect((await school.get(`spaces/${site}`)).status).toBe(404);
    expect((await school.get(`spaces/${site}/bookings`)).status).toBe(404);
    expect((await school.post(`spaces/${site}/bookings`, { space_id: desks[0], start: at(1, "09:00"), end: at(1, "10:00") })).status).toBe(404);
    expect((await admin.get("spaces/abc")).status).toBe(404);
  });
});

describe("booking rules, posted directly", () => {
  it("refuses a past start, an end before the start, past the advance limit, a bad time and another site's space", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ space_id: desks[0], start: new Date(Date.now() - 60_000).toISOString(), end: at(1, "17:00") }, "start", SPACES_MESSAGES.startPast],
      [{ space_id: desks[0], start: at(1, "17:00"), end: at(1, "09:00") }, "end", SPACES_MESSAGES.endBeforeStart],
      [{ space_id: desks[0], start: at(70, "09:00"), end: at(70, "17:00") }, "start", SPACES_MESSAGES.advanceLimit],
      [{ space_id: desks[0], start: "tomorrow at nine", end: at(1, "17:00") }, "start", SPACES_MESSAGES.time],
      [{ space_id: desks[0], start: at(1, "09:00"), end: at(40, "17:00") }, "end", SPACES_MESSAGES.tooLong],
      [{ space_id: zone, start: at(1, "09:00"), end: at(1, "17:00") }, "space_id", SPACES_MESSAGES.notASpace],
      [{ space_id: 999999, start: at(1, "09:00"), end: at(1, "17:00") }, "space_id", SPACES_MESSAGES.notASpace],
    ];
    for (const [body, field, message] of cases) {
      const r = await book(admin, body);
      expect([r.status, r.json.errors?.[field]], JSON.stringify(body)).toEqual([422, [message]]);
    }
    for (const hostile of [{ space_id: "1; DROP TABLE" }, { space_id: desks[0], start: "x".repeat(5000) }, [], "nope", { space_id: desks[0], start: at(1, "09:00"), end: at(1, "10:00"), note: "n".repeat(501) }]) {
      expect((await book(admin, hostile as never)).status).toBe(422);
    }
    expect((await up.app.db.query("SELECT 1 FROM space_bookings WHERE site_id = $1", [site])).length).toBe(0);
  });

  it("20 bookings of one space and slot at once: exactly 1 made, 19 refused with the message and the nearest free desk", async () => {
    const people = await Promise.all(Array.from({ length: 20 }, () => user("Administrator")));
    const body = { space_id: desks[0], start: at(2, "09:00"), end: at(2, "17:00") };
    const answers = await Promise.all(people.map((p) => book(p, body)));
    const made = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 409);
    expect([made.length, refused.length], JSON.stringify(answers.filter((r) => r.status !== 200 && r.status !== 409).map((r) => [r.status, r.json]))).toEqual([1, 19]);
    for (const r of refused) {
      expect(r.json.message).toBe(SPACES_MESSAGES.unavailable);
      // E1 is taken: E2 is the closest free desk in East.
      expect((r.json.data as { alternative: { space_id: number } }).alternative.space_id).toBe(desks[1]);
    }
    expect((await up.app.db.query("SELECT 1 FROM space_bookings WHERE space_id = $1 AND status = 'active'", [desks[0]])).length).toBe(1);
  });

  it("keeps the buffer free after a booking, on the server", async () => {
    expect((await book(admin, { space_id: room, start: at(3, "09:00"), end: at(3, "10:00") })).status).toBe(200);
    const tooSoon = await book(admin, { space_id: room, start: at(3, "10:10"), end: at(3, "11:00") });
    expect([tooSoon.status, tooSoon.json.message]).toEqual([409, SPACES_MESSAGES.unavailable]);
    const before = await book(await user("Administrator"), { space_id: room, start: at(3, "08:00"), end: at(3, "08:50") });
    expect(before.status).toBe(409);
    expect((await book(await user("Administrator"), { space_id: room, start: at(3, "10:15"), end: at(3, "11:00") })).status).toBe(200);
  });

  it("holds a member's permitted zones unless the user may override them, and one desk per person at a time", async () => {
    const bea = { kind: "member", id: group.members[0]!.id };
    const west = await book(admin, { space_id: desks[3], start: at(4, "09:00"), end: at(4, "17:00"), person: bea });
    // The Administrator role holds Spaces.overrideZones: a role without it is refused.
    expect(west.status).toBe(200);
    expect((await call("POST", "/__test/roles", { client: "eu:1", name: "Spaces desk", rights: ["Spaces.viewer", "Spaces.book", "Spaces.editor"] })).status).toBe(201);
    const desk = await user("Spaces desk");
    const refused = await book(desk, { space_id: desks[3], start: at(5, "09:00"), end: at(5, "17:00"), person: bea });
    expect([refused.status, refused.json.errors?.space_id]).toEqual([422, [SPACES_MESSAGES.zoneNotPermitted]]);
    expect((await book(desk, { space_id: desks[2], start: at(5, "09:00"), end: at(5, "17:00"), person: bea })).status).toBe(200);
    const twice = await book(desk, { space_id: desks[1], start: at(5, "12:00"), end: at(5, "13:00"), person: bea });
    expect([twice.status, twice.json.errors?.start]).toEqual([422, [SPACES_MESSAGES.personBusy]]);
    const noFlag = await book(desk, { space_id: desks[1], start: at(5, "12:00"), end: at(5, "13:00"), person: { kind: "member", id: group.members[1]!.id } });
    expect([noFlag.status, noFlag.json.errors?.person]).toEqual([422, [SPACES_MESSAGES.memberCannotBook]]);
    const booker = await user("Spaces elsewhere");
    expect((await book(booker, { space_id: desks[1], start: at(6, "09:00"), end: at(6, "10:00"), person: bea })).json.message).toBe(SPACES_MESSAGES.cannotBookForOthers);
  });

  it("finds who a booking may be for by name or email: members with the flag and the client's users, no one else", async () => {
    const find = (a: As, q: string) => a.get(`spaces/${site}/people?q=${encodeURIComponent(q)}`);
    const first = await find(admin, "booker");
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const found = BookablePeople.parse(first.json).people;
    expect(found).toEqual([{ kind: "member", id: group.members[0]!.id, name: "Bea Booker", detail: "Spaces people" }]);
    expect(BookablePeople.parse((await find(admin, "BEA.BOOKER@")).json).people.map((x) => x.name)).toEqual(["Bea Booker"]);
    // Nat's "book spaces" flag is off; "%" and "_" are letters, not wildcards; another client's people are not found.
    expect(BookablePeople.parse((await find(admin, "Noflag")).json).people).toEqual([]);
    expect(BookablePeople.parse((await find(admin, "%%")).json).people).toEqual([]);
    expect(BookablePeople.parse((await find(admin, "__")).json).people).toEqual([]);
    const [initech] = await up.app.db.query<{ id: number }>("SELECT id FROM sites WHERE name = 'Initech Office'");
    const elsewhere = (await call("POST", "/__test/groups", { client: "eu:5", name: "Initech desks", members: ["Bea Elsewhere"], site_ids: [initech!.id] })).json;
    await up.app.db.query(`UPDATE members SET permissions = '{"book_spaces": true}'::jsonb WHERE id = $1`, [elsewhere.members[0].id]);
    expect(BookablePeople.parse((await find(admin, "Bea")).json).people.map((x) => x.name)).toEqual(["Bea Booker"]);
    expect(BookablePeople.parse((await find(admin, "Alice")).json).people.filter((x) => x.kind === "user").length).toBeGreaterThan(0);
    for (const q of ["a", "", "x".repeat(101)]) expect([q.length, (await find(admin, q)).json.errors?.q]).toEqual([q.length, [SPACES_MESSAGES.peopleQuery]]);
    expect((await find(await user("Spaces elsewhere"), "Bea")).status).toBe(403);
  });
});

describe("repeating, changing and cancelling", () => {
  it("a weekly booking keeps its local time; a clash on one day refuses the series and names the day", async () => {
    const first = addLocalDays(localToday(TZ), 8);
    const r = await book(admin, { space_id: desks[1], start: at(8, "09:00"), end: at(8, "17:00"), repeat: { every: "week", until: addLocalDays(first, 21) } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const made = (r.json.bookings as Booking[]).map((b) => b.start.slice(11, 16));
    expect(made).toEqual(["09:00", "09:00", "09:00", "09:00"]);
    const clash = await book(await user("Administrator"), { space_id: desks[1], start: at(1, "09:00"), end: at(1, "17:00"), repeat: { every: "week", until: addLocalDays(first, 2) } });
    expect([clash.status, (clash.json.data as { clashes: string[] }).clashes]).toEqual([409, [first]]);
    // Cancel one day, then the rest from the third.
    const ids = (r.json.bookings as Booking[]).map((b) => b.id);
    expect(((await admin.del(`spaces/${site}/bookings/${ids[1]}`)).json.bookings as Booking[]).map((b) => b.id)).toEqual([ids[1]]);
    expect(((await admin.del(`spaces/${site}/bookings/${ids[2]}?following=1`)).json.bookings as Booking[]).map((b) => b.id)).toEqual([ids[2], ids[3]]);
    const left = await up.app.db.query<{ id: number }>("SELECT id FROM space_bookings WHERE series_id = (SELECT series_id FROM space_bookings WHERE id = $1) AND status = 'active'", [ids[0]]);
    expect(left.map((x) => x.id)).toEqual([ids[0]]);
  });

  it("moves a booking to another desk and time; someone else's booking is not theirs to change", async () => {
    const mine = (await book(admin, { space_id: desks[0], start: at(9, "09:00"), end: at(9, "12:00") })).json.bookings[0] as Booking;
    const moved = await admin.patch(`spaces/${site}/bookings/${mine.id}`, { space_id: desks[2], end: at(9, "13:00") });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect([moved.json.space_name, (moved.json.end as string).slice(11, 16)]).toEqual(["E3", "13:00"]);
    expect((await call("POST", "/__test/roles", { client: "eu:1", name: "Spaces booker", rights: ["Spaces.book"] })).status).toBe(201);
    const booker = await user("Spaces booker");
    const theirs = (await book(booker, { space_id: desks[0], start: at(9, "14:00"), end: at(9, "15:00") })).json.bookings[0] as Booking;
    // A booker without Spaces.viewer sees only their own bookings, and cannot touch another's.
    const list = Bookings.parse((await booker.get(`spaces/${site}/bookings?from=${addLocalDays(localToday(TZ), 9)}&to=${addLocalDays(localToday(TZ), 10)}`)).json);
    expect(list.bookings.map((b) => b.id)).toEqual([theirs.id]);
    // The others' bookings only as busy slots: taken then, not by whom; a viewer gets none (they have the bookings).
    expect(list.busy).toEqual([{ space_id: desks[2], start: at(9, "09:00"), end: at(9, "13:00") }]);
    expect(JSON.stringify(list.busy)).not.toContain("Admin");
    expect(Bookings.parse((await admin.get(`spaces/${site}/bookings?from=${addLocalDays(localToday(TZ), 9)}&to=${addLocalDays(localToday(TZ), 10)}`)).json).busy).toEqual([]);
    expect((await booker.patch(`spaces/${site}/bookings/${mine.id}`, { note: "mine now" })).status).toBe(404);
    expect((await booker.del(`spaces/${site}/bookings/${mine.id}`)).status).toBe(404);
    // Moving onto a taken slot: 409 with the alternative.
    const onto = await admin.patch(`spaces/${site}/bookings/${mine.id}`, { space_id: desks[0], start: at(9, "13:30"), end: at(9, "14:30") });
    expect([onto.status, onto.json.message]).toEqual([409, SPACES_MESSAGES.unavailable]);
    expect((await admin.del(`spaces/${site}/bookings/${mine.id}`)).status).toBe(200);
    expect((await admin.del(`spaces/${site}/bookings/${mine.id}`)).json.errors?.booking).toEqual([SPACES_MESSAGES.notActive]);
    expect((await admin.get(`spaces/${site}/bookings?from=nope`)).json.errors?.from).toEqual([SPACES_MESSAGES.time]);
    expect((await admin.get(`spaces/${site}/bookings?from=2026-01-01&to=2026-06-01`)).json.errors?.to).toEqual([SPACES_MESSAGES.range]);
  });
});

describe("signing in is the check-in", () => {
  it("a member's sign-in marks their booking used; an unused desk is released after the site's time and its person told", async () => {
    const bea = group.members[0]!;
    const start = new Date(Date.now() + 60_000);
    const end = new Date(start.getTime() + 8 * 3_600_000);
    // Two desk bookings that start within the minute (inserted as the API would, start already checked).
    const mk = async (space: number, memberId: number, name: string) =>
      (await up.app.db.query<{ id: number }>(
        `INSERT INTO space_bookings (site_id, space_id, category, starts_at, ends_at, held, person_kind, person_id, person_name, booked_by_kind, booked_by_id, booked_by_name)
         VALUES ($1, $2, 'desk', $3, $4, tstzrange($3::timestamptz, $4::timestamptz, '[)'), 'member', $5, $6, 'member', $5, $6) RETURNING id`,
        [site, space, start.toISOString(), end.toISOString(), memberId, name],
      ))[0]!.id;
    const used = await mk(desks[0]!, bea.id, bea.name);
    const unused = await mk(desks[3]!, group.members[1]!.id, group.members[1]!.name);
    await up.app.db.query("UPDATE members SET email = 'nat.noflag@example.com' WHERE id = $1", [group.members[1]!.id]);
    const signIn = await admin.post(`sites/${site}/visits`, { group_id: group.id, member_id: bea.id });
    expect(signIn.status, JSON.stringify(signIn.json)).toBe(200);
    const later = new Date(start.getTime() + 31 * 60_000).toISOString();
    expect((await call("POST", "/__test/spaces/release", { now: later })).json.released).toBeGreaterThanOrEqual(1);
    const rows = await up.app.db.query<{ id: number; status: string; used_at: Date | null }>("SELECT id, status, used_at FROM space_bookings WHERE id = ANY($1::int[]) ORDER BY id", [[used, unused]]);
    expect(rows.map((r) => [r.status, r.used_at !== null])).toEqual([["active", true], ["released", false]]);
    const mail = await up.app.db.query<{ subject: string }>("SELECT subject FROM outbox WHERE to_email = 'nat.noflag@example.com'");
    expect(mail.map((m) => m.subject)).toEqual(["Your booking of W1 was released"]);
    // An evacuation started once the booking is under way lists it, in use, with its zone.
    await up.app.db.query("UPDATE space_bookings SET starts_at = now() - interval '1 minute', held = tstzrange(now() - interval '1 minute', upper(held), '[)') WHERE id = $1", [used]);
    const e = await admin.post(`sites/${site}/evacuations`, {});
    expect(e.status, JSON.stringify(e.json)).toBe(200);
    const report = await admin.get(`evacuations/${e.json.id}`);
    expect(report.json.bookings).toEqual([{ id: used, name: bea.name, space: "E1", space_id: desks[0], zone: "Floor 1 › East", used: true }]);
  });
});

describe("live", () => {
  it("a booking made, changed or cancelled says so on the site's channel, with nothing but the site", async () => {
    const c = new TestClient(`ws://127.0.0.1:${up.app.opts.port}/app/${up.app.opts.pusherAppKey}?protocol=7&client=js&version=8.6.0&flash=false`);
    const socketId = await c.established();
    const channel = `private-Site.${site}`;
    const auth = await admin.post("broadcasting/auth", { socket_id: socketId, channel_name: [channel] });
    c.send({ event: "pusher:subscribe", data: { channel, auth: auth.json.channels[channel].data.auth } });
    await c.next((f: Received) => f.event === "pusher_internal:subscription_succeeded" && f.channel === channel);
    const events = () => c.frames.filter((f: Received) => f.channel === channel && f.event === "BookingsChangedEvent");
    const made = (await book(admin, { space_id: desks[2], start: at(12, "09:00"), end: at(12, "10:00") })).json.bookings[0] as Booking;
    await admin.patch(`spaces/${site}/bookings/${made.id}`, { note: "Window seat" });
    await admin.del(`spaces/${site}/bookings/${made.id}`);
    const until = Date.now() + 5000;
    while (events().length < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(events().map((f) => JSON.parse(f.data))).toEqual([{ site_id: site }, { site_id: site }, { site_id: site }]);
    c.close();
  });
});

