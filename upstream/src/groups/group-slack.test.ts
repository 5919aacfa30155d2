/**
 * A group's Slack connection over HTTP against a running upstream and its demo Slack: the whole
 * round trip (connect → Slack's consent page → Allow → the redirect to the group's return page with
 * code and state → completeGroupSlack), the workspace's channels, choosing one, a test message, and
 * the message a sign-in posts (kiosk and portal, with and without a host, after an approval; never
 * a pending one), read back from the demo Slack's messages. Then every fault (invalid_auth: the
 * connection needs reconnecting and nothing more is tried until it is; channel_not_found,
 * ratelimited, unreachable: recorded, shown, cleared by the next message that arrives), a sign-in
 * never slowed or failed by Slack; Deny; replayed / foreign / expired / other group's / other return
 * page's states and a used code; the redirect_uri allow-list; rights (viewer reads, 403 on changes;
 * a Standard User 403), another client's group and bad ids (404); the token never answered; the
 * demo Slack's own answers; disconnecting; and the seed's revision 11.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  GroupSlack,
  ManagedGroupList,
  ManagedGroupSummary,
  SLACK_CHANNEL_MESSAGE,
  SLACK_CHOOSE_CHANNEL_FIRST,
  SLACK_ERRORS,
  SLACK_NOT_CONNECTED,
  SLACK_REDIRECT_MESSAGE,
  SLACK_STATE_MESSAGE,
} from "../../contract/index.ts";
import { SEED_REVISION, seedDemoData } from "../seed.ts";
import { SLACK_CLIENT_ID } from "../slack/client.ts";
import { DEMO_CHANNELS, DEMO_TEAM, SEEDED_SLACK } from "../slack/data.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
type Json = any;

const { call, as, user } = httpTestClient(() => up.url, "group-slack");

let admin: As;
let kiosk: string;
let siteName: string;
let nwGroup: number;
let nw: As;

const [RECEPTION, FRONT_DESK, SECURITY] = DEMO_CHANNELS;
const returnPage = (groupId: number) => `${up.app.opts.portalUrl}/manage/group/callback/slack/${groupId}`;
const tag = () => Math.random().toString(36).slice(2, 7);

function ok(r: { status: number; json: Json }) {
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return GroupSlack.parse(r.json);
}

function expect422(r: { status: number; json: Json }, message: string, field: string) {
  expect(r.status, JSON.stringify(r.json)).toBe(422);
  expect(r.json.errors[field]).toEqual([message]);
}

async function newGroup(name: string, type = "standard") {
  const r = await admin.post("groups", { name: `${name} ${tag()}`, type });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return ManagedGroupSummary.parse(r.json);
}

const fault = async (f: string | null) => expect((await call("POST", "/__test/slack/faults", { fault: f })).status).toBe(200);
const settle = () => call("POST", "/__test/background/settle");

/** The demo Slack's messages in a channel, newest first (after the background work settled). */
async function messages(channel: string): Promise<string[]> {
  await settle();
  const r = await call("GET", `/slack/demo/messages?channel=${channel}&limit=200`);
  expect(r.status).toBe(200);
  return r.json.messages.map((m: { text: string }) => m.text);
}

