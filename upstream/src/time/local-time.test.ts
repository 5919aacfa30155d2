/**
 * The local-time module on the 2026 clock changes: Europe/London and Europe/Berlin (29 March and
 * 25 October, at 01:00 UTC), America/New_York (8 March and 1 November, at 02:00 local).
 */
import { describe, expect, it } from "vitest";
import { addLocalDays, isTimeZone, localDayRange, localParts, localToday, parseLocalDate, parseLocalTime, shiftRange, zonedInstant } from "./local-time.ts";

const iso = (d: Date) => d.toISOString();
const hours = (r: { start: Date; end: Date }) => (r.end.getTime() - r.start.getTime()) / 3_600_000;

describe("zonedInstant: a local date and time in a zone → an instant", () => {
  it("ordinary days", () => {
    expect(iso(zonedInstant("2026-01-15", "09:00", "Europe/London"))).toBe("2026-01-15T09:00:00.000Z");
    expect(iso(zonedInstant("2026-07-15", "09:00", "Europe/London"))).toBe("2026-07-15T08:00:00.000Z");
    expect(iso(zonedInstant("2026-07-15", "09:00", "Europe/Berlin"))).toBe("2026-07-15T07:00:00.000Z");
    expect(iso(zonedInstant("2026-07-15", "09:00", "America/New_York"))).toBe("2026-07-15T13:00:00.000Z");
    expect(iso(zonedInstant("2026-01-15", "09:00", "America/New_York"))).toBe("2026-01-15T14:00:00.000Z");
  });
  it("spring forward: 09:00 on the day is 9 h of wall clock but 8 h after midnight, never midnight + 9 h", () => {
    const midnight = zonedInstant("2026-03-29", "00:00", "Europe/London");
    const nine = zonedInstant("2026-03-29", "09:00", "Europe/London");
    expect(iso(midnight)).toBe("2026-03-29T00:00:00.000Z");
    expect(iso(nine)).toBe("2026-03-29T08:00:00.000Z");
    expect(localParts(new Date(midnight.getTime() + 9 * 3_600_000), "Europe/London").time).toBe("10:00");
    expect(iso(zonedInstant("2026-03-29", "09:00", "Europe/Berlin"))).toBe("2026-03-29T07:00:00.000Z");
    expect(iso(zonedInstant("2026-03-08", "09:00", "America/New_York"))).toBe("2026-03-08T13:00:00.000Z");
  });
  it("a time skipped by the change resolves forward by the gap", () => {
    expect(iso(zonedInstant("2026-03-29", "01:30", "Europe/London"))).toBe("2026-03-29T01:30:00.000Z"); // 02:30 BST
    expect(localParts(zonedInstant("2026-03-29", "01:30", "Europe/London"), "Europe/London").time).toBe("02:30");
    expect(localParts(zonedInstant("2026-03-29", "02:30", "Europe/Berlin"), "Europe/Berlin").time).toBe("03:30");
    expect(localParts(zonedInstant("2026-03-08", "02:30", "America/New_York"), "America/New_York").time).toBe("03:30");
  });
  it("a time repeated by the change resolves to its first occurrence, in every zone alike", () => {
    expect(iso(zonedInstant("2026-10-25", "01:30", "Europe/London"))).toBe("2026-10-25T00:30:00.000Z"); // BST
    expect(iso(zonedInstant("2026-10-25", "02:30", "Europe/Berlin"))).toBe("2026-10-25T00:30:00.000Z"); // CEST
    expect(iso(zonedInstant("2026-11-01", "01:30", "America/New_York"))).toBe("2026-11-01T05:30:00.000Z"); // EDT
    // Just after the repeated hour, one answer only.
    expect(iso(zonedInstant("2026-10-25", "02:00", "Europe/London"))).toBe("2026-10-25T02:00:00.000Z");
  });
  it("refuses what is not a date, a time or a zone", () => {
    expect(() => zonedInstant("2026-02-30", "09:00", "Europe/London")).toThrow(RangeError);
    expect(() => zonedInstant("2026-02-01", "24:00", "Europe/London")).toThrow(RangeError);
    expect(() => zonedInstant("2026-02-01", "9:00", "Europe/London")).toThrow(RangeError);
    expect(() => zonedInstant("2026-02-01", "09:00", "Mars/Olympus")).toThrow(RangeError);
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(parseLocalDate("2028-02-29")).toEqual({ y: 2028, m: 2, d: 29 });
    expect(parseLocalDate("2026-02-29")).toBeNull();
    expect(parseLocalTime("23:59")).toBe(1439);
    expect(parseLocalTime("12:60")).toBeNull();
  });
});

