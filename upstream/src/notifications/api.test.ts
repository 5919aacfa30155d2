/**
 * Notifications' configuration API over HTTP against a running upstream (ADR 028): the seed's
 * notifications (revision 25), create/read/update/enable/delete, recipients normalised (email
 * lower-cased, phones E.164), a webhook's secret answered once (create, rotate) and never again,
 * every validation message by field, private and local addresses refused, Office 365 connectors
 * refused, rights (a Standard User 403; another client's notification 404), and the client's Slack
 * workspace round trip through the demo Slack's consent (a used or foreign state refused).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTIFICATION_MESSAGES as M, Notification, NotificationSaved, SLACK_STATE_MESSAGE } from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
const { call, as, user } = httpTestClient(() => up.url, "notifications");
let admin: As;

const base = { site_id: null, group_id: null, trigger: "sign_in", channel: "email", recipients: [] as string[], url: null as string | null, subject: null, filters: [] as unknown[], filter_match: "all" };

function expect422(r: { status: number; json: any }, field: string, message: string) {
  expect(r.status, JSON.stringify(r.json)).toBe(422);
  expect(r.json.errors[field], JSON.stringify(r.json)).toEqual([message]);
}

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
});

afterAll(async () => {
  expect(serverErrors).toEqual([]);
  await up?.close();
});

describe("notifications API", () => {
  it("lists the seed's notifications, 15 a page, filtered", async () => {
    const r = await admin.get("notifications");
    expect(r.status).toBe(200);
    const channels = r.json.notifications.map((n: Notification) => `${n.trigger}/${n.channel}/${n.enabled}`);
    expect(channels).toEqual(expect.arrayContaining(["sign_in/email/true", "sign_in/webhook/true", "sign_in_rejected/slack/true", "evacuation_started/sms/false"]));
    for (const n of r.json.notifications) expect(Notification.parse(n)).not.toHaveProperty("secret");
    const slack = await admin.get("notifications?channel=slack");
    expect(slack.json.notifications.every((n: Notification) => n.channel === "slack")).toBe(true);
    expect(r.json.per_page).toBe(15);
  });

  it("creates, reads, updates, enables and deletes; recipients normalised", async () => {
    const c = await admin.post("notifications", { ...base, recipients: [" Desk@Acme.example ", "desk@acme.example"], subject: "Hi", filters: [{ field: "company", operator: "contains", value: " Acme " }] });
    expect(c.status, JSON.stringify(c.json)).toBe(200);
    const n = NotificationSaved.parse(c.json);
    expect(n).toMatchObject({ recipients: ["desk@acme.example"], secret: null, has_secret: false, filters: [{ field: "company", operator: "contains", value: "Acme" }] });
    const u = await admin.patch(`notifications/${n.id}`, { ...base, channel: "sms", recipients: ["07911 123456"] });
    expect(u.status, JSON.stringify(u.json)).toBe(200);
    expect(u.json.recipients).toEqual(["+447911123456"]);
    expect((await admin.patch(`notifications/${n.id}/enabled`, { enabled: false })).json.enabled).toBe(false);
    expect((await admin.del(`notifications/${n.id}`)).status).toBe(200);
    expect((await admin.get(`notifications/${n.id}`)).status).toBe(404);
  });

  it("a webhook's secret is answered once: generated at create and at rotate, never by a read", async () => {
    const c = await admin.post("notifications", { ...base, channel: "webhook", url: "https://hooks.example.com/in", generate_secret: true });
    expect(c.status, JSON.stringify(c.json)).toBe(200);
    expect(c.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const read = await admin.get(`notifications/${c.json.id}`);
    expect(read.json).toMatchObject({ has_secret: true });
    expect(JSON.stringify(read.json)).not.toContain(c.json.secret);
    const kept = await admin.patch(`notifications/${c.json.id}`, { ...base, channel: "webhook", url: "https://hooks.example.com/in2" });
    expect([kept.status, kept.json.secret, kept.json.has_secret]).toEqual([200, null, true]);
    const rotated = await admin.post(`notifications/${c.json.id}/secret`);
    expect(rotated.json.secret).toMatch(/^whsec_/);
    expect(rotated.json.secret).not.toBe(c.json.secret);
    expect422(await admin.post(`notifications/${(await admin.get("notifications?channel=email")).json.notifications[0].id}/secret`), "secret", M.noSecret);
  });

  it("refuses what groups spec §5 and ADR 028 refuse, by field", async () => {
    expect422(await admin.post("notifications", base), "recipients", M.email);
    expect422(await admin.post("notifications", { ...base, recipients: ["nope"] }), "recipients", M.invalidEmail);
    expect422(await admin.post("notifications", { ...base, channel: "sms" }), "recipients", M.phone);
    expect422(await admin.post("notifications", { ...base, channel: "phone", recipients: ["12"] }), "recipients", M.invalidPhone);
    expect422(await admin.post("notifications", { ...base, channel: "teams" }), "url", M.teamsUrl);
    expect422(await admin.post("notifications", { ...base, channel: "teams", url: "https://acme.webhook.office.com/webhookb2/a@b/IncomingWebhook/c/d" }), "url", M.teamsConnector);
    expect422(await admin.post("notifications", { ...base, channel: "teams", url: "https://outlook.office.com/webhook/a/IncomingWebhook/b" }), "url", M.teamsConnector);
    expect422(await admin.post("notifications", { ...base, channel: "webhook", generate_secret: true }), "url", M.webhookUrl);
    expect422(await admin.post("notifications", { ...base, channel: "webhook", url: "https://hooks.example.com/in" }), "secret", M.webhookSecret);
    expect422(await admin.post("notifications", { ...base, channel: "webhook", url: "https://hooks.example.com/in", secret: "whsec_short" }), "secret", M.secretFormat);
    expect422(await admin.post("notifications", { ...base, channel: "webhook", url: "gopher://x.example/", generate_secret: true }), "url", M.url);
    expect422(await admin.post("notifications", { ...base, channel: "webhook", url: "https://a:b@x.example/", generate_secret: true }), "url", M.urlCredentials);
    for (const url of ["http://10.0.0.5/", "http://127.0.0.1:9/", "http://169.254.169.254/latest", "http://[::1]/", "http://localhost/", "http://[::ffff:127.0.0.1]/", "http://0.0.0.0/"]) {
      expect422(await admin.post("notifications", { ...base, channel: "webhook", url, generate_secret: true }), "url", M.privateAddress);
    }
    expect422(await admin.post("notifications", { ...base, recipients: ["a@b.example"], subject: "a\r\nBcc: x@y.example" }), "subject", M.subject);
    expect422(await admin.post("notifications", { ...base, recipients: ["a@b.example"], filters: [{ field: "company", operator: "equals", value: "" }] }), "filters", M.filterValue);
    expect422(await admin.post("notifications", { ...base, recipients: ["a@b.example"], filters: [{ field: "shoe", operator: "equals", value: "9" }] }), "filters", M.filterField);
    expect422(await admin.post("notifications", { ...base, recipients: ["a@b.example"], group_id: 999999 }), "group_id", M.group);
    expect422(await admin.post("notifications", { ...base, channel: "slack", recipients: ["C0NOSUCHONE"] }), "recipients", M.slackChannel);
    expect((await admin.post("notifications", { ...base, trigger: "lunch", recipients: ["a@b.example"] })).status).toBe(422);
  });

  it("a Standard User is refused (403); another client's notification is not there (404)", async () => {
    const standard = await user("Standard User");
    expect((await standard.get("notifications")).status).toBe(403);
    expect((await standard.post("notifications", { ...base, recipients: ["a@b.example"] })).status).toBe(403);
    const hooli = await as("hooli@example.com", "us");
    const theirs = (await admin.get("notifications")).json.notifications[0].id;
    expect((await hooli.get(`notifications/${theirs}`)).status).toBe(404);
    expect((await hooli.del(`notifications/${theirs}`)).status).toBe(404);
    expect((await hooli.get("notifications/abc")).status).toBe(404);
  });

  it("connects the client's Slack workspace through the demo consent; a used state is refused", async () => {
    const hooli = await as("hooli@example.com", "us");
    const redirect_uri = `${up.app.opts.portalUrl}/manage/features/notifications/slack-callback`;
    expect((await hooli.post("notification-slack/connect", { redirect_uri: `${up.app.opts.portalUrl}/manage/group/callback/slack/1` })).status).toBe(422);
    const c = await hooli.post("notification-slack/connect", { redirect_uri });
    expect(c.status, JSON.stringify(c.json)).toBe(200);
    const authorize = new URL(c.json.authorize_url);
    const html = await (await fetch(authorize)).text();
    const form = new URLSearchParams([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m): [string, string] => [m[1], m[2].replace(/&amp;/g, "&")]));
    form.set("action", "allow");
    const res = await fetch(`${up.url}/slack/oauth/v2/authorize`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form });
    const back = new URL(res.headers.get("location")!);
    expect(back.origin + back.pathname).toBe(redirect_uri);
    const [code, state] = [back.searchParams.get("code")!, back.searchParams.get("state")!];
    // Another user of the client cannot finish it.
    const other = await user("Administrator", { client: "us:3" });
    expect422(await other.post("notification-slack/callback", { code, state, redirect_uri }), "state", SLACK_STATE_MESSAGE);
    const done = await hooli.post("notification-slack/callback", { code, state, redirect_uri });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json).toMatchObject({ status: "connected", workspace: "Gatehouse Demo" });
    expect(JSON.stringify(done.json)).not.toContain("xoxb-");
    expect422(await hooli.post("notification-slack/callback", { code, state, redirect_uri }), "state", SLACK_STATE_MESSAGE);
    const s = await hooli.post("notifications", { ...base, trigger: "sign_in_rejected", channel: "slack", recipients: ["C0SECURITY1"] });
    expect(s.status, JSON.stringify(s.json)).toBe(200);
    expect((await hooli.get(`notifications/${s.json.id}`)).json.recipient_names).toEqual({ C0SECURITY1: "security" });
    expect((await hooli.del("notification-slack")).json.status).toBe("none");
    expect422(await hooli.patch(`notifications/${s.json.id}`, { ...base, channel: "slack", recipients: ["C0SECURITY1"] }), "recipients", M.slackNotConnected);
  });
});