/** connectGroupSlack → the consent page → Allow (or Deny): the redirect's code, state or error. */
async function consent(as_: As, groupId: number, action: "allow" | "deny" = "allow") {
  const c = await as_.post(`groups/${groupId}/slack/connect`, { redirect_uri: returnPage(groupId) });
  expect(c.status, JSON.stringify(c.json)).toBe(200);
  const authorize = new URL(c.json.authorize_url);
  expect(authorize.origin + authorize.pathname).toBe(`${up.url}/slack/oauth/v2/authorize`);
  expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ client_id: SLACK_CLIENT_ID, redirect_uri: returnPage(groupId), state: expect.any(String) });
  expect(authorize.searchParams.get("scope")!.split(",")).toEqual(expect.arrayContaining(["channels:read", "chat:write"]));

  const page = await fetch(authorize, { redirect: "manual" });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain(`access to the <strong>${DEMO_TEAM.name}</strong> Slack workspace`);
  expect(html).toContain('<form method="post" action="/slack/oauth/v2/authorize">');
  const form = new URLSearchParams([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m): [string, string] => [m[1], m[2].replace(/&amp;/g, "&")]));
  form.set("action", action);
  const res = await fetch(`${up.url}/slack/oauth/v2/authorize`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location")!);
  expect(location.origin + location.pathname).toBe(returnPage(groupId));
  expect(location.searchParams.get("state")).toBe(authorize.searchParams.get("state"));
  return { code: location.searchParams.get("code"), state: location.searchParams.get("state")!, error: location.searchParams.get("error") };
}

const complete = (as_: As, groupId: number, code: string, state: string, redirect_uri = returnPage(groupId)) => as_.post(`groups/${groupId}/slack/callback`, { code, state, redirect_uri });
const choose = (groupId: number, channel_id: string, as_: As = admin) => as_.patch(`groups/${groupId}/slack`, { channel_id });

/** A group connected to the demo Slack, posting to `channel` (none: not chosen yet). */
async function connected(name = "Slacked", channel: string | null = RECEPTION.id) {
  const g = await newGroup(name);
  const { code, state } = await consent(admin, g.id);
  ok(await complete(admin, g.id, code!, state));
  if (channel) expect(ok(await choose(g.id, channel)).channel?.id).toBe(channel);
  return g;
}

/** A visitor of the group signed in at the test site's kiosk (the answer, and how long it took). */
async function kioskSignIn(groupId: number, name: string, host?: string) {
  const t0 = performance.now();
  const r = await call("POST", "/eu/api/v2/kiosk/sign-in", { group_id: groupId, name, ...(host ? { host } : {}) }, { authorization: `Device ${kiosk}` });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return { visit: r.json, ms: performance.now() - t0 };
}

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
  await call("POST", "/__test/clients/eu:1", { group_limit: null });
  siteName = `Slack Lodge ${tag()}`;
  const site = await call("POST", "/__test/sites", { client: "eu:1", name: siteName });
  expect(site.status, JSON.stringify(site.json)).toBe(201);
  kiosk = site.json.device_token;
  const super_ = await call("POST", "/__test/users", { email: "gslack-nw@example.com", role: "Administrator", client: "us:1", is_super: true });
  expect(super_.status).toBe(201);
  nw = await as("gslack-nw@example.com", "us");
  nwGroup = ManagedGroupList.parse((await nw.get("manage/groups")).json).groups[0]!.id;
}, 120_000);

afterAll(async () => {
  await call("POST", "/__test/faults/reset");
  await up?.stop();
}, 60_000);

