/**
 * The timesheet core, exact to the minute: night shifts across midnight and the 2026 clock changes
 * (Europe/London 29 March and 25 October; America/New_York 8 March and 1 November), lateness with
 * a grace, leaving early, breaks, a missing sign-out, a closure day and a week's totals.
 */
import { describe, expect, it } from "vitest";
import { localParts, zonedInstant } from "../../time/local-time.ts";
import {
  buildRecords,
  closureDays,
  expectationFor,
  expectations,
  localDateOf,
  localDates,
  recordDate,
  timesheet,
  weekStartOf,
  weekTotals,
  weekdayOf,
  type AttendanceEvent,
  type DaySummary,
  type Rota,
  type ScheduledShift,
  type StatusRef,
  type TimesheetInput,
} from "./compute.ts";

const LONDON = "Europe/London";
const NEW_YORK = "America/New_York";
const WORK: StatusRef = { id: "working", countsTowardsHours: true };
const MEETING: StatusRef = { id: "meeting", countsTowardsHours: true };
const LUNCH: StatusRef = { id: "lunch", countsTowardsHours: false };

const at = (date: string, time: string, zone = LONDON) => zonedInstant(date, time, zone);
const signIn = (date: string, time: string, zone = LONDON, status?: StatusRef): AttendanceEvent => ({ kind: "sign-in", at: at(date, time, zone), ...(status ? { status } : {}) });
const signOut = (date: string, time: string, zone = LONDON): AttendanceEvent => ({ kind: "sign-out", at: at(date, time, zone) });
const status = (date: string, time: string, s: StatusRef, zone = LONDON): AttendanceEvent => ({ kind: "status", at: at(date, time, zone), status: s });

const everyDay = (shift: ScheduledShift): Rota => ({ type: "scheduled", shifts: { 0: shift, 1: shift, 2: shift, 3: shift, 4: shift, 5: shift, 6: shift } });
const weekdays = (shift: ScheduledShift): Rota => ({ type: "scheduled", shifts: { 1: shift, 2: shift, 3: shift, 4: shift, 5: shift } });
const NIGHTS = everyDay({ start: "22:00", end: "06:00", break: { type: "none" } });
const OFFICE = weekdays({ start: "09:00", end: "17:00", break: { type: "none" } });
const LATER = new Date("2027-01-01T00:00:00Z");
const MINUTES = 60_000;

function sheet(partial: Partial<TimesheetInput> & Pick<TimesheetInput, "from">): DaySummary[] {
  return timesheet({ zone: LONDON, rota: OFFICE, to: partial.from, now: LATER, ...partial });
}
const day = (partial: Partial<TimesheetInput> & Pick<TimesheetInput, "from">): DaySummary => sheet(partial)[0]!;

