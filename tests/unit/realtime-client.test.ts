import { afterEach, describe, expect, test, vi } from "vitest";
import { backoffDelay, BACKOFF_MAX_MS, RealtimeConnection, type LiveStatus } from "~/realtime/client";

class FakeSource {
  static all: FakeSource[] = [];
  readyState = 0;
  closed = false;
  onerror: ((e: Event) => void) | null = null;
  private listeners = new Map<string, ((e: Event) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data) } as MessageEvent);
  }
  fail() {
    this.onerror?.(new Event("error"));
  }
  get channels() {
    return decodeURIComponent(new URL(this.url, "http://x").searchParams.get("channels") ?? "");
  }
}

function setup() {
  FakeSource.all = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const conn = new RealtimeConnection((url) => new FakeSource(url) as never, {
    set: (fn, ms) => (timers.push({ fn, ms }), timers.length) as unknown as ReturnType<typeof setTimeout>,
    clear: () => {},
  });
  return { conn, timers, latest: () => FakeSource.all[FakeSource.all.length - 1]! };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe("one EventSource per tab", () => {
  test("listeners share one stream carrying the union of their channels; it follows them as they come and go", async () => {
    const { conn, latest } = setup();
    const off1 = conn.subscribe(["private-Site.1"], {});
    const off2 = conn.subscribe(["private-Site.2", "private-Site.1"], {});
    await tick();
    expect(FakeSource.all).toHaveLength(1);
    expect(latest().channels).toBe("private-Site.1,private-Site.2");
    off2();
    await tick();
    expect(FakeSource.all).toHaveLength(2);
    expect(FakeSource.all[0]!.closed).toBe(true);
    expect(latest().channels).toBe("private-Site.1");
    off1();
    await tick();
    expect(latest().closed).toBe(true);
    expect(FakeSource.all).toHaveLength(2);
  });

  test("messages go only to the listeners of their channel", async () => {
    const { conn, latest } = setup();
    const a = vi.fn();
    const b = vi.fn();
    conn.subscribe(["private-Site.1"], { onMessage: a });
    conn.subscribe(["private-Site.2"], { onMessage: b });
    await tick();
    latest().emit("message", { channel: "private-Site.2", event: "SignInEvent", data: { x: 1 } });
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledWith({ channel: "private-Site.2", event: "SignInEvent", data: { x: 1 } });
  });
});

describe("status, backoff and resynchronisation", () => {
  test("failures back off 1 s, 2 s, 4 s … and a subscription resets it; a channel back after a gap asks for a reload", async () => {
    const { conn, timers, latest } = setup();
    const statuses: LiveStatus[] = [];
    const resync = vi.fn();
    conn.subscribe(["private-Site.1"], { onStatus: (s) => statuses.push(s), onResync: resync });
    await tick();
    latest().emit("subscribed", { channel: "private-Site.1" });
    expect(statuses.at(-1)).toBe("live");
    expect(resync).not.toHaveBeenCalled();

    for (let i = 0; i < 3; i++) {
      latest().fail();
      expect(latest().closed).toBe(true);
      timers.at(-1)!.fn();
    }
    const delays = timers.map((t) => t.ms);
    [1000, 2000, 4000].forEach((base, i) => {
      expect(delays[i]).toBeGreaterThanOrEqual(base * 0.8);
      expect(delays[i]).toBeLessThanOrEqual(base * 1.2);
    });
    expect(statuses).toContain("reconnecting");
    latest().emit("subscribed", { channel: "private-Site.1" });
    expect(resync).toHaveBeenCalledTimes(1);
    latest().fail();
    expect(timers.at(-1)!.ms).toBeLessThanOrEqual(1200);
  });

  test("the relay's own reconnection means lost events: reload once it is back", async () => {
    const { conn, latest } = setup();
    const resync = vi.fn();
    conn.subscribe(["private-Site.1"], { onResync: resync });
    await tick();
    latest().emit("subscribed", { channel: "private-Site.1" });
    latest().emit("status", { status: "degraded" });
    latest().emit("status", { status: "connected" });
    expect(resync).not.toHaveBeenCalled();
    latest().emit("status", { status: "reconnecting" });
    latest().emit("status", { status: "connected" });
    expect(resync).toHaveBeenCalledTimes(1);
  });

  test("a refused channel is said to its listeners only; a stream ended at logout is not reopened", async () => {
    const { conn, timers, latest } = setup();
    const one: LiveStatus[] = [];
    const two: LiveStatus[] = [];
    const resync = vi.fn();
    conn.subscribe(["private-Site.1"], { onStatus: (s) => one.push(s), onResync: resync });
    conn.subscribe(["private-Site.2"], { onStatus: (s) => two.push(s) });
    await tick();
    latest().emit("subscribed", { channel: "private-Site.1" });
    latest().emit("refused", { channel: "private-Site.2" });
    expect(one.at(-1)).toBe("live");
    expect(two.at(-1)).toBe("refused");
    const count = FakeSource.all.length;
    latest().emit("ended", { reason: "logout" });
    expect(one.at(-1)).toBe("ended");
    expect(resync).toHaveBeenCalled();
    await tick();
    expect(FakeSource.all).toHaveLength(count);
    expect(timers).toHaveLength(0);
  });

  test("a stream that fails before it subscribed anything still reloads once a later one subscribes", async () => {
    const { conn, timers, latest } = setup();
    const resync = vi.fn();
    conn.subscribe(["private-Site.1"], { onResync: resync });
    await tick();
    // The first stream never gets its channel: the page's data ages while nothing listens.
    latest().fail();
    timers.at(-1)!.fn();
    latest().fail();
    timers.at(-1)!.fn();
    expect(resync).not.toHaveBeenCalled();
    latest().emit("subscribed", { channel: "private-Site.1" });
    expect(resync).toHaveBeenCalledTimes(1);
  });

  test("the relay saying it is connected is not live until the stream carries a channel", async () => {
    const { conn, latest } = setup();
    const statuses: LiveStatus[] = [];
    conn.subscribe(["private-Site.1"], { onStatus: (s) => statuses.push(s) });
    await tick();
    // A relay whose own connection is new says so before the subscription is confirmed.
    latest().emit("status", { status: "reconnecting" });
    latest().emit("status", { status: "connected" });
    expect(statuses).not.toContain("live");
    latest().emit("subscribed", { channel: "private-Site.1" });
    expect(statuses.at(-1)).toBe("live");
  });

  test("backoff is capped at 30 s", () => {
    expect(backoffDelay(50, () => 1)).toBeLessThanOrEqual(BACKOFF_MAX_MS * 1.2);
    expect(backoffDelay(50, () => 0)).toBeGreaterThanOrEqual(BACKOFF_MAX_MS * 0.8);
  });
});

describe("the default timers", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /**
   * A browser's timer functions check their receiver: called as a method of another object they
   * throw "Illegal invocation" (Node's do not care, so these stand-ins do what a browser does).
   */
  function browserLikeTimers() {
    const realSet = globalThis.setTimeout;
    const realClear = globalThis.clearTimeout;
    const waits: { fn: () => void; ms: number; id: ReturnType<typeof setTimeout> }[] = [];
    const cleared: unknown[] = [];
    const illegal = (self: unknown) => self !== undefined && self !== globalThis;
    vi.stubGlobal("setTimeout", function (this: unknown, fn: () => void, ms: number) {
      if (illegal(this)) throw new TypeError("Illegal invocation");
      // Kept, not run: the test runs it (and the ticks below use the real timers).
      const id = realSet(() => {}, 0);
      waits.push({ fn, ms, id });
      return id;
    });
    vi.stubGlobal("clearTimeout", function (this: unknown, id: ReturnType<typeof setTimeout>) {
      if (illegal(this)) throw new TypeError("Illegal invocation");
      cleared.push(id);
      realClear(id);
    });
    const tick = () => new Promise((r) => realSet(r, 0));
    return { waits, cleared, tick };
  }

  test("a failed stream is retried with the global setTimeout called as a function, and the retry can be cancelled", async () => {
    const { waits, cleared, tick } = browserLikeTimers();
    FakeSource.all = [];
    const conn = new RealtimeConnection((url) => new FakeSource(url) as never);
    const statuses: LiveStatus[] = [];
    const off = conn.subscribe(["private-Site.1"], { onStatus: (s) => statuses.push(s) });
    await tick();
    const first = FakeSource.all.at(-1)!;
    first.emit("subscribed", { channel: "private-Site.1" });
    expect(() => first.fail()).not.toThrow();
    expect(statuses.at(-1)).toBe("reconnecting");
    expect(waits).toHaveLength(1);
    expect(waits[0]!.ms).toBeGreaterThanOrEqual(800);
    expect(waits[0]!.ms).toBeLessThanOrEqual(1200);
    waits[0]!.fn();
    expect(FakeSource.all).toHaveLength(2);

    // A second failure waits 2 s; leaving the page meanwhile cancels that retry.
    expect(() => FakeSource.all.at(-1)!.fail()).not.toThrow();
    expect(waits).toHaveLength(2);
    expect(waits[1]!.ms).toBeGreaterThanOrEqual(1600);
    expect(waits[1]!.ms).toBeLessThanOrEqual(2400);
    off();
    await tick();
    expect(cleared).toContain(waits[1]!.id);
  });
});