describe("connecting and posting", () => {
  it("consent, the return page, the workspace's channels, a channel chosen, a test message, then every sign-in posted there", async () => {
    const g = await newGroup("Front desk");
    expect(ok(await admin.get(`groups/${g.id}/slack`))).toEqual({ status: "none", workspace: null, channel: null, channels: [], error: null, last_message_at: null, last_error_at: null });

    const { code, state, error } = await consent(admin, g.id);
    expect([typeof code, error]).toEqual(["string", null]);
    const done = ok(await complete(admin, g.id, code!, state));
    expect(done).toMatchObject({ status: "connected", workspace: DEMO_TEAM.name, channel: null, error: null, last_message_at: null });
    expect(done.channels).toEqual([...DEMO_CHANNELS].map((c) => ({ id: c.id, name: c.name })).sort((a, b) => a.name.localeCompare(b.name)));
    // The token stays on the upstream.
    const stored = await up.app.db.query<{ access_token: string }>("SELECT access_token FROM group_slacks WHERE group_id = $1", [g.id]);
    expect(stored[0].access_token).toMatch(/^xoxb-/);
    expect(JSON.stringify((await admin.get(`groups/${g.id}/slack`)).json)).not.toContain("xoxb");

    // Nothing is posted before a channel is chosen; a test asks for one first.
    await kioskSignIn(g.id, "Early Bird");
    expect422(await admin.post(`groups/${g.id}/slack/test`), SLACK_CHOOSE_CHANNEL_FIRST, "channel_id");
    expect422(await choose(g.id, "C0NOSUCHONE"), SLACK_CHANNEL_MESSAGE, "channel_id");
    const chosen = ok(await choose(g.id, FRONT_DESK.id));
    expect(chosen.channel).toEqual({ id: FRONT_DESK.id, name: FRONT_DESK.name });

    const tested = ok(await admin.post(`groups/${g.id}/slack/test`));
    expect([tested.status, tested.error]).toEqual(["connected", null]);
    expect(tested.last_message_at).not.toBeNull();
    expect((await messages(FRONT_DESK.name))[0]).toBe(`This is a test message from Gatehouse: sign-ins of ${g.name} will be posted here.`);

    // The kiosk: "<name> has signed in at <site>", with the host when given; Slack's markup escaped.
    await kioskSignIn(g.id, "Ada Lovelace", "Grace Hopper");
    await kioskSignIn(g.id, "<!channel> & Co");
    const front = await messages(FRONT_DESK.name);
    expect(front.slice(0, 2)).toEqual([`&lt;!channel&gt; &amp; Co has signed in at ${siteName}.`, `Ada Lovelace has signed in at ${siteName} to see Grace Hopper.`]);
    expect(front.some((t) => t.startsWith("Early Bird"))).toBe(false);

    // The portal's sign-in too.
    const siteId = (await admin.get("sites")).json.find((s: { name: string }) => s.name === siteName).id;
    expect((await admin.post(`sites/${siteId}/visits`, { group_id: g.id, name: "Portal Pat", host: "Sam" })).status).toBe(200);
    expect((await messages(FRONT_DESK.name))[0]).toBe(`Portal Pat has signed in at ${siteName} to see Sam.`);
    expect(ok(await admin.get(`groups/${g.id}/slack`)).status).toBe("connected");
  });

  it("a group needing approval posts when the visit is approved, not while it waits", async () => {
    const g = await connected("Approved", SECURITY.id);
    await up.app.db.query("UPDATE groups SET approval_required = true WHERE id = $1", [g.id]);
    const { visit } = await kioskSignIn(g.id, "Pending Pete");
    expect(visit.status).toBe("pending");
    expect((await messages(SECURITY.name)).some((t) => t.startsWith("Pending Pete"))).toBe(false);
    expect((await admin.post(`visits/${visit.id}/approve`)).status).toBe(200);
    expect((await messages(SECURITY.name))[0]).toBe(`Pending Pete has signed in at ${siteName}.`);
  });
});

