/**
 * Time and attendance over HTTP against a running upstream (issue 27 items 1 and 3): the demo's
 * rotas and statuses, working hours (every message, crossing midnight, delete by typed name, in use
 * by a rota), rotas (flexible, scheduled, 24/7, copy, a member's and a group's), activity statuses
 * (every message, the default never archived or deleted, order), rights, scope, tenancy and
 * hostile input.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ActivityStatus, ActivityStatusList, MemberRota, Rota, RotaList, TIME_ATTENDANCE_MESSAGES as M, WorkingHours, WorkingHoursList } from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
const { call, as, user } = httpTestClient(() => up.url, "time-attendance");
let admin: As;
let hq: number;
let wh: number;
let group: { id: number; members: { id: number; name: string }[] };

const WH = "time-attendance/working-hours";
const ROTAS = "time-attendance/rotas";
const ST = "time-attendance/activity-statuses";
const days = (start: string, end: string, list = ["mon", "tue", "wed", "thu", "fri"]) => Object.fromEntries(list.map((d) => [d, [{ start, end }]]));
const template = (name: string, extra: Record<string, unknown> = {}) => ({ name, shifts: days("08:00", "16:00"), break: { type: "none" }, ...extra });
const errorsOf = (r: { status: number; json: { errors?: Record<string, string[]> } }) => [r.status, r.json.errors];

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
  const sites = await up.app.db.query<{ id: number; name: string }>("SELECT id, name FROM sites WHERE client_id = (SELECT id FROM clients WHERE region = 'eu' AND number = 1) AND type = 'standard'");
  hq = sites.find((s) => s.name === "Head Office")!.id;
  wh = sites.find((s) => s.name === "Warehouse")!.id;
  group = (await call("POST", "/__test/groups", { client: "eu:1", name: "Rota people", members: ["Rhea Rota", "Sam Shift"], site_ids: [hq] })).json;
}, 120_000);

afterAll(async () => {
  expect(serverErrors).toEqual([]);
  await up?.stop();
}, 60_000);

describe("the demo data", () => {
  it("has Acme's office hours, flexible and night rotas, and its four statuses", async () => {
    const rotas = RotaList.parse((await admin.get(ROTAS)).json).rotas;
    const office = rotas.find((r) => r.name === "Office hours")!;
    expect(office).toMatchObject({ type: "scheduled", working_hours: { name: "Office hours" }, break: { type: "flexible", minutes: 30 }, minutes_per_week: 5 * (510 - 30) });
    expect(office.shifts!.mon).toEqual([{ start: "09:00", end: "17:30", crosses_midnight: false, minutes: 510 }]);
    expect(office.groups).toBeGreaterThanOrEqual(1);
    expect(rotas.find((r) => r.name === "Flexible 37.5 h")).toMatchObject({ type: "flexible", hours_per_week: 37.5, shifts: null, minutes_per_week: 2250 });
    const nights = rotas.find((r) => r.name === "Warehouse nights")!;
    expect(nights.site).toEqual({ id: wh, name: "Warehouse" });
    expect(nights.shifts!.fri).toEqual([{ start: "22:00", end: "06:00", crosses_midnight: true, minutes: 480 }]);
    expect(nights.minutes_per_week).toBe(5 * 450);
    const statuses = ActivityStatusList.parse((await admin.get(ST)).json).statuses;
    expect(statuses.map((s) => [s.name, s.is_default, s.include_in_hours])).toEqual([["Working", true, true], ["Break", false, false], ["Meeting", false, true], ["Remote", false, true]]);
    // Hannah's own rota; a Staff member without one follows the group's.
    const staff = await up.app.db.query<{ id: number; name: string }>("SELECT m.id, m.name FROM members m JOIN groups g ON g.id = m.group_id WHERE g.name = 'Staff' AND g.client_id = (SELECT id FROM clients WHERE region = 'eu' AND number = 1) AND m.name IN ('Hannah Scott', 'Amelia Hart')");
    const hannah = MemberRota.parse((await admin.get(`time-attendance/members/${staff.find((m) => m.name === "Hannah Scott")!.id}/rota`)).json);
    expect([hannah.source, hannah.rota?.name]).toEqual(["member", "Warehouse nights"]);
    const amelia = MemberRota.parse((await admin.get(`time-attendance/members/${staff.find((m) => m.name === "Amelia Hart")!.id}/rota`)).json);
    expect([amelia.source, amelia.rota?.name]).toEqual(["group", "Office hours"]);
  });
});

describe("working hours", () => {
  it("are created with shifts crossing midnight and a scheduled break, and their name is unique whatever the case", async () => {
    const r = await admin.post(WH, { name: "  Late   shift ", shifts: { sat: [{ start: "18:00", end: "02:00" }], sun: [{ start: "20:00", end: "00:00" }] }, break: { type: "scheduled", start: "23:00", end: "23:30" } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const w = WorkingHours.parse(r.json);
    expect(w.name).toBe("Late shift");
    expect(w.shifts.sat[0]).toEqual({ start: "18:00", end: "02:00", crosses_midnight: true, minutes: 480 });
    expect(w.minutes_per_week).toBe(480 + 240 - 60);
    expect(w.shifts.sun[0]).toEqual({ start: "20:00", end: "00:00", crosses_midnight: false, minutes: 240 });
    expect(errorsOf(await admin.post(WH, template("LATE SHIFT")))).toEqual([422, { name: [M.templateNameTaken] }]);
    expect(WorkingHoursList.parse((await admin.get(WH)).json).working_hours.some((x) => x.id === w.id)).toBe(true);
    expect(WorkingHours.parse((await admin.get(`${WH}/${w.id}`)).json).name).toBe("Late shift");
  });

  it("refuse each bad field with its message", async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [template(" "), { name: [M.nameRequired] }],
      [template("x".repeat(101)), { name: [M.nameTooLong] }],
      [template("T1", { shifts: { mon: [{ start: "9:00", end: "17:00" }] } }), { "shifts.mon": [M.time] }],
      [template("T1", { shifts: { mon: [{ start: "24:00", end: "17:00" }] } }), { "shifts.mon": [M.time] }],
      [template("T1", { shifts: { mon: [{ start: "09:00", end: "09:00" }] } }), { "shifts.mon": [M.shiftSameTimes] }],
      [template("T1", { shifts: { mon: [{ start: "09:00", end: "13:00" }, { start: "12:00", end: "15:00" }] } }), { "shifts.mon": [M.shiftsOverlap] }],
      [template("T1", { shifts: { mon: [{ start: "22:00", end: "06:00" }], tue: [{ start: "05:00", end: "08:00" }] } }), { "shifts.tue": [M.shiftsOverlap] }],
      [template("T1", { shifts: { sun: [{ start: "20:00", end: "04:00" }], mon: [{ start: "03:00", end: "08:00" }] } }), { "shifts.mon": [M.shiftsOverlap] }],
      [template("T1", { shifts: { mon: ["01", "03", "05", "07", "09"].map((h) => ({ start: `${h}:00`, end: `${h}:30` })) } }), { "shifts.mon": [M.tooManyShifts] }],
      [template("T1", { shifts: {} }), { shifts: [M.noShifts] }],
      [template("T1", { break: { type: "flexible", minutes: 0 } }), { break: [M.breakMinutes] }],
      [template("T1", { break: { type: "flexible", minutes: 241 } }), { break: [M.breakMinutes] }],
      [template("T1", { break: { type: "flexible" } }), { break: [M.breakMinutes] }],
      [template("T1", { break: { type: "scheduled", start: "20:00", end: "20:30" } }), { break: [M.breakTimes] }],
      [template("T1", { break: { type: "scheduled", start: "12:00" } }), { break: [M.breakTimes] }],
      [template("T1", { break: { type: "none", minutes: 30 } }), { break: [M.noBreakValues] }],
    ];
    for (const [body, errors] of cases) expect(errorsOf(await admin.post(WH, body)), JSON.stringify(body)).toEqual([422, errors]);
  });

  it("are deleted only with their name typed, and not while a rota uses them", async () => {
    const w = WorkingHours.parse((await admin.post(WH, template("Early shift"))).json);
    const rota = Rota.parse((await admin.post(ROTAS, { name: "Early rota", type: "scheduled", working_hours_id: w.id })).json);
    expect(rota.shifts!.mon[0]!.start).toBe("08:00");
    expect(errorsOf(await admin.del(`${WH}/${w.id}`, { name: "Early" }))).toEqual([422, { name: [M.typedNameMismatch] }]);
    expect(errorsOf(await admin.del(`${WH}/${w.id}`, { name: "Early shift" }))).toEqual([422, { name: [M.templateInUse] }]);
    expect(WorkingHours.parse((await admin.get(`${WH}/${w.id}`)).json).used_by).toEqual([{ id: rota.id, name: "Early rota" }]);
    // A change of the working hours is the rota's change too.
    expect((await admin.patch(`${WH}/${w.id}`, template("Early shift", { shifts: days("07:00", "15:00") }))).status).toBe(200);
    expect(Rota.parse((await admin.get(`${ROTAS}/${rota.id}`)).json).shifts!.tue[0]!.start).toBe("07:00");
    expect((await admin.del(`${ROTAS}/${rota.id}`)).status).toBe(200);
    expect((await admin.del(`${WH}/${w.id}`, { name: "Early shift" })).status).toBe(200);
    expect([(await admin.get(`${WH}/${w.id}`)).status, (await admin.get(`${WH}/${w.id}`)).json.message]).toEqual([404, M.templateGone]);
  });
});

describe("rotas", () => {
  it("are flexible with hours a week, or scheduled with their own shifts, with 24/7 cover when the shifts cover the week", async () => {
    const flex = Rota.parse((await admin.post(ROTAS, { name: "Part time", type: "flexible", hours_per_week: 20 })).json);
    expect([flex.minutes_per_week, flex.site, flex.can_edit]).toEqual([1200, null, true]);
    const all = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
    const cover = Object.fromEntries(all.map((d) => [d, [{ start: "07:00", end: "19:00" }, { start: "19:00", end: "07:00" }]]));
    const round = await admin.post(ROTAS, { name: "Security", type: "scheduled", site_id: wh, shifts: cover, cover_24_7: true });
    expect(round.status, JSON.stringify(round.json)).toBe(200);
    expect(Rota.parse(round.json)).toMatchObject({ cover_24_7: true, minutes_per_week: 7 * 1440 });
    expect(errorsOf(await admin.post(ROTAS, { name: "Gappy", type: "scheduled", shifts: { ...cover, sun: [{ start: "07:00", end: "19:00" }] }, cover_24_7: true }))).toEqual([422, { cover_24_7: [M.cover] }]);
    expect(errorsOf(await admin.post(ROTAS, { name: "part TIME", type: "flexible", hours_per_week: 10 }))).toEqual([422, { name: [M.rotaNameTaken] }]);
  });

  it("refuse each bad field with its message", async () => {
    const other = (await up.app.db.query<{ id: number }>("SELECT id FROM sites WHERE client_id <> (SELECT id FROM clients WHERE region = 'eu' AND number = 1) LIMIT 1"))[0]!.id;
    const otherWh = (await up.app.db.query<{ id: number }>("INSERT INTO ta_working_hours (client_id, name, shifts) VALUES ((SELECT id FROM clients WHERE region = 'eu' AND number = 2), 'Theirs', '{\"mon\": [{\"start\": \"09:00\", \"end\": \"10:00\"}]}') RETURNING id"))[0]!.id;
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ name: "", type: "flexible", hours_per_week: 10 }, { name: [M.nameRequired] }],
      [{ name: "R", type: "flexible" }, { hours_per_week: [M.weeklyHours] }],
      [{ name: "R", type: "flexible", hours_per_week: 0 }, { hours_per_week: [M.weeklyHours] }],
      [{ name: "R", type: "flexible", hours_per_week: 169 }, { hours_per_week: [M.weeklyHours] }],
      [{ name: "R", type: "flexible", hours_per_week: 10, shifts: days("09:00", "10:00") }, { shifts: [M.flexibleHasShifts] }],
      [{ name: "R", type: "flexible", hours_per_week: 10, cover_24_7: true }, { cover_24_7: [M.cover] }],
      [{ name: "R", type: "scheduled" }, { shifts: [M.scheduledNeedsShifts] }],
      [{ name: "R", type: "scheduled", working_hours_id: otherWh }, { working_hours_id: [M.chooseTemplate] }],
      [{ name: "R", type: "scheduled", shifts: days("09:00", "10:00"), site_id: other }, { site_id: [M.chooseSite] }],
      [{ name: "R", type: "scheduled", shifts: days("09:00", "10:00"), hours_per_week: 5 }, { hours_per_week: [M.flexibleHasShifts] }],
      [{ name: "R", type: "scheduled", shifts: {} }, { shifts: [M.noShifts] }],
    ];
    for (const [body, errors] of cases) expect(errorsOf(await admin.post(ROTAS, body)), JSON.stringify(body)).toEqual([422, errors]);
  });

  it("are copied under a new name, and given to a member or as a group's default", async () => {
    const base = Rota.parse((await admin.post(ROTAS, { name: "Mornings", type: "scheduled", site_id: hq, shifts: days("06:00", "12:00"), break: { type: "flexible", minutes: 15 } })).json);
    expect(errorsOf(await admin.post(`${ROTAS}/${base.id}/copy`, { name: "mornings" }))).toEqual([422, { name: [M.rotaNameTaken] }]);
    const copy = Rota.parse((await admin.post(`${ROTAS}/${base.id}/copy`, { name: "Mornings (copy)" })).json);
    expect([copy.id !== base.id, copy.shifts, copy.break, copy.site]).toEqual([true, base.shifts, base.break, base.site]);
    const [rhea, sam] = group.members;
    expect(MemberRota.parse((await admin.get(`time-attendance/members/${rhea!.id}/rota`)).json)).toMatchObject({ source: "none", rota: null, manager: null, auto_approve_timesheet: false });
    expect((await admin.patch(`time-attendance/groups/${group.id}/rota`, { rota_id: base.id })).json).toEqual({ group_id: group.id, rota: { id: base.id, name: "Mornings" } });
    const own = MemberRota.parse((await admin.patch(`time-attendance/members/${rhea!.id}/rota`, { rota_id: copy.id })).json);
    expect([own.source, own.rota?.id, own.group_rota_id]).toEqual(["member", copy.id, base.id]);
    expect(MemberRota.parse((await admin.get(`time-attendance/members/${sam!.id}/rota`)).json)).toMatchObject({ source: "group", rota: { id: base.id } });
    // Deleting the member's rota leaves them on the group's.
    expect((await admin.del(`${ROTAS}/${copy.id}`)).status).toBe(200);
    expect(MemberRota.parse((await admin.get(`time-attendance/members/${rhea!.id}/rota`)).json)).toMatchObject({ source: "group", own_rota_id: null });
    expect(errorsOf(await admin.patch(`time-attendance/members/${rhea!.id}/rota`, { rota_id: copy.id }))).toEqual([422, { rota_id: [M.chooseRota] }]);
    expect((await admin.patch(`time-attendance/members/999999999/rota`, { rota_id: null })).json.message).toBe(M.memberGone);
    expect((await admin.patch(`time-attendance/groups/999999999/rota`, { rota_id: null })).json.message).toBe(M.groupGone);
  });
});

describe("activity statuses", () => {
  it("refuse a missing name, a taken name and a missing or unknown colour", async () => {
    expect(errorsOf(await admin.post(ST, { name: "  ", colour: "red" }))).toEqual([422, { name: [M.statusNameRequired] }]);
    expect(errorsOf(await admin.post(ST, {}))).toEqual([422, { name: [M.statusNameRequired], colour: [M.colourRequired] }]);
    expect(errorsOf(await admin.patch(`${ST}/${ActivityStatusList.parse((await admin.get(ST)).json).statuses[1]!.id}`, { name: "", colour: null }))).toEqual([422, { name: [M.statusNameRequired], colour: [M.colourRequired] }]);
    expect(errorsOf(await admin.post(ST, { name: "working", colour: "red" }))).toEqual([422, { name: [M.statusNameTaken] }]);
    expect(errorsOf(await admin.post(ST, { name: "Lunch", colour: null }))).toEqual([422, { colour: [M.colourRequired] }]);
    expect(errorsOf(await admin.post(ST, { name: "Lunch", colour: "#ff0000" }))).toEqual([422, { colour: [M.colourRequired] }]);
    const made = ActivityStatus.parse((await admin.post(ST, { name: "Lunch", colour: "orange", include_in_hours: false })).json);
    expect(made).toMatchObject({ colour: "orange", include_in_hours: false, is_default: false, archived: false, position: 4 });
    expect(errorsOf(await admin.patch(`${ST}/${made.id}`, { name: "Meeting" }))).toEqual([422, { name: [M.statusNameTaken] }]);
  });

  it("keep the default: never archived or deleted; another made the default; archived ones are not", async () => {
    const list = ActivityStatusList.parse((await admin.get(ST)).json).statuses;
    const working = list.find((s) => s.name === "Working")!;
    const meeting = list.find((s) => s.name === "Meeting")!;
    expect(errorsOf(await admin.post(`${ST}/${working.id}/archive`))).toEqual([422, { status: [M.defaultNotArchived] }]);
    expect(errorsOf(await admin.del(`${ST}/${working.id}`))).toEqual([422, { status: [M.defaultNotDeleted] }]);
    expect(ActivityStatus.parse((await admin.post(`${ST}/${meeting.id}/archive`)).json).archived).toBe(true);
    expect(errorsOf(await admin.patch(`${ST}/${meeting.id}`, { is_default: true }))).toEqual([422, { is_default: [M.archivedNotDefault] }]);
    expect(ActivityStatus.parse((await admin.post(`${ST}/${meeting.id}/unarchive`)).json).archived).toBe(false);
    expect(ActivityStatus.parse((await admin.patch(`${ST}/${meeting.id}`, { is_default: true, colour: "indigo" })).json)).toMatchObject({ is_default: true, colour: "indigo" });
    const after = ActivityStatusList.parse((await admin.get(ST)).json).statuses;
    expect(after.filter((s) => s.is_default).map((s) => s.name)).toEqual(["Meeting"]);
    // The old default is an ordinary status now; back again.
    expect((await admin.patch(`${ST}/${working.id}`, { is_default: true })).status).toBe(200);
  });

  it("are put in order (every one, once) and deleted", async () => {
    const ids = ActivityStatusList.parse((await admin.get(ST)).json).statuses.map((s) => s.id);
    expect(errorsOf(await admin.post(`${ST}/order`, { ids: ids.slice(1) }))).toEqual([422, { ids: [M.order] }]);
    expect(errorsOf(await admin.post(`${ST}/order`, { ids: [...ids.slice(1), ids[1]] }))).toEqual([422, { ids: [M.order] }]);
    const reversed = ActivityStatusList.parse((await admin.post(`${ST}/order`, { ids: [...ids].reverse() })).json).statuses;
    expect(reversed.map((s) => s.id)).toEqual([...ids].reverse());
    const lunch = reversed.find((s) => s.name === "Lunch");
    if (lunch) expect((await admin.del(`${ST}/${lunch.id}`)).status).toBe(200);
    expect((await admin.del(`${ST}/${lunch?.id ?? 1}`)).json.message).toBe(M.statusGone);
  });
});

describe("who may see and change what", () => {
  it("403 without the rights; a viewer reads but does not change", async () => {
    expect((await call("POST", "/__test/roles", { client: "eu:1", name: "No T&A", rights: ["Today.viewer"] })).status).toBe(201);
    const none = await user("No T&A");
    for (const [path, message] of [[WH, M.notAuthorised], [ROTAS, M.notAuthorised], [ST, M.statusesNotAuthorised]] as const) {
      expect([(await none.get(path)).status, (await none.get(path)).json.message]).toEqual([403, message]);
    }
    expect((await call("POST", "/__test/roles", { client: "eu:1", name: "T&A viewer", rights: ["TimeAndAttendance.viewer"] })).status).toBe(201);
    const viewer = await user("T&A viewer");
    expect((await viewer.get(ROTAS)).status).toBe(200);
    expect((await viewer.get(ST)).status).toBe(200);
    const w = await viewer.post(WH, template("Viewer's"));
    expect([w.status, w.json.message]).toEqual([403, M.cannotEdit]);
    const s = await viewer.post(ST, { name: "Viewer's", colour: "red" });
    expect([s.status, s.json.message]).toEqual([403, M.cannotEditStatuses]);
    const r = await viewer.post(ROTAS, { name: "Viewer's", type: "flexible", hours_per_week: 1 });
    expect([r.status, r.json.message]).toEqual([403, M.cannotEdit]);
  });

  it("a user of the Warehouse reads every site's rotas and the Warehouse's, changes only the Warehouse's, and no organisation-wide row", async () => {
    const hqRota = Rota.parse((await admin.post(ROTAS, { name: "HQ only", type: "flexible", hours_per_week: 30, site_id: hq })).json);
    const local = await user("Administrator", { site_ids: [wh] });
    const names = RotaList.parse((await local.get(ROTAS)).json).rotas.map((r) => r.name);
    expect(names).toContain("Warehouse nights");
    expect(names).toContain("Flexible 37.5 h");
    expect(names).not.toContain("HQ only");
    expect((await local.get(`${ROTAS}/${hqRota.id}`)).status).toBe(404);
    const made = await local.post(ROTAS, { name: "WH days", type: "flexible", hours_per_week: 30, site_id: wh });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(Rota.parse(made.json).can_edit).toBe(true);
    const everywhere = await local.post(ROTAS, { name: "Everywhere", type: "flexible", hours_per_week: 30 });
    expect([everywhere.status, everywhere.json.message]).toEqual([403, M.outsideSites]);
    const flex = RotaList.parse((await local.get(ROTAS)).json).rotas.find((r) => r.name === "Flexible 37.5 h")!;
    expect(flex.can_edit).toBe(false);
    expect((await local.del(`${ROTAS}/${flex.id}`)).status).toBe(403);
    const w = await local.post(WH, template("Local's"));
    expect([w.status, w.json.message]).toEqual([403, M.clientWide]);
    // The test group is shown at Head Office only: its members are not theirs.
    expect((await local.get(`time-attendance/members/${group.members[0]!.id}/rota`)).status).toBe(404);
    expect((await local.patch(`time-attendance/groups/${group.id}/rota`, { rota_id: null })).status).toBe(404);
  });

  it("another organisation's rows are 404", async () => {
    const theirs = await user("Administrator", { client: "eu:4" });
    const w = WorkingHoursList.parse((await admin.get(WH)).json).working_hours[0]!;
    const r = RotaList.parse((await admin.get(ROTAS)).json).rotas[0]!;
    const s = ActivityStatusList.parse((await admin.get(ST)).json).statuses[1]!;
    for (const res of [
      await theirs.get(`${WH}/${w.id}`), await theirs.patch(`${WH}/${w.id}`, template("Mine")), await theirs.del(`${WH}/${w.id}`, { name: w.name }),
      await theirs.get(`${ROTAS}/${r.id}`), await theirs.del(`${ROTAS}/${r.id}`), await theirs.post(`${ROTAS}/${r.id}/copy`, { name: "Stolen" }),
      await theirs.get(`time-attendance/members/${group.members[0]!.id}/rota`), await theirs.patch(`time-attendance/groups/${group.id}/rota`, { rota_id: null }),
      await theirs.patch(`${ST}/${s.id}`, { name: "Mine" }), await theirs.del(`${ST}/${s.id}`), await theirs.post(`${ST}/${s.id}/archive`),
    ]) expect(res.status).toBe(404);
    expect(RotaList.parse((await theirs.get(ROTAS)).json).rotas.map((x) => x.id)).not.toContain(r.id);
    expect((await theirs.get(`${ROTAS}/${r.id}`)).json.message).toBe(M.rotaGone);
    // Their own statuses: the first is their default; at most 50.
    const first = ActivityStatus.parse((await theirs.post(ST, { name: "S0", colour: "red", include_in_hours: true })).json);
    expect(first.is_default).toBe(true);
    for (let i = 1; i < 50; i++) expect((await theirs.post(ST, { name: `S${i}`, colour: "grey" })).status).toBe(200);
    expect(errorsOf(await theirs.post(ST, { name: "S50", colour: "grey" }))).toEqual([422, { name: [M.tooManyStatuses] }]);
    expect(ActivityStatusList.parse((await admin.get(ST)).json).statuses.length).toBeLessThan(10);
    // Nor may they give Acme's rota to their own member.
    const theirSite = (await up.app.db.query<{ id: number }>("SELECT id FROM sites WHERE client_id = (SELECT id FROM clients WHERE region = 'eu' AND number = 4) LIMIT 1"))[0]!.id;
    const their = (await call("POST", "/__test/groups", { client: "eu:4", name: "Theirs", members: ["Tess"], site_ids: [theirSite] })).json;
    expect(errorsOf(await theirs.patch(`time-attendance/members/${their.members[0].id}/rota`, { rota_id: r.id }))).toEqual([422, { rota_id: [M.chooseRota] }]);
  });
});

describe("hostile input", () => {
  it("is a 4xx, never a 500", async () => {
    const bad: [string, string, unknown][] = [
      ["GET", `${WH}/abc`, undefined], ["GET", `${ROTAS}/1e3`, undefined], ["GET", `${ROTAS}/-1`, undefined], ["GET", `time-attendance/members/99999999999/rota`, undefined],
      ["POST", WH, { name: 5 }], ["POST", WH, { name: "x", shifts: { mon: "09:00" }, break: { type: "none" } }], ["POST", WH, { name: "x", shifts: {}, break: { type: "long" } }],
      ["POST", WH, { name: "x".repeat(5000), shifts: {}, break: { type: "none" } }], ["POST", WH, { name: "x", shifts: { mon: [{ start: "09:00'; DROP TABLE ta_rotas; --", end: "10:00" }] }, break: { type: "none" } }],
      ["POST", ROTAS, { name: "x", type: "weekly" }], ["POST", ROTAS, { name: "x", type: "flexible", hours_per_week: "lots" }], ["POST", ROTAS, { name: "x", type: "scheduled", working_hours_id: 2 ** 40 }],
      ["POST", ROTAS, { name: "x", type: "scheduled", site_id: -5, shifts: days("09:00", "10:00") }],
      ["POST", ST, { name: "x", colour: ["red"] }], ["POST", ST, { name: "x", colour: "red", is_default: false }], ["POST", `${ST}/order`, { ids: "1,2" }],
      ["POST", `${ST}/order`, { ids: [2 ** 40] }], ["DELETE", `${WH}/1`, undefined], ["PATCH", `time-attendance/members/1/rota`, { rota_id: "1" }],
    ];
    for (const [method, path, body] of bad) {
      const r = method === "GET" ? await admin.get(path) : method === "POST" ? await admin.post(path, body) : method === "PATCH" ? await admin.patch(path, body) : await admin.del(path, body);
      expect(r.status, `${method} ${path} ${JSON.stringify(body)}: ${JSON.stringify(r.json)}`).toBeGreaterThanOrEqual(400);
      expect(r.status, `${method} ${path}`).toBeLessThan(500);
    }
    expect((await up.app.db.query("SELECT 1 FROM ta_rotas LIMIT 1")).length).toBe(1);
  });
});
