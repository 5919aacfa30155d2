/**
 * Notification delivery over HTTP against a running upstream with short retry settings: a kiosk
 * sign-in reaches a receiver run by the test with a Standard Webhooks signature that verifies; 5xx
 * retried (same webhook-id) then failed after the last attempt; a 4xx failed at once; private
 * addresses refused at send time; filters; two workers never send one delivery twice; SMS tokens
 * consumed (and none left → failed); email in the outbox; the automatic sign-out sweep; replay and
 * the test event; rights (a Standard User 403, another client's notification 404).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManagedGroupSummary, NotificationDelivery, NotificationDeliveryLog } from "../../contract/index.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { runDueDeliveries } from "./delivery.ts";
import { queueDeliveries, visitEvent } from "./events.ts";
import { REFUSED_PRIVATE } from "./channels/ssrf.ts";
import { pointDemoWebhook } from "./stand-ins.ts";
import { issueSlackToken } from "../slack/server.ts";
import { DEMO_TEAM } from "../slack/data.ts";

type Json = any;
let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
const { call, as } = httpTestClient(() => up.url, "delivery");

let receiver: Server;
let receiverUrl: string;
const hits: { path: string; headers: Record<string, string>; body: string }[] = [];
/** Statuses the receiver answers next (then 200). */
const plan: number[] = [];

let admin: As;
let kiosk: string;
let siteId: number;
let groupId: number;
let clientId: number;
const SECRET = `whsec_${Buffer.from("delivery-test-secret-0123456789ab").toString("base64")}`;
const tag = () => Math.random().toString(36).slice(2, 7);

async function notify(body: Record<string, unknown>): Promise<number> {
  const r = await call("POST", "/__test/notifications", { client: "eu:1", ...body });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.id;
}

