/** The Pusher-protocol server on a bare HTTP server, driven with the `ws` client. */
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createRealtime, type Realtime, type RealtimeOptions } from "./server.ts";
import { channelSignature, verifyChannelAuth } from "./protocol.ts";
import { TestClient } from "./test-client.ts";

const KEY = "test-key";
const SECRET = "test-secret";
const sign = (socketId: string, channel: string) =>
  `${KEY}:${createHmac("sha256", SECRET).update(`${socketId}:${channel}`).digest("hex")}`;

let server: Server | undefined;
let rt: Realtime | undefined;
const clients: TestClient[] = [];

async function start(opts: Partial<RealtimeOptions> = {}) {
  rt = createRealtime({ key: KEY, secret: SECRET, ...opts });
  server = createServer((_req, res) => res.end("http"));
  rt.attach(server);
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    rt,
    base: `ws://127.0.0.1:${port}`,
    connect(path = `/app/${KEY}?protocol=7&client=js&version=8.6.0&flash=false`) {
      const c = new TestClient(`ws://127.0.0.1:${port}${path}`);
      clients.push(c);
      return c;
    },
  };
}

afterEach(async () => {
  for (const c of clients.splice(0)) c.ws.terminate();
  await rt?.close();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = rt = undefined;
});

describe("protocol", () => {
  it("signs like broadcasting/auth and verifies timing-safely", () => {
    expect(channelSignature(KEY, SECRET, "1.2", "private-Site.1")).toBe(sign("1.2", "private-Site.1"));
    expect(verifyChannelAuth(KEY, SECRET, "1.2", "private-Site.1", sign("1.2", "private-Site.1"))).toBe(true);
    expect(verifyChannelAuth(KEY, SECRET, "1.2", "private-Site.1", sign("1.3", "private-Site.1"))).toBe(false);
    expect(verifyChannelAuth(KEY, SECRET, "1.2", "private-Site.1", "short")).toBe(false);
    expect(verifyChannelAuth(KEY, SECRET, "1.2", "private-Site.1", undefined)).toBe(false);
  });
});