describe("faults", () => {
  it("invalid_auth: the connection needs reconnecting, nothing more is tried; connecting again keeps the channel", async () => {
    const g = await connected("Revoked", RECEPTION.id);
    await fault("invalid_auth");
    try {
      const { visit, ms } = await kioskSignIn(g.id, "Revoked Rita");
      expect(visit.status).toBe("signed_in");
      expect(ms).toBeLessThan(5_000);
      await settle();
      const s = ok(await admin.get(`groups/${g.id}/slack`));
      expect(s).toMatchObject({ status: "reconnect", error: "invalid_auth", channel: { id: RECEPTION.id }, channels: [] });
      expect(s.last_error_at).not.toBeNull();
      expect((await messages(RECEPTION.name)).some((t) => t.startsWith("Revoked Rita"))).toBe(false);
      // Changes that would need Slack say so instead of calling it.
      expect422(await admin.post(`groups/${g.id}/slack/test`), SLACK_ERRORS.invalid_auth, "channel_id");
      expect422(await choose(g.id, FRONT_DESK.id), SLACK_ERRORS.invalid_auth, "channel_id");

      // Connecting again (a token issued now) works, and keeps the chosen channel.
      const { code, state } = await consent(admin, g.id);
      const back = ok(await complete(admin, g.id, code!, state));
      expect(back).toMatchObject({ status: "connected", error: null, channel: { id: RECEPTION.id } });
      await kioskSignIn(g.id, "Returning Rita");
      expect((await messages(RECEPTION.name))[0]).toBe(`Returning Rita has signed in at ${siteName}.`);
    } finally {
      await fault(null);
    }
  });

  it("channel_not_found, ratelimited and unreachable are recorded in words-codes, the sign-in unharmed; the next message clears them", async () => {
    const g = await connected("Faulty", SECURITY.id);
    for (const [f, code] of [
      ["channel_not_found", "channel_not_found"],
      ["ratelimited", "ratelimited"],
      ["unreachable", "unreachable"],
    ] as const) {
      await fault(f);
      try {
        const { visit, ms } = await kioskSignIn(g.id, `Faulty ${f}`);
        expect([f, visit.status]).toEqual([f, "signed_in"]);
        expect(ms).toBeLessThan(5_000);
        await settle();
        expect([f, ok(await admin.get(`groups/${g.id}/slack`))]).toMatchObject([f, { status: "error", error: code }]);
        // The test message says the same, and is answered 200 with the connection.
        expect([f, ok(await admin.post(`groups/${g.id}/slack/test`))]).toMatchObject([f, { status: "error", error: code }]);
      } finally {
        await fault(null);
      }
    }
    // Listing channels fails as well while Slack is busy: recorded, nothing chosen.
    await fault("ratelimited");
    try {
      expect(ok(await choose(g.id, RECEPTION.id))).toMatchObject({ status: "error", error: "ratelimited", channel: { id: SECURITY.id }, channels: [] });
    } finally {
      await fault(null);
    }
    const next = ok(await admin.post(`groups/${g.id}/slack/test`));
    expect([next.status, next.error]).toEqual(["connected", null]);
    expect((await messages(SECURITY.name)).some((t) => t.startsWith("Faulty "))).toBe(false);
  });

  it("the consent's code exchange failing: 422 with the reason, nothing connected", async () => {
    const g = await newGroup("Busy");
    const { code, state } = await consent(admin, g.id);
    await fault("unreachable");
    try {
      expect422(await complete(admin, g.id, code!, state), SLACK_ERRORS.unreachable, "code");
    } finally {
      await fault(null);
    }
    expect(ok(await admin.get(`groups/${g.id}/slack`)).status).toBe("none");
  });
});