const log = async (id: number, as_ = admin) => {
  const r = await as_.get(`notifications/${id}/deliveries`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return NotificationDeliveryLog.parse(r.json);
};

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const hitsOf = (path: string) => hits.filter((h) => h.path === path);

async function kioskSignIn(name: string, company?: string) {
  const r = await call("POST", "/eu/api/v2/kiosk/sign-in", { group_id: groupId, name, ...(company ? { company } : {}) }, { authorization: `Device ${kiosk}` });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json;
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      hits.push({ path: req.url ?? "/", headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") });
      const status = plan.shift() ?? 200;
      res.writeHead(status, { "content-type": "text/plain" });
      res.end(status === 200 ? "thanks" : `nope ${"x".repeat(900)}`);
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const port = (receiver.address() as AddressInfo).port;
  receiverUrl = `http://127.0.0.1:${port}`;
  up = await startTestUpstream({ notifyRetryBaseMs: 50, notifyMaxAttempts: 3, notifyPollMs: 50, notifyAllowPrivate: `127.0.0.1:${port}` });
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
  await call("POST", "/__test/clients/eu:1", { group_limit: null });
  const site = await call("POST", "/__test/sites", { client: "eu:1", name: `Hook House ${tag()}` });
  expect(site.status, JSON.stringify(site.json)).toBe(201);
  kiosk = site.json.device_token;
  siteId = site.json.id;
  const g = await admin.post("groups", { name: `Hookers ${tag()}`, type: "standard" });
  expect(g.status, JSON.stringify(g.json)).toBe(200);
  groupId = ManagedGroupSummary.parse(g.json).id;
  clientId = (await up.app.db.query<{ client_id: number }>("SELECT client_id FROM sites WHERE id = $1", [siteId]))[0].client_id;
}, 120_000);

afterAll(async () => {
  await up?.stop();
  await new Promise((r) => receiver?.close(r));
}, 60_000);

describe("webhooks", () => {
  it("a kiosk sign-in reaches the receiver, signed per Standard Webhooks; the log shows it delivered", async () => {
    const id = await notify({ site_id: siteId, trigger: "sign_in", channel: "webhook", url: `${receiverUrl}/signin`, secret: SECRET });
    await kioskSignIn("Ada Lovelace", "Analytical Ltd");
    const got = await until(async () => hitsOf("/signin"), (h) => h.length >= 1);
    expect(got).toHaveLength(1);
    const payload = new Webhook(SECRET).verify(got[0].body, got[0].headers) as Json;
    expect(payload).toMatchObject({ type: "visit.signed_in", data: { visit: { name: "Ada Lovelace", company: "Analytical Ltd" }, site: { id: siteId }, group: { id: groupId } } });
    expect(() => new Webhook(`whsec_${Buffer.from("another-secret-0123456789abcdef").toString("base64")}`).verify(got[0].body, got[0].headers)).toThrow();
    const l = await until(() => log(id), (x) => x.deliveries[0]?.status === "delivered");
    expect(l.deliveries).toHaveLength(1);
    expect(l.deliveries[0]).toMatchObject({ status: "delivered", attempt_count: 1, event_type: "visit.signed_in", message_id: got[0].headers["webhook-id"] });
    expect(l.deliveries[0].attempts).toEqual([expect.objectContaining({ attempt: 1, status_code: 200, response_excerpt: "thanks", error: null })]);
  });

  it("5xx is retried with the same webhook-id, then failed after the last attempt; replay sends it again (same id) and succeeds", async () => {
    const id = await notify({ trigger: "sign_in", channel: "webhook", url: `${receiverUrl}/flaky`, secret: SECRET });
    plan.push(500, 503, 500);
    const t = await admin.post(`notifications/${id}/test`);
    expect(t.status, JSON.stringify(t.json)).toBe(200);
    const created = NotificationDelivery.parse(t.json);
    expect(created).toMatchObject({ test: true, status: "pending" });
    const l = await until(() => log(id), (x) => x.deliveries[0]?.status === "failed");
    const d = l.deliveries[0];
    expect(d).toMatchObject({ status: "failed", attempt_count: 3 });
    expect(d.attempts.map((a) => a.status_code)).toEqual([500, 503, 500]);
    expect(d.attempts[0].response_excerpt).toHaveLength(500);
    expect(d.attempts[0].error).toMatch(/will retry/);
    expect(d.last_error).toMatch(/no more attempts after 3/);
    const sent = hitsOf("/flaky");
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((h) => h.headers["webhook-id"]))).toEqual(new Set([d.message_id]));
    expect(JSON.parse(sent[0].body)).toMatchObject({ type: "visit.signed_in", test: true });

    const r = await admin.post(`notifications/${id}/deliveries/${d.id}/replay`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(NotificationDelivery.parse(r.json)).toMatchObject({ replay_of: d.id, message_id: d.message_id, status: "pending" });
    const after = await until(() => log(id), (x) => x.deliveries[0]?.status === "delivered");
    expect(after.deliveries.map((x) => x.status)).toEqual(["delivered", "failed"]);
    expect(hitsOf("/flaky")).toHaveLength(4);
    expect(hitsOf("/flaky")[3].body).toBe(sent[0].body);
  });

  it("a 4xx (not 408/429) fails at once; 429 is retried", async () => {
    const id = await notify({ trigger: "sign_in", channel: "webhook", url: `${receiverUrl}/gone`, secret: SECRET });
    plan.push(410);
    await admin.post(`notifications/${id}/test`);
    const l = await until(() => log(id), (x) => x.deliveries[0]?.status === "failed");
    expect(l.deliveries[0]).toMatchObject({ status: "failed", attempt_count: 1 });
    expect(l.deliveries[0].last_error).toMatch(/HTTP 410\): not retried/);

    plan.push(429);
    await admin.post(`notifications/${id}/test`);
    const l2 = await until(() => log(id), (x) => x.deliveries[0]?.status === "delivered");
    expect(l2.deliveries[0].attempts.map((a) => a.status_code)).toEqual([429, 200]);
  });

  it("private addresses are refused at send time, never retried", async () => {
    for (const url of ["http://10.1.2.3/hook", "http://127.0.0.1:1/hook", "http://[::ffff:127.0.0.1]:9/hook", "http://169.254.169.254/latest/meta-data"]) {
      const id = await notify({ trigger: "sign_in", channel: "webhook", url, secret: SECRET });
      await admin.post(`notifications/${id}/test`);
      const l = await until(() => log(id), (x) => x.deliveries[0]?.status === "failed");
      expect(l.deliveries[0], url).toMatchObject({ status: "failed", attempt_count: 1, last_error: REFUSED_PRIVATE });
    }
  });

  it("advanced filters: all / any over the visit's fields; other sites and disabled notifications get nothing", async () => {
    const all = await notify({
      site_id: siteId,
      trigger: "sign_in",
      channel: "webhook",
      url: `${receiverUrl}/filtered`,
      secret: SECRET,
      filters: [
        { field: "company", operator: "contains", value: "acme" },
        { field: "visitor_name", operator: "starts_with", value: "B" },
      ],
    });
    const off = await notify({ site_id: siteId, trigger: "sign_in", channel: "webhook", url: `${receiverUrl}/off`, secret: SECRET, enabled: false });
    await kioskSignIn("Bob Builder", "ACME Corp");
    await kioskSignIn("Carol", "ACME Corp");
    await kioskSignIn("Barry", "Other");
    await call("POST", "/__test/notifications/deliveries/run");
    const l = await log(all);
    expect(l.deliveries.map((d) => (d.payload as Json).data.visit.name)).toEqual(["Bob Builder"]);
    expect((await log(off)).deliveries).toEqual([]);
  });
});