describe("localParts: an instant → the site's local date and time", () => {
  it("reads the date and time on both sides of each change", () => {
    expect(localParts(new Date("2026-03-29T00:59:00Z"), "Europe/London")).toEqual({ date: "2026-03-29", time: "00:59", weekday: 0 });
    expect(localParts(new Date("2026-03-29T01:00:00Z"), "Europe/London")).toEqual({ date: "2026-03-29", time: "02:00", weekday: 0 });
    expect(localParts(new Date("2026-10-25T00:30:00Z"), "Europe/London").time).toBe("01:30");
    expect(localParts(new Date("2026-10-25T01:30:00Z"), "Europe/London").time).toBe("01:30");
    expect(localParts(new Date("2026-03-29T00:30:00Z"), "Europe/Berlin").time).toBe("01:30");
    expect(localParts(new Date("2026-03-29T01:30:00Z"), "Europe/Berlin").time).toBe("03:30");
    expect(localParts(new Date("2026-11-01T06:30:00Z"), "America/New_York")).toEqual({ date: "2026-11-01", time: "01:30", weekday: 0 });
    expect(localParts(new Date("2026-11-01T03:59:00Z"), "America/New_York")).toEqual({ date: "2026-10-31", time: "23:59", weekday: 6 });
  });
  it("what today is at a site depends on its zone", () => {
    const at = new Date("2026-11-28T23:30:00Z");
    expect(localToday("Europe/London", at)).toBe("2026-11-28");
    expect(localToday("Europe/Berlin", at)).toBe("2026-11-29");
    expect(localToday("America/New_York", at)).toBe("2026-11-28");
  });
});

describe("localDayRange: a local day → its instant range", () => {
  it("23 hours in spring, 25 in autumn, 24 otherwise, in each zone", () => {
    for (const [zone, spring, autumn] of [
      ["Europe/London", "2026-03-29", "2026-10-25"],
      ["Europe/Berlin", "2026-03-29", "2026-10-25"],
      ["America/New_York", "2026-03-08", "2026-11-01"],
    ]) {
      expect(hours(localDayRange(spring, zone)), zone).toBe(23);
      expect(hours(localDayRange(autumn, zone)), zone).toBe(25);
      expect(hours(localDayRange(addLocalDays(spring, 1), zone)), zone).toBe(24);
      expect(hours(localDayRange("2026-06-01", zone)), zone).toBe(24);
    }
    const day = localDayRange("2026-10-25", "Europe/London");
    expect(iso(day.start)).toBe("2026-10-24T23:00:00.000Z");
    expect(iso(day.end)).toBe("2026-10-26T00:00:00.000Z");
  });
  it("calendar arithmetic crosses months, years and leap days", () => {
    expect(addLocalDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addLocalDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addLocalDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});

describe("shiftRange: a shift across midnight", () => {
  it("22:00–06:00 lasts 9 h over the autumn change and 7 h over the spring one", () => {
    expect(shiftRange("2026-10-24", "22:00", "06:00", "Europe/London").minutes).toBe(9 * 60);
    expect(shiftRange("2026-03-28", "22:00", "06:00", "Europe/London").minutes).toBe(7 * 60);
    expect(shiftRange("2026-10-24", "22:00", "06:00", "Europe/Berlin").minutes).toBe(9 * 60);
    expect(shiftRange("2026-10-31", "22:00", "06:00", "America/New_York").minutes).toBe(9 * 60);
    expect(shiftRange("2026-03-07", "22:00", "06:00", "America/New_York").minutes).toBe(7 * 60);
    expect(shiftRange("2026-06-01", "22:00", "06:00", "America/New_York").minutes).toBe(8 * 60);
  });
  it("a day shift stays on its day; equal start and end is a 24-hour shift", () => {
    const s = shiftRange("2026-10-25", "09:00", "17:00", "Europe/London");
    expect([iso(s.start), iso(s.end), s.minutes]).toEqual(["2026-10-25T09:00:00.000Z", "2026-10-25T17:00:00.000Z", 480]);
    expect(shiftRange("2026-06-01", "08:00", "08:00", "Europe/London").minutes).toBe(24 * 60);
    expect(() => shiftRange("2026-06-01", "8:00", "17:00", "Europe/London")).toThrow(RangeError);
  });
});