describe("the state and the return page", () => {
  it("Deny connects nothing; a replayed, made-up, foreign, expired, other group's or other page's state is 422; a used code is refused", async () => {
    const g = await newGroup("States");
    const denied = await consent(admin, g.id, "deny");
    expect([denied.code, denied.error]).toEqual([null, "access_denied"]);
    expect(ok(await admin.get(`groups/${g.id}/slack`)).status).toBe("none");

    const first = await consent(admin, g.id);
    ok(await complete(admin, g.id, first.code!, first.state));
    expect422(await complete(admin, g.id, first.code!, first.state), SLACK_STATE_MESSAGE, "state");
    expect422(await complete(admin, g.id, "x", "not-a-state"), SLACK_STATE_MESSAGE, "state");

    const other = await user("Administrator");
    const theirs = await consent(other, g.id);
    expect422(await complete(admin, g.id, theirs.code!, theirs.state), SLACK_STATE_MESSAGE, "state");

    // Made for another group (of the same client) or another return page.
    const g2 = await newGroup("States too");
    const forG2 = await consent(admin, g2.id);
    expect422(await complete(admin, g.id, forG2.code!, forG2.state, returnPage(g2.id)), SLACK_STATE_MESSAGE, "state");
    expect422(await complete(admin, g.id, forG2.code!, forG2.state), SLACK_STATE_MESSAGE, "state");
    // A directory's state is not Slack's.
    const mine = await consent(admin, g.id);
    await up.app.db.query("UPDATE sync_states SET provider = 'azure-ad' WHERE used_at IS NULL AND group_id = $1", [g.id]);
    expect422(await complete(admin, g.id, mine.code!, mine.state), SLACK_STATE_MESSAGE, "state");

    // Older than 10 minutes.
    const old = await consent(admin, g.id);
    await up.app.db.query("UPDATE sync_states SET created_at = now() - interval '11 minutes' WHERE used_at IS NULL AND group_id = $1", [g.id]);
    expect422(await complete(admin, g.id, old.code!, old.state), SLACK_STATE_MESSAGE, "state");

    // A fresh state with a code already used: Slack refuses it (invalid_code).
    const fresh = await consent(admin, g.id);
    expect422(await complete(admin, g.id, first.code!, fresh.state), SLACK_ERRORS.refused, "code");
  });

  it("a return page other than the group's own is refused by the upstream (422) and by the demo Slack (400)", async () => {
    const g = await newGroup("Redirects");
    for (const redirect_uri of ["https://evil.example.com/manage/group/callback/slack/1", returnPage(g.id + 1), `${returnPage(g.id)}/x`, `${returnPage(g.id)}?next=/x`]) {
      expect422(await admin.post(`groups/${g.id}/slack/connect`, { redirect_uri }), SLACK_REDIRECT_MESSAGE, "redirect_uri");
    }
    const q = (redirect_uri: string, more: Record<string, string> = {}) =>
      new URLSearchParams({ client_id: SLACK_CLIENT_ID, scope: "channels:read,chat:write", redirect_uri, state: "s", ...more });
    for (const [params, text] of [
      [q("https://evil.example.com/manage/group/callback/slack/1"), "bad_redirect_uri"],
      [q(`${returnPage(g.id)}/x`), "bad_redirect_uri"],
      [q(returnPage(g.id), { client_id: "someone-else" }), "invalid_client_id"],
      [q(returnPage(g.id), { scope: "chat:write" }), "invalid_scope"],
      [q(returnPage(g.id), { state: "" }), "The state parameter is required."],
    ] as const) {
      const r = await fetch(`${up.url}/slack/oauth/v2/authorize?${params}`);
      expect([text, r.status]).toEqual([text, 400]);
      expect(await r.text()).toContain(text);
    }
  });
});

