/**
 * The attendance reports over HTTP against a running upstream (issue 17 §4; ADR 027): counts per
 * site per day with the peak, site restriction, the override rules (set, clear, future days, before
 * the member's start, rights), and the ranges' messages; the exports' rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTENDANCE_MESSAGES, DailyAttendanceReport, RANGE_MESSAGES, SiteAttendanceReport } from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";
import { dayProblem } from "./rules.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
const { call, as } = httpTestClient(() => up.url, "attendance");
let admin: As;
let site: number;
let other: number;
let group: { id: number; members: { id: number; name: string }[] };

const DAY = "2025-03-10";

/** A visit at `siteId` from `at` (UTC, "HH:MM") to `until` (or still open), in group `groupId`. */
async function visit(siteId: number, groupId: number, name: string, day: string, at: string, until: string | null, memberId: number | null = null, company: string | null = null) {
  await up.app.db.query(
    `INSERT INTO visits (site_id, group_id, member_id, name, company, status, signed_in_at, signed_out_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $8::timestamptz)`,
    [siteId, groupId, memberId, name, company, until ? "signed_out" : "signed_in", `${day}T${at}:00Z`, until ? `${day}T${until}:00Z` : null],
  );
}

async function userWith(email: string, rights: string[], siteIds?: number[]) {
  const role = `Attendance ${email}`;
  expect((await call("POST", "/__test/roles", { client: "eu:1", name: role, rights })).status).toBe(201);
  expect((await call("POST", "/__test/users", { email, role, client: "eu:1", ...(siteIds ? { site_ids: siteIds } : {}) })).status).toBe(201);
  return as(email);
}

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
  site = (await call("POST", "/__test/sites", { client: "eu:1", name: "Attendance site", timezone: "UTC" })).json.id;
  other = (await call("POST", "/__test/sites", { client: "eu:1", name: "Other attendance site", timezone: "UTC" })).json.id;
  group = (await call("POST", "/__test/groups", { client: "eu:1", name: "Attendance group", members: ["Ann Early", "Bo Late", "Cy New"], site_ids: [site, other] })).json;
  const visitors = (await up.app.db.query<{ id: number }>("SELECT id FROM groups WHERE client_id = (SELECT client_id FROM sites WHERE id = $1) AND type = 'standard' ORDER BY id LIMIT 1", [site]))[0]!.id;
  const [ann, bo] = group.members;
  // 09:00–12:00 Ann, 10:00–11:00 Ann again, 11:30–17:00 Bo; visitors 10:30–10:45 twice the same person, and another.
  await visit(site, group.id, "Ann Early", DAY, "09:00", "12:00", ann!.id);
  await visit(site, group.id, "Ann Early", DAY, "10:00", "11:00", ann!.id);
  await visit(site, group.id, "Bo Late", DAY, "11:30", "17:00", bo!.id);
  await visit(site, visitors, "Jo Guest", DAY, "10:30", "10:45", null, "Initech");
  await visit(site, visitors, "jo guest", DAY, "14:00", "14:10", null, "initech");
  await visit(site, visitors, "=HYPERLINK(\"http://x\")", DAY, "15:00", "15:05", null, "Evil");
  await visit(other, visitors, "Elsewhere", DAY, "10:00", "10:05");
}, 120_000);

afterAll(async () => {
  expect(serverErrors).toEqual([]);
  await up?.stop();
}, 60_000);

