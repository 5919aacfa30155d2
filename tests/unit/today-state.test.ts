import { describe, expect, test } from "vitest";
import type { Visit } from "@contract";
import { applySiteEvent, initialState, onSiteByGroup, outNow, pending } from "~/features/today/state";

const SITE = 7;
let nextId = 100;
function visit(over: Partial<Visit> & { type?: "standard" | "returning" | "delivery" } = {}): Visit {
  const { type = "standard", ...rest } = over;
  return {
    id: nextId++,
    site_id: SITE,
    group: { id: type === "delivery" ? 3 : type === "returning" ? 2 : 1, name: type, type },
    member_id: null,
    name: "Ada Lovelace",
    company: null,
    host: null,
    status: "signed_in",
    source: "portal",
    created_at: "2026-11-21T09:00:00.000Z",
    signed_in_at: "2026-11-21T09:00:00.000Z",
    signed_out_at: null,
    location: null,
    ...rest,
  };
}
const signIn = (v: Visit) => ({ event: "SignInEvent", data: { visit: v, visitors_signed_in_count: 0 } });
const signOut = (v: Visit) => ({ event: "SignOutEvent", data: { visit: { ...v, status: "signed_out" as const, signed_out_at: "2026-11-21T10:00:00.000Z" }, visitors_signed_in_count: 0 } });

describe("live counter (spec platform §4)", () => {
  test("a sign-in increments, a sign-out decrements", () => {
    const v = visit();
    let s = initialState(4, []);
    s = applySiteEvent(s, signIn(v), SITE);
    expect(s.count).toBe(5);
    expect(s.visits.map((x) => x.id)).toEqual([v.id]);
    s = applySiteEvent(s, signOut(v), SITE);
    expect(s.count).toBe(4);
    expect(s.visits).toEqual([]);
  });

  test("delivery groups are excluded from the count but listed", () => {
    const d = visit({ type: "delivery" });
    let s = applySiteEvent(initialState(2, []), signIn(d), SITE);
    expect(s.count).toBe(2);
    expect(s.visits).toHaveLength(1);
    s = applySiteEvent(s, signOut(d), SITE);
    expect(s.count).toBe(2);
    expect(s.visits).toHaveLength(0);
  });

  test("the same event twice counts once; a sign-out of a visit the page never had changes nothing", () => {
    const v = visit();
    const s1 = applySiteEvent(initialState(1, []), signIn(v), SITE);
    expect(applySiteEvent(s1, signIn(v), SITE)).toBe(s1);
    const known = initialState(1, [visit()]);
    expect(applySiteEvent(known, signOut(visit()), SITE)).toBe(known);
  });

  test("a sign-in already in the loaded list is not counted again", () => {
    const v = visit();
    const s = initialState(1, [v]);
    expect(applySiteEvent(s, signIn(v), SITE)).toBe(s);
  });

  test("a pending sign-in is listed as waiting, counted once approved", () => {
    const v = visit({ status: "pending", signed_in_at: null });
    let s = applySiteEvent(initialState(0, []), signIn(v), SITE);
    expect(s.count).toBe(0);
    expect(pending(s).map((x) => x.id)).toEqual([v.id]);
    s = applySiteEvent(s, signIn({ ...v, status: "signed_in", signed_in_at: "2026-11-21T09:30:00.000Z" }), SITE);
    expect(s.count).toBe(1);
    expect(pending(s)).toEqual([]);
  });

  test("events of another site, unknown events and malformed data are ignored", () => {
    const s = initialState(3, []);
    expect(applySiteEvent(s, signIn(visit({ site_id: 99 })), SITE)).toBe(s);
    expect(applySiteEvent(s, { event: "EvacuationCreatedEvent", data: {} }, SITE)).toBe(s);
    expect(applySiteEvent(s, { event: "EvacuationCreatedEvent", data: { evacuation: { id: 1, site_id: 99 } } }, SITE)).toBe(s);
    expect(applySiteEvent(s, { event: "SignInEvent", data: { nope: 1 } }, SITE)).toBe(s);
    expect(applySiteEvent(s, { event: "SignInEvent", data: null }, SITE)).toBe(s);
  });

  test("replaying recent events over fresh data gives the same state, whatever the data already saw", () => {
    const a = visit();
    const b = visit();
    const events = [signIn(a), signIn(b), signOut(a)];
    // The page loaded after all three: b on site, count 1.
    const fresh = initialState(1, [b]);
    expect(events.reduce((s, e) => applySiteEvent(s, e, SITE), fresh)).toEqual(fresh);
    // The page loaded before any: the events bring it to the same place.
    const old = events.reduce((s, e) => applySiteEvent(s, e, SITE), initialState(0, []));
    expect(old).toEqual(fresh);
  });

  test("a location the page had is kept when the broadcast (which never carries one) arrives", () => {
    const v = visit({ status: "pending", signed_in_at: null, location: { lat: 1, lng: 2, accuracy: 5 } });
    const s = applySiteEvent(initialState(0, [v]), signIn({ ...v, status: "signed_in", location: null }), SITE);
    expect(s.visits[0]!.location).toEqual({ lat: 1, lng: 2, accuracy: 5 });
  });
});