describe("rights and other clients", () => {
  it("a viewer reads and is refused every change (403); a Standard User is refused all; another client's group and bad ids are 404", async () => {
    const g = await connected("Rights", RECEPTION.id);
    expect((await call("POST", "/__test/roles", { client: "eu:1", name: "Group viewer (slack)", rights: ["ManageVisitorGroup.viewer"] })).status).toBe(201);
    const viewer = await user("Group viewer (slack)");
    expect(ok(await viewer.get(`groups/${g.id}/slack`))).toMatchObject({ status: "connected", channel: { id: RECEPTION.id } });
    const changes = (as_: As) => [
      as_.post(`groups/${g.id}/slack/connect`, { redirect_uri: returnPage(g.id) }),
      as_.post(`groups/${g.id}/slack/callback`, { code: "c", state: "s", redirect_uri: returnPage(g.id) }),
      choose(g.id, FRONT_DESK.id, as_),
      as_.post(`groups/${g.id}/slack/test`),
      as_.del(`groups/${g.id}/slack`),
    ];
    for (const r of await Promise.all(changes(viewer))) expect(r.status, JSON.stringify(r.json)).toBe(403);
    const standard = await user("Standard User");
    expect((await standard.get(`groups/${g.id}/slack`)).status).toBe(403);
    for (const r of await Promise.all(changes(standard))) expect(r.status).toBe(403);
    expect(ok(await admin.get(`groups/${g.id}/slack`)).channel?.id).toBe(RECEPTION.id);

    // Another client's group, or no group: 404, whatever the call.
    for (const id of [String(nwGroup), "0", "abc", "99999999"]) {
      expect([id, (await admin.get(`groups/${id}/slack`)).status]).toEqual([id, 404]);
      expect([id, (await admin.post(`groups/${id}/slack/connect`, { redirect_uri: returnPage(1) })).status]).toEqual([id, 404]);
      expect([id, (await admin.post(`groups/${id}/slack/test`)).status]).toEqual([id, 404]);
      expect([id, (await admin.del(`groups/${id}/slack`)).status]).toEqual([id, 404]);
    }
    expect(ok(await nw.get(`groups/${nwGroup}/slack`)).status).toBe("none");
    // Malformed bodies: 422 from the contract.
    expect((await admin.post(`groups/${g.id}/slack/connect`, { redirect_uri: "not a url" })).status).toBe(422);
    expect((await choose(g.id, "x".repeat(10_000))).status).toBe(422);
    expect((await admin.post(`groups/${g.id}/slack/callback`, { code: "", state: "s", redirect_uri: returnPage(g.id) })).status).toBe(422);
  });

  it("an expired client's administrator is refused (trial_period_over) unless super", async () => {
    const expired = await user("Administrator", { client: "us:1" });
    const r = await expired.get(`groups/${nwGroup}/slack`);
    expect([r.status, r.json.code]).toEqual([403, "trial_period_over"]);
  });
});