describe("realtime server", () => {
  it("sends connection_established with a unique socket id and a stringified data", async () => {
    const { connect, rt } = await start();
    const a = connect();
    const b = connect();
    const fa = await a.event("pusher:connection_established");
    expect(typeof fa.data).toBe("string");
    expect(JSON.parse(fa.data)).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/), activity_timeout: 30 });
    const idB = await b.established();
    expect(idB).toMatch(/^\d+\.\d+$/);
    expect(idB).not.toBe(JSON.parse(fa.data).socket_id);
    expect(rt.stats().connections).toBe(2);
  });

  it("refuses a wrong key with 4001 and a bad protocol with 4007 (after a pusher:error)", async () => {
    const { connect } = await start();
    const wrongKey = connect("/app/nope?protocol=7");
    expect(await wrongKey.event("pusher:error")).toMatchObject({ data: { code: 4001 } });
    expect((await wrongKey.closed).code).toBe(4001);
    const oldProtocol = connect(`/app/${KEY}?protocol=4`);
    expect((await oldProtocol.closed).code).toBe(4007);
    const noProtocol = connect(`/app/${KEY}`);
    expect((await noProtocol.closed).code).toBe(4008);
  });

  it("answers pusher:ping with pusher:pong", async () => {
    const { connect } = await start();
    const c = connect();
    await c.established();
    c.send({ event: "pusher:ping", data: {} });
    expect(await c.event("pusher:pong")).toEqual({ event: "pusher:pong", data: "{}" });
  });

  it("pings an idle client and closes it with 4201 when it does not answer", async () => {
    const { connect, rt } = await start({ idlePingMs: 100, pongTimeoutMs: 150 });
    const quiet = connect();
    const polite = connect();
    await quiet.established();
    await polite.established();
    polite.ws.on("message", (raw) => {
      if (JSON.parse(raw.toString()).event === "pusher:ping") polite.send({ event: "pusher:pong", data: {} });
    });
    await quiet.event("pusher:ping");
    const closed = await quiet.closed;
    expect(closed).toEqual({ code: 4201, reason: "Pong reply not received" });
    await new Promise((r) => setTimeout(r, 400));
    expect(polite.ws.readyState).toBe(polite.ws.OPEN);
    expect(polite.frames.filter((f) => f.event === "pusher:ping").length).toBeGreaterThanOrEqual(2);
    expect(rt.stats().connections).toBe(1);
  });

  it("subscribes to a private channel with a correct signature and refuses a wrong one", async () => {
    const { connect, rt } = await start();
    const c = connect();
    const socketId = await c.established();
    c.send({ event: "pusher:subscribe", data: { channel: "private-Site.1", auth: sign(socketId, "private-Site.1") } });
    expect(await c.next((f) => f.channel === "private-Site.1")).toEqual({
      event: "pusher_internal:subscription_succeeded",
      channel: "private-Site.1",
      data: "{}",
    });
    // A signature for another socket id, and none at all.
    c.send({ event: "pusher:subscribe", data: { channel: "private-Site.2", auth: sign("1.1", "private-Site.2") } });
    expect(await c.next((f) => f.channel === "private-Site.2")).toEqual({
      event: "pusher:subscription_error",
      channel: "private-Site.2",
      data: { type: "AuthError", error: "Invalid signature for private-Site.2", status: 401 },
    });
    c.send({ event: "pusher:subscribe", data: { channel: "private-Site.3" } });
    expect(await c.next((f) => f.channel === "private-Site.3")).toMatchObject({ event: "pusher:subscription_error", data: { status: 401 } });
    c.send({ event: "pusher:subscribe", data: { channel: "presence-Site.1", auth: "x" } });
    expect(await c.next((f) => f.channel === "presence-Site.1")).toMatchObject({ event: "pusher:subscription_error", data: { status: 403 } });
    expect(rt.stats().channels).toEqual({ "private-Site.1": 1 });
  });

  it("subscribes to a public channel without auth, and delivers broadcasts only to subscribers", async () => {
    const { connect, rt } = await start();
    const a = connect();
    const b = connect();
    const other = connect();
    await Promise.all([a.established(), b.established(), other.established()]);
    a.send({ event: "pusher:subscribe", data: { channel: "news" } });
    b.send(JSON.stringify({ event: "pusher:subscribe", data: JSON.stringify({ channel: "news" }) })); // data as a string works too
    other.send({ event: "pusher:subscribe", data: { channel: "sport" } });
    await a.event("pusher_internal:subscription_succeeded");
    await b.event("pusher_internal:subscription_succeeded");
    await other.event("pusher_internal:subscription_succeeded");
    expect(rt.stats().channels).toEqual({ news: 2, sport: 1 });

    const sentBefore = rt.stats().messagesSent;
    expect(rt.broadcast("news", "SignInEvent", { visitor: "Ada", n: 1 })).toBe(2);
    for (const c of [a, b]) {
      expect(await c.event("SignInEvent")).toEqual({ event: "SignInEvent", channel: "news", data: JSON.stringify({ visitor: "Ada", n: 1 }) });
    }
    expect(rt.broadcast("nobody-here", "X", {})).toBe(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(other.frames.some((f) => f.event === "SignInEvent")).toBe(false);
    expect(rt.stats()).toMatchObject({ messagesSent: sentBefore + 2, broadcasts: 2 });
  });

  it("test faults: drops one broadcast and sends a held one after the next, then passes the rest", async () => {
    const { connect, rt } = await start();
    const c = connect();
    await c.established();
    c.send({ event: "pusher:subscribe", data: { channel: "news" } });
    await c.event("pusher_internal:subscription_succeeded");
    rt.injectFaults("news", ["drop", "hold", "pass"]);
    expect(rt.broadcast("news", "E", { n: 1 })).toBe(0);
    expect(rt.broadcast("news", "E", { n: 2 })).toBe(0);
    expect(rt.broadcast("news", "E", { n: 3 })).toBe(2);
    expect(rt.broadcast("news", "E", { n: 4 })).toBe(1);
    c.send({ event: "pusher:ping", data: {} });
    await c.event("pusher:pong");
    const got = c.frames.filter((f) => f.event === "E").map((f) => JSON.parse(f.data as string).n);
    expect(got).toEqual([3, 2, 4]);
  });

  it("unsubscribes", async () => {
    const { connect, rt } = await start();
    const c = connect();
    await c.established();
    c.send({ event: "pusher:subscribe", data: { channel: "news" } });
    await c.event("pusher_internal:subscription_succeeded");
    c.send({ event: "pusher:unsubscribe", data: { channel: "news" } });
    c.send({ event: "pusher:ping", data: {} });
    await c.event("pusher:pong");
    expect(rt.stats().channels).toEqual({});
    expect(rt.broadcast("news", "X", {})).toBe(0);
  });

  it("refuses client events and oversized or malformed frames without closing", async () => {
    const { connect, rt } = await start();
    const c = connect();
    await c.established();
    c.send({ event: "pusher:subscribe", data: { channel: "news" } });
    await c.event("pusher_internal:subscription_succeeded");
    c.send({ event: "client-typing", channel: "news", data: {} });
    expect(await c.event("pusher:error")).toEqual({ event: "pusher:error", data: { code: 4301, message: "Client events are not enabled for this app" } });
    c.send({ event: "pusher:ping", data: { pad: "x".repeat(11 * 1024) } });
    expect((await c.event("pusher:error")).data).toMatchObject({ code: 4301, message: expect.stringContaining("Message too large") });
    c.send("not json");
    expect((await c.event("pusher:error")).data).toMatchObject({ code: 4300 });
    c.send({ event: "pusher:ping", data: {} });
    await c.event("pusher:pong");
    expect(rt.stats()).toMatchObject({ connections: 1, channels: { news: 1 } });
  });

  it("drops every connection with 4200, and closes with 4200 and refuses new ones", async () => {
    const { connect, rt } = await start();
    const a = connect();
    const b = connect();
    await Promise.all([a.established(), b.established()]);
    a.send({ event: "pusher:subscribe", data: { channel: "news" } });
    await a.event("pusher_internal:subscription_succeeded");
    expect(rt.dropAll()).toBe(2);
    expect(rt.stats()).toMatchObject({ connections: 0, channels: {} });
    expect(await a.closed).toEqual({ code: 4200, reason: "Server restarting" });
    expect((await b.closed).code).toBe(4200);

    const c = connect();
    await c.established();
    await rt.close();
    expect((await c.closed).code).toBe(4200);
    const late = connect();
    expect((await late.closed).code).toBe(1006);
  });

  it("answers upgrades on other paths with 404", async () => {
    const { connect } = await start();
    const c = connect("/socket");
    expect((await c.closed).code).toBe(1006);
  });
});