describe("local dates and weeks", () => {
  it("weekdays, Monday-first weeks and date ranges", () => {
    expect(weekdayOf("2026-10-25")).toBe(0);
    expect(weekdayOf("2026-10-26")).toBe(1);
    expect(weekStartOf("2026-10-25")).toBe("2026-10-19");
    expect(weekStartOf("2026-10-26")).toBe("2026-10-26");
    expect(weekStartOf("2027-01-01")).toBe("2026-12-28");
    expect(localDates("2026-12-30", "2027-01-02")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
  });
  it("localDateOf agrees with localParts around midnight and the clock changes", () => {
    for (const zone of [LONDON, NEW_YORK, "Asia/Kolkata", "Australia/Lord_Howe"]) {
      for (let t = Date.parse("2026-03-07T00:00:00Z"); t < Date.parse("2026-03-30T12:00:00Z"); t += 17 * MINUTES) expect(localDateOf(new Date(t), zone)).toBe(localParts(new Date(t), zone).date);
      for (let t = Date.parse("2026-10-24T00:00:00Z"); t < Date.parse("2026-11-02T12:00:00Z"); t += 17 * MINUTES) expect(localDateOf(new Date(t), zone)).toBe(localParts(new Date(t), zone).date);
    }
  });
  it("closure periods become closure days; the first reason wins a date", () => {
    const days = closureDays([
      { from: "2026-12-24", to: "2026-12-27", reason: "Christmas" },
      { from: "2026-12-25", reason: "Christmas Day" },
    ]);
    expect([...days]).toEqual([
      ["2026-12-24", "Christmas"],
      ["2026-12-25", "Christmas"],
      ["2026-12-26", "Christmas"],
      ["2026-12-27", "Christmas"],
    ]);
  });
});

describe("buildRecords: events → records", () => {
  it("pairs sign-ins and sign-outs in time order, whatever order they come in, to the minute", () => {
    const records = buildRecords([signOut("2026-06-01", "17:00"), { kind: "sign-in", at: new Date("2026-06-01T08:00:59.999Z") }]);
    expect(records).toHaveLength(1);
    expect(records[0]!.signIn.toISOString()).toBe("2026-06-01T08:00:00.000Z");
    expect(records[0]!.signOut!.toISOString()).toBe("2026-06-01T16:00:00.000Z");
    expect(records[0]!.endedBy).toBe("sign-out");
    expect(records[0]!.segments).toEqual([{ start: records[0]!.signIn, end: records[0]!.signOut, status: { id: "default", countsTowardsHours: true } }]);
  });
  it("a status change splits the record; the same status again changes nothing", () => {
    const [record] = buildRecords([signIn("2026-06-01", "09:00", LONDON, WORK), status("2026-06-01", "12:00", LUNCH), status("2026-06-01", "12:10", LUNCH), status("2026-06-01", "12:30", WORK), signOut("2026-06-01", "17:00")]);
    expect(record!.segments.map((s) => [s.status.id, s.start.toISOString(), s.end?.toISOString()])).toEqual([
      ["working", "2026-06-01T08:00:00.000Z", "2026-06-01T11:00:00.000Z"],
      ["lunch", "2026-06-01T11:00:00.000Z", "2026-06-01T11:30:00.000Z"],
      ["working", "2026-06-01T11:30:00.000Z", "2026-06-01T16:00:00.000Z"],
    ]);
  });
  it("a sign-in while signed in leaves the first without a sign-out; stray sign-outs and status changes change nothing", () => {
    const records = buildRecords([signOut("2026-06-01", "07:00"), status("2026-06-01", "07:30", LUNCH), signIn("2026-06-01", "09:00"), signIn("2026-06-02", "09:00"), signOut("2026-06-02", "17:00"), signOut("2026-06-02", "17:05")]);
    expect(records.map((r) => [r.signIn.toISOString(), r.signOut?.toISOString() ?? null, r.endedBy])).toEqual([
      ["2026-06-01T08:00:00.000Z", null, "next-sign-in"],
      ["2026-06-02T08:00:00.000Z", "2026-06-02T16:00:00.000Z", "sign-out"],
    ]);
    expect(records[0]!.segments[0]!.end).toBeNull();
  });
  it("the default status is the caller's", () => {
    const [record] = buildRecords([signIn("2026-06-01", "09:00")], { id: "office", countsTowardsHours: true });
    expect(record!.segments[0]!.status.id).toBe("office");
    expect(record!.endedBy).toBeNull();
  });
});

describe("the rota's expectation for a local day", () => {
  it("a scheduled day: real instants and minutes", () => {
    const e = expectationFor(OFFICE, "2026-06-01", LONDON);
    expect(e).toEqual({ kind: "scheduled", start: new Date("2026-06-01T08:00:00Z"), end: new Date("2026-06-01T16:00:00Z"), shiftMinutes: 480, breakMinutes: 0, expectedMinutes: 480 });
    expect(expectationFor(OFFICE, "2026-06-06", LONDON)).toEqual({ kind: "day-off" });
    expect(expectationFor(null, "2026-06-01", LONDON)).toEqual({ kind: "no-rota" });
  });
  it("a closure day expects nothing, whatever the rota", () => {
    expect(expectationFor(OFFICE, "2026-12-25", LONDON, new Map([["2026-12-25", "Christmas Day"]]))).toEqual({ kind: "closed", reason: "Christmas Day" });
  });
  it("night shifts across both 2026 clock changes in London: 7 h in March, 9 h in October, 8 h otherwise", () => {
    const minutes = (date: string, zone = LONDON, rota = NIGHTS) => {
      const e = expectationFor(rota, date, zone);
      return e.kind === "scheduled" ? e.shiftMinutes : null;
    };
    expect(minutes("2026-03-28")).toBe(420);
    expect(minutes("2026-10-24")).toBe(540);
    expect(minutes("2026-03-27")).toBe(480);
    expect(minutes("2026-03-29")).toBe(480);
    expect(minutes("2026-10-25")).toBe(480);
    // New York changes on 8 March and 1 November (at 02:00 local).
    expect(minutes("2026-03-07", NEW_YORK)).toBe(420);
    expect(minutes("2026-10-31", NEW_YORK)).toBe(540);
    expect(minutes("2026-03-28", NEW_YORK)).toBe(480);
    expect(minutes("2026-10-24", NEW_YORK)).toBe(480);
    // A 24-hour shift (24/7 cover): 23 h and 25 h on the change days.
    const round = everyDay({ start: "00:00", end: "00:00", break: { type: "none" } });
    expect(minutes("2026-03-29", LONDON, round)).toBe(1380);
    expect(minutes("2026-10-25", LONDON, round)).toBe(1500);
    expect(minutes("2026-06-01", LONDON, round)).toBe(1440);
  });
  it("breaks: none, flexible minutes, scheduled times (on the second day of a night shift too)", () => {
    const flexible = weekdays({ start: "09:00", end: "17:00", break: { type: "flexible", minutes: 30 } });
    expect(expectationFor(flexible, "2026-06-01", LONDON)).toMatchObject({ shiftMinutes: 480, breakMinutes: 30, expectedMinutes: 450 });
    const lunch = weekdays({ start: "09:00", end: "17:00", break: { type: "scheduled", start: "12:00", end: "13:00" } });
    expect(expectationFor(lunch, "2026-06-01", LONDON)).toMatchObject({ shiftMinutes: 480, breakMinutes: 60, expectedMinutes: 420 });
    const nightBreak = everyDay({ start: "22:00", end: "06:00", break: { type: "scheduled", start: "02:30", end: "03:00" } });
    expect(expectationFor(nightBreak, "2026-10-24", LONDON)).toMatchObject({ shiftMinutes: 540, breakMinutes: 30, expectedMinutes: 510 });
    // A break across the repeated hour lasts what the clock says plus the hour.
    const repeated = everyDay({ start: "22:00", end: "06:00", break: { type: "scheduled", start: "00:30", end: "01:30" } });
    expect(expectationFor(repeated, "2026-10-24", LONDON)).toMatchObject({ breakMinutes: 60, expectedMinutes: 480 });
  });
  it("flexible: hours a week spread over the working days", () => {
    const flexible: Rota = { type: "flexible", hoursPerWeek: 37.5, break: { type: "flexible", minutes: 30 } };
    expect(expectationFor(flexible, "2026-06-01", LONDON)).toEqual({ kind: "flexible", breakMinutes: 30, expectedMinutes: 450 });
    expect(expectationFor(flexible, "2026-06-06", LONDON)).toEqual({ kind: "day-off" });
    const threeDays: Rota = { type: "flexible", hoursPerWeek: 20, workingDays: [1, 3, 5], break: { type: "none" } };
    expect(expectationFor(threeDays, "2026-06-03", LONDON)).toEqual({ kind: "flexible", breakMinutes: 0, expectedMinutes: 400 });
    expect(expectationFor(threeDays, "2026-06-02", LONDON)).toEqual({ kind: "day-off" });
  });
});

describe("hours worked across midnight and the clock changes", () => {
  const night = (date: string, next: string, zone = LONDON, rota: Rota | null = NIGHTS) =>
    day({ events: [signIn(date, "22:00", zone), signOut(next, "06:00", zone)], from: date, to: next, zone, rota });

  it("an ordinary night shift is 8 h and belongs to the day it started", () => {
    const [start, end] = sheet({ events: [signIn("2026-06-05", "22:00"), signOut("2026-06-06", "06:00")], from: "2026-06-05", to: "2026-06-06", rota: NIGHTS });
    expect(start).toMatchObject({ date: "2026-06-05", workedMinutes: 480, expectedMinutes: 480, overtimeMinutes: 0, lateMinutes: 0, leftEarlyMinutes: 0, missingSignOut: false, flags: [] });
    expect(end).toMatchObject({ date: "2026-06-06", workedMinutes: 0, records: [], absent: true });
  });
  it("London, 28/29 March 2026: 22:00–06:00 is 7 h worked and 7 h expected", () => {
    expect(night("2026-03-28", "2026-03-29")).toMatchObject({ workedMinutes: 420, expectedMinutes: 420, overtimeMinutes: 0, differenceMinutes: 0, flags: [] });
  });
  it("London, 24/25 October 2026: 22:00–06:00 is 9 h worked and 9 h expected", () => {
    expect(night("2026-10-24", "2026-10-25")).toMatchObject({ workedMinutes: 540, expectedMinutes: 540, overtimeMinutes: 0, differenceMinutes: 0, flags: [] });
  });
  it("New York, 7/8 March and 31 October/1 November 2026: 7 h and 9 h", () => {
    expect(night("2026-03-07", "2026-03-08", NEW_YORK)).toMatchObject({ workedMinutes: 420, expectedMinutes: 420, flags: [] });
    expect(night("2026-10-31", "2026-11-01", NEW_YORK)).toMatchObject({ workedMinutes: 540, expectedMinutes: 540, flags: [] });
    // London's change dates are ordinary nights in New York, and the reverse.
    expect(night("2026-10-24", "2026-10-25", NEW_YORK)).toMatchObject({ workedMinutes: 480 });
    expect(night("2026-10-31", "2026-11-01", LONDON)).toMatchObject({ workedMinutes: 480 });
  });
  it("without a rota, or on a flexible one, the hours are the same real hours", () => {
    expect(night("2026-10-24", "2026-10-25", LONDON, null)).toMatchObject({ workedMinutes: 540, expectedMinutes: null, overtimeMinutes: 0, differenceMinutes: null });
    const flexible: Rota = { type: "flexible", hoursPerWeek: 40, workingDays: [6], break: { type: "none" } };
    // 40 h on one day a week: the October night is 9 h, short by 31 h.
    expect(night("2026-10-24", "2026-10-25", LONDON, flexible)).toMatchObject({ workedMinutes: 540, expectedMinutes: 2400, differenceMinutes: -1860 });
    const nights: Rota = { type: "flexible", hoursPerWeek: 56, workingDays: [0, 1, 2, 3, 4, 5, 6], break: { type: "none" } };
    expect(night("2026-10-24", "2026-10-25", LONDON, nights)).toMatchObject({ workedMinutes: 540, expectedMinutes: 480, overtimeMinutes: 60, flags: ["overtime"] });
    expect(night("2026-03-28", "2026-03-29", LONDON, nights)).toMatchObject({ workedMinutes: 420, expectedMinutes: 480, overtimeMinutes: 0, differenceMinutes: -60 });
  });
  it("a night shift signed out early after the change: the minutes before the end are real minutes", () => {
    // Out at 05:00 GMT on 25 Oct: 8 h worked of 9, left 60 minutes early.
    const d = day({ events: [signIn("2026-10-24", "22:00"), signOut("2026-10-25", "05:00")], from: "2026-10-24", rota: NIGHTS });
    expect(d).toMatchObject({ workedMinutes: 480, leftEarlyMinutes: 60, differenceMinutes: -60, flags: ["left-early"] });
  });
  it("a night shift signed into after midnight is the evening before's, late by real minutes", () => {
    const [sat, sun] = sheet({ events: [signIn("2026-10-25", "00:30"), signOut("2026-10-25", "06:00")], from: "2026-10-24", to: "2026-10-25", rota: NIGHTS });
    // 22:00 BST to 00:30 BST is 150 minutes; 00:30 BST to 06:00 GMT is 6 h 30.
    expect(sat).toMatchObject({ date: "2026-10-24", lateMinutes: 150, workedMinutes: 390, expectedMinutes: 540, differenceMinutes: -150, flags: ["late"] });
    expect(sun).toMatchObject({ date: "2026-10-25", records: [], absent: true });
    // Signed into at 01:30 GMT, after the repeated hour: 22:00 BST → 01:30 GMT is 4 h 30.
    const late = day({ events: [{ kind: "sign-in", at: new Date("2026-10-25T01:30:00Z") }, signOut("2026-10-25", "06:00")], from: "2026-10-24", rota: NIGHTS });
    expect(late).toMatchObject({ lateMinutes: 270, workedMinutes: 270 });
    // Outside every shift's window: the sign-in's own date.
    const office = buildRecords([signIn("2026-06-01", "19:00"), signOut("2026-06-01", "21:00")])[0]!;
    expect(recordDate(office, LONDON, OFFICE)).toBe("2026-06-01");
    const saturday = buildRecords([signIn("2026-06-06", "10:00")])[0]!;
    expect(recordDate(saturday, LONDON, OFFICE)).toBe("2026-06-06");
  });
  it("a sign-in just before the next day's scheduled start belongs to that day", () => {
    const early = everyDay({ start: "00:00", end: "08:00", break: { type: "none" } });
    const rec = buildRecords([signIn("2026-06-01", "23:55"), signOut("2026-06-02", "08:00")])[0]!;
    expect(recordDate(rec, LONDON, early)).toBe("2026-06-02");
    expect(recordDate(rec, LONDON, null)).toBe("2026-06-01");
    expect(recordDate(rec, LONDON, early, { earlyStartWindowMinutes: 0 })).toBe("2026-06-01");
    const [mon, tue] = sheet({ events: [signIn("2026-06-01", "23:55"), signOut("2026-06-02", "08:00")], from: "2026-06-01", to: "2026-06-02", rota: early, now: at("2026-06-02", "12:00") });
    expect(mon).toMatchObject({ workedMinutes: 0, records: [] });
    expect(tue).toMatchObject({ workedMinutes: 485, expectedMinutes: 480, overtimeMinutes: 5, lateMinutes: 0 });
    // Not while the day's own shift is still on: 24-hour shifts back to back.
    const round = everyDay({ start: "00:00", end: "00:00", break: { type: "none" } });
    expect(recordDate(rec, LONDON, round)).toBe("2026-06-01");
  });
});

describe("records instead of events", () => {
  it("built or edited records are held against the rota like events", () => {
    const events = [signIn("2026-06-01", "09:10"), signIn("2026-06-02", "09:00"), signOut("2026-06-02", "17:00")];
    const records = buildRecords(events);
    expect(sheet({ records, from: "2026-06-01", to: "2026-06-02" })).toEqual(sheet({ events, from: "2026-06-01", to: "2026-06-02" }));
    // A manager's edit adds the missing sign-out at 16:00: the day reads 410 minutes, late and early.
    const first = records[0]!;
    const edited = { ...first, signOut: at("2026-06-01", "16:00"), endedBy: "sign-out" as const, segments: [{ ...first.segments[0]!, end: at("2026-06-01", "16:00") }] };
    const [mon] = sheet({ records: [records[1]!, edited], from: "2026-06-01", to: "2026-06-02", lateGraceMinutes: 5 });
    expect(mon).toMatchObject({ workedMinutes: 410, lateMinutes: 10, leftEarlyMinutes: 60, missingSignOut: false, flags: ["late", "left-early"] });
  });
});

describe("lateness and leaving early", () => {
  const office = (events: AttendanceEvent[], lateGraceMinutes = 5, earlyLeaveGraceMinutes = 0) => day({ events, from: "2026-06-01", lateGraceMinutes, earlyLeaveGraceMinutes });
  it("within the grace is on time; past it, late by every minute after the start", () => {
    expect(office([signIn("2026-06-01", "08:50"), signOut("2026-06-01", "17:00")])).toMatchObject({ lateMinutes: 0, workedMinutes: 490, overtimeMinutes: 10, flags: ["overtime"] });
    expect(office([signIn("2026-06-01", "09:05"), signOut("2026-06-01", "17:00")])).toMatchObject({ lateMinutes: 0, workedMinutes: 475, flags: [] });
    expect(office([{ kind: "sign-in", at: new Date("2026-06-01T08:05:59Z") }, signOut("2026-06-01", "17:00")])).toMatchObject({ lateMinutes: 0 });
    expect(office([signIn("2026-06-01", "09:06"), signOut("2026-06-01", "17:00")])).toMatchObject({ lateMinutes: 6, workedMinutes: 474, differenceMinutes: -6, flags: ["late"] });
    expect(office([signIn("2026-06-01", "09:06"), signOut("2026-06-01", "17:00")], 0)).toMatchObject({ lateMinutes: 6 });
    expect(office([signIn("2026-06-01", "09:01"), signOut("2026-06-01", "17:00")], 0)).toMatchObject({ lateMinutes: 1 });
  });
  it("late and early on one day; the grace for leaving early is its own", () => {
    const d = office([signIn("2026-06-01", "09:20"), signOut("2026-06-01", "16:30")]);
    expect(d).toMatchObject({ lateMinutes: 20, leftEarlyMinutes: 30, workedMinutes: 430, expectedMinutes: 480, differenceMinutes: -50, flags: ["late", "left-early"] });
    expect(office([signIn("2026-06-01", "09:00"), signOut("2026-06-01", "16:50")], 5, 10)).toMatchObject({ leftEarlyMinutes: 0, flags: [] });
    expect(office([signIn("2026-06-01", "09:00"), signOut("2026-06-01", "16:49")], 5, 10)).toMatchObject({ leftEarlyMinutes: 11, flags: ["left-early"] });
  });
  it("the first sign-in and the last sign-out of the day decide, not the ones between", () => {
    const d = office([signIn("2026-06-01", "09:00"), signOut("2026-06-01", "12:00"), signIn("2026-06-01", "13:30"), signOut("2026-06-01", "17:00")]);
    expect(d).toMatchObject({ lateMinutes: 0, leftEarlyMinutes: 0, workedMinutes: 390, breakMinutes: 90, flags: [] });
  });
  it("a flexible rota has no lateness or early leaving", () => {
    const flexible: Rota = { type: "flexible", hoursPerWeek: 37.5, break: { type: "none" } };
    expect(day({ events: [signIn("2026-06-01", "11:00"), signOut("2026-06-01", "15:00")], from: "2026-06-01", rota: flexible })).toMatchObject({ lateMinutes: 0, leftEarlyMinutes: 0, workedMinutes: 240, expectedMinutes: 450, differenceMinutes: -210, flags: [] });
  });
});

describe("breaks and statuses", () => {
  const withBreak = weekdays({ start: "09:00", end: "17:00", break: { type: "flexible", minutes: 30 } });
  it("a break not taken is deducted; statuses that do not count are breaks; gaps between records are breaks", () => {
    expect(day({ events: [signIn("2026-06-01", "09:00"), signOut("2026-06-01", "17:00")], from: "2026-06-01", rota: withBreak })).toMatchObject({ countedMinutes: 480, breakMinutes: 0, deductedBreakMinutes: 30, workedMinutes: 450, expectedMinutes: 450, overtimeMinutes: 0, flags: [] });
    const lunch = [signIn("2026-06-01", "09:00", LONDON, WORK), status("2026-06-01", "12:00", LUNCH), status("2026-06-01", "12:45", WORK), signOut("2026-06-01", "17:00")];
    expect(day({ events: lunch, from: "2026-06-01", rota: withBreak })).toMatchObject({ countedMinutes: 435, breakMinutes: 45, deductedBreakMinutes: 0, workedMinutes: 435, differenceMinutes: -15 });
    const out = [signIn("2026-06-01", "09:00"), signOut("2026-06-01", "12:00"), signIn("2026-06-01", "12:20"), signOut("2026-06-01", "17:00")];
    expect(day({ events: out, from: "2026-06-01", rota: withBreak })).toMatchObject({ countedMinutes: 460, breakMinutes: 20, deductedBreakMinutes: 10, workedMinutes: 450, differenceMinutes: 0 });
    expect(day({ events: out, from: "2026-06-01", rota: withBreak, deductUntakenBreak: false })).toMatchObject({ countedMinutes: 460, deductedBreakMinutes: 0, workedMinutes: 460, overtimeMinutes: 10 });
  });
  it("statuses that count add up, whatever their name", () => {
    const events = [signIn("2026-06-01", "09:00", LONDON, WORK), status("2026-06-01", "10:00", MEETING), status("2026-06-01", "11:15", WORK), signOut("2026-06-01", "17:00")];
    expect(day({ events, from: "2026-06-01" })).toMatchObject({ countedMinutes: 480, workedMinutes: 480, breakMinutes: 0 });
  });
  it("a scheduled break is deducted like a flexible one; a short day cannot go below zero", () => {
    const lunch = weekdays({ start: "09:00", end: "17:00", break: { type: "scheduled", start: "12:00", end: "13:00" } });
    expect(day({ events: [signIn("2026-06-01", "09:00"), signOut("2026-06-01", "17:00")], from: "2026-06-01", rota: lunch })).toMatchObject({ countedMinutes: 480, deductedBreakMinutes: 60, workedMinutes: 420, expectedMinutes: 420, flags: [] });
    expect(day({ events: [signIn("2026-06-01", "09:00"), signOut("2026-06-01", "09:40")], from: "2026-06-01", rota: lunch })).toMatchObject({ countedMinutes: 40, deductedBreakMinutes: 40, workedMinutes: 0 });
  });
  it("a record that starts in a status that does not count", () => {
    const events = [signIn("2026-06-01", "09:00", LONDON, LUNCH), status("2026-06-01", "09:30", WORK), signOut("2026-06-01", "17:00")];
    expect(day({ events, from: "2026-06-01" })).toMatchObject({ countedMinutes: 450, breakMinutes: 30, lateMinutes: 0, workedMinutes: 450 });
  });
});

describe("a missing sign-out", () => {
  it("an open record after the shift's end is missing its sign-out and counts nothing", () => {
    const d = day({ events: [signIn("2026-06-01", "09:10")], from: "2026-06-01", now: at("2026-06-01", "17:00") });
    expect(d).toMatchObject({ missingSignOut: true, inProgress: false, workedMinutes: 0, lateMinutes: 10, leftEarlyMinutes: 0, differenceMinutes: -480, flags: ["late", "missing-sign-out"] });
  });
  it("before the shift's end it is in progress and counts up to now", () => {
    const d = day({ events: [signIn("2026-06-01", "09:00")], from: "2026-06-01", now: new Date(at("2026-06-01", "12:30").getTime() + 42_000) });
    expect(d).toMatchObject({ missingSignOut: false, inProgress: true, workedMinutes: 210, flags: ["in-progress"] });
  });
  it("the closed parts of an open record still count", () => {
    const events = [signIn("2026-06-01", "09:00", LONDON, WORK), status("2026-06-01", "10:00", MEETING)];
    expect(day({ events, from: "2026-06-01" })).toMatchObject({ missingSignOut: true, countedMinutes: 60, workedMinutes: 60 });
  });
  it("a later sign-in makes it missing at once; the next day is its own", () => {
    const days = sheet({ events: [signIn("2026-06-01", "09:00"), signIn("2026-06-02", "09:00"), signOut("2026-06-02", "17:00")], from: "2026-06-01", to: "2026-06-02", now: at("2026-06-02", "17:30") });
    expect(days[0]).toMatchObject({ missingSignOut: true, workedMinutes: 0, flags: ["missing-sign-out"] });
    expect(days[1]).toMatchObject({ missingSignOut: false, workedMinutes: 480, flags: [] });
  });
  it("without a scheduled shift, open past the end of its local day (a 25-hour day in October)", () => {
    const d = (now: Date) => day({ events: [signIn("2026-10-25", "09:00")], from: "2026-10-25", rota: null, now });
    expect(d(new Date("2026-10-25T23:59:00Z"))).toMatchObject({ inProgress: true, missingSignOut: false, workedMinutes: 899 });
    expect(d(new Date("2026-10-26T00:00:00Z"))).toMatchObject({ inProgress: false, missingSignOut: true, workedMinutes: 0 });
  });
  it("a night shift is in progress after midnight and missing after its end", () => {
    const d = (now: Date) => day({ events: [signIn("2026-10-24", "22:00")], from: "2026-10-24", rota: NIGHTS, now });
    expect(d(at("2026-10-25", "03:00"))).toMatchObject({ inProgress: true, workedMinutes: 360 });
    expect(d(at("2026-10-25", "06:00"))).toMatchObject({ missingSignOut: true, workedMinutes: 0 });
  });
});

describe("closure days, days off and absence", () => {
  const closures = new Map([["2026-12-25", "Christmas Day"]]);
  it("a closure day expects nothing: not absent, and work done on it is overtime", () => {
    expect(day({ events: [], from: "2026-12-25", closures })).toMatchObject({ expectation: { kind: "closed", reason: "Christmas Day" }, expectedMinutes: 0, absent: false, workedMinutes: 0, overtimeMinutes: 0, flags: [] });
    expect(day({ events: [signIn("2026-12-25", "10:00"), signOut("2026-12-25", "12:00")], from: "2026-12-25", closures })).toMatchObject({ workedMinutes: 120, overtimeMinutes: 120, lateMinutes: 0, flags: ["overtime"] });
  });
  it("a day off likewise; a working day with no record is absent once its shift has ended", () => {
    expect(day({ events: [], from: "2026-06-06" })).toMatchObject({ expectation: { kind: "day-off" }, absent: false, expectedMinutes: 0 });
    expect(day({ events: [], from: "2026-06-01", now: at("2026-06-01", "16:59") })).toMatchObject({ absent: false, flags: [] });
    expect(day({ events: [], from: "2026-06-01", now: at("2026-06-01", "17:00") })).toMatchObject({ absent: true, workedMinutes: 0, differenceMinutes: -480, flags: ["absent"] });
  });
});

describe("a week's totals", () => {
  it("adds the days; weekly overtime is worked − expected, daily overtime the days' sum", () => {
    const closures = closureDays([{ from: "2026-10-23", reason: "Staff training" }]);
    const events = [
      // Mon 19 Oct: on time, 30 minutes over.
      signIn("2026-10-19", "09:00"), signOut("2026-10-19", "17:30"),
      // Tue: 12 minutes late (grace 5), left 15 early.
      signIn("2026-10-20", "09:12"), signOut("2026-10-20", "16:45"),
      // Wed: a lunch that does not count.
      signIn("2026-10-21", "09:00", LONDON, WORK), status("2026-10-21", "12:00", LUNCH), status("2026-10-21", "12:30", WORK), signOut("2026-10-21", "17:00"),
      // Thu: never signed out (the next sign-in is Saturday's).
      signIn("2026-10-22", "08:55"),
      // Fri: the closure day. Sat 24 Oct: a day off worked across the clock change.
      signIn("2026-10-24", "22:00"), signOut("2026-10-25", "06:00"),
    ];
    const days = timesheet({ events, zone: LONDON, rota: OFFICE, from: "2026-10-19", to: "2026-10-25", closures, now: LATER, lateGraceMinutes: 5 });
    expect(days.map((d) => [d.date, d.workedMinutes, d.expectedMinutes, d.overtimeMinutes, d.flags])).toEqual([
      ["2026-10-19", 510, 480, 30, ["overtime"]],
      ["2026-10-20", 453, 480, 0, ["late", "left-early"]],
      ["2026-10-21", 450, 480, 0, []],
      ["2026-10-22", 0, 480, 0, ["missing-sign-out"]],
      ["2026-10-23", 0, 0, 0, []],
      ["2026-10-24", 540, 0, 540, ["overtime"]],
      ["2026-10-25", 0, 0, 0, []],
    ]);
    expect(days[2]).toMatchObject({ breakMinutes: 30 });
    expect(days[1]).toMatchObject({ lateMinutes: 12, leftEarlyMinutes: 15 });
    expect(weekTotals(days)).toEqual([
      {
        weekStart: "2026-10-19",
        days: 7,
        countedMinutes: 1953,
        breakMinutes: 30,
        workedMinutes: 1953,
        expectedMinutes: 1920,
        overtimeMinutes: 33,
        dailyOvertimeMinutes: 570,
        differenceMinutes: 33,
        lateDays: 1,
        lateMinutes: 12,
        leftEarlyDays: 1,
        leftEarlyMinutes: 15,
        missingSignOuts: 1,
        absentDays: 0,
      },
    ]);
  });
  it("a shared memo of expectations gives the same days", () => {
    const closures = closureDays([{ from: "2026-10-23", reason: "Staff training" }]);
    const events = [signIn("2026-10-19", "09:07"), signOut("2026-10-19", "16:00"), signIn("2026-10-24", "22:00"), signOut("2026-10-25", "06:00")];
    const input = { events, zone: LONDON, rota: NIGHTS, from: "2026-10-19", to: "2026-10-25", closures, now: LATER };
    const expect_ = expectations(NIGHTS, LONDON, closures);
    expect(timesheet({ ...input, expect: expect_ })).toEqual(timesheet(input));
    expect(timesheet({ ...input, expect: expect_ })).toEqual(timesheet(input));
  });
  it("splits days into Monday-first weeks; without a rota there is no expectation", () => {
    const days = timesheet({ events: [signIn("2026-06-07", "10:00"), signOut("2026-06-07", "11:00"), signIn("2026-06-08", "10:00"), signOut("2026-06-08", "12:00")], zone: LONDON, rota: null, from: "2026-06-06", to: "2026-06-09", now: LATER });
    expect(weekTotals(days).map((w) => [w.weekStart, w.days, w.workedMinutes, w.expectedMinutes, w.overtimeMinutes, w.differenceMinutes])).toEqual([
      ["2026-06-01", 2, 60, null, 0, null],
      ["2026-06-08", 2, 120, null, 0, null],
    ]);
  });
  it("a flexible week: short days and long days even out", () => {
    const flexible: Rota = { type: "flexible", hoursPerWeek: 37.5, break: { type: "none" } };
    const events = [
      ["2026-06-01", "08:00", "18:00"],
      ["2026-06-02", "08:00", "18:00"],
      ["2026-06-03", "08:00", "18:00"],
      ["2026-06-04", "09:00", "13:30"],
    ].flatMap(([date, from, to]) => [signIn(date!, from!), signOut(date!, to!)]);
    const days = timesheet({ events, zone: LONDON, rota: flexible, from: "2026-06-01", to: "2026-06-07", now: LATER });
    const [week] = weekTotals(days);
    expect(week).toMatchObject({ workedMinutes: 2070, expectedMinutes: 2250, overtimeMinutes: 0, dailyOvertimeMinutes: 450, differenceMinutes: -180, absentDays: 1 });
  });
});