describe("the worker", () => {
  it("two workers (and the server's) never send one delivery twice", async () => {
    const id = await notify({ trigger: "sign_out", channel: "webhook", url: `${receiverUrl}/race`, secret: SECRET });
    const v = { id: 1, site_id: siteId, group_id: groupId, client_id: clientId, name: "Racer", company: null, host: null, status: "signed_out", source: "kiosk", signed_in_at: null, signed_out_at: null, group_name: "G", site_name: "S" };
    for (let i = 0; i < 12; i++) await queueDeliveries(up.app.db, visitEvent("sign_out", { ...v, name: `Racer ${i}` }));
    await Promise.all([runDueDeliveries(up.app), runDueDeliveries(up.app), runDueDeliveries(up.app)]);
    const l = await until(() => log(id), (x) => x.deliveries.every((d) => d.status === "delivered"));
    expect(l.total).toBe(12);
    const ids = hitsOf("/race").map((h) => h.headers["webhook-id"]);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect(l.deliveries.every((d) => d.attempt_count === 1)).toBe(true);
  });

  it("SMS uses one token per message; none left → failed, and the gateway's outbox holds what was sent", async () => {
    await up.app.db.query("UPDATE clients SET sms_tokens_available = 2 WHERE id = $1", [clientId]);
    const id = await notify({ trigger: "evacuation_started", channel: "sms", recipients: ["+447700900001", "+447700900002", "+447700900003"] });
    await admin.post(`notifications/${id}/test`);
    const l = await until(() => log(id), (x) => x.deliveries[0]?.status === "failed");
    expect(l.deliveries[0].last_error).toBe("No SMS tokens left (sent to 2 of 3)");
    const [{ sms_tokens_available }] = await up.app.db.query<{ sms_tokens_available: number }>("SELECT sms_tokens_available FROM clients WHERE id = $1", [clientId]);
    expect(sms_tokens_available).toBe(0);
    const outbox = await call("GET", "/sms-gateway/demo/outbox");
    const mine = outbox.json.messages.filter((m: Json) => m.to.startsWith("+4477009000"));
    expect(mine.map((m: Json) => m.to).sort()).toEqual(["+447700900001", "+447700900002"]);
    expect(mine[0]).toMatchObject({ kind: "sms", body: expect.stringContaining("An evacuation has started") });

    await up.app.db.query("UPDATE clients SET sms_tokens_available = 1 WHERE id = $1", [clientId]);
    const call1 = await notify({ trigger: "sign_in", channel: "phone", recipients: ["+447700900009"] });
    await admin.post(`notifications/${call1}/test`);
    expect((await until(() => log(call1), (x) => x.deliveries[0]?.status === "delivered")).deliveries[0].status).toBe("delivered");
    await admin.post(`notifications/${call1}/test`);
    expect((await until(() => log(call1), (x) => x.deliveries[0]?.status === "failed")).deliveries[0].last_error).toBe("No SMS tokens left");
    // The gateway wants its key.
    expect((await call("POST", "/sms-gateway/messages", { to: "+447700900001", body: "hi" }, { authorization: "Bearer wrong" })).status).toBe(401);
  });

  it("Slack posts to each channel of the client's workspace; a revoked token fails it and asks for a reconnect", async () => {
    await up.app.db.query(
      `INSERT INTO client_slacks (client_id, team_id, team_name, access_token) VALUES ($1, $2, $3, $4)
       ON CONFLICT (client_id) DO UPDATE SET access_token = EXCLUDED.access_token, status = 'connected'`,
      [clientId, DEMO_TEAM.id, DEMO_TEAM.name, issueSlackToken(up.app)],
    );
    const id = await notify({ trigger: "evacuation_completed", channel: "slack", recipients: ["C0SECURITY1", "C0FRONTDESK"] });
    await admin.post(`notifications/${id}/test`);
    await until(() => log(id), (x) => x.deliveries[0]?.status === "delivered");
    for (const channel of ["security", "front-desk"]) {
      const m = await call("GET", `/slack/demo/messages?channel=${channel}&limit=5`);
      expect(m.json.messages[0].text).toMatch(/^\[Test\] The evacuation at .+ is complete\.$/);
    }
    await call("POST", "/__test/slack/faults", { fault: "invalid_auth" });
    await admin.post(`notifications/${id}/test`);
    const l = await until(() => log(id), (x) => x.deliveries[0]?.status === "failed");
    expect(l.deliveries[0].attempt_count).toBe(1);
    const [ws] = await up.app.db.query<{ status: string }>("SELECT status FROM client_slacks WHERE client_id = $1", [clientId]);
    expect(ws.status).toBe("reconnect");
    await call("POST", "/__test/slack/faults", { fault: null });
  });

  it("Teams gets an Adaptive Card message at its Workflows URL", async () => {
    const id = await notify({ trigger: "sign_out", channel: "teams", url: `${receiverUrl}/teams`, subject: "Front desk" });
    await admin.post(`notifications/${id}/test`);
    await until(() => log(id), (x) => x.deliveries[0]?.status === "delivered");
    const [hit] = hitsOf("/teams");
    expect(hit.headers["webhook-signature"]).toBeUndefined();
    expect(JSON.parse(hit.body)).toMatchObject({
      type: "message",
      attachments: [{ contentType: "application/vnd.microsoft.card.adaptive", content: { type: "AdaptiveCard", body: [{ text: "Front desk" }, { text: expect.stringContaining("Test Visitor (Example Ltd) signed out") }] } }],
    });
  });

  it("email goes to the outbox with the notification's subject", async () => {
    const id = await notify({ trigger: "pre_registration", channel: "email", recipients: ["Desk@Example.com"], subject: "Someone is coming" });
    await admin.post(`notifications/${id}/test`);
    await until(() => log(id), (x) => x.deliveries[0]?.status === "delivered");
    const rows = await up.app.db.query<{ subject: string; body: string }>("SELECT subject, body FROM outbox WHERE to_email = 'desk@example.com' ORDER BY id DESC");
    expect(rows[0].subject).toBe("Someone is coming");
    expect(rows[0].body).toContain("Test Visitor (Example Ltd) is pre-registered");
  });

  it("the group's auto-clear signs visits out as automatic sign-outs", async () => {
    const id = await notify({ site_id: siteId, trigger: "automatic_sign_out", channel: "webhook", url: `${receiverUrl}/auto`, secret: SECRET });
    const manual = await notify({ site_id: siteId, trigger: "sign_out", channel: "webhook", url: `${receiverUrl}/manual-out`, secret: SECRET });
    await up.app.db.query(
      `UPDATE groups SET settings = jsonb_set(settings, '{sign_out}', '{"sign_out_message": null, "auto_clear": "after_duration", "auto_clear_time": null, "auto_clear_hours": 2}'::jsonb) WHERE id = $1`,
      [groupId],
    );
    const v = await kioskSignIn("Sleepy Sam");
    await up.app.db.query("UPDATE visits SET signed_in_at = now() - interval '3 hours' WHERE id = $1", [v.id]);
    const fresh = await kioskSignIn("Fresh Fran");
    const r = await call("POST", "/__test/notifications/auto-sign-out");
    expect(r.json.signed_out).toBeGreaterThanOrEqual(1);
    const [row] = await up.app.db.query<{ status: string }>("SELECT status FROM visits WHERE id = $1", [v.id]);
    expect(row.status).toBe("signed_out");
    const [still] = await up.app.db.query<{ status: string }>("SELECT status FROM visits WHERE id = $1", [fresh.id]);
    expect(still.status).toBe("signed_in");
    const l = await until(() => log(id), (x) => x.deliveries[0]?.status === "delivered");
    expect(l.deliveries.map((d) => (d.payload as Json).type)).toEqual(["visit.automatically_signed_out"]);
    expect((await log(manual)).deliveries).toEqual([]);
  });
});

