/**
 * Closure days over HTTP against a running upstream (issue 27 item 2): every validation message,
 * ranges, a site-restricted user's scope, another client's rows (404), the right (403 without), the
 * public holidays and their import (twice: nothing added the second time), hostile input (4xx), and
 * the demo data.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLOSURE_MESSAGES as M, ClosurePeriod, ClosurePeriods, PublicHolidays, closureRoutes } from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";
import { closedOn } from "./closed-on.ts";
import { closuresBetween } from "./closures.ts";
import { publicHolidays } from "./holidays.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
const { call, as, user } = httpTestClient(() => up.url, "closures");
let admin: As;
let siteA: number;
let siteB: number;
let dublin: number;

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
  siteA = (await call("POST", "/__test/sites", { client: "eu:1", name: "Closures A", timezone: "Europe/London" })).json.id;
  siteB = (await call("POST", "/__test/sites", { client: "eu:1", name: "Closures B", timezone: "Europe/London" })).json.id;
  dublin = (await call("POST", "/__test/sites", { client: "eu:1", name: "Closures Dublin", timezone: "Europe/Dublin" })).json.id;
}, 120_000);

afterAll(async () => {
  expect(serverErrors).toEqual([]);
  await up?.stop();
}, 60_000);

const create = (a: As, body: Record<string, unknown>) => a.post("closure-periods", body);
const errorsOf = (r: { status: number; json: { errors?: Record<string, string[]> } }) => [r.status, r.json.errors];

describe("a closure", () => {
  it("is a reason and a day, or a range, for the whole client or sites", async () => {
    const day = await create(admin, { reason: "  Stocktake ", start: "2030-03-02", site_ids: [siteB, siteA, siteA] });
    expect(day.status, JSON.stringify(day.json)).toBe(200);
    expect(ClosurePeriod.parse(day.json)).toMatchObject({ reason: "Stocktake", start: "2030-03-02", end: "2030-03-02", site_ids: [siteA, siteB].sort((a, b) => a - b), holiday: null, can_edit: true });
    const range = await create(admin, { reason: "Refit", start: "2030-07-01", end: "2030-07-14", site_ids: null });
    expect(ClosurePeriod.parse(range.json)).toMatchObject({ start: "2030-07-01", end: "2030-07-14", site_ids: null });
    const year = await create(admin, { reason: "A long one", start: "2031-01-01", end: "2031-12-31" });
    expect(year.status).toBe(200);
    const leap = await create(admin, { reason: "Leap", start: "2032-01-01", end: "2032-12-31" });
    expect(leap.status).toBe(200);

    const list = ClosurePeriods.parse((await admin.get("closure-periods?year=2030")).json).closures;
    expect(list.map((c) => c.reason)).toEqual(["Stocktake", "Refit"]);
    // By site: a site's own and the whole client's.
    expect(ClosurePeriods.parse((await admin.get(`closure-periods?year=2030&site_id=${dublin}`)).json).closures.map((c) => c.reason)).toEqual(["Refit"]);
    expect(ClosurePeriods.parse((await admin.get(`closure-periods?year=2030&site_id=${siteA}`)).json).closures.map((c) => c.reason)).toEqual(["Stocktake", "Refit"]);
    // A range reaching into a year is listed for it.
    expect(ClosurePeriods.parse((await admin.get("closure-periods?year=2031")).json).closures.map((c) => c.reason)).toEqual(["A long one"]);
  });

  it("refuses, with its message, what platform §5 and the ranges forbid", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ start: "2030-01-01" }, "reason", M.reasonRequired],
      [{ reason: "   ", start: "2030-01-01" }, "reason", M.reasonRequired],
      [{ reason: "x".repeat(101), start: "2030-01-01" }, "reason", M.reasonTooLong],
      [{ reason: "x".repeat(5000), start: "2030-01-01" }, "reason", M.reasonTooLong],
      [{ reason: "two\nlines", start: "2030-01-01" }, "reason", M.reasonOneLine],
      [{ reason: "No date" }, "start", M.dateRequired],
      [{ reason: "Bad", start: "2030-02-30" }, "start", M.date],
      [{ reason: "Bad", start: "30-01-2030" }, "start", M.date],
      [{ reason: "Bad", start: "2038-01-01" }, "start", M.date],
      [{ reason: "Bad", start: "1999-12-31" }, "start", M.date],
      [{ reason: "Bad", start: 20300101 }, "start", M.dateRequired],
      [{ reason: "Bad", start: "2030-01-02", end: "2030-01-01" }, "end", M.endBeforeStart],
      [{ reason: "Bad", start: "2030-01-01", end: "2031-01-02" }, "end", M.tooLong],
      [{ reason: "Bad", start: "2030-01-01", end: "2030-13-01" }, "end", M.date],
      [{ reason: "Bad", start: "2030-01-01", site_ids: [] }, "site_ids", M.sites],
      [{ reason: "Bad", start: "2030-01-01", site_ids: ["1"] }, "site_ids.0", M.sites],
      [{ reason: "Bad", start: "2030-01-01", site_ids: [-1] }, "site_ids.0", M.sites],
      [{ reason: "Bad", start: "2030-01-01", site_ids: "all" }, "site_ids", M.sites],
      [{ reason: "Bad", start: "2030-01-01", site_ids: Array.from({ length: 101 }, (_, i) => i + 1) }, "site_ids", M.sites],
    ];
    for (const [body, field, message] of cases) {
      const r = await create(admin, body);
      expect([r.status, r.json.errors?.[field]], JSON.stringify(body)).toEqual([422, [message]]);
    }
    // Another client's site, or one that does not exist.
    const other = (await call("POST", "/__test/sites", { client: "eu:3", name: "Not Acme's", timezone: "Europe/Berlin" })).json.id as number;
    for (const ids of [[other], [siteA, 2_000_000]]) expect(errorsOf(await create(admin, { reason: "Bad", start: "2030-01-01", site_ids: ids }))).toEqual([422, { site_ids: [M.sites] }]);
    // The list's filters.
    for (const q of ["year=1999", "year=2038", "year=abc", "year=2030.5", "site_id=-3", "site_id=x"]) expect((await admin.get(`closure-periods?${q}`)).status, q).toBe(422);
  });

  it("changes and is deleted; a moved start keeps its length; hostile ids are 404", async () => {
    const c = ClosurePeriod.parse((await create(admin, { reason: "Inventory", start: "2030-05-05", end: "2030-05-07", site_ids: [siteA] })).json);
    const moved = await admin.patch(`closure-periods/${c.id}`, { start: "2030-05-10" });
    expect(ClosurePeriod.parse(moved.json)).toMatchObject({ start: "2030-05-10", end: "2030-05-12", reason: "Inventory" });
    const one = await admin.patch(`closure-periods/${c.id}`, { end: null, reason: "Inventory day", site_ids: null });
    expect(ClosurePeriod.parse(one.json)).toMatchObject({ start: "2030-05-10", end: "2030-05-10", reason: "Inventory day", site_ids: null });
    expect(errorsOf(await admin.patch(`closure-periods/${c.id}`, { end: "2030-05-01" }))).toEqual([422, { end: [M.endBeforeStart] }]);
    expect(errorsOf(await admin.patch(`closure-periods/${c.id}`, { end: "2031-06-01" }))).toEqual([422, { end: [M.tooLong] }]);
    expect(errorsOf(await admin.patch(`closure-periods/${c.id}`, { reason: "" }))).toEqual([422, { reason: [M.reasonRequired] }]);
    for (const id of ["0", "-1", "abc", "99999999999999999999", "1e3", String(c.id + 100_000)]) {
      expect((await admin.patch(`closure-periods/${id}`, { reason: "x" })).status, id).toBe(404);
      expect((await admin.del(`closure-periods/${id}`)).status, id).toBe(404);
    }
    // A move past the date pickers' last year.
    const late = ClosurePeriod.parse((await create(admin, { reason: "Late", start: "2037-12-20", end: "2037-12-30" })).json);
    expect(errorsOf(await admin.patch(`closure-periods/${late.id}`, { start: "2037-12-25" }))).toEqual([422, { end: [M.date] }]);
    // Bodies that are not objects.
    for (const body of [[], "x", null, 42]) expect((await create(admin, body as never)).status, JSON.stringify(body)).toBe(422);
    expect((await admin.del(`closure-periods/${c.id}`)).status).toBe(200);
    expect((await admin.del(`closure-periods/${c.id}`)).json.message).toBe(M.notFound);
  });
});

describe("who may", () => {
  it("needs ClosurePeriod.viewer: 403 without, on every route", async () => {
    const standard = await user("Standard User");
    const c = ClosurePeriod.parse((await create(admin, { reason: "Kept", start: "2030-09-09" })).json);
    for (const r of [
      await standard.get("closure-periods"),
      await standard.post("closure-periods", { reason: "No", start: "2030-09-10" }),
      await standard.patch(`closure-periods/${c.id}`, { reason: "No" }),
      await standard.del(`closure-periods/${c.id}`),
      await standard.get(`closure-periods/holidays?year=2030&site_id=${siteA}`),
      await standard.post("closure-periods/holidays", { year: 2030, site_id: siteA, dates: ["2030-12-25"] }),
    ]) expect([r.status, r.json.message]).toEqual([403, M.unauthorised]);
  });

  it("an expired client's users are refused (its trial is over)", async () => {
    const expired = await as("expired@example.com");
    expect((await expired.get("closure-periods")).status).toBe(403);
    expect((await expired.post("closure-periods", { reason: "No", start: "2030-09-10" })).status).toBe(403);
  });

  it("a deleted site drops out of its closures; one that closed only it is gone", async () => {
    const gone = (await call("POST", "/__test/sites", { client: "eu:1", name: "Closures gone", timezone: "Europe/London" })).json.id as number;
    const only = ClosurePeriod.parse((await create(admin, { reason: "Only the gone site", start: "2030-06-06", site_ids: [gone] })).json);
    const both = ClosurePeriod.parse((await create(admin, { reason: "Gone and A", start: "2030-06-07", site_ids: [gone, siteA] })).json);
    await up.app.db.query("DELETE FROM sites WHERE id = $1", [gone]);
    const list = ClosurePeriods.parse((await admin.get("closure-periods?year=2030")).json).closures;
    expect(list.find((c) => c.id === only.id)).toBeUndefined();
    expect(list.find((c) => c.id === both.id)?.site_ids).toEqual([siteA]);
    expect((await admin.patch(`closure-periods/${only.id}`, { reason: "x" })).status).toBe(404);
  });

  it("another client's closures are not found", async () => {
    const c = ClosurePeriod.parse((await create(admin, { reason: "Acme only", start: "2030-10-10" })).json);
    const stranger = await user("Administrator", { client: "eu:5" });
    expect((await stranger.patch(`closure-periods/${c.id}`, { reason: "Mine" })).status).toBe(404);
    expect((await stranger.del(`closure-periods/${c.id}`)).status).toBe(404);
    expect(ClosurePeriods.parse((await stranger.get("closure-periods?year=2030")).json).closures.map((x) => x.id)).not.toContain(c.id);
  });

  it("a user restricted to a site sees what reaches it, changes only what is wholly theirs, creates only for their sites", async () => {
    const restricted = await user("Administrator", { site_ids: [siteA] });
    const mine = ClosurePeriod.parse((await create(admin, { reason: "A only", start: "2030-11-01", site_ids: [siteA] })).json);
    const shared = ClosurePeriod.parse((await create(admin, { reason: "A and B", start: "2030-11-02", site_ids: [siteA, siteB] })).json);
    const whole = ClosurePeriod.parse((await create(admin, { reason: "Everyone", start: "2030-11-03" })).json);
    const bOnly = ClosurePeriod.parse((await create(admin, { reason: "B only", start: "2030-11-04", site_ids: [siteB] })).json);
    const seen = ClosurePeriods.parse((await restricted.get("closure-periods?year=2030")).json).closures.filter((c) => c.start.startsWith("2030-11"));
    expect(seen.map((c) => [c.reason, c.can_edit])).toEqual([["A only", true], ["A and B", false], ["Everyone", false]]);
    expect((await restricted.patch(`closure-periods/${mine.id}`, { reason: "A only, changed" })).status).toBe(200);
    for (const c of [shared, whole]) {
      expect([(await restricted.patch(`closure-periods/${c.id}`, { reason: "No" })).json.message, (await restricted.del(`closure-periods/${c.id}`)).status]).toEqual([M.notYours, 403]);
    }
    expect((await restricted.del(`closure-periods/${bOnly.id}`)).status).toBe(404);
    expect(errorsOf(await create(restricted, { reason: "Everyone", start: "2030-11-05" }))).toEqual([422, { site_ids: [M.sites] }]);
    expect(errorsOf(await create(restricted, { reason: "B too", start: "2030-11-05", site_ids: [siteA, siteB] }))).toEqual([422, { site_ids: [M.sites] }]);
    expect(errorsOf(await restricted.patch(`closure-periods/${mine.id}`, { site_ids: [siteB] }))).toEqual([422, { site_ids: [M.sites] }]);
    expect((await create(restricted, { reason: "Mine", start: "2030-11-05", site_ids: [siteA] })).status).toBe(200);
    // Holidays: their site only, never the whole client.
    expect(errorsOf(await restricted.get("closure-periods/holidays?year=2030"))).toEqual([422, { site_id: [M.sites] }]);
    expect(errorsOf(await restricted.get(`closure-periods/holidays?year=2030&site_id=${siteB}`))).toEqual([422, { site_id: [M.sites] }]);
    expect((await restricted.get(`closure-periods/holidays?year=2030&site_id=${siteA}`)).status).toBe(200);
  });
});

describe("public holidays", () => {
  it("lists a year's public holidays of the site's country, and imports chosen ones once", async () => {
    const r = await admin.get(`closure-periods/holidays?year=2030&site_id=${siteA}&region=eng`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const h = PublicHolidays.parse(r.json);
    expect([h.country, h.region, h.site_id]).toEqual(["GB", "ENG", siteA]);
    expect(h.regions).toHaveProperty("SCT");
    expect(h.holidays.map((d) => d.date)).toEqual(["2030-01-01", "2030-04-19", "2030-04-22", "2030-05-06", "2030-05-27", "2030-08-26", "2030-12-25", "2030-12-26"]);
    expect(h.holidays.every((d) => !d.imported)).toBe(true);

    const body = { year: 2030, site_id: siteA, region: "ENG", dates: ["2030-12-25", "2030-12-26", "2030-12-25"] };
    const first = await admin.post("closure-periods/holidays", body);
    expect([first.status, first.json.created]).toEqual([200, 2]);
    expect(PublicHolidays.parse(first.json).holidays.filter((d) => d.imported).map((d) => d.date)).toEqual(["2030-12-25", "2030-12-26"]);
    // Twice, and at once: nothing more.
    const again = await Promise.all([admin.post("closure-periods/holidays", body), admin.post("closure-periods/holidays", body)]);
    expect(again.map((a) => [a.status, a.json.created])).toEqual([[200, 0], [200, 0]]);
    const rows = await up.app.db.query("SELECT reason FROM closure_periods WHERE holiday = 'GB-ENG:2030-12-25' AND $1::int = ANY(site_ids)", [siteA]);
    expect(rows).toEqual([{ reason: "Christmas Day" }]);
    // Imported for the whole client: a site's list shows it imported, and the site's own import skips it.
    expect((await admin.post("closure-periods/holidays", { year: 2030, region: "ENG", dates: ["2030-01-01"] })).json.created).toBe(1);
    const b = PublicHolidays.parse((await admin.get(`closure-periods/holidays?year=2030&site_id=${siteB}&region=ENG`)).json);
    expect(b.holidays.filter((d) => d.imported).map((d) => d.date)).toEqual(["2030-01-01"]);
    expect((await admin.post("closure-periods/holidays", { year: 2030, site_id: siteB, region: "ENG", dates: ["2030-01-01"] })).json.created).toBe(0);

    // The timesheet's question.
    const all = await closuresBetween(up.app.db, (await up.app.db.query<{ id: number }>("SELECT client_id AS id FROM sites WHERE id = $1", [siteA]))[0]!.id, "2030-12-01", "2030-12-31");
    expect(closedOn(all, siteA, "2030-12-25")?.reason).toBe("Christmas Day");
    expect(closedOn(all, siteB, "2030-12-25")).toBeNull();
  });

  it("a site in another country keeps that country's holidays; a country can be chosen", async () => {
    const ie = PublicHolidays.parse((await admin.get(`closure-periods/holidays?year=2030&site_id=${dublin}`)).json);
    expect(ie.country).toBe("IE");
    expect(ie.holidays.map((d) => d.name)).toContain("St. Patrick’s Day");
    const de = PublicHolidays.parse((await admin.get("closure-periods/holidays?year=2030&country=de")).json);
    expect([de.country, de.site_id]).toEqual(["DE", null]);
  });

  it("refuses what is not a holiday of the list, an unknown country or region, bad years and hostile input", async () => {
    const post = (body: Record<string, unknown>) => admin.post("closure-periods/holidays", body);
    expect(errorsOf(await post({ year: 2030, site_id: siteA, dates: ["2030-12-24"] }))).toEqual([422, { dates: [M.holidays] }]);
    expect(errorsOf(await post({ year: 2030, site_id: siteA, dates: [] }))).toEqual([422, { dates: [M.holidays] }]);
    expect(errorsOf(await post({ year: 2030, site_id: siteA, dates: Array.from({ length: 51 }, () => "2030-12-25") }))).toEqual([422, { dates: [M.holidays] }]);
    expect(errorsOf(await post({ year: 2030, site_id: siteA, dates: "2030-12-25" }))).toEqual([422, { dates: [M.holidays] }]);
    expect(errorsOf(await post({ year: 2030, site_id: siteA, dates: ["2031-01-01"] }))).toEqual([422, { dates: [M.holidays] }]);
    expect(errorsOf(await post({ year: 2030, site_id: 2_000_000, dates: ["2030-12-25"] }))).toEqual([422, { site_id: [M.sites] }]);
    expect(errorsOf(await post({ year: 2030, country: "XX", dates: ["2030-12-25"] }))).toEqual([422, { country: [M.country] }]);
    expect(errorsOf(await post({ year: 2030, region: "ZZZ", dates: ["2030-12-25"] }))).toEqual([422, { region: [M.region] }]);
    expect(errorsOf(await post({ year: 2038, dates: ["2030-12-25"] }))).toEqual([422, { year: [M.year] }]);
    expect(errorsOf(await post({ dates: ["2030-12-25"] }))).toEqual([422, { year: [M.year] }]);
    for (const q of ["", "year=abc", "year=1999", "year=2030&country=GBR", "year=2030&country=%27%3B--", "year=2030&region=ENG%00", `year=2030&site_id=${"9".repeat(40)}`, "year=2030&site_id=abc"]) {
      const r = await admin.get(`closure-periods/holidays?${q}`);
      expect(r.status, q).toBe(422);
    }
  });
});

describe("the demo data", () => {
  it("Acme's English bank holidays at its British sites, not at Dublin; the Head Office's Christmas shutdown", async () => {
    const year = new Date().getUTCFullYear();
    const list = ClosurePeriods.parse((await admin.get(`closure-periods?year=${year}`)).json).closures;
    const hq = (await up.app.db.query<{ id: number }>("SELECT id FROM sites WHERE name = 'Head Office' AND client_id = (SELECT id FROM clients WHERE number = 1 AND region = 'eu')"))[0]!.id;
    const dub = (await up.app.db.query<{ id: number }>("SELECT id FROM sites WHERE name = 'Dublin Office' AND client_id = (SELECT id FROM clients WHERE number = 1 AND region = 'eu')"))[0]!.id;
    expect(list.filter((c) => c.site_ids?.includes(hq) && c.holiday?.startsWith("GB-ENG:")).map((c) => c.start)).toEqual(publicHolidays("GB", "ENG", year).map((d) => d.date));
    expect(list.some((c) => c.site_ids?.includes(dub))).toBe(false);
    expect(list.find((c) => c.reason === "Christmas shutdown")).toMatchObject({ start: `${year}-12-24`, end: `${year}-12-26`, site_ids: [hq] });
    const h = PublicHolidays.parse((await admin.get(`closure-periods/holidays?year=${year}&site_id=${hq}&region=ENG`)).json);
    expect(h.holidays.every((d) => d.imported)).toBe(true);
  });

  it("every route is in the contract", () => {
    expect(Object.keys(closureRoutes).sort()).toEqual(["createClosurePeriod", "deleteClosurePeriod", "importPublicHolidays", "listClosurePeriods", "listPublicHolidays", "updateClosurePeriod"]);
  });
});
