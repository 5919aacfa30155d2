import { describe, expect, test, vi } from "vitest";
import type { EvacuationReport, Evacuee } from "@contract";
import { applyEvacuationEvent, isComplete, ReportSync } from "~/features/evacuations/counter";

function evacuee(id: number, over: Partial<Evacuee> = {}): Evacuee {
  return { id, name: `Person ${id}`, group_id: 1, company: null, status: "unaccounted", evacuation_point_id: null, updated_at: null, updated_by: null, ...over };
}
function report(counter = 3): EvacuationReport {
  return {
    evacuation: { id: 9, site_id: 1, site_name: "Head Office", status: "in_progress", event_counter: counter, started_at: "2026-11-21T10:00:00.000Z", started_by: "Alice", completed_at: null, evacuee_count: 2, accounted_count: 0 },
    groups: [{ id: 1, name: "Visitors", type: "standard" }],
    evacuees: [evacuee(1), evacuee(2)],
    comments: [],
    participants: [],
    evacuation_points: [],
    offline_devices: [],
    bookings: [],
    accessed_via: [],
  };
}
const marked = (counter: number, id = 1) => ({ event: "EvacueeUpdatedEvent", data: { counter, evacuee: evacuee(id, { status: "accounted_for" as const }) } });
const comment = (counter: number, id = 1) => ({ event: "CommentAddedEvent", data: { counter, comment: { id, content: "All clear", evacuation_evacuee_id: null, author: "Bo", created_at: "2026-11-21T10:01:00.000Z" } } });

describe("the event counter (spec §4)", () => {
  test("in order: the next number is applied and the counter advances", () => {
    const r = applyEvacuationEvent(report(3), marked(4));
    expect(r.reload).toBe(false);
    expect(r.report.evacuation.event_counter).toBe(4);
    expect(r.report.evacuees[0]!.status).toBe("accounted_for");
    expect(r.report.evacuation.accounted_count).toBe(1);
  });

  test("duplicate and old events are ignored", () => {
    const base = report(3);
    for (const c of [3, 2, 0]) {
      const r = applyEvacuationEvent(base, marked(c));
      expect(r).toEqual({ report: base, reload: false });
    }
  });

  test("a gap means a full reload", () => {
    const base = report(3);
    expect(applyEvacuationEvent(base, marked(5)).reload).toBe(true);
    expect(applyEvacuationEvent(base, comment(9)).reload).toBe(true);
  });

  test("ready asks for a reload; completion makes the report complete", () => {
    expect(applyEvacuationEvent(report(3), { event: "EvacuationReadyEvent", data: { counter: 4 } }).reload).toBe(true);
    const done = applyEvacuationEvent(report(3), { event: "EvacuationCompleteEvent", data: { counter: 4 } });
    expect(done.reload).toBe(false);
    expect(isComplete(done.report)).toBe(true);
    const withComment = applyEvacuationEvent(report(3), {
      event: "EvacuationCompleteEvent",
      data: { counter: 4, comment: { id: 12, content: "All clear", evacuation_evacuee_id: null, author: "Alice Admin", created_at: "2026-11-21T10:12:00Z" } },
    });
    expect(withComment.report.comments.map((c) => c.content)).toEqual(["All clear"]);
    expect(withComment.report.evacuation.event_counter).toBe(4);
  });

  test("comments are added once; an event about an evacuee the report does not have reloads", () => {
    const once = applyEvacuationEvent(report(3), comment(4, 7)).report;
    expect(once.comments.map((c) => c.id)).toEqual([7]);
    expect(applyEvacuationEvent(report(3), marked(4, 99)).reload).toBe(true);
  });
});

describe("held during a load", () => {
  test("events that arrive while the report loads are applied after it, by the same rules", () => {
    const shown = vi.fn();
    const reload = vi.fn();
    const sync = new ReportSync(shown, reload);
    sync.receive(marked(4, 1)); // before the load answered
    sync.receive(marked(3, 2)); // already in the loaded report: ignored
    sync.loaded(report(3));
    expect(sync.current!.evacuation.event_counter).toBe(4);
    expect(sync.current!.evacuees.map((e) => e.status)).toEqual(["accounted_for", "unaccounted"]);
    expect(reload).not.toHaveBeenCalled();
  });

  test("a gap asks for one reload and holds what comes until it answers", () => {
    const reload = vi.fn();
    const sync = new ReportSync(() => {}, reload);
    sync.loaded(report(3));
    sync.receive(marked(6));
    sync.receive(comment(7));
    expect(reload).toHaveBeenCalledTimes(1);
    sync.loaded(report(6));
    expect(sync.current!.evacuation.event_counter).toBe(7);
    expect(sync.current!.comments).toHaveLength(1);
  });

  test("a load the page did not start (a revalidation after a post) cannot take back an event it already applied", () => {
    let now = 1_000;
    const sync = new ReportSync(() => {}, vi.fn(), 30_000, () => now);
    sync.loaded(report(3));
    sync.receive(marked(4, 1)); // applied at once
    expect(sync.current!.evacuation.event_counter).toBe(4);
    sync.loaded(report(3)); // a snapshot taken before event 4
    expect(sync.current!.evacuation.event_counter).toBe(4);
    expect(sync.current!.evacuees[0]!.status).toBe("accounted_for");
    now += 31_000; // long after: the snapshot is trusted as it is
    sync.loaded(report(3));
    expect(sync.current!.evacuation.event_counter).toBe(3);
  });
});
