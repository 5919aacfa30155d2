/**
 * The spaces designer over HTTP against a running upstream (issue 26 item 4; ADR 036): a site's
 * booking rules, zones and spaces added, changed, moved and deleted with every rule and its message,
 * hostile input, deleting with children and with bookings (cancelled and emailed), floor plans and
 * photos (served to the site's users only; a replaced file is gone), `space_exists` following the
 * nodes, and who may do what.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPACES_DESIGN_MESSAGES as M, SPACES_MESSAGES, SpaceNode, SpacesSite, hasBookingsMessage } from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";
import { addLocalDays, localToday, zonedInstant } from "../time/local-time.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
const { call, as, user } = httpTestClient(() => up.url, "spaces-design");
let admin: As;
let site: number;
let hq: number;

const TZ = "Europe/London";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const at = (days: number, time: string) => zonedInstant(addLocalDays(localToday(TZ), days), time, TZ).toISOString();

const add = (body: Record<string, unknown>, a: As = admin, s = site) => a.post(`spaces/${s}/nodes`, body);
const made = async (body: Record<string, unknown>) => {
  const r = await add(body);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return SpaceNode.parse(r.json);
};
const change = (id: number, body: Record<string, unknown>, a: As = admin) => a.patch(`spaces/${site}/nodes/${id}`, body);
const spaceExists = async (s = site) => (await up.app.db.query<{ space_exists: boolean }>("SELECT space_exists FROM sites WHERE id = $1", [s]))[0]!.space_exists;
/** The children of `parent` at the site, in their order: [name, position]. */
const order = async (parent: number | null) =>
  (await up.app.db.query<{ name: string; position: number }>("SELECT name, position FROM space_nodes WHERE site_id = $1 AND parent_id IS NOT DISTINCT FROM $2 ORDER BY position, id", [site, parent])).map((r) => [r.name, r.position]);
const fileRows = async (name: string) => (await up.app.db.query("SELECT 1 FROM files WHERE token = $1", [name.split(".")[0]])).length;

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
  site = (await call("POST", "/__test/sites", { client: "eu:1", name: "Design site", timezone: TZ })).json.id;
  expect((await call("POST", `/__test/sites/${site}/spaces`, {})).status).toBe(200);
  hq = (await up.app.db.query<{ id: number }>("SELECT id FROM sites WHERE name = 'Head Office' AND client_id = (SELECT id FROM clients WHERE number = 1 AND region = 'eu')"))[0]!.id;
}, 120_000);

afterAll(async () => {
  expect(serverErrors).toEqual([]);
  await up?.stop();
}, 60_000);

