/**
 * Notification delivery in a browser (without JavaScript: tests/integration/notification-deliveries.test.ts):
 * an administrator's webhook notification for sign-ins at Head Office; a KIOSK sign-in reaches the
 * test's own receiver (the stack allows its port) and the Standard Webhooks signature verifies; a
 * failing receiver is retried and shown failed in the log, then replayed from the page and
 * delivered; an email notification lands in the outbox. axe on the log page.
 *
 * The notifications are written through the upstream's test hook: the configuration form is the
 * notif helper's (the lead switches this journey to the form after merging). One test: the
 * receiver's port is this stack's, so the journey never runs twice at once.
 */
import { createServer, type Server } from "node:http";
import type { Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { upstreamAccess } from "../support/access";
import { kioskSignIn } from "../support/hooks";
import { checkpoint, createUser, expect, heading, hook, latestMail, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

const tag = () => Math.random().toString(36).slice(2, 7);
const SECRET = `whsec_${Buffer.from("e2e-webhook-secret-0123456789abc").toString("base64")}`;
const PORT = Number(process.env.E2E_NOTIFY_RECEIVER_PORT);

const hits: { path: string; headers: Record<string, string>; body: string }[] = [];
const plan: number[] = [];
let receiver: Server;

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      hits.push({ path: req.url ?? "/", headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") });
      const status = plan.shift() ?? 200;
      res.writeHead(status, { "content-type": "text/plain" });
      res.end(status === 200 ? "received" : "receiver down");
    });
  });
  await new Promise<void>((r) => receiver.listen(PORT, "127.0.0.1", r));
});
test.afterAll(async () => {
  await new Promise((r) => receiver?.close(r));
});

/** Reload until the locator shows (the worker sends in the background). */
async function reloadUntil(page: Page, selector: string, text: string) {
  await expect(async () => {
    await page.reload();
    await expect(page.locator(selector).first()).toContainText(text, { timeout: 300 });
  }).toPass({ timeout: 15_000, intervals: [200, 300, 500] });
}

test("webhooks for kiosk sign-ins at Head Office: signed, retried, shown failed, replayed from the log; email in the outbox", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("webhooks");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Wendy Webhook" });
  const api = await upstreamAccess(upstreamUrl(), email);
  const hq = ((await api.get("sites")) as { id: number; name: string }[]).find((s) => s.name === "Head Office")!;
  const visitor = `Kiosk Kim ${tag()}`;
  const notify = (body: Record<string, unknown>) => hook<{ id: number }>("POST", "notifications", { client: "eu:1", site_id: hq.id, trigger: "sign_in", ...body });
  const only = (name: string) => [{ field: "visitor_name", operator: "equals", value: name }];
  const ok = await notify({ channel: "webhook", url: `http://127.0.0.1:${PORT}/ok`, secret: SECRET, filters: only(visitor) });
  const mailTo = uniqueEmail("desk");
  await notify({ channel: "email", recipients: [mailTo], subject: "Someone is at Head Office", filters: only(visitor) });

  // The kiosk at Head Office: the receiver gets the sign-in, signed.
  const signed = await kioskSignIn(upstreamUrl(), "eu", "demo-kiosk-acme-hq", { group_id: 1, name: visitor, company: "Webhook Works" });
  expect(signed.ok).toBe(true);
  await expect.poll(() => hits.filter((h) => h.path === "/ok").length, { timeout: 15_000 }).toBe(1);
  const got = hits.find((h) => h.path === "/ok")!;
  expect(new Webhook(SECRET).verify(got.body, got.headers)).toMatchObject({ type: "visit.signed_in", data: { visit: { name: visitor, company: "Webhook Works" }, site: { name: "Head Office" } } });
  const mail = await latestMail(mailTo);
  expect(mail.subject).toBe("Someone is at Head Office");

  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);
  await page.goto(`/manage/features/notifications/${ok.id}/deliveries`);
  await expect(heading(page)).toHaveText("Deliveries");
  await reloadUntil(page, ".delivery .status", "Delivered");
  await expect(page.getByText(got.headers["webhook-id"]!)).toBeVisible();
  await page.getByText("Attempts (1)").click();
  await expect(page.getByRole("cell", { name: "received", exact: true })).toBeVisible();
  await checkpoint(page, testInfo, "delivery log, delivered");

  // A receiver that fails: retried (3 attempts in the test stack), then failed; replayed from the page.
  const flaky = await notify({ channel: "webhook", url: `http://127.0.0.1:${PORT}/flaky`, secret: SECRET, filters: only(`nobody ${tag()}`) });
  plan.push(500, 500, 500);
  await page.goto(`/manage/features/notifications/${flaky.id}/deliveries`);
  await expect(page.getByText("Nothing has been sent yet.")).toBeVisible();
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByText("Test event queued: it appears in the log below.")).toBeVisible();
  await reloadUntil(page, ".delivery .status", "Failed");
  await expect(page.locator(".delivery").first()).toContainText("no more attempts after 3");
  await page.getByText("Attempts (3)").click();
  await expect(page.getByRole("cell", { name: "500", exact: true })).toHaveCount(3);
  await checkpoint(page, testInfo, "delivery log, failed");
  expect(hits.filter((h) => h.path === "/flaky")).toHaveLength(3);

  await page.getByRole("button", { name: /^Replay/ }).click();
  await expect(page.getByText("Replay queued: it appears in the log below.")).toBeVisible();
  await reloadUntil(page, ".delivery .status", "Delivered");
  await expect(page.getByText(/Replay of #\d+/)).toBeVisible();
  const flakyHits = hits.filter((h) => h.path === "/flaky");
  expect(flakyHits).toHaveLength(4);
  expect(flakyHits[3]!.headers["webhook-id"]).toBe(flakyHits[0]!.headers["webhook-id"]);
  await checkpoint(page, testInfo, "delivery log, replayed");
});
