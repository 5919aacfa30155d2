/**
 * A group's Slack connection on its notifications tab, through real HTTP, driven as a browser
 * without JavaScript would (the HTML form driver): connect through the demo Slack's consent page,
 * come back to /manage/group/callback/slack/{id}, choose the channel, send a test message (read back
 * from the demo Slack's messages), a visitor signed in at a kiosk posted there, Slack's faults in
 * words (a revoked token needs reconnecting; a channel gone, a busy or unreachable Slack), and
 * disconnecting. A denied consent and a forged state connect nothing. An administrator with only
 * the viewer right sees it read-only and is refused every action (403). Hostile posts: a 4xx with a
 * message, never a 500.
 *
 * Each test makes its own groups in Acme (eu:1); the viewer test borrows Hooli (us:3), whose
 * Administrator role keeps only the viewer rights for it and gets them back after.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { HttpBrowser, Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { createUpstreamRole, createUpstreamSite, kioskSignIn } from "../support/hooks";
import { createUser, failuresOf, hook, newBrowser, newClient, signIn, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const tag = () => Math.random().toString(36).slice(2, 7);
const notices = (page: Page) => page.notices().join(" ");
const slack = (page: Page) => page.region("Slack");

/** A fresh administrator of `client`, signed in through the forms, with the upstream as them. */
async function admin(client = "eu:1"): Promise<{ browser: HttpBrowser; api: Awaited<ReturnType<typeof upstreamAccess>> }> {
  const email = uniqueEmail("slack-nojs");
  await createUser({ email, role: "Administrator", client, name: "Sam Slack" });
  const browser = newBrowser();
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  return { browser, api: await upstreamAccess(upstreamUrl(), email) };
}

async function newGroup(api: Awaited<ReturnType<typeof upstreamAccess>>) {
  const r = await api.send("POST", "groups", { name: `Slack Group ${tag()}`, type: "standard" });
  expect(r.status).toBe(200);
  return r.json as { id: number; name: string };
}

/** The demo Slack's messages in a channel, newest first, once the upstream's background work is done. */
async function slackMessages(channel: string): Promise<string[]> {
  await hook("POST", "background/settle");
  const res = await fetch(`${upstreamUrl()}/slack/demo/messages?channel=${channel}&limit=50`);
  return ((await res.json()) as { messages: { text: string }[] }).messages.map((m) => m.text);
}

const fault = (f: string | null) => hook("POST", "slack/faults", { fault: f });
afterEach(() => fault(null));

/** Connect the group's notifications tab to the demo Slack: Connect Slack → the consent page → Allow. */
async function connect(browser: HttpBrowser, groupId: number): Promise<Page> {
  let page = await browser.open(`/manage/group/${groupId}/notifications`);
  page = await page.form({ button: "Connect Slack" }).submit("Connect Slack");
  expect(page.heading()).toBe("Slack (demo)");
  expect(page.has("Gatehouse is asking for access to the Gatehouse Demo Slack workspace.")).toBe(true);
  page = await page.form({ button: "Allow" }).submit("Allow");
  expect(page.path).toBe(`/manage/group/${groupId}/notifications`);
  return page;
}

