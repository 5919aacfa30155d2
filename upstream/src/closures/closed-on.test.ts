/** closedOn (issue 27 item 2): which closure, if any, closes a site on a local day. */
import { describe, expect, it } from "vitest";
import { closedOn, type Closure } from "./closed-on.ts";

const c = (id: number, start: string, end: string, site_ids: number[] | null, reason = `c${id}`): Closure => ({ id, reason, start, end, site_ids });

describe("closedOn", () => {
  const closures = [c(1, "2026-12-24", "2026-12-26", [10]), c(2, "2026-12-25", "2026-12-25", null), c(3, "2026-08-31", "2026-08-31", [10, 11]), c(4, "2027-01-01", "2027-01-01", [12])];

  it("finds a closure of the site covering the day, both ends included", () => {
    expect(closedOn(closures, 10, "2026-12-24")?.id).toBe(1);
    expect(closedOn(closures, 10, "2026-12-26")?.id).toBe(1);
    expect(closedOn(closures, 11, "2026-08-31")?.id).toBe(3);
  });

  it("a whole-client closure (site_ids null) closes every site, sites added later too", () => {
    expect(closedOn(closures, 11, "2026-12-25")?.id).toBe(2);
    expect(closedOn(closures, 999, "2026-12-25")?.id).toBe(2);
  });

  it("of several, the one that started first", () => {
    expect(closedOn(closures, 10, "2026-12-25")?.id).toBe(1);
    expect(closedOn([c(7, "2026-12-25", "2026-12-25", null), c(5, "2026-12-25", "2026-12-25", null)], 1, "2026-12-25")?.id).toBe(5);
  });

  it("null on a working day, another site's closure, or the day after a range", () => {
    expect(closedOn(closures, 10, "2026-12-27")).toBeNull();
    expect(closedOn(closures, 10, "2026-12-23")).toBeNull();
    expect(closedOn(closures, 11, "2026-12-24")).toBeNull();
    expect(closedOn(closures, 10, "2027-01-01")).toBeNull();
    expect(closedOn([], 10, "2026-12-25")).toBeNull();
  });
});
