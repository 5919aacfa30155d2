/**
 * A notification's delivery log through the portal without JavaScript (the HTML form driver), with
 * the test's own webhook receiver (a node http server on 127.0.0.1, allowed by the stack's
 * NOTIFY_ALLOW_PRIVATE; short retries: 3 attempts, 200 ms base): "Send test event" reaches the
 * receiver and `standardwebhooks` verifies it; a failing receiver is retried and the log shows
 * "Failed" with every attempt; Replay sends it again (the same webhook-id) and it is delivered. A
 * Standard User gets 403 on the page and both buttons; hostile posts get a 4xx, never a 500.
 *
 * The notifications are written through a test hook: the configuration form is the notif helper's
 * (the lead switches this to the form after merging).
 */
import { createServer, type Server } from "node:http";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import type { HttpBrowser, Page } from "../support/browser";
import { createUpstreamSite, kioskSignIn } from "../support/hooks";
import { createUser, failuresOf, hook, newBrowser, newClient, signIn, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const tag = () => Math.random().toString(36).slice(2, 7);
const SECRET = `whsec_${Buffer.from("integration-secret-0123456789abcd").toString("base64")}`;
const notices = (page: Page) => page.notices().join(" ");

let receiver: Server;
const hits: { path: string; headers: Record<string, string>; body: string }[] = [];
const plan: number[] = [];
const hitsOf = (path: string) => hits.filter((h) => h.path === path);

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      hits.push({ path: req.url ?? "/", headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") });
      const status = plan.shift() ?? 200;
      res.writeHead(status, { "content-type": "text/plain" });
      res.end(status === 200 ? "ok, got it" : "receiver down");
    });
  });
  await new Promise<void>((r) => receiver.listen(inject("notifyReceiverPort"), "127.0.0.1", r));
});

afterAll(async () => {
  await new Promise((r) => receiver?.close(r));
});

const receiverUrl = (path: string) => `http://127.0.0.1:${inject("notifyReceiverPort")}${path}`;

async function webhookNotification(path: string, extra: Record<string, unknown> = {}): Promise<number> {
  const r = await hook<{ id: number }>("POST", "notifications", { client: "eu:1", trigger: "sign_in", channel: "webhook", url: receiverUrl(path), secret: SECRET, ...extra });
  return r.id;
}

async function admin(): Promise<HttpBrowser> {
  const email = uniqueEmail("deliveries-nojs");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Dee Livery" });
  const browser = newBrowser();
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  return browser;
}