describe("a group's Slack, without JavaScript", () => {
  test("connect through the demo consent page, choose a channel, a test message and a kiosk sign-in reach Slack; a revoked token says so; disconnect", async () => {
    const { browser, api } = await admin();
    const group = await newGroup(api);
    let page = await browser.open(`/manage/group/${group.id}/notifications`);
    expect(slack(page).has("Not connected to Slack.")).toBe(true);

    page = await connect(browser, group.id);
    expect(notices(page)).toContain("Connected to the Slack workspace Gatehouse Demo. Now choose the channel.");
    expect(slack(page).has("Connected: choose a channel")).toBe(true);
    expect(page.html).not.toContain("xoxb-");

    // Choose the channel, then a test message: it is in the demo Slack's #front-desk.
    page = await page.form("Save channel").select("Channel", "#front-desk").submit("Save channel");
    expect(notices(page)).toContain("Sign-ins will be posted to #front-desk.");
    expect(slack(page).has("Connected: sign-ins are posted")).toBe(true);
    page = await page.form({ button: "Send a test message" }).submit("Send a test message");
    expect(notices(page)).toContain("A test message has been posted to #front-desk.");
    expect((await slackMessages("front-desk"))[0]).toBe(`This is a test message from Gatehouse: sign-ins of ${group.name} will be posted here.`);
    expect(slack(page).has("None yet")).toBe(false);

    // A visitor signs in at a kiosk: "<name> has signed in at <site>", with the host.
    const site = await createUpstreamSite(upstreamUrl(), { name: `Slack Lodge ${tag()}` });
    const visitor = `Ada ${tag()}`;
    expect((await kioskSignIn(upstreamUrl(), "eu", site.device_token, { group_id: group.id, name: visitor, host: "Grace Hopper" })).ok).toBe(true);
    expect((await slackMessages("front-desk"))[0]).toBe(`${visitor} has signed in at ${site.name} to see Grace Hopper.`);

    // Slack revokes the token: the next sign-in is still signed in, and the tab says to connect again.
    await fault("invalid_auth");
    expect((await kioskSignIn(upstreamUrl(), "eu", site.device_token, { group_id: group.id, name: `Bob ${tag()}` })).ok).toBe(true);
    await hook("POST", "background/settle");
    page = await page.reload();
    expect(slack(page).has("Needs reconnecting: Slack no longer accepts this connection. Connect again.")).toBe(true);
    expect(page.hasButton("Send a test message")).toBe(false);
    const refused = await browser.client.post(`/manage/group/${group.id}/notifications`, { intent: "test" }, { follow: false });
    expect([refused.res.status, refused.body.includes("Slack no longer accepts this connection. Connect again.")]).toEqual([422, true]);

    // Connecting again (a new token) keeps the channel.
    page = await page.form({ button: "Connect Slack again" }).submit("Connect Slack again");
    page = await page.form({ button: "Allow" }).submit("Allow");
    expect(slack(page).has("#front-desk")).toBe(true);
    expect(slack(page).has("Connected: sign-ins are posted")).toBe(true);

    page = await page.form({ button: "Disconnect" }).submit("Disconnect");
    expect(notices(page)).toContain(`${group.name} is no longer connected to Slack.`);
    expect(slack(page).has("Not connected to Slack.")).toBe(true);
    expect((await api.get(`groups/${group.id}/slack`)).status).toBe("none");
  });

  test("a denied consent and a forged state connect nothing; a channel gone, a busy and an unreachable Slack are said in words", async () => {
    const { browser, api } = await admin();
    const group = await newGroup(api);
    let page = await browser.open(`/manage/group/${group.id}/notifications`);
    page = await page.form({ button: "Connect Slack" }).submit("Connect Slack");
    page = await page.form({ button: "Deny" }).submit("Deny");
    expect(page.path).toBe(`/manage/group/${group.id}/notifications`);
    expect(notices(page)).toContain("Connecting Slack was cancelled: nothing has changed.");
    page = await browser.open(`/manage/group/callback/slack/${group.id}?code=abc&state=${"s".repeat(40)}`);
    expect(notices(page)).toContain("This sign-in to Slack has expired or was not started here. Connect again.");
    expect((await api.get(`groups/${group.id}/slack`)).status).toBe("none");
    // A state started for another group does not finish this one.
    const other = await newGroup(api);
    const started = await browser.client.post(`/manage/group/${other.id}/notifications`, { intent: "connect" }, { follow: false });
    const state = new URL(started.res.headers.get("location")!).searchParams.get("state")!;
    page = await browser.open(`/manage/group/callback/slack/${group.id}?code=abc&state=${encodeURIComponent(state)}`);
    expect(notices(page)).toContain("This sign-in to Slack has expired or was not started here. Connect again.");
    expect([(await api.get(`groups/${group.id}/slack`)).status, (await api.get(`groups/${other.id}/slack`)).status]).toEqual(["none", "none"]);

    page = await connect(browser, group.id);
    page = await page.form("Save channel").select("Channel", "#security").submit("Save channel");
    for (const [f, words] of [
      ["channel_not_found", "That channel no longer exists in Slack."],
      ["ratelimited", "Slack is busy; try again in a minute."],
      ["unreachable", "Slack could not be reached."],
    ] as const) {
      await fault(f);
      page = await page.form({ button: "Send a test message" }).submit("Send a test message");
      expect([f, notices(page)]).toEqual([f, expect.stringContaining(words)]);
      expect([f, slack(page).has(`Failed: ${words}`)]).toEqual([f, true]);
    }
    await fault(null);
    page = await page.form({ button: "Send a test message" }).submit("Send a test message");
    expect(notices(page)).toContain("A test message has been posted to #security.");
    expect(slack(page).has("Connected: sign-ins are posted")).toBe(true);
  });

  test("an administrator with only the viewer right sees the Slack connection read-only and is refused every action (403)", async () => {
    const { browser, api } = await admin("us:3");
    const group = await newGroup(api);
    let page = await connect(browser, group.id);
    page = await page.form("Save channel").select("Channel", "#reception").submit("Save channel");
    const rights = api.config.abilities as Parameters<typeof createUpstreamRole>[1]["rights"];
    try {
      await createUpstreamRole(upstreamUrl(), { client: "us:3", name: "Administrator", rights: ["ManageVisitorGroup.viewer"] });
      const email = uniqueEmail("slack-ro");
      await createUser({ email, role: "Administrator", client: "us:3" });
      const web = newClient();
      await signIn(web, email);
      const r = await web.request(`/manage/group/${group.id}/notifications`);
      expect([r.res.status, r.body.includes("#reception"), r.body.includes("Gatehouse Demo"), r.body.includes('name="intent"')]).toEqual([200, true, true, false]);
      for (const form of [{ intent: "connect" }, { intent: "channel", channel_id: "C0SECURITY1" }, { intent: "test" }, { intent: "disconnect" }] as Record<string, string>[]) {
        const res = await web.post(`/manage/group/${group.id}/notifications`, form, { follow: false });
        expect([form.intent, res.res.status, res.body.includes("Forbidden")]).toEqual([form.intent, 403, true]);
      }
      expect((await web.request(`/manage/group/callback/slack/${group.id}?code=a&state=b`)).res.status).toBe(403);
      expect(await api.get(`groups/${group.id}/slack`)).toMatchObject({ status: "connected", channel: { name: "reception" } });
    } finally {
      await createUpstreamRole(upstreamUrl(), { client: "us:3", name: "Administrator", rights });
    }
  });

  test("malformed and hostile input: a 4xx with a message, never a 500, nothing changed", async () => {
    const { browser, api } = await admin();
    const web = browser.client;
    const group = await newGroup(api);
    await connect(browser, group.id);
    const other = await admin("us:3");
    const foreign = await newGroup(other.api);
    const base = `/manage/group/${group.id}/notifications`;
    const long = "x".repeat(10_000);
    const failures = await failuresOf(web, [
      [base, { intent: "channel" }, 400, "Choose a channel"],
      [base, { intent: "channel", channel_id: "" }, 400, "Choose a channel"],
      [base, { intent: "channel", channel_id: long }, 400, "That is too long."],
      [base, { intent: "channel", channel_id: "C0RECEPTION\u0000" }, 400, ""],
      [base, { intent: "channel", channel_id: "C0RECEPTION\nX" }, 400, ""],
      [base, { intent: "channel", channel_id: "C0NOSUCHONE" }, 422, "Choose a channel of the connected Slack workspace"],
      [base, { intent: "test" }, 422, "Choose a Slack channel first"],
      [base, { intent: "slack-everything" }, 400, "That request could not be used"],
      [base, { intent: long }, 400, "That request could not be used"],
      [`/manage/group/${foreign.id}/notifications`, { intent: "connect" }, 404, ""],
      [`/manage/group/${foreign.id}/notifications`, { intent: "disconnect" }, 404, ""],
      [`/manage/group/999999999/notifications`, { intent: "test" }, 404, ""],
      [`/manage/group/abc/notifications`, { intent: "test" }, 404, ""],
    ]);
    expect(failures).toEqual([]);
    for (const path of [
      `/manage/group/callback/slack/${foreign.id}?code=a&state=b`,
      `/manage/group/callback/slack/abc?code=a&state=b`,
      `/manage/group/callback/slack/${group.id}%00?code=a&state=b`,
      `/manage/group/callback/slack/${group.id}?code=${long}&state=b`,
      `/manage/group/callback/slack/${group.id}?code=a%00&state=b`,
    ]) {
      const r = await web.request(path);
      expect([path.slice(0, 60), r.res.status >= 300 && r.res.status < 500]).toEqual([path.slice(0, 60), true]);
    }
    expect(await api.get(`groups/${group.id}/slack`)).toMatchObject({ status: "connected", channel: null, error: null });
    expect((await other.api.get(`groups/${foreign.id}/slack`)).status).toBe("none");
  }, 60_000);
});
