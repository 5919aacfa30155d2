/**
 * The portal's wall-clock conversions at a site (app/features/manage/local-time.ts, which the event
 * dates and the spaces booking forms use): a site's day and time to an instant and back, on days
 * of the 2026 clock changes in London and New York.
 */
import { describe, expect, test } from "vitest";
import { instantAt, localAt } from "~/features/manage/local-time";
import { instantAt as bookingInstant, todayIn } from "~/features/spaces/search.server";

describe("a site's wall-clock time", () => {
  test("09:00 on either side of London's spring and autumn changes", () => {
    expect(instantAt("2026-03-28T09:00", "Europe/London")).toBe("2026-03-28T09:00:00.000Z");
    expect(instantAt("2026-03-30T09:00", "Europe/London")).toBe("2026-03-30T08:00:00.000Z");
    expect(instantAt("2026-10-26T09:00", "Europe/London")).toBe("2026-10-26T09:00:00.000Z");
    expect(localAt("2026-03-30T08:00:00.000Z", "Europe/London")).toBe("2026-03-30T09:00");
    expect(instantAt("2026-02-30T09:00", "Europe/London")).toBeNull();
  });

  test("a booking's day and times, and a site's today, in New York across its November change", () => {
    expect(bookingInstant("2026-10-30", "09:00", "America/New_York").toISOString()).toBe("2026-10-30T13:00:00.000Z");
    expect(bookingInstant("2026-11-02", "09:00", "America/New_York").toISOString()).toBe("2026-11-02T14:00:00.000Z");
    // 02:30 UTC on 2 Nov is still 1 Nov in New York.
    expect(todayIn("America/New_York", new Date("2026-11-02T02:30:00Z"))).toBe("2026-11-01");
  });
});
