import { describe, expect, test } from "vitest";
import { LOCALES } from "~/i18n/config";
import { formatClock, formatLongDate, formatTime, uses12HourClock } from "~/i18n/format";

test("times use a 12-hour clock where the locale does, else 24-hour; forced 12-hour on request", () => {
  const at = new Date(2026, 10, 21, 14, 5);
  expect(formatTime(at, "en_US")).toBe("2:05 PM");
  expect(formatTime(at, "en_GB")).toBe("14:05");
  expect(formatTime(at, "de")).toBe("14:05");
  expect(formatTime(at, "en_GB", true)).toBe("2:05 PM");
  expect(uses12HourClock("en_US")).toBe(true);
  expect(uses12HourClock("fr")).toBe(false);
});

test("long dates in every locale's own words", () => {
  expect(formatLongDate("2026-11-21", "en_GB")).toBe("21 November 2026");
  expect(formatLongDate("2026-11-21", "en_US")).toBe("November 21st, 2026");
  expect(formatLongDate("2026-11-21", "de")).toBe("21. November 2026");
  expect(formatLongDate("2026-11-21", "ja")).toContain("2026年11月21日");
  for (const l of LOCALES) expect(formatLongDate("2026-11-21", l)).toMatch(/2026/);
});

describe("formatClock (a time of day written HH:mm)", () => {
  test("as the locale writes it: a 12-hour clock with AM/PM where the locale uses one", () => {
    expect(formatClock("09:00", "en_GB")).toBe("09:00");
    expect(formatClock("09:00", "en_US")).toBe("9:00 AM");
    expect(formatClock("13:30", "en_US")).toBe("1:30 PM");
    expect(formatClock("00:10", "en_AU")).toMatch(/^12:10\s?am$/i);
    expect(formatClock("13:30", "de")).toBe("13:30");
  });
  test("anything else is shown as it came", () => {
    expect(formatClock("9am", "en_US")).toBe("9am");
  });
});
