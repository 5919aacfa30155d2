/**
 * The realtime server inside the real upstream (same port, PGlite in a temp dir): the test hooks over
 * HTTP, and the real pusher-js client connecting, subscribing to a private channel, receiving a
 * broadcast, and reconnecting + resubscribing after `/__test/realtime/drop`.
 */
import { createHmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import PusherJs from "pusher-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startUpstream, type Upstream } from "./server.ts";
import { TestClient } from "./realtime/test-client.ts";

// pusher-js is CommonJS typed with `export default`: under NodeNext the default import is typed as the
// module, while at runtime it is the Pusher class itself.
const Pusher = PusherJs as unknown as typeof PusherJs.default;

const KEY = "gatehouse-key";
const SECRET = "gatehouse-secret";
const sign = (socketId: string, channel: string) =>
  `${KEY}:${createHmac("sha256", SECRET).update(`${socketId}:${channel}`).digest("hex")}`;

let up: Upstream;
let dataDir: string;
let port: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "gh-realtime-"));
  up = await startUpstream({ port: 0, dataDir, testHooks: true, log: false });
  port = up.app.opts.port;
}, 120_000);

afterAll(async () => {
  await up?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

async function hook(method: "GET" | "POST", p: string, body?: unknown) {
  const res = await fetch(`${up.url}${p}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Resolves when `cond()` holds (polled). */
async function until(cond: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("realtime in the upstream", () => {
  it("serves the Pusher protocol on the upstream's port and exposes the test hooks", async () => {
    const c = new TestClient(`ws://127.0.0.1:${port}/app/${KEY}?protocol=7&client=js&version=8.6.0&flash=false`);
    const socketId = await c.established();
    c.send({ event: "pusher:subscribe", data: { channel: "private-Site.1", auth: sign(socketId, "private-Site.1") } });
    await c.event("pusher_internal:subscription_succeeded");

    expect((await hook("GET", "/__test/realtime")).body).toMatchObject({ connections: 1, channels: { "private-Site.1": 1 } });
    const sent = await hook("POST", "/__test/broadcast", { channel: "private-Site.1", event: "SignOutEvent", data: { id: 7 } });
    expect(sent).toEqual({ status: 200, body: { delivered: 1 } });
    expect(await c.event("SignOutEvent")).toEqual({ event: "SignOutEvent", channel: "private-Site.1", data: '{"id":7}' });
    expect((await hook("POST", "/__test/broadcast", { channel: "private-Site.2", event: "X", data: {} })).body).toEqual({ delivered: 0 });
    expect((await hook("POST", "/__test/broadcast", { channel: "bad channel", event: "X" })).status).toBe(422);

    expect((await hook("POST", "/__test/realtime/drop")).body).toEqual({ dropped: 1 });
    expect((await c.closed).code).toBe(4200);
    expect((await hook("GET", "/__test/realtime")).body).toMatchObject({ connections: 0, channels: {} });

    const wrongKey = new TestClient(`ws://127.0.0.1:${port}/app/other?protocol=7`);
    expect((await wrongKey.closed).code).toBe(4001);
  });

  it("works with pusher-js: private channel, broadcast, reconnect and resubscribe after a drop", async () => {
    const authorized: string[] = [];
    const pusher = new Pusher(KEY, {
      wsHost: "127.0.0.1",
      wsPort: port,
      forceTLS: false,
      enabledTransports: ["ws"],
      cluster: "mt1",
      disableStats: true,
      authorizer: (channel: { name: string }) => ({
        authorize: (socketId: string, cb: (error: Error | null, data: { auth: string } | null) => void) => {
          authorized.push(socketId);
          cb(null, { auth: sign(socketId, channel.name) });
        },
      }),
    });
    try {
      let succeeded = 0;
      const received: unknown[] = [];
      const channel = pusher.subscribe("private-Site.1");
      channel.bind("pusher:subscription_succeeded", () => succeeded++);
      channel.bind("SignInEvent", (data: unknown) => received.push(data));
      await until(() => succeeded === 1);
      const firstSocket = pusher.connection.socket_id;
      expect(firstSocket).toMatch(/^\d+\.\d+$/);
      expect(authorized).toEqual([firstSocket]);

      expect((await hook("POST", "/__test/broadcast", { channel: "private-Site.1", event: "SignInEvent", data: { visitor: "Ada" } })).body).toEqual({
        delivered: 1,
      });
      await until(() => received.length === 1);
      expect(received[0]).toEqual({ visitor: "Ada" }); // pusher-js parses the JSON string

      // A realtime restart: 4200 → pusher-js reconnects at once, re-authorizes with the new socket id and resubscribes.
      const states: string[] = [];
      pusher.connection.bind("state_change", (s: { current: string }) => states.push(s.current));
      expect((await hook("POST", "/__test/realtime/drop")).body).toEqual({ dropped: 1 });
      await until(() => succeeded === 2);
      expect(states).toEqual(["connecting", "connected"]);
      expect(pusher.connection.socket_id).not.toBe(firstSocket);
      expect(authorized).toEqual([firstSocket, pusher.connection.socket_id]);
      expect((await hook("GET", "/__test/realtime")).body).toMatchObject({ connections: 1, channels: { "private-Site.1": 1 } });

      await hook("POST", "/__test/broadcast", { channel: "private-Site.1", event: "SignInEvent", data: { visitor: "Grace" } });
      await until(() => received.length === 2);
      expect(received[1]).toEqual({ visitor: "Grace" });

      // A signature the server refuses reaches the channel's pusher:subscription_error.
      const failures: unknown[] = [];
      const denied = new Pusher(KEY, {
        wsHost: "127.0.0.1",
        wsPort: port,
        forceTLS: false,
        enabledTransports: ["ws"],
        cluster: "mt1",
        disableStats: true,
        authorizer: () => ({ authorize: (_socketId: string, cb: (e: Error | null, d: { auth: string }) => void) => cb(null, { auth: `${KEY}:00` }) }),
      });
      try {
        denied.subscribe("private-Site.2").bind("pusher:subscription_error", (e: unknown) => failures.push(e));
        await until(() => failures.length === 1);
        expect(failures[0]).toEqual({ type: "AuthError", error: "Invalid signature for private-Site.2", status: 401 });
        expect(denied.connection.state).toBe("connected");
      } finally {
        denied.disconnect();
      }
    } finally {
      pusher.disconnect();
    }
    await until(async () => (await hook("GET", "/__test/realtime")).body.connections === 0);
  });

  it("closes open websockets with 4200 when the upstream closes", async () => {
    const c = new TestClient(`ws://127.0.0.1:${port}/app/${KEY}?protocol=7`);
    await c.established();
    const closing = up.close();
    expect((await c.closed).code).toBe(4200);
    await closing;
  });
});
