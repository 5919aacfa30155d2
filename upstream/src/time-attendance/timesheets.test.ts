/**
 * Timesheets over HTTP against a running upstream (issue 27 item 4): a late and early day with its
 * exact minutes, a missing sign-out, a closure day, an absent day, the week's totals; scope (a
 * user of another site), tenancy, rights, the 31-day limit and hostile queries; and a 4-week page
 * of 50 members in a bounded number of queries.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TIME_ATTENDANCE_MESSAGES as M, Timesheets } from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
const { call, as, user } = httpTestClient(() => up.url, "timesheets");
let admin: As;
let hq: number;
let wh: number;
let group: { id: number; members: { id: number; name: string }[] };

const TS = "time-attendance/timesheets";
const weekdays = (start: string, end: string) => Object.fromEntries(["mon", "tue", "wed", "thu", "fri"].map((d) => [d, [{ start, end }]]));

/** A visit of `memberId` at `siteId`: London times on 2026-03-xx (GMT then: UTC = local). */
async function visit(memberId: number, siteId: number, groupId: number, inAt: string, outAt: string | null) {
  await up.app.db.query(
    `INSERT INTO visits (site_id, group_id, member_id, name, status, source, signed_in_at, signed_out_at)
     SELECT $1, $2, m.id, m.name, $5, 'kiosk', $3::timestamptz, $4::timestamptz FROM members m WHERE m.id = $6`,
    [siteId, groupId, inAt, outAt, outAt ? "signed_out" : "signed_in", memberId],
  );
}

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
  const sites = await up.app.db.query<{ id: number; name: string }>("SELECT id, name FROM sites WHERE client_id = (SELECT id FROM clients WHERE region = 'eu' AND number = 1) AND type = 'standard'");
  hq = sites.find((s) => s.name === "Head Office")!.id;
  wh = sites.find((s) => s.name === "Warehouse")!.id;
  group = (await call("POST", "/__test/groups", { client: "eu:1", name: "Timesheet people", members: ["Tara Late", "Umar Open"], site_ids: [hq] })).json;
  const rota = await admin.post("time-attendance/rotas", { name: "TS nine to five", type: "scheduled", shifts: weekdays("09:00", "17:00"), break: { type: "none" } });
  expect(rota.status, JSON.stringify(rota.json)).toBe(200);
  expect((await admin.patch(`time-attendance/groups/${group.id}/rota`, { rota_id: rota.json.id })).status).toBe(200);
  const closure = await admin.post("closure-periods", { reason: "Boiler repair", start: "2026-03-04", site_ids: [hq] });
  expect(closure.status, JSON.stringify(closure.json)).toBe(200);
  const [tara, umar] = group.members;
  // Monday late and early; Tuesday no sign-out; Wednesday closed but worked; Thursday absent; Friday on time.
  await visit(tara!.id, hq, group.id, "2026-03-02T09:07:40Z", "2026-03-02T16:50:00Z");
  await visit(tara!.id, hq, group.id, "2026-03-03T08:58:00Z", null);
  await visit(tara!.id, hq, group.id, "2026-03-04T10:00:00Z", "2026-03-04T12:00:00Z");
  await visit(tara!.id, hq, group.id, "2026-03-06T08:55:00Z", "2026-03-06T17:00:00Z");
  // Umar: a sign-in superseded by the next one (a missing sign-out), then a whole day.
  await visit(umar!.id, hq, group.id, "2026-03-02T09:00:00Z", null);
  await visit(umar!.id, hq, group.id, "2026-03-03T09:00:00Z", "2026-03-03T17:00:00Z");
}, 120_000);

afterAll(async () => {
  expect(serverErrors).toEqual([]);
  await up?.stop();
}, 60_000);

const week = `from=2026-03-02&to=2026-03-08`;

