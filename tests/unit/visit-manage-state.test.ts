/** Today's live state hears visit management (ADR 026): an edited visit is replaced, a deleted one goes, the count follows. */
import { describe, expect, test } from "vitest";
import type { Visit } from "@contract";
import { applySiteEvent, initialState } from "~/features/today/state";

const SITE = 7;
const visit = (id: number, type: "standard" | "delivery" = "standard", over: Partial<Visit> = {}): Visit => ({
  id,
  site_id: SITE,
  group: { id: type === "delivery" ? 3 : 1, name: type, type },
  member_id: null,
  name: "Ada Lovelace",
  company: null,
  host: null,
  status: "signed_in",
  source: "portal",
  created_at: "2026-11-21T09:00:00.000Z",
  signed_in_at: "2026-11-21T09:00:00.000Z",
  signed_out_at: null,
  location: { lat: 1, lng: 2, accuracy: 3 },
  ...over,
});
const event = (name: string, v: Visit) => ({ event: name, data: { visit: { ...v, location: null }, visitors_signed_in_count: 0 } });

describe("visit management on Today", () => {
  test("an edit replaces the visit (keeping its location); moving it to a delivery group takes it off the count", () => {
    let s = initialState(2, [visit(1), visit(2)]);
    s = applySiteEvent(s, event("VisitUpdatedEvent", visit(1, "standard", { name: "Anonymised" })), SITE);
    expect([s.count, s.visits[0]!.name, s.visits[0]!.location]).toEqual([2, "Anonymised", { lat: 1, lng: 2, accuracy: 3 }]);
    s = applySiteEvent(s, event("VisitUpdatedEvent", visit(2, "delivery")), SITE);
    expect([s.count, s.visits[1]!.group.type]).toEqual([1, "delivery"]);
  });
  test("a deletion removes the visit and its count; an unknown visit or another site changes nothing", () => {
    let s = initialState(2, [visit(1), visit(2)]);
    const same = applySiteEvent(s, event("VisitDeletedEvent", visit(9)), SITE);
    expect(same).toBe(s);
    expect(applySiteEvent(s, event("VisitDeletedEvent", { ...visit(1), site_id: 8 }), SITE)).toBe(s);
    s = applySiteEvent(s, event("VisitDeletedEvent", visit(1)), SITE);
    expect([s.count, s.visits.map((v) => v.id)]).toEqual([1, [2]]);
  });
});