describe("events", () => {
  it("portal sign-in and sign-out, a pre-registration, an evacuation started and completed each queue their delivery", async () => {
    const hook = (trigger: string) => notify({ site_id: siteId, trigger, channel: "webhook", url: `${receiverUrl}/events-${trigger}`, secret: SECRET });
    const ids = Object.fromEntries(await Promise.all(["sign_in", "sign_out", "pre_registration", "evacuation_started", "evacuation_completed"].map(async (t) => [t, await hook(t)] as const)));
    const v = await admin.post(`sites/${siteId}/visits`, { group_id: groupId, name: "Portal Pat", company: "Portal Co" });
    expect(v.status, JSON.stringify(v.json)).toBe(200);
    expect((await admin.post(`visits/${v.json.id}/sign-out`)).status).toBe(200);
    const p = await admin.post("pre-registrations", { site_id: siteId, group_id: groupId, name: "Pre Paula", email: "paula@example.com", arrive_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(p.status, JSON.stringify(p.json)).toBe(200);
    const e = await admin.post(`sites/${siteId}/evacuations`, {});
    expect(e.status, JSON.stringify(e.json)).toBe(200);
    expect((await admin.post(`evacuations/${e.json.id}/complete`, {})).status).toBe(200);
    await call("POST", "/__test/notifications/deliveries/run");
    const types = async (t: string) => (await log(ids[t])).deliveries.map((d) => [(d.payload as Json).type, d.status]);
    expect(await types("sign_in")).toEqual([["visit.signed_in", "delivered"]]);
    expect(await types("sign_out")).toEqual([["visit.signed_out", "delivered"]]);
    expect(await types("pre_registration")).toEqual([["pre_registration.created", "delivered"]]);
    expect(await types("evacuation_started")).toEqual([["evacuation.started", "delivered"]]);
    expect(await types("evacuation_completed")).toEqual([["evacuation.completed", "delivered"]]);
    const pre = JSON.parse(hitsOf("/events-pre_registration")[0].body);
    expect(pre.data).toMatchObject({ pre_registration: { name: "Pre Paula" }, site: { id: siteId }, group: { id: groupId } });
    expect(JSON.parse(hitsOf("/events-sign_out")[0].body).data.visit).toMatchObject({ name: "Portal Pat", status: "signed_out" });
  });
  it("a sign-in the safety check rejects (hard mode) queues a sign_in_rejected delivery with its reason", async () => {
    const id = await notify({ site_id: siteId, trigger: "sign_in_rejected", channel: "webhook", url: `${receiverUrl}/events-rejected`, secret: SECRET });
    const blocked = `Rex Rejected ${tag()}`;
    expect((await admin.post("block-list", { name: blocked, reason: "Delivery test" })).status).toBe(200);
    expect((await call("POST", `/__test/groups/${groupId}/safety-check`, { mode: "hard" })).status).toBe(200);
    try {
      const r = await call("POST", "/eu/api/v2/kiosk/sign-in", { group_id: groupId, name: blocked }, { authorization: `Device ${kiosk}` });
      expect(r.status, JSON.stringify(r.json)).toBe(422);
      await call("POST", "/__test/notifications/deliveries/run");
      const deliveries = (await until(() => log(id), (l) => l.deliveries.some((d) => d.status === "delivered"))).deliveries;
      expect(deliveries.map((d) => [(d.payload as Json).type, d.status])).toEqual([["visit.sign_in_rejected", "delivered"]]);
      const body = JSON.parse(hitsOf("/events-rejected")[0].body);
      expect(body.data).toMatchObject({ visit: { name: blocked, status: "rejected" }, rejection: { reason: "block_list_match" } });
    } finally {
      await call("POST", `/__test/groups/${groupId}/safety-check`, { mode: "off" });
    }
  });
});

describe("rights", () => {
  it("a Standard User gets 403; another client's notification or a bad id 404", async () => {
    const id = await notify({ trigger: "sign_in", channel: "webhook", url: `${receiverUrl}/x`, secret: SECRET });
    const standard = await as("standard@example.com");
    expect((await standard.get(`notifications/${id}/deliveries`)).status).toBe(403);
    expect((await standard.post(`notifications/${id}/test`)).status).toBe(403);
    expect((await standard.post(`notifications/${id}/deliveries/1/replay`)).status).toBe(403);
    const other = await notify({ client: "us:1", trigger: "sign_in", channel: "webhook", url: `${receiverUrl}/x`, secret: SECRET });
    expect((await admin.get(`notifications/${other}/deliveries`)).status).toBe(404);
    expect((await admin.get("notifications/abc/deliveries")).status).toBe(404);
    expect((await admin.post(`notifications/${id}/deliveries/999999/replay`)).status).toBe(404);
    expect(serverErrors).toEqual([]);
  });
});

describe("the demo", () => {
  it("a webhook to the upstream's own demo receiver follows this run's address and arrives; the receiver keeps what it got", async () => {
    up.app.opts.notifyAllowPrivate = `${up.app.opts.notifyAllowPrivate},localhost:${up.app.opts.port},127.0.0.1:${up.app.opts.port}`;
    const [hq] = await up.app.db.query<{ id: number }>("SELECT id FROM sites WHERE name = 'Head Office' AND client_id = $1", [clientId]);
    // As the demo data writes it, from an earlier run on another port.
    const id = await notify({ site_id: hq.id, trigger: "sign_in", channel: "webhook", url: "http://localhost:4999/webhook-receiver/demo", secret: SECRET });
    await pointDemoWebhook(up.app);
    const [moved] = await up.app.db.query<{ url: string }>("SELECT url FROM notifications WHERE id = $1", [id]);
    expect(moved.url).toBe(`${up.app.internalUrl}/webhook-receiver/demo`);
    const v = { id: 1, site_id: hq.id, group_id: groupId, client_id: clientId, name: "Demo Dora", company: null, host: null, status: "signed_in", source: "kiosk", signed_in_at: null, signed_out_at: null, group_name: "G", site_name: "Head Office" };
    await queueDeliveries(up.app.db, visitEvent("sign_in", v));
    await call("POST", "/__test/notifications/deliveries/run");
    const got = await call("GET", "/webhook-receiver/demo/received");
    expect(got.status).toBe(200);
    // The demo data's own webhook for Head Office (another secret) may deliver Dora too, in either
    // order: this notification's delivery is the one its secret verifies.
    const verifies = (r: Json) => {
      try {
        return new Webhook(SECRET).verify(r.body, r.headers) as Json;
      } catch {
        return null;
      }
    };
    const dora = got.json.received.filter((r: Json) => JSON.parse(r.body).data.visit.name === "Demo Dora");
    const signed = dora.filter((r: Json) => verifies(r) !== null);
    expect(signed, JSON.stringify({ received: got.json.received.length, dora: dora.map((r: Json) => [r.status, r.headers["webhook-id"]]) })).toHaveLength(1);
    const mine = signed[0];
    expect(mine).toMatchObject({ status: 200, headers: { "webhook-id": expect.stringMatching(/^msg_/), "webhook-signature": expect.stringMatching(/^v1,/) } });
    expect(verifies(mine)).toMatchObject({ type: "visit.signed_in" });
    expect((await log(id)).deliveries[0]).toMatchObject({ status: "delivered" });
    // A test hook makes it fail: the next request answers 500 (and the one after is fine again).
    await call("POST", "/__test/notifications/receiver-fault", { name: "demo", status: 500, count: 1 });
    expect((await fetch(`${up.url}/webhook-receiver/demo`, { method: "POST", body: "{}" })).status).toBe(500);
    expect((await fetch(`${up.url}/webhook-receiver/demo`, { method: "POST", body: "{}" })).status).toBe(200);
    expect((await fetch(`${up.url}/webhook-receiver/demo`, { method: "POST", body: "x".repeat(70_000) })).status).toBe(413);
  });
});