describe("a member's days", () => {
  it("shows late and early with the exact minutes, a missing sign-out, a closure day, an absent day and the week's totals", async () => {
    const r = await admin.get(`${TS}?${week}&group_id=${group.id}`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const t = Timesheets.parse(r.json);
    expect(t.total).toBe(2);
    const tara = t.members.find((m) => m.name === "Tara Late")!;
    expect(tara).toMatchObject({ rota: { name: "TS nine to five", type: "scheduled" }, site: { id: hq, name: "Head Office" }, timezone: "Europe/London" });
    const day = (d: string) => tara.days.find((x) => x.date === d)!;
    expect(day("2026-03-02")).toMatchObject({ late_minutes: 7, left_early_minutes: 10, worked_minutes: 463, expected_minutes: 480, overtime_minutes: 0, difference_minutes: -17, flags: ["late", "left-early"] });
    expect(day("2026-03-02").expectation).toMatchObject({ kind: "scheduled", start: "2026-03-02T09:00:00.000Z", end: "2026-03-02T17:00:00.000Z" });
    expect(day("2026-03-03")).toMatchObject({ missing_sign_out: true, worked_minutes: 0, late_minutes: 0, flags: ["missing-sign-out"] });
    expect(day("2026-03-03").records).toEqual([{ signed_in_at: "2026-03-03T08:58:00.000Z", signed_out_at: null, ended_by: "next-sign-in", site_id: hq }]);
    expect(day("2026-03-04")).toMatchObject({ expectation: { kind: "closed", reason: "Boiler repair" }, expected_minutes: 0, worked_minutes: 120, overtime_minutes: 120, absent: false, flags: ["overtime"] });
    expect(day("2026-03-05")).toMatchObject({ absent: true, worked_minutes: 0, flags: ["absent"] });
    expect(day("2026-03-06")).toMatchObject({ late_minutes: 0, left_early_minutes: 0, worked_minutes: 485, overtime_minutes: 5 });
    expect(day("2026-03-07")).toMatchObject({ expectation: { kind: "day-off" }, absent: false, flags: [] });
    expect(tara.days.map((d) => d.date)).toEqual(["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08"]);
    expect(tara.weeks).toEqual([expect.objectContaining({ week_start: "2026-03-02", days: 7, worked_minutes: 463 + 120 + 485, expected_minutes: 4 * 480, late_days: 1, late_minutes: 7, left_early_days: 1, left_early_minutes: 10, missing_sign_outs: 1, absent_days: 1 })]);
    const umar = t.members.find((m) => m.name === "Umar Open")!;
    expect(umar.days[0]).toMatchObject({ missing_sign_out: true, flags: ["missing-sign-out"] });
    expect(umar.days[0]!.records[0]!.ended_by).toBe("next-sign-in");
    expect(umar.days[1]).toMatchObject({ worked_minutes: 480, flags: [] });
  });

  it("expects nothing before a member's start date or after their end date; one who left before the period is not listed", async () => {
    const g = (await call("POST", "/__test/groups", { client: "eu:1", name: "Starters", members: ["Vic New", "Wes Gone"], site_ids: [hq] })).json;
    expect((await admin.patch(`time-attendance/groups/${g.id}/rota`, { rota_id: (await admin.get("time-attendance/rotas")).json.rotas.find((x: { name: string }) => x.name === "TS nine to five").id })).status).toBe(200);
    await up.app.db.query("UPDATE members SET starts_on = '2026-03-04' WHERE id = $1", [g.members[0].id]);
    await up.app.db.query("UPDATE members SET ends_on = '2026-03-01' WHERE id = $1", [g.members[1].id]);
    const t = Timesheets.parse((await admin.get(`${TS}?${week}&group_id=${g.id}`)).json);
    expect(t.members.map((m) => m.name)).toEqual(["Vic New"]);
    const days = t.members[0]!.days;
    expect(days.slice(0, 2).map((d) => [d.expectation.kind, d.absent])).toEqual([["day-off", false], ["day-off", false]]);
    expect(days[3]).toMatchObject({ date: "2026-03-05", absent: true });
    const past = Timesheets.parse((await admin.get(`${TS}?${week}&group_id=${g.id}&page=3`)).json);
    expect([past.total, past.members]).toEqual([1, []]);
  });

  it("filters by member and by site; a member of no site in the filter is not listed", async () => {
    const one = Timesheets.parse((await admin.get(`${TS}?${week}&member_id=${group.members[1]!.id}`)).json);
    expect(one.members.map((m) => m.name)).toEqual(["Umar Open"]);
    const atWh = Timesheets.parse((await admin.get(`${TS}?${week}&site_id=${wh}&group_id=${group.id}`)).json);
    expect(atWh.members).toEqual([]);
  });
});

describe("the demo data", () => {
  it("gives Acme's Staff on Office hours late, early and missing sign-out days in the last four weeks", async () => {
    const seeded = await up.app.db.query<{ member_id: number; today: string }>(
      `SELECT DISTINCT v.member_id, to_char((now() AT TIME ZONE s.timezone)::date, 'YYYY-MM-DD') AS today
         FROM visits v JOIN sites s ON s.id = v.site_id WHERE v.notes = 'Timesheet demo' ORDER BY v.member_id`);
    expect(seeded.length).toBeGreaterThanOrEqual(2);
    const today = seeded[0]!.today;
    const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    const flags = new Set<string>();
    for (const { member_id } of seeded) {
      const r = await admin.get(`${TS}?from=${day(28)}&to=${day(1)}&member_id=${member_id}`);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const m = Timesheets.parse(r.json).members[0]!;
      expect(m.rota?.name).toBe("Office hours");
      for (const d of m.days) for (const f of d.flags) flags.add(f);
      expect(m.weeks.length).toBeGreaterThanOrEqual(4);
    }
    expect([...flags]).toEqual(expect.arrayContaining(["late", "left-early", "missing-sign-out"]));
  });
});

describe("who sees what", () => {
  it("403 without the right", async () => {
    expect((await call("POST", "/__test/roles", { client: "eu:1", name: "No timesheets", rights: ["Today.viewer"] })).status).toBe(201);
    const none = await user("No timesheets");
    const r = await none.get(`${TS}?${week}`);
    expect([r.status, r.json.message]).toEqual([403, M.timesheetsNotAuthorised]);
    expect((await call("POST", "/__test/roles", { client: "eu:1", name: "Timesheet viewer", rights: ["TimeSheet.viewer"] })).status).toBe(201);
    const viewer = await user("Timesheet viewer");
    expect((await viewer.get(`${TS}?${week}&group_id=${group.id}`)).status).toBe(200);
  });

  it("a user of the Warehouse does not see the members shown only at Head Office", async () => {
    const local = await user("Administrator", { site_ids: [wh] });
    const r = await local.get(`${TS}?${week}&member_id=${group.members[0]!.id}`);
    expect(r.status).toBe(200);
    expect(Timesheets.parse(r.json).members).toEqual([]);
    expect((await local.get(`${TS}?${week}&group_id=${group.id}`)).status).toBe(422);
    expect((await local.get(`${TS}?${week}&site_id=${hq}`)).json.errors).toEqual({ site_id: [M.chooseSite] });
  });

  it("another organisation sees none of these members, nor chooses this group or site", async () => {
    const theirs = await user("Administrator", { client: "eu:4" });
    const r = Timesheets.parse((await theirs.get(`${TS}?${week}&member_id=${group.members[0]!.id}`)).json);
    expect(r.members).toEqual([]);
    expect((await theirs.get(`${TS}?${week}`)).json.members.some((m: { member_id: number }) => group.members.some((g) => g.id === m.member_id))).toBe(false);
    expect((await theirs.get(`${TS}?${week}&group_id=${group.id}`)).json.errors).toEqual({ group_id: [M.chooseGroup] });
    expect((await theirs.get(`${TS}?${week}&site_id=${hq}`)).json.errors).toEqual({ site_id: [M.chooseSite] });
  });
});

describe("the query", () => {
  it("allows 31 days, not 32, nor an end before the start", async () => {
    expect((await admin.get(`${TS}?from=2026-03-01&to=2026-03-31&group_id=${group.id}`)).status).toBe(200);
    expect((await admin.get(`${TS}?from=2026-03-01&to=2026-04-01`)).json.errors).toEqual({ to: [M.timesheetPeriod] });
    expect((await admin.get(`${TS}?from=2026-03-05&to=2026-03-04`)).json.errors).toEqual({ to: [M.timesheetPeriod] });
    expect((await admin.get(`${TS}?to=2026-03-04`)).json.errors).toEqual({ from: [M.timesheetDate] });
  });

  it("hostile input is a 4xx, never a 500", async () => {
    for (const qs of [
      "from=2026-02-30&to=2026-03-01", "from=2026-3-1&to=2026-03-02", "from=2026-03-01'--&to=2026-03-02", `${week}&site_id=abc`, `${week}&site_id=99999999999`,
      `${week}&group_id=-1`, `${week}&member_id=1e3`, `${week}&page=0`, `${week}&page=x`, `${week}&page=9999999999`, "from[]=1&to=2",
    ]) {
      const r = await admin.get(`${TS}?${qs}`);
      expect(r.status, qs).toBeGreaterThanOrEqual(400);
      expect(r.status, qs).toBeLessThan(500);
    }
  });
});

describe("a page of 50 members over four weeks", () => {
  it("takes a bounded number of queries", async () => {
    const names = Array.from({ length: 55 }, (_, i) => `Zed Bulk ${String(i).padStart(2, "0")}`);
    const bulk = (await call("POST", "/__test/groups", { client: "eu:1", name: "Bulk timesheets", members: names.slice(0, 50), site_ids: [hq] })).json;
    await up.app.db.query("INSERT INTO members (group_id, name) SELECT $1, unnest($2::text[])", [bulk.id, names.slice(50)]);
    await up.app.db.query(
      `INSERT INTO visits (site_id, group_id, member_id, name, status, source, signed_in_at, signed_out_at)
       SELECT $1, $2, m.id, m.name, 'signed_out', 'kiosk', d + interval '9 hours' + (m.id % 10) * interval '1 minute', d + interval '17 hours'
         FROM members m, generate_series('2026-02-02'::timestamptz, '2026-03-01'::timestamptz, interval '1 day') d
        WHERE m.group_id = $2 AND extract(isodow FROM d) < 6`,
      [hq, bulk.id],
    );
    const db = up.app.db as { query: (...a: unknown[]) => Promise<unknown> };
    const original = db.query;
    let queries = 0;
    db.query = function (this: unknown, ...a: unknown[]) {
      queries++;
      return original.apply(this, a);
    };
    const started = Date.now();
    let r;
    try {
      r = await admin.get(`${TS}?from=2026-02-02&to=2026-03-01&group_id=${bulk.id}`);
    } finally {
      db.query = original;
    }
    const ms = Date.now() - started;
    expect(r.status, JSON.stringify([bulk, r.json]).slice(0, 600)).toBe(200);
    const t = Timesheets.parse(r.json);
    expect([t.total, t.members.length, t.per_page]).toEqual([55, 50, 50]);
    expect(t.members[0]!.days).toHaveLength(28);
    expect(t.members[0]!.weeks).toHaveLength(4);
    console.log(`timesheets: 50 members × 28 days in ${ms} ms, ${queries} queries (auth included)`);
    expect(queries).toBeLessThanOrEqual(12);
    const next = Timesheets.parse((await admin.get(`${TS}?from=2026-02-02&to=2026-03-01&group_id=${bulk.id}&page=2`)).json);
    expect(next.members.map((m) => m.name)).toEqual(names.slice(50));
  });
});