describe("a site's booking rules", () => {
  it("sets the advance limit, the buffer in minutes or hours and the release time; what is not sent stays", async () => {
    const r = await admin.patch(`spaces/${site}/settings`, { booking_advance_limit: { unit: "months", value: 3 }, buffer: { value: 2, unit: "hours" }, release_after_minutes: 45 });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const s = SpacesSite.parse(r.json);
    expect([s.booking_advance_limit, s.buffer_minutes, s.release_after_minutes]).toEqual([{ unit: "months", value: 3 }, 120, 45]);
    const partial = SpacesSite.parse((await admin.patch(`spaces/${site}/settings`, { buffer: { value: 15, unit: "minutes" } })).json);
    expect([partial.booking_advance_limit, partial.buffer_minutes, partial.release_after_minutes]).toEqual([{ unit: "months", value: 3 }, 15, 45]);
    const never = SpacesSite.parse((await admin.patch(`spaces/${site}/settings`, { booking_advance_limit: { unit: "none", value: null }, release_after_minutes: null })).json);
    expect([never.booking_advance_limit, never.release_after_minutes]).toEqual([{ unit: "none", value: null }, null]);
    expect(SpacesSite.parse((await admin.get(`spaces/${site}`)).json).buffer_minutes).toBe(15);
  });

  it("refuses each rule's breach with its message, and hostile input with a 422", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ booking_advance_limit: { unit: "weeks", value: 0 } }, "booking_advance_limit.value", M.advanceValue],
      [{ booking_advance_limit: { unit: "years", value: 100 } }, "booking_advance_limit.value", M.advanceValue],
      [{ booking_advance_limit: { unit: "weeks", value: null } }, "booking_advance_limit.value", M.advanceValue],
      [{ booking_advance_limit: { unit: "none", value: 3 } }, "booking_advance_limit.value", M.advanceValue],
      [{ booking_advance_limit: { unit: "weeks", value: 2.5 } }, "booking_advance_limit.value", M.advanceValue],
      [{ buffer: { value: 25, unit: "hours" } }, "buffer.value", M.buffer],
      [{ buffer: { value: 1441, unit: "minutes" } }, "buffer.value", M.buffer],
      [{ buffer: { value: -1, unit: "minutes" } }, "buffer.value", M.buffer],
      [{ buffer: { value: 1.5, unit: "hours" } }, "buffer.value", M.buffer],
      [{ buffer: { value: "ten", unit: "minutes" } }, "buffer.value", M.buffer],
      [{ release_after_minutes: 0 }, "release_after_minutes", M.release],
      [{ release_after_minutes: 1441 }, "release_after_minutes", M.release],
      [{ release_after_minutes: "soon" }, "release_after_minutes", M.release],
    ];
    for (const [body, field, message] of cases) {
      const r = await admin.patch(`spaces/${site}/settings`, body);
      expect([r.status, r.json.errors?.[field], r.json.message], JSON.stringify(body)).toEqual([422, [message], message]);
    }
    for (const hostile of [[], "nope", null, { buffer: { value: 10, unit: "days" } }, { booking_advance_limit: "x".repeat(100_000) }]) {
      expect((await admin.patch(`spaces/${site}/settings`, hostile)).status, JSON.stringify(hostile).slice(0, 80)).toBe(422);
    }
    // 24 hours exactly is the most a buffer may be.
    expect(SpacesSite.parse((await admin.patch(`spaces/${site}/settings`, { buffer: { value: 24, unit: "hours" } })).json).buffer_minutes).toBe(1440);
    await admin.patch(`spaces/${site}/settings`, { buffer: { value: 0, unit: "minutes" } });
  });
});

