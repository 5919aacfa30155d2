/**
 * The browser's end of the realtime relay: ONE EventSource per tab (to `GET /realtime`), shared by
 * every component that listens, carrying the union of the channels they want. When the wanted set
 * changes the stream is reopened with the new set (coalesced within a tick).
 *
 * Failures back off: the stream is closed and reopened after 1 s, 2 s, 4 s … at most 30 s (with
 * jitter), back to 1 s once a channel is subscribed again. A channel subscribed after a loss (live
 * before, or wanted on a stream that failed before it subscribed anything), or the relay's own
 * Pusher connection coming back, may have missed events: listeners are told to resynchronise
 * (reload their data). The status is "live" only once the stream carries a channel. A stream ended
 * by logout is not reopened.
 */

export type LiveStatus = "connecting" | "live" | "reconnecting" | "degraded" | "refused" | "ended";

export interface RealtimeMessage {
  channel: string;
  event: string;
  data: unknown;
}

export interface RealtimeHandler {
  onMessage?: (message: RealtimeMessage) => void;
  /** Events may have been missed: reload. Also called when the stream ended (e.g. logout). */
  onResync?: () => void;
  onStatus?: (status: LiveStatus) => void;
}

interface Subscription {
  channels: string[];
  handler: RealtimeHandler;
}

export const BACKOFF_MIN_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;

/** The delay before reconnect attempt `attempt` (0-based): doubling, capped, with ±20% jitter. */
export function backoffDelay(attempt: number, random = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.min(attempt, 10));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** How the connection waits before a retry (a test passes its own). */
export interface Timers {
  set(fn: () => void, ms: number): ReturnType<typeof setTimeout>;
  clear(id: ReturnType<typeof setTimeout>): void;
}

/**
 * The global timers, called as plain functions: a browser's `setTimeout` called as a method of
 * another object (`timers.set(…)` with `set: setTimeout`) throws "Illegal invocation", and the
 * stream was then never reopened after its first error (issue 24).
 */
const globalTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (id) => clearTimeout(id),
};

type EventSourceLike = Pick<EventSource, "addEventListener" | "close" | "readyState"> & { onerror: ((e: Event) => void) | null };

export class RealtimeConnection {
  private readonly subs = new Set<Subscription>();
  private source: EventSourceLike | null = null;
  private openChannels = "";
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private reconcileQueued = false;
  /**
   * Channels that may have missed events since the page's data was loaded: those that were live
   * once, and those wanted on a stream that failed (even before it ever subscribed them).
   * Subscribing one of them means a gap to fill.
   */
  private readonly gapped = new Set<string>();
  /** Channels the current stream has subscribed. */
  private readonly subscribedHere = new Set<string>();
  private readonly refused = new Set<string>();
  private status: LiveStatus = "connecting";
  private ended = false;

  constructor(
    private readonly open: (url: string) => EventSourceLike,
    private readonly timers: Timers = globalTimers,
  ) {}

  subscribe(channels: string[], handler: RealtimeHandler): () => void {
    const sub: Subscription = { channels: [...new Set(channels)], handler };
    this.subs.add(sub);
    handler.onStatus?.(this.statusFor(sub));
    this.queueReconcile();
    return () => {
      this.subs.delete(sub);
      this.queueReconcile();
    };
  }

  /** The channels currently carried (for tests and diagnostics). */
  get channels(): string {
    return this.openChannels;
  }

  private wanted(): string {
    const all = new Set<string>();
    for (const s of this.subs) for (const c of s.channels) all.add(c);
    return [...all].sort().join(",");
  }

  private queueReconcile() {
    if (this.reconcileQueued) return;
    this.reconcileQueued = true;
    queueMicrotask(() => {
      this.reconcileQueued = false;
      this.reconcile();
    });
  }

  private reconcile() {
    const wanted = this.wanted();
    if (wanted === this.openChannels && (this.source || this.retryTimer || this.ended)) return;
    this.close();
    this.openChannels = wanted;
    this.attempt = 0;
    this.ended = false;
    if (wanted) this.connect();
  }

  private close() {
    if (this.retryTimer) this.timers.clear(this.retryTimer);
    this.retryTimer = null;
    this.source?.close();
    this.source = null;
  }

  private connect() {
    this.retryTimer = null;
    this.subscribedHere.clear();
    const channels = this.openChannels;
    const source = this.open(`/realtime?channels=${encodeURIComponent(channels)}`);
    this.source = source;
    const json = (e: Event) => {
      try {
        return JSON.parse((e as MessageEvent<string>).data) as Record<string, unknown>;
      } catch {
        return {};
      }
    };
    const current = () => this.source === source;

    source.addEventListener("subscribed", (e) => {
      if (!current()) return;
      const channel = String(json(e).channel);
      this.attempt = 0;
      this.refused.delete(channel);
      const gap = this.gapped.has(channel);
      this.gapped.add(channel);
      this.subscribedHere.add(channel);
      this.setStatus("live");
      if (gap) this.resync((s) => s.channels.includes(channel));
    });
    source.addEventListener("refused", (e) => {
      if (!current()) return;
      this.refused.add(String(json(e).channel));
      this.broadcastStatus();
    });
    source.addEventListener("message", (e) => {
      if (!current()) return;
      const m = json(e) as unknown as RealtimeMessage;
      for (const s of [...this.subs]) if (s.channels.includes(m.channel)) s.handler.onMessage?.(m);
    });
    source.addEventListener("status", (e) => {
      if (!current()) return;
      const status = json(e).status;
      if (status === "reconnecting") this.setStatus("reconnecting");
      else if (status === "degraded") this.setStatus("degraded");
      else if (status === "connected") {
        // The relay's own connection came back: whatever was broadcast meanwhile is lost. Live
        // only once this stream carries a channel (a relay connecting for the first stream says
        // "connected" before any subscription).
        const lost = this.status === "reconnecting";
        if (this.subscribedHere.size > 0) this.setStatus("live");
        if (lost) this.resync(() => true);
      }
    });
    source.addEventListener("ended", () => {
      if (!current()) return;
      this.close();
      this.ended = true;
      this.setStatus("ended");
      this.resync(() => true);
    });
    source.onerror = () => {
      if (!current()) return;
      // Close it ourselves (the browser's own retry has no backoff and gives up on HTTP errors).
      this.close();
      // Its channels may miss events until a stream subscribes them, live before or not.
      for (const c of channels.split(",")) this.gapped.add(c);
      this.setStatus("reconnecting");
      const delay = backoffDelay(this.attempt++);
      this.retryTimer = this.timers.set(() => this.connect(), delay);
    };
  }

  private resync(which: (s: Subscription) => boolean) {
    for (const s of [...this.subs]) if (which(s)) s.handler.onResync?.();
  }

  private statusFor(sub: Subscription): LiveStatus {
    if (sub.channels.some((c) => this.refused.has(c))) return "refused";
    return this.status;
  }

  private setStatus(status: LiveStatus) {
    this.status = status;
    this.broadcastStatus();
  }

  private broadcastStatus() {
    for (const s of [...this.subs]) s.handler.onStatus?.(this.statusFor(s));
  }
}

let shared: RealtimeConnection | null = null;

/** The tab's one connection (browser only). */
export function realtimeConnection(): RealtimeConnection {
  shared ??= new RealtimeConnection((url) => new EventSource(url));
  return shared;
}