describe("evacuation card (spec platform §7: evacuation events on the site channel)", () => {
  const created = (site = SITE) => ({ event: "EvacuationCreatedEvent", data: { evacuation: { id: 5, site_id: site, status: "in_progress" } } });
  const completed = (site = SITE) => ({ event: "EvacuationCompleteEvent", data: { counter: 3, evacuation: { id: 5, site_id: site, status: "completed" } } });
  test("a start turns it on, a completion off; the visits and count are untouched", () => {
    const v = visit();
    const s0 = initialState(1, [v]);
    const s1 = applySiteEvent(s0, created(), SITE);
    expect(s1).toEqual({ ...s0, evacuation: true });
    expect(applySiteEvent(s1, created(), SITE)).toBe(s1);
    const s2 = applySiteEvent(s1, completed(), SITE);
    expect(s2).toEqual({ ...s0, evacuation: false });
  });
  test("replayed over fresh data (which may already say in progress), the events end where the upstream is", () => {
    const events = [created(), completed()];
    expect(events.reduce((s, e) => applySiteEvent(s, e, SITE), initialState(0, [], true)).evacuation).toBe(false);
    expect(applySiteEvent(initialState(0, [], true), created(), SITE).evacuation).toBe(true);
  });
  test("another site's evacuation changes nothing", () => {
    const s = initialState(0, []);
    expect(applySiteEvent(s, created(99), SITE)).toBe(s);
  });
});

describe("grouping", () => {
  test("by the site's group order, newest sign-in first, pending and empty groups left out", () => {
    const groups = [
      { id: 2, name: "Staff", type: "returning" as const },
      { id: 1, name: "Visitors", type: "standard" as const },
      { id: 5, name: "Empty", type: "standard" as const },
    ];
    const early = visit({ signed_in_at: "2026-11-21T08:00:00.000Z" });
    const late = visit({ signed_in_at: "2026-11-21T11:00:00.000Z" });
    const staff = visit({ type: "returning" });
    const waiting = visit({ status: "pending", signed_in_at: null });
    const sections = onSiteByGroup(initialState(4, [early, late, staff, waiting]), groups);
    expect(sections.map((s) => s.group.name)).toEqual(["Staff", "Visitors"]);
    expect(sections[1]!.visits.map((v) => v.id)).toEqual([late.id, early.id]);
  });
});

describe("sign-out-first groups (ADR 015): away visits", () => {
  const BOARDERS = { id: 4, name: "Boarders", type: "returning" as const, sign_out_first: true };
  const member = (name: string) => visit({ type: "returning", name, group: { id: 4, name: "Boarders", type: "returning" }, member_id: nextId });
  const leave = (v: Visit, at = "2026-11-21T10:00:00.000Z") => ({
    event: "SignOutEvent",
    data: { visit: { ...v, status: "away" as const, signed_in_at: null, signed_out_at: at }, visitors_signed_in_count: 5 },
  });
  const back = (v: Visit) => ({
    event: "SignInEvent",
    data: { visit: { ...v, status: "returned" as const, signed_in_at: "2026-11-21T12:00:00.000Z", signed_out_at: "2026-11-21T10:00:00.000Z" }, visitors_signed_in_count: 5 },
  });

  test("a departure is listed under Out now, not on site, and never counted; the return takes it off; neither moves the count", () => {
    const ann = member("Ann");
    let s = initialState(5, []);
    s = applySiteEvent(s, leave(ann), SITE);
    expect(s.count).toBe(5);
    expect(outNow(s, [BOARDERS]).map((x) => [x.group.name, x.visits.map((v) => v.name)])).toEqual([["Boarders", ["Ann"]]]);
    expect(onSiteByGroup(s, [BOARDERS])).toEqual([]);
    expect(pending(s)).toEqual([]);
    expect(applySiteEvent(s, leave(ann), SITE)).toBe(s);
    s = applySiteEvent(s, back(ann), SITE);
    expect(s.count).toBe(5);
    expect(s.visits).toEqual([]);
    expect(outNow(s, [BOARDERS])).toEqual([{ group: BOARDERS, visits: [] }]);
  });

  test("loaded away visits are kept; a return of a visit the page never had changes nothing; replays over fresh data agree", () => {
    const ann = member("Ann");
    const loaded = { ...ann, status: "away" as const, signed_in_at: null, signed_out_at: "2026-11-21T10:00:00.000Z" };
    const s = initialState(2, [loaded, visit({ status: "signed_out" })]);
    expect(s.visits.map((v) => v.id)).toEqual([ann.id]);
    expect(applySiteEvent(s, back(member("Bea")), SITE)).toBe(s);
    const events = [leave(ann), back(ann)];
    expect(events.reduce((x, e) => applySiteEvent(x, e, SITE), initialState(2, []))).toEqual(initialState(2, []));
    expect(events.reduce((x, e) => applySiteEvent(x, e, SITE), s)).toEqual(initialState(2, []));
  });

  test("Out now: every sign-out-first group shown, latest departure first; a group no longer signing out first while someone is away; others never", () => {
    const early = member("Early");
    const late = member("Late");
    const stray = visit({ type: "returning", name: "Stray", group: { id: 9, name: "Former", type: "returning" } });
    let s = initialState(0, []);
    s = applySiteEvent(s, leave(early, "2026-11-21T08:00:00.000Z"), SITE);
    s = applySiteEvent(s, leave(late, "2026-11-21T11:00:00.000Z"), SITE);
    s = applySiteEvent(s, leave(stray), SITE);
    const groups = [{ id: 1, name: "Visitors", type: "standard" as const, sign_out_first: false }, BOARDERS, { id: 7, name: "Residents", type: "returning" as const, sign_out_first: true }];
    const out = outNow(s, groups);
    expect(out.map((x) => [x.group.name, x.visits.map((v) => v.name)])).toEqual([
      ["Boarders", ["Late", "Early"]],
      ["Residents", []],
      ["Former", ["Stray"]],
    ]);
  });
});
