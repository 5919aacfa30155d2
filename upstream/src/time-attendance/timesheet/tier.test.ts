/** Time & Attendance tiers, the usage warning, back_under_usage, deactivation 30 days on, the 15-day trial. */
import { describe, expect, it } from "vitest";
import { daysUntilDeactivation, deactivationAt, isDeactivated, isOverTier, isTrialActive, nextUsageState, tierFor, tierLimit, TIERS, trialEndsAt, usageSummary, type UsageState } from "./tier.ts";

const d = (iso: string) => new Date(iso);
const NONE: UsageState = { usageWarningAt: null, backUnderUsage: false };

describe("tiers", () => {
  it("up to 50, 100, 250, 500 and over 500 members tracked", () => {
    expect([0, 1, 50, 51, 100, 101, 250, 251, 500, 501, 10_000].map(tierFor)).toEqual([
      "up-to-50", "up-to-50", "up-to-50", "up-to-100", "up-to-100", "up-to-250", "up-to-250", "up-to-500", "up-to-500", "over-500", "over-500",
    ]);
    expect(TIERS.map(tierLimit)).toEqual([50, 100, 250, 500, null]);
    expect(() => tierFor(-1)).toThrow(RangeError);
    expect(() => tierFor(1.5)).toThrow(RangeError);
  });
  it("over the tier is more than its limit; over 500 is never over", () => {
    expect(isOverTier(50, "up-to-50")).toBe(false);
    expect(isOverTier(51, "up-to-50")).toBe(true);
    expect(isOverTier(501, "up-to-500")).toBe(true);
    expect(isOverTier(100_000, "over-500")).toBe(false);
  });
});

describe("the usage warning and back_under_usage", () => {
  it("over sets the warning; still over keeps the first date; back under clears it and says so; over again starts afresh", () => {
    const first = nextUsageState(NONE, 51, "up-to-50", d("2026-10-10T08:00:00Z"));
    expect(first).toEqual({ usageWarningAt: d("2026-10-10T08:00:00Z"), backUnderUsage: false });
    const still = nextUsageState(first, 60, "up-to-50", d("2026-10-20T08:00:00Z"));
    expect(still).toEqual(first);
    const back = nextUsageState(still, 50, "up-to-50", d("2026-10-21T08:00:00Z"));
    expect(back).toEqual({ usageWarningAt: null, backUnderUsage: true });
    expect(nextUsageState(back, 49, "up-to-50", d("2026-10-22T08:00:00Z"))).toEqual(back);
    expect(nextUsageState(back, 51, "up-to-50", d("2026-11-01T08:00:00Z"))).toEqual({ usageWarningAt: d("2026-11-01T08:00:00Z"), backUnderUsage: false });
  });
  it("under with no warning changes nothing; a bigger tier clears the warning", () => {
    expect(nextUsageState(NONE, 10, "up-to-50", d("2026-10-10T08:00:00Z"))).toEqual(NONE);
    const warned = { usageWarningAt: d("2026-10-10T08:00:00Z"), backUnderUsage: false };
    expect(nextUsageState(warned, 60, "up-to-100", d("2026-10-11T08:00:00Z"))).toEqual({ usageWarningAt: null, backUnderUsage: true });
  });
});

describe("deactivation 30 days after the warning", () => {
  it("in UTC: the same time 30 days later", () => {
    expect(deactivationAt(d("2026-06-01T10:15:30Z")).toISOString()).toBe("2026-07-01T10:15:30.000Z");
    expect(deactivationAt(d("2026-02-10T00:00:00Z")).toISOString()).toBe("2026-03-12T00:00:00.000Z");
  });
  it("across a clock change it is 30 local days, not 30 × 24 h", () => {
    // 09:00 BST on 10 Oct 2026 → 09:00 GMT on 9 Nov (30 × 24 h would be 08:00).
    expect(deactivationAt(d("2026-10-10T08:00:00Z"), "Europe/London").toISOString()).toBe("2026-11-09T09:00:00.000Z");
    // 09:00 GMT on 15 Mar 2026 → 09:00 BST on 14 Apr.
    expect(deactivationAt(d("2026-03-15T09:00:00Z"), "Europe/London").toISOString()).toBe("2026-04-14T08:00:00.000Z");
    // 09:00 EDT on 20 Oct 2026 → 09:00 EST on 19 Nov.
    expect(deactivationAt(d("2026-10-20T13:00:00Z"), "America/New_York").toISOString()).toBe("2026-11-19T14:00:00.000Z");
  });
  it("deactivated from that instant on, while the warning stands; getting back under ends it", () => {
    const warned: UsageState = { usageWarningAt: d("2026-10-10T08:00:00Z"), backUnderUsage: false };
    expect(isDeactivated(warned, d("2026-11-09T08:59:59Z"), "Europe/London")).toBe(false);
    expect(isDeactivated(warned, d("2026-11-09T09:00:00Z"), "Europe/London")).toBe(true);
    expect(isDeactivated(NONE, d("2027-01-01T00:00:00Z"))).toBe(false);
    const back = nextUsageState(warned, 40, "up-to-50", d("2026-11-20T00:00:00Z"));
    expect(isDeactivated(back, d("2026-11-20T00:00:00Z"), "Europe/London")).toBe(false);
  });
  it("days left, counted in local dates", () => {
    const warned: UsageState = { usageWarningAt: d("2026-10-10T08:00:00Z"), backUnderUsage: false };
    expect(daysUntilDeactivation(warned, d("2026-10-10T08:00:00Z"), "Europe/London")).toBe(30);
    expect(daysUntilDeactivation(warned, d("2026-11-08T23:30:00Z"), "Europe/London")).toBe(1);
    expect(daysUntilDeactivation(warned, d("2026-11-09T08:00:00Z"), "Europe/London")).toBe(0);
    expect(daysUntilDeactivation(warned, d("2026-11-09T09:00:00Z"), "Europe/London")).toBe(0);
    expect(daysUntilDeactivation(NONE, d("2026-11-09T09:00:00Z"))).toBeNull();
  });
  it("the summary the add-on's home shows", () => {
    const warned: UsageState = { usageWarningAt: d("2026-10-10T08:00:00Z"), backUnderUsage: false };
    expect(usageSummary(warned, 120, "up-to-100", d("2026-10-30T12:00:00Z"), "Europe/London")).toEqual({
      tier: "up-to-100",
      limit: 100,
      membersTracked: 120,
      tierNeeded: "up-to-250",
      overTier: true,
      usageWarningAt: d("2026-10-10T08:00:00Z"),
      backUnderUsage: false,
      deactivatesAt: d("2026-11-09T09:00:00Z"),
      deactivated: false,
      daysUntilDeactivation: 10,
    });
  });
});

describe("the 15-day trial", () => {
  it("ends 15 local days after it starts", () => {
    expect(trialEndsAt(d("2026-10-20T12:00:00Z"), "Europe/London").toISOString()).toBe("2026-11-04T13:00:00.000Z"); // 13:00 BST → 13:00 GMT
    expect(trialEndsAt(d("2026-06-01T00:00:00Z")).toISOString()).toBe("2026-06-16T00:00:00.000Z");
    expect(isTrialActive(d("2026-06-01T00:00:00Z"), d("2026-06-15T23:59:59Z"))).toBe(true);
    expect(isTrialActive(d("2026-06-01T00:00:00Z"), d("2026-06-16T00:00:00Z"))).toBe(false);
    expect(isTrialActive(d("2026-06-01T00:00:00Z"), d("2026-05-31T23:59:59Z"))).toBe(false);
  });
});