describe("zones and spaces", () => {
  it("adds zones and spaces: a space's category, its tags trimmed and deduplicated, its placement; `space_exists` turns on with the first space", async () => {
    const floor = await made({ type: "zone", name: "  Ground floor  " });
    expect([floor.name, floor.type, floor.category, floor.zone_path, floor.children]).toEqual(["Ground floor", "zone", null, [], []]);
    const wing = await made({ type: "zone", name: "East wing", parent_id: floor.id });
    expect(await spaceExists()).toBe(false);
    const desk = await made({ type: "space", name: "D1", parent_id: wing.id, category: "desk", tags: [" quiet ", "Quiet", "window", ""], placement: { x: 0.25, y: 0.75 } });
    expect([desk.category, desk.tags, desk.zone_path, desk.placement]).toEqual(["desk", ["quiet", "window"], [floor.id, wing.id], { x: 0.25, y: 0.75 }]);
    expect(await spaceExists()).toBe(true);
    await made({ type: "space", name: "D2", parent_id: wing.id, category: "desk" });
    const layout = SpacesSite.parse((await admin.get(`spaces/${site}`)).json).layout;
    expect(layout.find((n) => n.id === floor.id)!.children[0]!.children.map((n) => n.name)).toEqual(["D1", "D2"]);
    expect(await order(wing.id)).toEqual([["D1", 0], ["D2", 1]]);
    // 22 tags that are 20 once their repeats are dropped.
    const many = Array.from({ length: 20 }, (_, i) => `tag ${i}`);
    expect((await made({ type: "space", name: "Tagged", parent_id: floor.id, category: "other", tags: [...many, "TAG 1", "tag 2"] })).tags).toEqual(many);
  });

  it("refuses each rule's breach with its message", async () => {
    const top = await made({ type: "zone", name: "Rules floor" });
    const room = await made({ type: "space", name: "Room", parent_id: top.id, category: "meeting-room" });
    const elsewhere = (await up.app.db.query<{ id: number }>("SELECT id FROM space_nodes WHERE site_id = $1 AND type = 'zone' LIMIT 1", [hq]))[0]!.id;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: "zone", name: "" }, "name", M.nameRequired],
      [{ type: "zone", name: "   " }, "name", M.nameRequired],
      [{ type: "zone", name: "x".repeat(101) }, "name", M.nameTooLong],
      [{ type: "zone", name: "x".repeat(100_000) }, "name", M.nameTooLong],
      [{ type: "zone", name: "two\nlines" }, "name", M.nameOneLine],
      [{ type: "zone", name: "RULES FLOOR" }, "name", M.nameTaken],
      [{ type: "space", name: "room", parent_id: top.id, category: "desk" }, "name", M.nameTaken],
      [{ type: "space", name: "No category" }, "category", M.spaceCategory],
      [{ type: "space", name: "Odd", category: "sofa" }, "category", M.spaceCategory],
      [{ type: "zone", name: "Zone with a category", category: "desk" }, "category", M.zoneCategory],
      [{ type: "zone", name: "Placed zone", placement: { x: 0.5, y: 0.5 } }, "placement", M.zonePlacement],
      [{ type: "space", name: "Off the plan", category: "desk", placement: { x: 1.5, y: 0.5 } }, "placement.x", M.placement],
      [{ type: "space", name: "Half placed", category: "desk", placement: { x: 0.5 } }, "placement.y", M.placement],
      [{ type: "space", name: "Tags", category: "desk", tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, "tags", M.tooManyTags],
      [{ type: "space", name: "Long tag", category: "desk", tags: ["t".repeat(41)] }, "tags.0", M.tagTooLong],
      [{ type: "space", name: "In a space", category: "desk", parent_id: room.id }, "parent_id", M.parent],
      [{ type: "zone", name: "Under another site", parent_id: elsewhere }, "parent_id", M.parent],
      [{ type: "zone", name: "Under nothing", parent_id: 999_999 }, "parent_id", M.parent],
    ];
    for (const [body, field, message] of cases) {
      const r = await add(body);
      expect([r.status, r.json.errors?.[field]], JSON.stringify(body).slice(0, 120)).toEqual([422, [message]]);
    }
    for (const hostile of [[], "nope", null, { type: "room", name: "x" }, { type: "zone", name: 42 }, { type: "zone", name: "x", parent_id: "1; DROP TABLE space_nodes" }, { type: "space", name: "x", category: "desk", tags: "a,b" }, { type: "zone", name: "x", parent_id: -1 }]) {
      expect((await add(hostile as never)).status, JSON.stringify(hostile)).toBe(422);
    }
  });

  it("nests zones at most 6 deep, and a site holds at most 2000 nodes", async () => {
    let parent: number | null = null;
    for (let i = 1; i <= 6; i++) parent = (await made({ type: "zone", name: `Level ${i}`, parent_id: parent })).id;
    const seventh = await add({ type: "zone", name: "Level 7", parent_id: parent });
    expect([seventh.status, seventh.json.errors?.parent_id]).toEqual([422, [M.tooDeep]]);
    // A space in the sixth level is fine.
    await made({ type: "space", name: "Deep desk", parent_id: parent, category: "desk" });

    const full = (await call("POST", "/__test/sites", { client: "eu:1", name: "Full design site", timezone: TZ })).json.id;
    await call("POST", `/__test/sites/${full}/spaces`, {});
    await up.app.db.query("INSERT INTO space_nodes (site_id, type, name, position) SELECT $1, 'zone', 'Z' || g, g FROM generate_series(1, 2000) g", [full]);
    const over = await add({ type: "zone", name: "One more" }, admin, full);
    expect([over.status, over.json.errors?.node]).toEqual([422, [M.tooMany]]);
  });

  it("renames, changes a space's category, tags and placement, and refuses what does not fit", async () => {
    const top = await made({ type: "zone", name: "Change floor" });
    const a = await made({ type: "space", name: "A", parent_id: top.id, category: "desk", placement: { x: 0.1, y: 0.1 } });
    await made({ type: "space", name: "B", parent_id: top.id, category: "desk" });
    const r = await change(a.id, { name: " Alpha ", category: "office", tags: ["corner", "CORNER"], placement: null });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const alpha = SpaceNode.parse(r.json);
    expect([alpha.name, alpha.category, alpha.tags, alpha.placement, alpha.zone_path]).toEqual(["Alpha", "office", ["corner"], null, [top.id]]);
    expect(SpaceNode.parse((await change(a.id, { placement: { x: 1, y: 0 } })).json).placement).toEqual({ x: 1, y: 0 });
    const cases: [number, Record<string, unknown>, string, string][] = [
      [a.id, { name: "b" }, "name", M.nameTaken],
      [a.id, { name: "" }, "name", M.nameRequired],
      [a.id, { name: "y".repeat(101) }, "name", M.nameTooLong],
      [a.id, { category: "castle" }, "category", M.spaceCategory],
      [a.id, { placement: { x: -0.1, y: 0.2 } }, "placement.x", M.placement],
      [a.id, { position: -1 }, "position", M.position],
      [a.id, { position: "first" }, "position", M.position],
      [top.id, { category: "desk" }, "category", M.zoneCategory],
      [top.id, { placement: { x: 0.2, y: 0.2 } }, "placement", M.zonePlacement],
      [a.id, { tags: ["z".repeat(41)] }, "tags.0", M.tagTooLong],
    ];
    for (const [id, body, field, message] of cases) {
      const res = await change(id, body);
      expect([res.status, res.json.errors?.[field]], JSON.stringify(body)).toEqual([422, [message]]);
    }
    // A node of another site or client, or no node at all: not there.
    const theirs = (await up.app.db.query<{ id: number }>("SELECT id FROM space_nodes WHERE site_id = $1 LIMIT 1", [hq]))[0]!.id;
    for (const id of [String(theirs), "999999", "abc", "1e3", "-1"]) {
      const res = await admin.patch(`spaces/${site}/nodes/${id}`, { name: "Mine now" });
      expect([res.status, res.json.message], id).toEqual([404, M.nodeGone]);
    }
    expect((await up.app.db.query("SELECT 1 FROM space_nodes WHERE name = 'Mine now'")).length).toBe(0);
  });

  it("moves a node under another zone and among its siblings, renumbering both lists; never into itself, a space, or too deep", async () => {
    const left = await made({ type: "zone", name: "Left" });
    const right = await made({ type: "zone", name: "Right" });
    const l = [];
    for (const n of ["L1", "L2", "L3"]) l.push(await made({ type: "space", name: n, parent_id: left.id, category: "desk" }));
    for (const n of ["R1", "R2"]) await made({ type: "space", name: n, parent_id: right.id, category: "desk" });
    const moved = await change(l[1]!.id, { parent_id: right.id, position: 1 });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(SpaceNode.parse(moved.json).zone_path).toEqual([right.id]);
    expect(await order(left.id)).toEqual([["L1", 0], ["L3", 1]]);
    expect(await order(right.id)).toEqual([["R1", 0], ["L2", 1], ["R2", 2]]);
    // Within its zone: to the front, then past the end (placed last).
    await change(l[2]!.id, { position: 0 });
    expect(await order(left.id)).toEqual([["L3", 0], ["L1", 1]]);
    await change(l[2]!.id, { position: 50 });
    expect(await order(left.id)).toEqual([["L1", 0], ["L3", 1]]);
    // To the top of the site, then back.
    await change(l[0]!.id, { parent_id: null });
    expect(SpacesSite.parse((await admin.get(`spaces/${site}`)).json).layout.at(-1)!.name).toBe("L1");
    expect(await order(left.id)).toEqual([["L3", 0]]);
    // A sibling's name where it goes.
    await made({ type: "space", name: "R1", parent_id: left.id, category: "desk" });
    expect((await change(l[1]!.id, { parent_id: left.id, name: "r1" })).json.errors?.name).toEqual([M.nameTaken]);

    // Cycles: a zone into itself or a zone inside it.
    const outer = await made({ type: "zone", name: "Outer" });
    const inner = await made({ type: "zone", name: "Inner", parent_id: outer.id });
    const innermost = await made({ type: "zone", name: "Innermost", parent_id: inner.id });
    for (const target of [outer.id, inner.id, innermost.id]) {
      const r = await change(outer.id, { parent_id: target });
      expect([r.status, r.json.errors?.parent_id], String(target)).toEqual([422, [M.intoItself]]);
    }
    expect((await change(outer.id, { parent_id: l[0]!.id })).json.errors?.parent_id).toEqual([M.parent]);
    // Outer is 3 levels of zones: under a zone at level 4 it would reach 7.
    let deep: number | null = null;
    for (let i = 1; i <= 4; i++) deep = (await made({ type: "zone", name: `Deep ${i}`, parent_id: deep })).id;
    expect((await change(outer.id, { parent_id: deep })).json.errors?.parent_id).toEqual([M.tooDeep]);
    expect((await up.app.db.query<{ parent_id: number | null }>("SELECT parent_id FROM space_nodes WHERE id = $1", [outer.id]))[0]!.parent_id).toBeNull();
    // Under level 3 it fits exactly.
    const three = (await up.app.db.query<{ parent_id: number }>("SELECT parent_id FROM space_nodes WHERE id = $1", [deep]))[0]!.parent_id;
    expect((await change(outer.id, { parent_id: three })).status).toBe(200);
  });
});

