import { describe, expect, it } from "vitest";
import { SPACES_MESSAGES } from "../../contract/index.ts";
import { advanceLimitEnd, occurrences, parseInstant, timeProblems } from "./rules.ts";

const NOW = new Date("2026-03-20T12:00:00Z");
const none = { unit: "none", value: null } as const;

describe("parseInstant", () => {
  it("reads ISO 8601 with an offset and nothing else", () => {
    expect(parseInstant("2026-03-30T09:00:00+01:00")?.toISOString()).toBe("2026-03-30T08:00:00.000Z");
    expect(parseInstant("2026-03-30T09:00Z")?.toISOString()).toBe("2026-03-30T09:00:00.000Z");
    for (const bad of ["2026-03-30T09:00:00", "2026-03-30", "tomorrow", "2026-02-30T09:00Z", "", "2026-13-01T09:00Z"]) expect(parseInstant(bad), bad).toBeNull();
  });
});

describe("timeProblems", () => {
  const t = (s: string) => new Date(s);
  it("holds a start after now, an end after the start, 31 days at most, within the advance limit", () => {
    expect(timeProblems(t("2026-03-21T09:00Z"), t("2026-03-21T17:00Z"), none, NOW)).toEqual({});
    expect(timeProblems(t("2026-03-20T11:00Z"), t("2026-03-21T17:00Z"), none, NOW)).toEqual({ start: [SPACES_MESSAGES.startPast] });
    expect(timeProblems(t("2026-03-21T09:00Z"), t("2026-03-21T09:00Z"), none, NOW)).toEqual({ end: [SPACES_MESSAGES.endBeforeStart] });
    expect(timeProblems(t("2026-03-21T09:00Z"), t("2026-04-22T09:00Z"), none, NOW)).toEqual({ end: [SPACES_MESSAGES.tooLong] });
    const twoWeeks = { unit: "weeks", value: 2 } as const;
    expect(timeProblems(t("2026-04-03T11:00Z"), t("2026-04-03T13:00Z"), twoWeeks, NOW)).toEqual({});
    expect(timeProblems(t("2026-04-03T13:00Z"), t("2026-04-03T14:00Z"), twoWeeks, NOW)).toEqual({ start: [SPACES_MESSAGES.advanceLimit] });
    expect(timeProblems(null, t("2026-04-03T14:00Z"), none, NOW)).toEqual({ start: [SPACES_MESSAGES.time] });
  });
  it("adds months and years by the calendar", () => {
    expect(advanceLimitEnd({ unit: "months", value: 1 }, new Date("2026-01-31T10:00Z"))?.toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(advanceLimitEnd({ unit: "years", value: 1 }, NOW)?.toISOString()).toBe("2027-03-20T12:00:00.000Z");
    expect(advanceLimitEnd(none, NOW)).toBeNull();
  });
});

describe("occurrences", () => {
  it("keeps a weekly 09:00–17:00 at 09:00 local across the spring clock change (London, 29 Mar 2026)", () => {
    const o = occurrences(new Date("2026-03-23T09:00:00Z"), new Date("2026-03-23T17:00:00Z"), "week", "2026-04-06", "Europe/London")!;
    expect(o.map((x) => [x.start.toISOString(), x.end.toISOString()])).toEqual([
      ["2026-03-23T09:00:00.000Z", "2026-03-23T17:00:00.000Z"],
      ["2026-03-30T08:00:00.000Z", "2026-03-30T16:00:00.000Z"],
      ["2026-04-06T08:00:00.000Z", "2026-04-06T16:00:00.000Z"],
    ]);
  });
  it("repeats on weekdays only, and in New York across its autumn change", () => {
    // Friday 30 Oct 2026 09:00 EDT; the clocks go back on Sunday 1 Nov.
    const o = occurrences(new Date("2026-10-30T13:00:00Z"), new Date("2026-10-30T14:00:00Z"), "weekday", "2026-11-03", "America/New_York")!;
    expect(o.map((x) => x.start.toISOString())).toEqual(["2026-10-30T13:00:00.000Z", "2026-11-02T14:00:00.000Z", "2026-11-03T14:00:00.000Z"]);
  });
  it("refuses an end before the first day or more than a year on", () => {
    const s = new Date("2026-03-23T09:00:00Z");
    const e = new Date("2026-03-23T10:00:00Z");
    expect(occurrences(s, e, "week", "2026-03-23", "UTC")).toBeNull();
    expect(occurrences(s, e, "week", "2027-04-01", "UTC")).toBeNull();
    expect(occurrences(s, e, "week", "not a date", "UTC")).toBeNull();
  });
});
