/**
 * Notifications (ADR 028) through real HTTP, driven as a browser without JavaScript would (the
 * HTML form driver): create, edit, enable/disable and delete from the list and the edit page;
 * "Add another filter" re-renders the form with one more row; every validation message (our own
 * schema's and the upstream's); the retired Office 365 connector; private and local addresses
 * refused (10.0.0.5, 127.0.0.1, 169.254.169.254, [::1], localhost); a webhook's generated secret
 * shown once and never again; the upstream failing says "Failed to create/update the
 * notification. Please try again."; the client's Slack workspace connect loop (consent, return
 * page, denied, forged, disconnect); hostile input 4xx; a Standard User 403 everywhere.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { HttpBrowser, Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { createUser, failuresOf, hook, newBrowser, newClient, signIn, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const BASE = "/manage/features/notifications";
const notices = (page: Page) => page.notices().join(" ");

async function admin(client = "eu:1") {
  const email = uniqueEmail("notif-nojs");
  await createUser({ email, role: "Administrator", client, name: "Nora Notify" });
  const browser = newBrowser();
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  return { browser, api: await upstreamAccess(upstreamUrl(), email) };
}

type Api = Awaited<ReturnType<typeof upstreamAccess>>;
const list = async (api: Api, q = "") => (await api.get(`notifications${q}`)) as { notifications: { id: number; channel: string; recipients: string[]; enabled: boolean; url: string | null; subject: string | null; filters: unknown[]; has_secret: boolean }[]; total: number };

afterEach(() => hook("POST", "faults/reset").catch(() => undefined));

describe("notifications, without JavaScript", () => {
  test("create an email notification with a filter (after adding a filter row), edit it, disable and enable it, delete it", async () => {
    const { browser, api } = await admin();
    let page = await browser.open("/manage");
    page = await page.follow("Notifications");
    expect(page.path).toBe(BASE);
    expect(page.heading()).toBe("Notifications");
    // The seed's: an email to reception@acme.example, Slack for rejected sign-ins, a disabled SMS.
    expect(page.has("reception@acme.example")).toBe(true);
    expect(page.has("#security")).toBe(true);
    expect(page.has("Disabled")).toBe(true);

    page = await page.follow("New notification");
    expect(page.heading()).toBe("New notification");
    // Without JavaScript every channel's fields show, each saying which channels it is for.
    for (const label of ["Recipients", "URL", "Subject"]) expect(page.hasField(label)).toBe(true);
    expect(page.description("URL").join(" ")).toContain("(For: Teams, Webhook.)");
    expect(page.description("Recipients").join(" ")).toContain("(For: Email, SMS, Phone call.)");
    expect(page.hasField("Field of filter 3")).toBe(true);
    expect(page.hasField("Field of filter 4")).toBe(false);
    const subject = `Arrivals ${Math.random().toString(36).slice(2, 7)}`;
    page = await page
      .form("Create notification")
      .select("When", "Sign-in")
      .select("Site", "Head Office")
      .select("Send by", "Email")
      .fill("Recipients", "desk@acme.example, Night.Porter@acme.example")
      .fill("Subject", subject)
      .submit("Add another filter");
    expect(page.status).toBe(200);
    expect(page.hasField("Field of filter 4")).toBe(true);
    expect(page.form("Create notification").value("Subject")).toBe(subject);
    page = await page.form("Create notification").select("Field of filter 4", "Company").select("Operator of filter 4", "contains").fill("Value of filter 4", "Acme").submit("Create notification");
    expect(page.path).toBe(BASE);
    expect(notices(page)).toContain("The notification has been created.");
    const created = (await list(api, `?search=${encodeURIComponent(subject)}`)).notifications;
    expect(created).toHaveLength(1);
    const n = created[0]!;
    expect(n).toMatchObject({ channel: "email", recipients: ["desk@acme.example", "night.porter@acme.example"], subject, enabled: true, filters: [{ field: "company", operator: "contains", value: "Acme" }] });

    // Edit: SMS with a local number, stored E.164; the filter kept.
    page = await browser.open(`${BASE}/${n.id}`);
    expect(page.hasLink("Delivery log")).toBe(true);
    expect(page.link("Delivery log")).toBe(`${BASE}/${n.id}/deliveries`);
    page = await page.form("Save notification").select("Send by", "SMS").fill("Recipients", "07911 123456").submit("Save notification");
    expect(notices(page)).toContain("The notification has been saved.");
    expect(await api.get(`notifications/${n.id}`)).toMatchObject({ channel: "sms", recipients: ["+447911123456"], filters: [{ field: "company" }] });

    // Disable and enable on the edit page (the state in words), then from the list.
    page = await page.form({ button: "Disable" }).submit("Disable");
    expect(notices(page)).toContain("The notification is disabled");
    expect(page.has("Disabled")).toBe(true);
    expect((await api.get(`notifications/${n.id}`)).enabled).toBe(false);
    page = await browser.open(`${BASE}?search=${encodeURIComponent(subject)}`);
    page = await page.form({ button: /^Enable/ }).submit(/^Enable/);
    expect(notices(page)).toContain("The notification is enabled.");
    expect((await api.get(`notifications/${n.id}`)).enabled).toBe(true);

    // Delete from the edit page (the kit's confirmation).
    page = await browser.open(`${BASE}/${n.id}`);
    page = await page.form({ button: "Delete notification" }).submit("Delete notification");
    expect(page.path).toBe(BASE);
    expect(notices(page)).toContain("The notification has been deleted.");
    expect((await list(api, `?search=${encodeURIComponent(subject)}`)).total).toBe(0);
  });

  test("filters on the list: trigger, channel, site, search, as a GET form", async () => {
    const { browser } = await admin();
    let page = await browser.open(BASE);
    page = await page.form({ button: "Filter" }).select("Channel", "Slack").submit("Filter");
    expect(page.path).toMatch(/^\/manage\/features\/notifications\?.*channel=slack/);
    expect(page.has("#security")).toBe(true);
    expect(page.has("reception@acme.example")).toBe(false);
    page = await browser.open(`${BASE}?trigger=evacuation_completed&search=nothing-like-this`);
    expect(page.has("No notification matches these filters.")).toBe(true);
  });

  test("every validation message, our own and the upstream's; Office 365 connectors and private addresses refused; nothing stored", async () => {
    const { browser, api } = await admin();
    const before = (await list(api)).total;
    const web = browser.client;
    const form = (f: Record<string, string>) => ({ intent: "create", trigger: "sign_in", filter_match: "all", ...f });
    const newPath = `${BASE}/new`;
    const failures = await failuresOf(web, [
      [newPath, form({ channel: "email" }), 400, "At least one valid email is required."],
      [newPath, form({ channel: "email", recipients: "not-an-email" }), 400, "Each recipient must be a valid email address."],
      [newPath, form({ channel: "sms" }), 400, "At least one valid phone number is required."],
      [newPath, form({ channel: "phone", recipients: "12" }), 422, "Each recipient must be a valid phone number with its country code."],
      [newPath, form({ channel: "teams" }), 400, "Teams needs a webhook URL."],
      [newPath, form({ channel: "teams", url: "https://acme.webhook.office.com/webhookb2/abc@def/IncomingWebhook/x/y" }), 400, "Office 365 connectors were retired at the end of 2025"],
      [newPath, form({ channel: "webhook" }), 400, "A webhook needs a URL."],
      [newPath, form({ channel: "webhook", url: "https://hooks.example.com/in" }), 422, "A webhook needs a secret."],
      [newPath, form({ channel: "webhook", url: "https://hooks.example.com/in", secret: "whsec_short" }), 422, "The secret must be whsec_ followed by base64 of 24 to 64 bytes."],
      [newPath, form({ channel: "webhook", url: "ftp://hooks.example.com/in", generate_secret: "on" }), 400, "Enter a URL starting with http:// or https://."],
      [newPath, form({ channel: "webhook", url: "https://user:pw@hooks.example.com/in", generate_secret: "on" }), 422, "The URL must not contain a user name or password."],
      [newPath, form({ channel: "webhook", url: `https://hooks.example.com/${"a".repeat(2001)}`, generate_secret: "on" }), 400, "The URL must be at most 2,000 characters."],
      [newPath, form({ channel: "slack" }), 400, "Choose at least one Slack channel."],
      [newPath, form({ channel: "slack", slack_channels: "C0NOSUCHONE" }), 422, "Choose channels of the connected Slack workspace."],
      [newPath, form({ channel: "email", recipients: "a@b.example", subject: "x".repeat(201) }), 400, "The subject must be at most 200 characters on one line."],
      [newPath, form({ channel: "email", recipients: "a@b.example", "filters[0].field": "company", "filters[0].operator": "equals" }), 400, "This filter needs a value."],
      [newPath, form({ channel: "email", recipients: "a@b.example", "filters[0].value": "x", "filters[0].operator": "equals" }), 400, "Choose a field to filter on."],
      [newPath, form({ channel: "email", recipients: "a@b.example", "filters[0].field": "shoe_size", "filters[0].operator": "equals", "filters[0].value": "9" }), 422, "Choose a field to filter on."],
      [newPath, form({ channel: "email", recipients: "a@b.example", group_id: "999999" }), 422, "Choose a group of your organisation."],
      [newPath, form({ channel: "carrier-pigeon", recipients: "a@b.example" }), 400, "Choose how the notification is sent"],
      [newPath, form({ channel: "email", trigger: "lunch", recipients: "a@b.example" }), 400, "Choose when the notification is sent"],
      ...["http://10.0.0.5/hook", "http://127.0.0.1:8080/hook", "http://169.254.169.254/latest/meta-data", "http://[::1]/hook", "http://localhost/hook"].map(
        (url) => [newPath, form({ channel: "webhook", url, generate_secret: "on" }), 422, "This URL points to a private or local network address"] as [string, Record<string, string>, number, string],
      ),
      [newPath, form({ channel: "teams", url: "http://10.0.0.5/workflows/x" }), 422, "This URL points to a private or local network address"],
    ]);
    expect(failures).toEqual([]);
    expect((await list(api)).total).toBe(before);
  }, 60_000);

  test("a webhook's generated secret is shown once, never again; a Teams Workflows URL is accepted; the upstream failing says so on the form", async () => {
    const { browser, api } = await admin();
    let page = await browser.open(`${BASE}/new`);
    page = await page.form("Create notification").select("Send by", "Webhook").fill("URL", "https://hooks.example.com/gatehouse").check("Generate a secret").submit("Create notification");
    expect(page.heading()).toBe("New notification");
    expect(page.has("Copy the webhook secret now")).toBe(true);
    const secret = page.field("Secret").value;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const href = page.link("Continue to the notification");
    const id = Number(href.split("/").pop());
    const stored = await api.get(`notifications/${id}`);
    expect(stored).toMatchObject({ channel: "webhook", url: "https://hooks.example.com/gatehouse", has_secret: true });
    expect(JSON.stringify(stored)).not.toContain(secret);
    page = await page.go(href);
    expect(page.html).not.toContain(secret);
    expect(page.has("A secret is stored; it is never shown again.")).toBe(true);
    // Saving without typing a secret keeps it; a new one is shown once again.
    page = await page.form("Save notification").fill("Subject", "Hooked").submit("Save notification");
    expect(notices(page)).toContain("The notification has been saved.");
    expect(await api.get(`notifications/${id}`)).toMatchObject({ has_secret: true, subject: "Hooked" });
    page = await page.form({ button: "Generate a new secret" }).submit("Generate a new secret");
    const rotated = page.field("Secret").value;
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);

    page = await browser.open(`${BASE}/new`);
    page = await page
      .form("Create notification")
      .select("Send by", "Teams")
      .fill("URL", "https://prod-01.westeurope.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?api-version=1&sig=x")
      .submit("Create notification");
    expect(notices(page)).toContain("The notification has been created.");

    await hook("POST", "faults", { route: "createNotification", status: 503 });
    page = await browser.open(`${BASE}/new`);
    page = await page.form("Create notification").fill("Recipients", "kept@acme.example").submit("Create notification");
    expect(page.has("Failed to create the notification. Please try again.")).toBe(true);
    expect(page.form("Create notification").value("Recipients")).toBe("kept@acme.example");
    await hook("POST", "faults", { route: "updateNotification", status: 500 });
    page = await browser.open(`${BASE}/${id}`);
    page = await page.form("Save notification").fill("Subject", "Never saved").submit("Save notification");
    expect(page.has("Failed to update the notification. Please try again.")).toBe(true);
    expect((await api.get(`notifications/${id}`)).subject).toBe("Hooked");
  }, 60_000);

  test("the client's Slack workspace: connect through the demo consent page, a Slack notification names its channels; denied and forged connect nothing; disconnect", async () => {
    const { browser, api } = await admin("us:3");
    let page = await browser.open(BASE);
    const slack = () => page.region("Slack workspace");
    if (slack().hasButton("Disconnect Slack")) page = await page.form({ button: "Disconnect Slack" }).submit("Disconnect Slack");
    expect(slack().has("No Slack workspace is connected.")).toBe(true);
    // A Slack notification before connecting: "Connect Slack first".
    const r = await browser.client.post(`${BASE}/new`, { intent: "create", trigger: "sign_in", channel: "slack", slack_channels: "C0RECEPTION", filter_match: "all" }, { follow: false });
    expect([r.res.status, r.body.includes("Connect Slack first")]).toEqual([422, true]);

    page = await page.form({ button: "Connect Slack" }).submit("Connect Slack");
    page = await page.form({ button: "Deny" }).submit("Deny");
    expect(page.path).toBe(BASE);
    expect(notices(page)).toContain("Connecting Slack was cancelled: nothing has changed.");
    page = await browser.open(`${BASE}/slack-callback?code=abc&state=${"s".repeat(40)}`);
    expect(notices(page)).toContain("This sign-in to Slack has expired or was not started here. Connect again.");
    expect((await api.get("notification-slack")).status).toBe("none");

    page = await page.form({ button: "Connect Slack" }).submit("Connect Slack");
    expect(page.heading()).toBe("Slack (demo)");
    page = await page.form({ button: "Allow" }).submit("Allow");
    expect(page.path).toBe(BASE);
    expect(notices(page)).toContain("Connected to the Slack workspace Gatehouse Demo.");
    expect(slack().has("#reception")).toBe(true);
    expect(page.html).not.toContain("xoxb-");
    // A used state cannot be used again.
    page = await browser.open(`${BASE}/new`);
    page = await page.form("Create notification").select("When", "Sign-in rejected").select("Send by", "Slack").check("#security").submit("Create notification");
    expect(notices(page)).toContain("The notification has been created.");
    const slackOnes = (await list(api, "?channel=slack")).notifications;
    expect(slackOnes.map((n) => n.recipients)).toContainEqual(["C0SECURITY1"]);
    expect(page.has("#security")).toBe(true);

    page = await page.form({ button: "Disconnect Slack" }).submit("Disconnect Slack");
    expect(notices(page)).toContain("Slack has been disconnected");
    expect((await api.get("notification-slack")).status).toBe("none");
  }, 60_000);

  test("hostile input: a 4xx with a message, never a 500, nothing changed", async () => {
    const { browser, api } = await admin();
    const web = browser.client;
    const other = await admin("us:3");
    const foreign = await other.api.send("POST", "notifications", { site_id: null, group_id: null, trigger: "sign_in", channel: "email", recipients: ["x@y.example"], url: null, subject: null, filters: [], filter_match: "all" });
    expect(foreign.status).toBe(200);
    const own = (await list(api)).notifications[0]!;
    const long = "x".repeat(10_000);
    const base = { intent: "create", trigger: "sign_in", channel: "email", recipients: "a@b.example", filter_match: "all" };
    const failures = await failuresOf(web, [
      [`${BASE}/new`, { ...base, intent: "drop-tables" }, 400, "That request could not be used"],
      [`${BASE}/new`, { ...base, subject: "Hi\r\nBcc: evil@x.example" }, 400, ""],
      [`${BASE}/new`, { ...base, subject: "nul\u0000" }, 400, ""],
      [`${BASE}/new`, { ...base, recipients: long }, 400, "That is too long."],
      [`${BASE}/new`, { ...base, site_id: "-1" }, 400, ""],
      [`${BASE}/new`, { ...base, filter_match: "some" }, 400, ""],
      [BASE, { intent: "toggle", id: "abc", enabled: "true" }, 400, ""],
      [BASE, { intent: "delete", id: String(foreign.json.id) }, 404, ""],
      [BASE, { intent: "toggle", id: String(foreign.json.id), enabled: "false" }, 404, ""],
      [BASE, { intent: "everything" }, 400, "That request could not be used"],
      [`${BASE}/${foreign.json.id}`, { intent: "delete" }, 404, ""],
      [`${BASE}/abc`, { intent: "delete" }, 404, ""],
      [`${BASE}/999999999`, { ...base, intent: "update" }, 404, ""],
      [`${BASE}/${own.id}`, { intent: "rotate-secret" }, own.channel === "webhook" ? 200 : 422, own.channel === "webhook" ? "" : "Only a webhook has a secret."],
    ]);
    expect(failures).toEqual([]);
    expect((await web.request(`${BASE}/${foreign.json.id}`)).res.status).toBe(404);
    expect((await other.api.get(`notifications/${foreign.json.id}`)).enabled).toBe(true);
  }, 60_000);

  test("a Standard User gets 403 on every page and action", async () => {
    const web = newClient();
    await signIn(web, "standard@example.com");
    for (const path of [BASE, `${BASE}/new`, `${BASE}/1`, `${BASE}/slack-callback?code=a&state=b`]) {
      expect([path, (await web.request(path)).res.status]).toEqual([path, 403]);
    }
    for (const [path, form] of [
      [BASE, { intent: "toggle", id: "1", enabled: "false" }],
      [BASE, { intent: "delete", id: "1" }],
      [BASE, { intent: "connect-slack" }],
      [BASE, { intent: "disconnect-slack" }],
      [`${BASE}/new`, { intent: "create", trigger: "sign_in", channel: "email", recipients: "a@b.example" }],
      [`${BASE}/1`, { intent: "update", trigger: "sign_in", channel: "email", recipients: "a@b.example" }],
      [`${BASE}/1`, { intent: "rotate-secret" }],
      [`${BASE}/1`, { intent: "delete" }],
    ] as [string, Record<string, string>][]) {
      expect([path, form.intent, (await web.post(path, form, { follow: false })).res.status]).toEqual([path, form.intent, 403]);
    }
  });
});