describe("deleting", () => {
  it("deletes a space; a zone with children only with `with_children`; `space_exists` follows", async () => {
    const s = (await call("POST", "/__test/sites", { client: "eu:1", name: "Delete site", timezone: TZ })).json.id;
    await call("POST", `/__test/sites/${s}/spaces`, {});
    const zone = SpaceNode.parse((await add({ type: "zone", name: "Only zone" }, admin, s)).json);
    const inner = SpaceNode.parse((await add({ type: "zone", name: "Inner", parent_id: zone.id }, admin, s)).json);
    const desk = SpaceNode.parse((await add({ type: "space", name: "Only desk", parent_id: inner.id, category: "desk" }, admin, s)).json);
    const other = SpaceNode.parse((await add({ type: "space", name: "Other desk", parent_id: zone.id, category: "desk" }, admin, s)).json);
    expect(await spaceExists(s)).toBe(true);
    const r = await admin.del(`spaces/${s}/nodes/${other.id}`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(SpacesSite.parse(r.json).layout[0]!.children.map((n) => n.name)).toEqual(["Inner"]);
    expect(await spaceExists(s)).toBe(true);
    const refused = await admin.del(`spaces/${s}/nodes/${zone.id}`);
    expect([refused.status, refused.json.errors?.node, refused.json.message]).toEqual([422, [M.hasChildren], M.hasChildren]);
    expect((await admin.del(`spaces/${s}/nodes/${zone.id}?with_children=0`)).status).toBe(422);
    expect(SpacesSite.parse((await admin.del(`spaces/${s}/nodes/${zone.id}?with_children=1`)).json).layout).toEqual([]);
    expect((await up.app.db.query("SELECT 1 FROM space_nodes WHERE id = ANY($1::int[]) AND deleted_at IS NULL", [[zone.id, inner.id, desk.id]])).length).toBe(0);
    expect(await spaceExists(s)).toBe(false);
    // A zone alone does not make a site have a space.
    await add({ type: "zone", name: "Empty" }, admin, s);
    expect(await spaceExists(s)).toBe(false);
    expect((await admin.del(`spaces/${s}/nodes/${zone.id}`)).json.message).toBe(M.nodeGone);
  });

  it("refuses to drop active bookings that have not ended, saying how many; with `cancel_bookings` cancels them and emails each person", async () => {
    const zone = await made({ type: "zone", name: "Booked zone" });
    const d1 = await made({ type: "space", name: "Booked 1", parent_id: zone.id, category: "desk" });
    const d2 = await made({ type: "space", name: "Booked 2", parent_id: zone.id, category: "desk" });
    const mine = await admin.post(`spaces/${site}/bookings`, { space_id: d1.id, start: at(3, "09:00"), end: at(3, "17:00") });
    expect(mine.status, JSON.stringify(mine.json)).toBe(200);
    const group = (await call("POST", "/__test/groups", { client: "eu:1", name: "Design people", members: ["Dee Designed"], site_ids: [site] })).json;
    const member = group.members[0] as { id: number; name: string };
    await up.app.db.query("UPDATE members SET email = 'dee.designed@example.com' WHERE id = $1", [member.id]);
    const insert = (space: number, start: string, end: string) =>
      up.app.db.query(
        `INSERT INTO space_bookings (site_id, space_id, category, starts_at, ends_at, held, person_kind, person_id, person_name, booked_by_kind, booked_by_id, booked_by_name)
         VALUES ($1, $2, 'desk', $3, $4, tstzrange($3::timestamptz, $4::timestamptz, '[)'), 'member', $5, $6, 'member', $5, $6)`,
        [site, space, start, end, member.id, member.name],
      );
    await insert(d2.id, at(2, "09:00"), at(2, "17:00"));
    // Over already: not counted, not cancelled, nobody told.
    await insert(d2.id, at(-2, "09:00"), at(-2, "17:00"));

    const one = await admin.del(`spaces/${site}/nodes/${d1.id}`);
    expect([one.status, one.json.code, one.json.errors?.node, one.json.data]).toEqual([422, "space_has_bookings", [hasBookingsMessage(1)], { bookings: 1 }]);
    const both = await admin.del(`spaces/${site}/nodes/${zone.id}?with_children=1`);
    expect([both.status, both.json.message]).toEqual([422, "This has active bookings that have not ended (2): cancel them first, or delete it and cancel them"]);
    expect((await up.app.db.query("SELECT 1 FROM space_nodes WHERE id = $1", [zone.id])).length).toBe(1);

    const outboxBefore = (await up.app.db.query<{ id: number }>("SELECT coalesce(max(id), 0) AS id FROM outbox"))[0]!.id;
    const r = await admin.del(`spaces/${site}/nodes/${zone.id}?with_children=1&cancel_bookings=1`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(JSON.stringify(SpacesSite.parse(r.json).layout)).not.toContain("Booked");
    const mail = await up.app.db.query<{ to_email: string; subject: string; body: string }>("SELECT to_email, subject, body FROM outbox WHERE id > $1 ORDER BY to_email", [outboxBefore]);
    expect(mail.map((m) => [m.to_email, m.subject])).toEqual([
      ["admin@example.com", "Your booking of Booked 1 was cancelled"],
      ["dee.designed@example.com", "Your booking of Booked 2 was cancelled"],
    ]);
    expect(mail[0]!.body).toContain(`${addLocalDays(localToday(TZ), 3)} at 09:00`);
    // Their bookings stay, cancelled (the one already over as it was), and the report still names the space.
    const kept = await up.app.db.query<{ space_id: number; status: string }>("SELECT space_id, status FROM space_bookings WHERE space_id = ANY($1::int[]) ORDER BY starts_at", [[d1.id, d2.id]]);
    expect(kept.map((b) => [b.space_id, b.status])).toEqual([[d2.id, "active"], [d2.id, "cancelled"], [d1.id, "cancelled"]]);
    const report = await admin.get(`reports/bookings?from=${addLocalDays(localToday(TZ), -2)}&to=${addLocalDays(localToday(TZ), 3)}&site_id=${site}`);
    expect(report.status, JSON.stringify(report.json)).toBe(200);
    const named = (report.json.rows as { space: string; zone: string; outcome: string }[]).filter((r) => r.space.startsWith("Booked "));
    expect(named.map((r) => [r.space, r.zone, r.outcome])).toEqual([
      ["Booked 2", "Booked zone", "unused"],
      ["Booked 2", "Booked zone", "cancelled"],
      ["Booked 1", "Booked zone", "cancelled"],
    ]);
    // Gone from the layout, the designer and booking: a new booking of it is refused.
    expect((await admin.post(`spaces/${site}/bookings`, { space_id: d1.id, start: at(4, "09:00"), end: at(4, "17:00") })).json.errors?.space_id).toEqual([SPACES_MESSAGES.notASpace]);
    expect((await admin.patch(`spaces/${site}/nodes/${d1.id}`, { name: "Back" })).status).toBe(404);
  });
});

describe("floor plans and photos", () => {
  it("uploads a zone's floor plan and a space's photo, served to the site's users only; replacing or removing deletes the old file", async () => {
    const zone = await made({ type: "zone", name: "Planned floor" });
    const desk = await made({ type: "space", name: "Pictured desk", parent_id: zone.id, category: "desk" });
    const r = await admin.upload(`spaces/${site}/nodes/${zone.id}/floor-plan`, "plan.png", PNG, "image/png");
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const plan = SpacesSite.parse(r.json).floor_plans.find((f) => f.zone_id === zone.id)!.file;
    expect(plan).toMatch(/^[A-Za-z0-9_-]+\.png$/);
    const res = await admin.file(plan);
    expect([res.status, res.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    // Another client's user, and a user restricted to another site: not there.
    expect((await (await as("school@example.com")).file(plan)).status).toBe(404);
    const elsewhere = (await call("POST", "/__test/sites", { client: "eu:1", name: "Design elsewhere", timezone: TZ })).json.id;
    expect((await call("POST", "/__test/roles", { client: "eu:1", name: "Design all", rights: ["Spaces.viewer", "Spaces.editor", "Spaces.delete", "Spaces.book"] })).status).toBe(201);
    expect((await (await user("Design all", { site_ids: [elsewhere] })).file(plan)).status).toBe(404);
    expect((await (await user("Design all", { site_ids: [site] })).file(plan)).status).toBe(200);

    const photo = SpacesSite.parse((await admin.upload(`spaces/${site}/nodes/${desk.id}/photo`, "desk.png", PNG, "image/png")).json).photos.find((f) => f.space_id === desk.id)!.file;
    expect((await admin.file(photo)).status).toBe(200);

    // Replace: the old file is gone.
    const again = SpacesSite.parse((await admin.upload(`spaces/${site}/nodes/${zone.id}/floor-plan`, "plan2.png", PNG, "image/png")).json);
    const plan2 = again.floor_plans.find((f) => f.zone_id === zone.id)!.file;
    expect(plan2).not.toBe(plan);
    expect([await fileRows(plan), (await admin.file(plan)).status, (await admin.file(plan2)).status]).toEqual([0, 404, 200]);

    // The wrong kind of node, the wrong kind of file, a node of another site.
    const wrong = [
      [await admin.upload(`spaces/${site}/nodes/${desk.id}/floor-plan`, "plan.png", PNG, "image/png"), M.floorPlanZone],
      [await admin.upload(`spaces/${site}/nodes/${zone.id}/photo`, "photo.png", PNG, "image/png"), M.photoSpace],
      [await admin.upload(`spaces/${site}/nodes/${zone.id}/floor-plan`, "plan.png", Buffer.from("not an image at all"), "image/png"), "The image must be a PNG, JPEG, GIF or WebP file"],
      [await admin.upload(`spaces/${site}/nodes/${zone.id}/floor-plan`, "plan.txt", Buffer.from("plain text"), "text/plain"), "The image must be a PNG, JPEG, GIF or WebP file"],
    ] as const;
    for (const [answer, message] of wrong) expect([answer.status, answer.json.errors?.file]).toEqual([422, [message]]);
    const hqZone = (await up.app.db.query<{ id: number }>("SELECT id FROM space_nodes WHERE site_id = $1 AND type = 'zone' LIMIT 1", [hq]))[0]!.id;
    expect((await admin.upload(`spaces/${site}/nodes/${hqZone}/floor-plan`, "plan.png", PNG, "image/png")).status).toBe(404);
    expect(SpacesSite.parse((await admin.get(`spaces/${site}`)).json).floor_plans.find((f) => f.zone_id === zone.id)!.file).toBe(plan2);

    // Remove the photo; then delete the zone with its floor plan: both files gone.
    const removed = SpacesSite.parse((await admin.del(`spaces/${site}/nodes/${desk.id}/photo`)).json);
    expect(removed.photos.some((f) => f.space_id === desk.id)).toBe(false);
    expect(await fileRows(photo)).toBe(0);
    await admin.upload(`spaces/${site}/nodes/${desk.id}/photo`, "desk.png", PNG, "image/png");
    const photo2 = SpacesSite.parse((await admin.get(`spaces/${site}`)).json).photos.find((f) => f.space_id === desk.id)!.file;
    expect((await admin.del(`spaces/${site}/nodes/${zone.id}?with_children=1`)).status).toBe(200);
    expect([await fileRows(plan2), await fileRows(photo2)]).toEqual([0, 0]);
  });

  it("removes a floor plan", async () => {
    const zone = await made({ type: "zone", name: "Plan to remove" });
    const plan = SpacesSite.parse((await admin.upload(`spaces/${site}/nodes/${zone.id}/floor-plan`, "plan.png", PNG, "image/png")).json).floor_plans.find((f) => f.zone_id === zone.id)!.file;
    const r = SpacesSite.parse((await admin.del(`spaces/${site}/nodes/${zone.id}/floor-plan`)).json);
    expect(r.floor_plans.some((f) => f.zone_id === zone.id)).toBe(false);
    expect([await fileRows(plan), (await admin.file(plan)).status]).toEqual([0, 404]);
  });
});

describe("who may design", () => {
  it("needs Spaces.editor to change and Spaces.delete to delete; another site or client is not there", async () => {
    const zone = await made({ type: "zone", name: "Rights zone" });
    const calls = (a: As, id: number) => [
      () => a.patch(`spaces/${site}/settings`, { release_after_minutes: 30 }),
      () => add({ type: "zone", name: `By ${id}` }, a),
      () => change(zone.id, { name: "Renamed by them" }, a),
      () => a.upload(`spaces/${site}/nodes/${zone.id}/floor-plan`, "plan.png", PNG, "image/png"),
      () => a.del(`spaces/${site}/nodes/${zone.id}/floor-plan`),
    ];
    expect((await call("POST", "/__test/roles", { client: "eu:1", name: "Design viewer", rights: ["Spaces.viewer", "Spaces.delete"] })).status).toBe(201);
    const viewer = await user("Design viewer");
    for (const c of calls(viewer, 1)) {
      const r = await c();
      expect([r.status, r.json.message]).toEqual([403, SPACES_MESSAGES.cannotEdit]);
    }
    expect((await call("POST", "/__test/roles", { client: "eu:1", name: "Design editor", rights: ["Spaces.viewer", "Spaces.editor"] })).status).toBe(201);
    const editor = await user("Design editor");
    const theirs = SpaceNode.parse((await add({ type: "space", name: "Editor's desk", category: "desk" }, editor)).json);
    const refused = await editor.del(`spaces/${site}/nodes/${theirs.id}`);
    expect([refused.status, refused.json.message]).toEqual([403, M.cannotDelete]);
    // Spaces.delete without the editor right deletes.
    expect((await viewer.del(`spaces/${site}/nodes/${theirs.id}`)).status).toBe(200);

    expect((await call("POST", "/__test/roles", { client: "eu:1", name: "Design none", rights: ["Today.viewer"] })).status).toBe(201);
    const none = await user("Design none");
    for (const c of [...calls(none, 2), () => none.del(`spaces/${site}/nodes/${zone.id}`)]) {
      const r = await c();
      expect([r.status, r.json.message]).toEqual([403, SPACES_MESSAGES.unauthorised]);
    }
    const elsewhere = (await call("POST", "/__test/sites", { client: "eu:1", name: "Design restricted", timezone: TZ })).json.id;
    const restricted = await user("Design all", { site_ids: [elsewhere] });
    const school = await as("school@example.com");
    for (const a of [restricted, school]) {
      for (const c of [...calls(a, 3), () => a.del(`spaces/${site}/nodes/${zone.id}`)]) expect((await c()).status).toBe(404);
    }
    // Nothing changed.
    const after = SpacesSite.parse((await admin.get(`spaces/${site}`)).json);
    expect(after.layout.find((n) => n.id === zone.id)?.name).toBe("Rights zone");
    expect(after.release_after_minutes).not.toBe(30);
    expect(JSON.stringify(after.layout)).not.toContain("By ");
  });
});
