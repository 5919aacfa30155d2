import { describe, expect, test } from "vitest";
import { daysIn, historyExportFirstDay, rangeProblem } from "@contract";

describe("report and export ranges", () => {
  test("31 days is the most an export covers; 32 is refused", () => {
    expect(daysIn("2026-01-01", "2026-01-31")).toBe(31);
    expect(rangeProblem("2026-01-01", "2026-01-31", { maxDays: 31 })).toBeNull();
    expect(rangeProblem("2026-01-01", "2026-02-01", { maxDays: 31 })).toBe("tooLong");
  });
  test("reversed, malformed, impossible and 2038+ ranges are refused", () => {
    expect(rangeProblem("2026-02-02", "2026-02-01")).toBe("reversed");
    expect(rangeProblem("2026-2-1", "2026-02-01")).toBe("malformed");
    expect(rangeProblem("2026-02-30", "2026-03-01")).toBe("malformed");
    expect(rangeProblem("2038-01-01", "2038-01-02")).toBe("tooLate");
    expect(rangeProblem("2037-12-31", "2037-12-31")).toBeNull();
  });
  test("the history export reaches back 12 months", () => {
    expect(historyExportFirstDay("2026-11-26")).toBe("2025-11-26");
    expect(rangeProblem("2025-11-25", "2025-12-01", { notBefore: historyExportFirstDay("2026-11-26") })).toBe("tooOld");
    expect(rangeProblem("2025-11-26", "2025-12-01", { notBefore: historyExportFirstDay("2026-11-26") })).toBeNull();
  });
});