describe("disconnecting, the demo Slack, the seed", () => {
  it("disconnect forgets the token: nothing more is posted; changes then need a connection", async () => {
    const g = await connected("Leaving", FRONT_DESK.id);
    const started = await admin.post(`groups/${g.id}/slack/connect`, { redirect_uri: returnPage(g.id) });
    expect(started.status).toBe(200);
    expect(ok(await admin.del(`groups/${g.id}/slack`))).toMatchObject({ status: "none", workspace: null, channel: null });
    expect(await up.app.db.query("SELECT 1 FROM group_slacks WHERE group_id = $1", [g.id])).toEqual([]);
    expect(await up.app.db.query("SELECT 1 FROM sync_states WHERE group_id = $1 AND provider = 'slack'", [g.id])).toEqual([]);
    await kioskSignIn(g.id, "Gone Gary");
    expect((await messages(FRONT_DESK.name)).some((t) => t.startsWith("Gone Gary"))).toBe(false);
    expect422(await admin.post(`groups/${g.id}/slack/test`), SLACK_NOT_CONNECTED, "channel_id");
    expect422(await choose(g.id, FRONT_DESK.id), SLACK_NOT_CONNECTED, "channel_id");
    // Deleting a group deletes its connection.
    const h = await connected("Deleted", FRONT_DESK.id);
    expect((await admin.del(`groups/${h.id}`, { name: h.name })).status).toBe(200);
    expect(await up.app.db.query("SELECT 1 FROM group_slacks WHERE group_id = $1", [h.id])).toEqual([]);
  });

  it("the demo Slack answers as Slack does", async () => {
    const api = (method: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${up.url}/slack/api/${method}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: new URLSearchParams(body) }).then(async (r) => ({ status: r.status, json: await r.json(), headers: r.headers }));
    const secret = up.app.opts.ssoClientSecret;
    expect((await api("oauth.v2.access", { client_id: "nope", client_secret: secret, code: "x" })).json).toEqual({ ok: false, error: "invalid_client_id" });
    expect((await api("oauth.v2.access", { client_id: SLACK_CLIENT_ID, client_secret: "wrong", code: "x" })).json).toEqual({ ok: false, error: "bad_client_secret" });
    expect((await api("oauth.v2.access", { client_id: SLACK_CLIENT_ID, client_secret: secret, code: "x" })).json).toEqual({ ok: false, error: "invalid_code" });
    expect((await api("conversations.list", {})).json).toEqual({ ok: false, error: "not_authed" });
    expect((await api("chat.postMessage", { channel: "reception", text: "hi" }, { authorization: "Bearer xoxb-forged.sig" })).json).toEqual({ ok: false, error: "invalid_auth" });
    await fault("ratelimited");
    try {
      const r = await api("conversations.list", {}, { authorization: "Bearer xoxb-forged.sig" });
      expect([r.status, r.json, r.headers.get("retry-after")]).toEqual([429, { ok: false, error: "ratelimited" }, "30"]);
    } finally {
      await fault(null);
    }
    await fault("unreachable");
    try {
      await expect(api("conversations.list", {})).rejects.toThrow();
    } finally {
      await fault(null);
    }
    expect((await call("GET", "/slack/demo/messages?channel=nowhere")).status).toBe(404);
    expect((await call("GET", "/slack/demo/messages?limit=9999")).status).toBe(400);
  });

  it("the seed's revision 11: Acme's Visitors posts to #reception; a rerun from 10 adds nothing", async () => {
    expect(SEED_REVISION).toBeGreaterThanOrEqual(11);
    const visitors = ManagedGroupList.parse((await admin.get(`manage/groups?search=${encodeURIComponent(SEEDED_SLACK.group)}`)).json).groups.find((x) => x.name === SEEDED_SLACK.group)!;
    expect(ok(await admin.get(`groups/${visitors.id}/slack`))).toMatchObject({ status: "connected", workspace: DEMO_TEAM.name, channel: { id: RECEPTION.id, name: RECEPTION.name }, error: null });
    await kioskSignIn(visitors.id, "Ada Lovelace");
    expect((await messages(RECEPTION.name))[0]).toBe(`Ada Lovelace has signed in at ${siteName}.`);

    expect(await seedDemoData(up.app)).toBeNull();
    await up.app.db.query("UPDATE seed_state SET revision = 10");
    expect(await seedDemoData(up.app)).toMatchObject({ from: 10, to: SEED_REVISION, clients: [], users: [] });
    expect((await up.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM group_slacks WHERE group_id = $1", [visitors.id]))[0].n).toBe(1);
    // A database at 11 whose connection a user removed keeps it removed.
    ok(await admin.del(`groups/${visitors.id}/slack`));
    expect(await seedDemoData(up.app)).toBeNull();
    expect(await up.app.db.query("SELECT 1 FROM group_slacks WHERE group_id = $1", [visitors.id])).toEqual([]);
    // One coming from 10 without it gets it.
    await up.app.db.query("UPDATE seed_state SET revision = 10");
    await seedDemoData(up.app);
    expect(ok(await admin.get(`groups/${visitors.id}/slack`)).channel?.id).toBe(RECEPTION.id);
  });

  it("OpenAPI lists the calls", async () => {
    const doc = (await call("GET", "/eu/api/v2/openapi.json")).json;
    expect(doc.paths["/groups/{groupId}/slack"].get.operationId).toBe("groupSlack");
    expect(doc.paths["/groups/{groupId}/slack"].patch.operationId).toBe("updateGroupSlack");
    expect(doc.paths["/groups/{groupId}/slack"].delete.operationId).toBe("disconnectGroupSlack");
    expect(doc.paths["/groups/{groupId}/slack/connect"].post.operationId).toBe("connectGroupSlack");
    expect(doc.paths["/groups/{groupId}/slack/callback"].post.operationId).toBe("completeGroupSlack");
    expect(doc.paths["/groups/{groupId}/slack/test"].post.operationId).toBe("testGroupSlack");
  });

  it("no answer of this file's calls broke the contract, and nothing failed on the server", () => {
    expect(serverErrors).toEqual([]);
  });
});