/** Reload the log until `text` shows (the worker runs in the background). */
async function pageUntil(browser: HttpBrowser, path: string, text: string, ms = 15_000): Promise<Page> {
  const end = Date.now() + ms;
  for (;;) {
    const page = await browser.open(path);
    if (page.has(text) || Date.now() > end) return page;
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe("the delivery log, without JavaScript", () => {
  test("a kiosk sign-in and a test event reach the receiver, signed; the log shows them delivered with their attempts", async () => {
    const browser = await admin();
    // Every group shown there, whatever other files narrowed (as the history tests do).
    const site = await createUpstreamSite(upstreamUrl(), { name: `Hook Hall ${tag()}`, all_groups: true });
    const path = `/hook-${tag()}`;
    const id = await webhookNotification(path, { site_id: site.id });
    const log = `/manage/features/notifications/${id}/deliveries`;
    let page = await browser.open(log);
    expect(page.heading()).toBe("Deliveries");
    expect(page.has("Nothing has been sent yet.")).toBe(true);
    expect(page.has("Sent for: Sign-in · Channel: Webhook · To: 127.0.0.1:")).toBe(true);

    // A group that signs a name in straight away: the demo's Visitors (other files add returning or approval groups).
    const group = site.groups.find((g) => g.name === "Visitors") ?? site.groups.find((g) => g.type !== "returning" && !g.approval_required)!;
    const signedIn = await kioskSignIn(upstreamUrl(), "eu", site.device_token, { group_id: group.id, name: "Kiosk Kate" });
    expect(signedIn.ok, JSON.stringify(signedIn)).toBe(true);
    page = await page.form({ button: "Send test event" }).submit("Send test event");
    expect(notices(page)).toContain("Test event queued: it appears in the log below.");

    page = await pageUntil(browser, log, "Delivery log (2)");
    page = await pageUntil(browser, log, "Delivered");
    const got = hitsOf(path);
    expect(got).toHaveLength(2);
    const payloads = got.map((h) => new Webhook(SECRET).verify(h.body, h.headers) as { type: string; test?: boolean; data: { visit: { name: string } } });
    expect(payloads.map((p) => [p.type, p.test ?? false, p.data.visit.name]).sort()).toEqual([
      ["visit.signed_in", false, "Kiosk Kate"],
      ["visit.signed_in", true, "Test Visitor"],
    ]);
    expect(page.has("Queued")).toBe(false);
    expect(page.has("Test")).toBe(true);
    expect(page.has("ok, got it")).toBe(true);
    for (const h of got) expect(page.has(h.headers["webhook-id"]!)).toBe(true);
  });

  test("a failing receiver is retried and shown failed; Replay sends it again with the same webhook-id and it is delivered", async () => {
    const browser = await admin();
    const path = `/flaky-${tag()}`;
    const id = await webhookNotification(path);
    const log = `/manage/features/notifications/${id}/deliveries`;
    plan.push(500, 502, 500);
    let page = await browser.open(log);
    page = await page.form({ button: "Send test event" }).submit("Send test event");
    page = await pageUntil(browser, log, "Failed");
    expect(page.has("no more attempts after 3")).toBe(true);
    expect(page.has("receiver down")).toBe(true);
    expect(hitsOf(path)).toHaveLength(3);
    expect(new Set(hitsOf(path).map((h) => h.headers["webhook-id"])).size).toBe(1);
    const stored = await hook<{ attempts: number }>("POST", "notifications/deliveries/run", { due: false });
    expect(stored.attempts).toBe(0);

    page = await page.form({ button: /^Replay/ }).submit();
    expect(notices(page)).toContain("Replay queued: it appears in the log below.");
    page = await pageUntil(browser, log, "Delivered");
    expect(page.has(/Replay of #\d+/)).toBe(true);
    expect(hitsOf(path)).toHaveLength(4);
    expect(hitsOf(path)[3]!.headers["webhook-id"]).toBe(hitsOf(path)[0]!.headers["webhook-id"]);
    expect(new Webhook(SECRET).verify(hitsOf(path)[3]!.body, hitsOf(path)[3]!.headers)).toMatchObject({ test: true });
  });

  test("a Standard User gets 403 on the log and both buttons", async () => {
    const id = await webhookNotification(`/std-${tag()}`);
    const web = newClient();
    await signIn(web, "standard@example.com");
    const base = `/manage/features/notifications/${id}/deliveries`;
    expect((await web.request(base)).res.status).toBe(403);
    expect((await web.post(base, { intent: "test" }, { follow: false })).res.status).toBe(403);
    expect((await web.post(base, { intent: "replay", id: "1" }, { follow: false })).res.status).toBe(403);
  });

  test("hostile posts: a 4xx with a message, never a 500; another client's notification is not found", async () => {
    const browser = await admin();
    const id = await webhookNotification(`/hostile-${tag()}`);
    const foreign = await hook<{ id: number }>("POST", "notifications", { client: "us:1", trigger: "sign_in", channel: "webhook", url: receiverUrl("/x"), secret: SECRET });
    const base = `/manage/features/notifications/${id}/deliveries`;
    const failures = await failuresOf(browser.client, [
      [base, { intent: "replay", id: "999999999" }, 404, "This delivery no longer exists."],
      [base, { intent: "replay", id: "abc" }, 400, ""],
      [base, { intent: "replay" }, 400, ""],
      [base, { intent: "bogus" }, 400, ""],
      [base, { intent: "x".repeat(5000) }, 400, ""],
      [`/manage/features/notifications/${foreign.id}/deliveries`, { intent: "test" }, 404, ""],
      [`/manage/features/notifications/abc/deliveries`, { intent: "test" }, 404, ""],
    ]);
    expect(failures).toEqual([]);
    expect((await browser.client.request(`/manage/features/notifications/${foreign.id}/deliveries`)).res.status).toBe(404);
  });
});
