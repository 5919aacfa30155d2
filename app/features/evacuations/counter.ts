/**
 * The live evacuation report's event rules (spec platform §4, evacuation):
 *  - every event of private-Evacuation.{id} carries the report's counter after it;
 *  - an event at or below the current counter is ignored (already seen, or older than the load);
 *  - an event that is not exactly the next number means something was missed: reload the report;
 *  - otherwise the event is applied and the counter advances;
 *  - "ready" (EvacuationReadyEvent) asks for a reload;
 *  - events arriving while the report loads are held, and applied (by the same rules) after it;
 *  - the report becomes complete on the completion event (or when it is ended).
 * Pure, shared by server and browser, unit-tested.
 */
import type { EvacuationComment, EvacuationReport, EvacuationSummary, Evacuee } from "@contract";

export type EvacuationMessage = { event: string; data: unknown };
export type Applied = { report: EvacuationReport; reload: false } | { report: EvacuationReport; reload: true };

const counterOf = (data: unknown): number | null => {
  const c = (data as { counter?: unknown } | null)?.counter;
  return typeof c === "number" && Number.isInteger(c) ? c : null;
};

const withComment = (comments: EvacuationComment[], c: EvacuationComment) => (comments.some((x) => x.id === c.id) ? comments : [...comments, c]);

const accounted = (evacuees: Evacuee[]) => evacuees.filter((e) => e.status === "accounted_for").length;

/** One event against the report as it is; never mutates. */
export function applyEvacuationEvent(report: EvacuationReport, message: EvacuationMessage): Applied {
  const counter = counterOf(message.data);
  const current = report.evacuation.event_counter;
  if (counter === null) return { report, reload: false };
  if (counter <= current) return { report, reload: false };
  if (counter !== current + 1) return { report, reload: true };
  const data = message.data as { evacuee?: Evacuee; comment?: EvacuationComment; evacuation?: EvacuationSummary };
  const advance = (patch: Partial<EvacuationReport>, evacuation: Partial<EvacuationSummary> = {}): Applied => ({
    report: { ...report, ...patch, evacuation: { ...report.evacuation, ...evacuation, event_counter: counter } },
    reload: false,
  });
  switch (message.event) {
    case "EvacueeUpdatedEvent": {
      const e = data.evacuee;
      if (!e || !report.evacuees.some((x) => x.id === e.id)) return { report, reload: true };
      const evacuees = report.evacuees.map((x) => (x.id === e.id ? e : x));
      const status = report.evacuation.status === "created" ? "in_progress" : report.evacuation.status;
      return advance({ evacuees }, { accounted_count: accounted(evacuees), status });
    }
    case "CommentAddedEvent": {
      const c = data.comment;
      if (!c) return { report, reload: true };
      const comments = withComment(report.comments, c);
      const status = report.evacuation.status === "created" ? "in_progress" : report.evacuation.status;
      return advance({ comments }, { status });
    }
    case "EvacuationCompleteEvent":
      return advance(data.comment ? { comments: withComment(report.comments, data.comment) } : {}, { ...(data.evacuation ?? {}), status: "completed", completed_at: data.evacuation?.completed_at ?? report.evacuation.completed_at ?? new Date().toISOString() });
    default:
      // EvacuationReadyEvent, and anything this page does not know: the whole report again.
      return { report, reload: true };
  }
}

/**
 * The page's side of the rules: holds events while a load is in flight, applies them after it,
 * and asks for a reload when the rules say so (at most one at a time).
 *
 * It also remembers the events of the last `replayMs`: a load it did not start (the page's data
 * revalidated after a form post, say) may carry a snapshot taken before an event it already
 * applied. Those events are applied again over every fresh report; the counter rule makes that
 * harmless (at or below the report's counter: ignored).
 */
export class ReportSync {
  private report: EvacuationReport | null = null;
  private loading = true;
  private held: EvacuationMessage[] = [];
  private recent: { at: number; message: EvacuationMessage }[] = [];

  constructor(
    private readonly onChange: (report: EvacuationReport) => void,
    private readonly reload: () => void,
    private readonly replayMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** A load has started (the page's own, or one this asked for). */
  loadStarted() {
    this.loading = true;
  }

  /** A load finished: take the report, then apply what arrived before and meanwhile, in counter order. */
  loaded(report: EvacuationReport) {
    const cutoff = this.now() - this.replayMs;
    this.recent = this.recent.filter((r) => r.at >= cutoff);
    const held = this.held.splice(0);
    const again = this.recent.map((r) => r.message).filter((m) => !held.includes(m));
    this.report = report;
    this.loading = false;
    this.onChange(report);
    const byCounter = (a: EvacuationMessage, b: EvacuationMessage) => (counterOf(a.data) ?? 0) - (counterOf(b.data) ?? 0);
    for (const m of [...again, ...held].sort(byCounter)) {
      if (this.loading) break;
      this.apply(m);
    }
  }

  receive(message: EvacuationMessage) {
    this.recent.push({ at: this.now(), message });
    if (this.loading || !this.report) {
      this.held.push(message);
      return;
    }
    this.apply(message);
  }

  private apply(message: EvacuationMessage) {
    const { report, reload } = applyEvacuationEvent(this.report!, message);
    if (reload) {
      this.loading = true;
      this.reload();
      return;
    }
    if (report !== this.report) {
      this.report = report;
      this.onChange(report);
    }
  }

  /** Waiting for a load (to know whether one it asked for never came). */
  get isLoading(): boolean {
    return this.loading;
  }

  get current(): EvacuationReport | null {
    return this.report;
  }
}

export const isComplete = (report: Pick<EvacuationReport, "evacuation">) => report.evacuation.status === "completed";