describe("site attendance", () => {
  it("counts distinct people per site per day, visitors and members apart, with the peak", async () => {
    const r = await admin.get(`reports/site-attendance?from=2025-03-09&to=${DAY}&site_id=${site}`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const report = SiteAttendanceReport.parse(r.json);
    expect(report.rows).toEqual([
      { day: "2025-03-09", site_id: site, site_name: "Attendance site", people: 0, visitors: 0, members: 0, peak: 0 },
      // Ann twice and Jo twice count once; at 10:30 Ann (two visits) and Jo are open: the peak is 3.
      { day: DAY, site_id: site, site_name: "Attendance site", people: 4, visitors: 2, members: 2, peak: 3 },
    ]);
  });

  it("shows only the sites the user may see, and refuses another one", async () => {
    const restricted = await userWith("attendance-restricted@example.com", ["History.viewer"], [other]);
    const all = SiteAttendanceReport.parse((await restricted.get(`reports/site-attendance?from=${DAY}&to=${DAY}`)).json);
    expect(all.rows.map((x) => x.site_id)).toEqual([other]);
    const refused = await restricted.get(`reports/site-attendance?from=${DAY}&to=${DAY}&site_id=${site}`);
    expect([refused.status, refused.json.errors?.site_id]).toEqual([422, [ATTENDANCE_MESSAGES.site]]);
  });

  it("needs the flag and a report right", async () => {
    const none = await userWith("attendance-none@example.com", ["Today.viewer"]);
    expect((await none.get(`reports/site-attendance?from=${DAY}&to=${DAY}`)).status).toBe(403);
    await call("POST", "/__test/clients/eu:1", { settings: { "beta.site-attendance-report": false } });
    try {
      const r = await admin.get(`reports/site-attendance?from=${DAY}&to=${DAY}`);
      expect([r.status, r.json.message]).toEqual([403, ATTENDANCE_MESSAGES.flagOff]);
    } finally {
      await call("POST", "/__test/clients/eu:1", { settings: { "beta.site-attendance-report": true } });
    }
  });

  it("refuses hostile ranges with the range messages", async () => {
    const cases: [string, string, string][] = [
      [`from=${DAY}&to=2025-03-01`, "to", RANGE_MESSAGES.reversed],
      ["from=2037-12-31&to=2038-01-01", "to", RANGE_MESSAGES.tooLate],
      ["from=2025-02-30&to=2025-03-01", "from", RANGE_MESSAGES.malformed],
      ["from=2025-03-01&to=x'--", "to", RANGE_MESSAGES.malformed],
      ["from=2025-03-01&to=2025-04-01", "to", RANGE_MESSAGES.tooLong],
    ];
    for (const [query, field, message] of cases) {
      for (const path of ["reports/site-attendance", "reports/site-attendance/export", "reports/daily-attendance/export"]) {
        const r = await admin.get(`${path}?${query}`);
        expect([path, query, r.status, r.json.errors?.[field]]).toEqual([path, query, 422, [message]]);
      }
    }
    expect((await admin.get(`reports/site-attendance?from=${DAY}&to=${DAY}&site_id=1e3`)).status).toBe(422);
  });

  it("exports the rows as CSV with formula cells escaped", async () => {
    const res = await fetch(`${up.url}/eu/api/v2/reports/site-attendance/export?format=csv&from=${DAY}&to=${DAY}&site_id=${site}`, { headers: { authorization: await bearer() } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(`site attendance ${DAY} to ${DAY}.csv`);
    const text = (await res.text()).replace(/^\uFEFF/, "");
    expect(text.split("\r\n").filter(Boolean)).toEqual(["Date,Site,People,Visitors,Members,Peak on site", `${DAY},Attendance site,4,2,2,3`]);
  });
});

async function bearer() {
  const r = await call("POST", "/api/v2/auth/login", { email: "admin@example.com", password: "Demo-Passw0rd!" });
  return `Bearer ${r.json.access_token}`;
}

describe("daily attendance", () => {
  const daily = async (who: As, q: string) => {
    const r = await who.get(`reports/daily-attendance?${q}`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return DailyAttendanceReport.parse(r.json);
  };

  it("draws present and absent from the visits, with first in and last out", async () => {
    const report = await daily(admin, `day=${DAY}&group_id=${group.id}&site_id=${site}`);
    expect(report.rows.map((r) => [r.name, r.drawn, r.first_in, r.last_out])).toEqual([
      ["Ann Early", "present", `${DAY}T09:00:00.000Z`, `${DAY}T12:00:00.000Z`],
      ["Bo Late", "present", `${DAY}T11:30:00.000Z`, `${DAY}T17:00:00.000Z`],
      ["Cy New", "absent", null, null],
    ]);
    expect(report.can_edit).toBe(true);
    const bad = await admin.get(`reports/daily-attendance?day=${DAY}&group_id=999999`);
    expect([bad.status, bad.json.errors?.group_id]).toEqual([422, [ATTENDANCE_MESSAGES.group]]);
    const malformed = await admin.get("reports/daily-attendance?day=2025-13-01");
    expect([malformed.status, malformed.json.errors?.day]).toEqual([422, [RANGE_MESSAGES.malformed]]);
  });

  it("sets an override beside the drawn value, keeps who and when, and clears it", async () => {
    const cy = group.members[2]!;
    const set = await admin.post(`reports/daily-attendance/${cy.id}/${DAY}`, { status: "remote", note: "Worked from home" });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(set.json).toMatchObject({ drawn: "absent", override: { status: "remote", note: "Worked from home", set_by: "Alice Admin" } });
    const listed = (await daily(admin, `day=${DAY}&group_id=${group.id}`)).rows.find((r) => r.member_id === cy.id)!;
    expect([listed.drawn, listed.override?.status]).toEqual(["absent", "remote"]);
    const cleared = await admin.del(`reports/daily-attendance/${cy.id}/${DAY}`);
    expect([cleared.status, cleared.json.override, cleared.json.drawn]).toEqual([200, null, "absent"]);
  });

  it("refuses days after today, before the member's start, hostile bodies, and users without the edit right", async () => {
    const [ann, bo] = group.members;
    const future = await admin.post(`reports/daily-attendance/${ann!.id}/2037-01-01`, { status: "present" });
    expect([future.status, future.json.errors?.day]).toEqual([422, [ATTENDANCE_MESSAGES.futureDay]]);
    await up.app.db.query("UPDATE members SET starts_on = $2::date WHERE id = $1", [bo!.id, "2025-03-11"]);
    const early = await admin.post(`reports/daily-attendance/${bo!.id}/${DAY}`, { status: "present" });
    expect([early.status, early.json.errors?.day]).toEqual([422, [ATTENDANCE_MESSAGES.beforeStart]]);
    await up.app.db.query("UPDATE members SET starts_on = NULL WHERE id = $1", [bo!.id]);
    const status = await admin.post(`reports/daily-attendance/${ann!.id}/${DAY}`, { status: "asleep" });
    expect([status.status, status.json.errors?.status]).toEqual([422, [ATTENDANCE_MESSAGES.status]]);
    const note = await admin.post(`reports/daily-attendance/${ann!.id}/${DAY}`, { status: "present", note: "x".repeat(501) });
    expect([note.status, note.json.errors?.note]).toEqual([422, [ATTENDANCE_MESSAGES.noteTooLong]]);
    expect((await admin.post(`reports/daily-attendance/${ann!.id}/2025-02-31`, { status: "present" })).status).toBe(422);
    expect((await admin.post(`reports/daily-attendance/999999/${DAY}`, { status: "present" })).status).toBe(404);
    const viewer = await userWith("attendance-viewer@example.com", ["DailyAttendanceReport.view"]);
    expect((await daily(viewer, `day=${DAY}&group_id=${group.id}`)).rows.every((r) => !r.editable)).toBe(true);
    expect((await viewer.post(`reports/daily-attendance/${ann!.id}/${DAY}`, { status: "present" })).status).toBe(403);
    const nobody = await userWith("attendance-nobody@example.com", ["History.viewer"]);
    expect((await nobody.get(`reports/daily-attendance?day=${DAY}`)).status).toBe(403);
  });

  it("a user restricted to some sites sees only the members offered at theirs, and changes only their days (ADR 031)", async () => {
    const [ann, bo] = group.members;
    // Ann comes to the other site only; Bo to both; Cy to every site of the group.
    await up.app.db.query("UPDATE members SET site_ids = $2::jsonb WHERE id = $1", [ann!.id, JSON.stringify([other])]);
    await up.app.db.query("UPDATE members SET site_ids = $2::jsonb WHERE id = $1", [bo!.id, JSON.stringify([site, other])]);
    try {
      const restricted = await userWith("attendance-daily-restricted@example.com", ["DailyAttendanceReport.viewer", "DailyAttendanceReport.view", "DailyAttendanceReport.edit"], [site]);
      const names = (await daily(restricted, `day=${DAY}&group_id=${group.id}`)).rows.map((r) => r.name);
      expect(names).toEqual(["Bo Late", "Cy New"]);
      expect((await daily(admin, `day=${DAY}&group_id=${group.id}`)).rows.map((r) => r.name)).toEqual(["Ann Early", "Bo Late", "Cy New"]);
      expect((await restricted.post(`reports/daily-attendance/${ann!.id}/${DAY}`, { status: "present" })).status).toBe(404);
      expect((await restricted.post(`reports/daily-attendance/${bo!.id}/${DAY}`, { status: "present" })).status).toBe(200);
      expect((await restricted.del(`reports/daily-attendance/${bo!.id}/${DAY}`)).status).toBe(200);
    } finally {
      await up.app.db.query("UPDATE members SET site_ids = NULL WHERE id = ANY($1::int[])", [[ann!.id, bo!.id]]);
    }
  });

  it("judges a day against today and the member's dates", () => {
    const m = { starts_on: "2025-03-01", ends_on: "2025-03-31" };
    expect(dayProblem("2025-03-10", "2025-03-20", m)).toBeNull();
    expect(dayProblem("2025-03-21", "2025-03-20", m)).toBe(ATTENDANCE_MESSAGES.futureDay);
    expect(dayProblem("2025-02-28", "2025-03-20", m)).toBe(ATTENDANCE_MESSAGES.beforeStart);
    expect(dayProblem("2025-04-01", "2025-05-20", m)).toBe(ATTENDANCE_MESSAGES.afterEnd);
    expect(dayProblem("2025-03-20", "2025-03-20", { starts_on: null, ends_on: null })).toBeNull();
  });
});

describe("the seed's revision 24", () => {
  it("gives Acme visitors and members over the last weeks and one overridden day", async () => {
    const hq = (await admin.get("sites")).json.find((s: { name: string }) => s.name === "Head Office").id;
    const [{ today }] = await up.app.db.query<{ today: string }>("SELECT to_char(current_date, 'YYYY-MM-DD') AS today");
    const back = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    const report = SiteAttendanceReport.parse((await admin.get(`reports/site-attendance?from=${back(21)}&to=${back(1)}&site_id=${hq}`)).json);
    expect(report.rows.filter((r) => r.visitors > 0 && r.members > 0).length).toBeGreaterThan(5);
    const daily = DailyAttendanceReport.parse((await admin.get(`reports/daily-attendance?day=${back(2)}`)).json);
    expect(daily.rows.find((r) => r.name === "Kieran Walsh")?.override).toMatchObject({ status: "remote", set_by: "Alice Admin" });
  });
});
