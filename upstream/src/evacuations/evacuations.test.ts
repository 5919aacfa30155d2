/**
 * Evacuations over HTTP against a running upstream (platform spec §3 evacuation report, §4 states and
 * the event counter, §7 calls and channels): the fire list, starting (portal and kiosk), the report
 * and its first-view participants, marks / comments / completion with their events and counters, the
 * counter under concurrency, the lock after completion, validation, rights, visibility, the list, the
 * Evacuation.{id} channel's authorisation, and the revision-4 demo data.
 *
 * Tests that change data use a site of their own (POST /__test/sites) with people signed in through
 * the kiosk sign-in call; Head Office (the seeded drill) is only read, except by the last test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  Config,
  EvacuationComment,
  EvacuationEvent,
  EvacuationList,
  EvacuationReport,
  EvacuationSummary,
  Evacuee,
  FireList,
  SignInOptions,
  TokenPair,
  Visit,
} from "../../contract/index.ts";
import { STANDARD_RIGHTS } from "../clients/model.ts";
import { TestClient, type Received } from "../realtime/test-client.ts";
import { SEED_REVISION, seedDemoData } from "../seed.ts";
import { startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient } from "../http/http-test-client.ts";

let up: TestUpstream;
let admin: As;

beforeAll(async () => {
  up = await startTestUpstream();
  admin = await as("admin@example.com");
}, 120_000);

afterAll(async () => {
  await up?.stop();
}, 60_000);

type Json = any;

const { call } = httpTestClient(() => up.url, "evacuations");

/** A signed-in user: calls on their regional API (PATCH and DELETE go as POST with the method override). */
interface As {
  token: string;
  id: number;
  name: string;
  get(p: string): ReturnType<typeof call>;
  post(p: string, body?: unknown): ReturnType<typeof call>;
  patch(p: string, body: unknown): ReturnType<typeof call>;
  del(p: string): ReturnType<typeof call>;
}

async function as(email: string, region = "eu"): Promise<As> {
  const r = await call("POST", "/api/v2/auth/login", { email, password: "Demo-Passw0rd!" });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  const token = TokenPair.parse(r.json).access_token;
  const h = { authorization: `Bearer ${token}` };
  const cfg = Config.parse((await call("GET", `/${region}/api/v2/config`, undefined, h)).json);
  return {
    token,
    id: Number(cfg.user.sub),
    name: cfg.user.name,
    get: (p) => call("GET", `/${region}/api/v2/${p}`, undefined, h),
    post: (p, body) => call("POST", `/${region}/api/v2/${p}`, body ?? {}, h),
    patch: (p, body) => call("POST", `/${region}/api/v2/${p}`, body, { ...h, "x-http-method-override": "PATCH" }),
    del: (p) => call("POST", `/${region}/api/v2/${p}`, undefined, { ...h, "x-http-method-override": "DELETE" }),
  };
}

let n = 0;
/** A fresh user with the given role (and optional site restriction). */
async function user(role: string, opts: { client?: string; site_ids?: number[]; is_super?: boolean; name?: string } = {}) {
  const email = `evac-${++n}-${Date.now()}@example.com`;
  const r = await call("POST", "/__test/users", {
    email,
    name: opts.name ?? `Evac User ${n}`,
    role,
    client: opts.client ?? "eu:1",
    site_ids: opts.site_ids,
    is_super: opts.is_super ?? false,
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return as(email, (opts.client ?? "eu:1").split(":")[0]);
}

async function role(name: string, rights: string[], client = "eu:1") {
  const r = await call("POST", "/__test/roles", { client, name, rights });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json as { id: number; name: string; rights: string[] };
}

/** A user holding a custom role with exactly these rights. */
const withRights = async (rights: string[]) => user((await role(`Evac rights ${rights.join(" ") || "none"}`, rights)).name);

interface TestSite {
  id: number;
  name: string;
  device_token: string;
}

/** A fresh standard site (Acme unless told otherwise) with its kiosk device. */
async function freshSite(opts: { client?: string; all_groups?: boolean } = {}): Promise<TestSite> {
  const r = await call("POST", "/__test/sites", { client: opts.client ?? "eu:1", name: `Evac site ${++n}`, all_groups: opts.all_groups ?? false });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json as TestSite;
}

const kiosk = (token: string | null, action: "sign-in" | "sign-out" | "evacuations", body: unknown, region = "eu", headers: Record<string, string> = {}) =>
  call("POST", `/${region}/api/v2/kiosk/${action}`, body, token === null ? headers : { authorization: `Device ${token}`, ...headers });

/** Assembly points added straight to the database (no call creates them yet); ids in display order. */
async function addPoints(siteId: number, titles: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [position, title] of titles.entries()) {
    const [{ id }] = await up.app.db.query<{ id: number }>("INSERT INTO evacuation_points (site_id, title, position) VALUES ($1, $2, $3) RETURNING id", [
      siteId,
      title,
      position,
    ]);
    ids.push(id);
  }
  return ids;
}

/** Groups (with members) offered at a site, by name. */
async function groupsAt(siteId: number) {
  const r = await admin.get(`sites/${siteId}/sign-in-options`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return Object.fromEntries(SignInOptions.parse(r.json).groups.map((g) => [g.name, g]));
}

async function kioskSignIn(site: TestSite, body: Record<string, unknown>) {
  const r = await kiosk(site.device_token, "sign-in", body);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return Visit.parse(r.json);
}

/**
 * A fresh site with two assembly points and people signed in through the kiosk: `visitors` visitors,
 * a staff member and a delivery (signed in), and a visitor who signed out again (not on site).
 */
async function populatedSite(visitors = 2) {
  const site = await freshSite();
  const points = await addPoints(site.id, ["North gate", "Car park"]);
  const g = await groupsAt(site.id);
  const onSite: Visit[] = [];
  for (let i = 0; i < visitors; i++) onSite.push(await kioskSignIn(site, { group_id: g.Visitors.id, name: `Visitor ${i + 1}`, company: i === 0 ? "Initrode" : undefined }));
  onSite.push(await kioskSignIn(site, { group_id: g.Staff.id, member_id: g.Staff.members[0].id }));
  onSite.push(await kioskSignIn(site, { group_id: g.Deliveries.id, name: "Parcel Force" }));
  const gone = await kioskSignIn(site, { group_id: g.Visitors.id, name: "Gone Home" });
  expect((await kiosk(site.device_token, "sign-out", { visit_id: gone.id })).status).toBe(200);
  return { site, points, groups: g, onSite, gone };
}

async function fireList(a: As, siteId: number) {
  const r = await a.get(`sites/${siteId}/fire-list`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return FireList.parse(r.json);
}

async function start(a: As, siteId: number, body: { comment?: string } = {}) {
  const r = await a.post(`sites/${siteId}/evacuations`, body);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return EvacuationSummary.parse(r.json);
}

async function report(a: As, id: number) {
  const r = await a.get(`evacuations/${id}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return EvacuationReport.parse(r.json);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A websocket subscribed (through broadcasting/auth) to private channels. */
async function subscriber(a: As, channels: string[]) {
  const c = new TestClient(`ws://127.0.0.1:${up.app.opts.port}/app/${up.app.opts.pusherAppKey}?protocol=7&client=js&version=8.6.0&flash=false`);
  const socketId = await c.established();
  const auth = await a.post("broadcasting/auth", { socket_id: socketId, channel_name: channels });
  for (const channel of channels) {
    expect(auth.json.channels[channel]?.status, channel).toBe(200);
    c.send({ event: "pusher:subscribe", data: { channel, auth: auth.json.channels[channel].data.auth } });
    await c.next((f) => f.event === "pusher_internal:subscription_succeeded" && f.channel === channel);
  }
  const matching = (channel: string, event?: string) =>
    c.frames.filter((f: Received) => f.channel === channel && !f.event.startsWith("pusher") && (event === undefined || f.event === event));
  return {
    client: c,
    /** Application events received on `channel` so far (optionally only `event`), in arrival order. */
    events: (channel: string, event?: string) => matching(channel, event).map((f) => ({ event: f.event, data: JSON.parse(f.data) as Json })),
    /** Wait until `count` such events have arrived; returns all of them. */
    async wait(channel: string, count: number, event?: string, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (matching(channel, event).length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} ${event ?? "events"} on ${channel}; got ${JSON.stringify(matching(channel))}`);
        await sleep(10);
      }
      return matching(channel, event).map((f) => ({ event: f.event, data: JSON.parse(f.data) as Json }));
    },
    close: () => c.close(),
  };
}

const siteChannel = (id: number) => `private-Site.${id}`;
const evacuationChannel = (id: number) => `private-Evacuation.${id}`;
const SiteEvacuationEvent = z.object({ evacuation: EvacuationSummary }).strict();

const LOCKED = "This evacuation is completed and can no longer be changed";
const IN_PROGRESS = "An evacuation is already in progress at this site";

describe("fire list", () => {
  it("people signed in by group (deliveries too; not pending or signed out), the points, active_evacuation null then set then null", async () => {
    const site = await freshSite({ all_groups: true });
    const points = await addPoints(site.id, ["Front lawn", "Car park B"]);
    const g = await groupsAt(site.id);
    const empty = await fireList(admin, site.id);
    expect(empty).toMatchObject({ site: { id: site.id, name: site.name, timezone: "Europe/London", address: null }, people: [], active_evacuation: null });
    expect(empty.groups.map((x) => [x.name, x.type])).toEqual([
      ["Visitors", "standard"],
      ["Staff", "returning"],
      ["Contractors", "returning"],
      ["Deliveries", "delivery"],
      ["Field Engineers", "returning"], // revision 9: limited to the Field Team site, so all_groups adds it
      ["Candidates", "standard"], // revision 15: limited to Head Office, so all_groups adds it
    ]);
    expect(empty.evacuation_points).toEqual([
      { id: points[0], title: "Front lawn" },
      { id: points[1], title: "Car park B" },
    ]);

    const v = await kioskSignIn(site, { group_id: g.Visitors.id, name: "Grace Hopper", company: "Navy", host: "Alice Admin" });
    const s = await kioskSignIn(site, { group_id: g.Staff.id, member_id: g.Staff.members[1].id });
    const d = await kioskSignIn(site, { group_id: g.Deliveries.id, name: "Royal Mail" });
    const pending = await kioskSignIn(site, { group_id: g.Contractors.id, member_id: g.Contractors.members[0].id });
    expect(pending.status).toBe("pending");
    const out = await kioskSignIn(site, { group_id: g.Visitors.id, name: "Left Already" });
    await kiosk(site.device_token, "sign-out", { visit_id: out.id });

    const list = await fireList(admin, site.id);
    expect(list.people).toEqual([
      { visit_id: v.id, name: "Grace Hopper", group_id: g.Visitors.id, company: "Navy", host: "Alice Admin", signed_in_at: v.signed_in_at },
      { visit_id: s.id, name: s.name, group_id: g.Staff.id, company: null, host: null, signed_in_at: s.signed_in_at },
      { visit_id: d.id, name: "Royal Mail", group_id: g.Deliveries.id, company: null, host: null, signed_in_at: d.signed_in_at },
    ]);
    expect(list.active_evacuation).toBeNull();

    const e = await start(admin, site.id);
    const during = await fireList(admin, site.id);
    expect(during.active_evacuation).toEqual(e);
    expect(during.people).toEqual(list.people); // starting signs nobody out
    expect((await admin.post(`evacuations/${e.id}/complete`, {})).status).toBe(200);
    expect((await fireList(admin, site.id)).active_evacuation).toBeNull();
  });

  it("Head Office: its demo points and the people on site", async () => {
    const hq = await fireList(admin, 1);
    expect(hq.site.name).toBe("Head Office");
    expect(hq.evacuation_points.map((p) => p.title)).toEqual(["Car park A", "Front lawn"]);
    // 12 counted + the delivery (pending Priya Sharma is not on site).
    expect(hq.people).toHaveLength(13);
    expect(hq.people.map((p) => p.name)).not.toContain("Priya Sharma");
    expect(hq.groups.map((x) => x.name)).toEqual(["Visitors", "Staff", "Contractors", "Deliveries", "Candidates"]);
    // Someone of every group but revision 15's Candidates (pre-registered only, no one on site).
    expect(new Set(hq.people.map((p) => p.group_id))).toEqual(new Set(hq.groups.filter((x) => x.name !== "Candidates").map((x) => x.id)));
    expect(hq.active_evacuation).toBeNull();
  });

  it("403 without EvacList.viewer (list and start); the right alone is enough", async () => {
    const site = await freshSite();
    const none = await withRights(["Today.viewer", "EvacReport.viewer", "EvacReport.editor"]);
    for (const r of [await none.get(`sites/${site.id}/fire-list`), await none.post(`sites/${site.id}/evacuations`, {})]) {
      expect([r.status, r.json.message]).toEqual([403, "You are not authorised to view evacuation lists or start an evacuation."]);
    }
    const only = await withRights(["EvacList.viewer"]);
    expect((await only.get(`sites/${site.id}/fire-list`)).status).toBe(200);
    // Front Desk holds EvacList.viewer: it may start one, but not open the report.
    const fd = await as("frontdesk@example.com");
    const e = await start(fd, site.id);
    expect(e.started_by).toBe(fd.name);
    expect((await fd.get(`evacuations/${e.id}`)).status).toBe(403);
    expect((await none.get(`sites/${site.id}/fire-list`)).status).toBe(403);
  });

  it("404 for a site of another client, a site the user may not see, an unknown or a malformed id", async () => {
    const globex = await user("Administrator", { client: "us:2" });
    const gsite = Config.parse((await globex.get("config")).json).sites[0];
    expect((await globex.get(`sites/${gsite.id}/fire-list`)).status).toBe(200);
    const oak = await freshSite({ client: "eu:4" });
    const restricted = await user("Standard User", { site_ids: [1] });
    const cases: [As, string][] = [
      [admin, `sites/${gsite.id}/fire-list`],
      [admin, `sites/${oak.id}/fire-list`],
      [admin, "sites/999999/fire-list"],
      [admin, "sites/abc/fire-list"],
      [admin, "sites/1e3/fire-list"],
      [restricted, "sites/2/fire-list"],
    ];
    for (const [a, p] of cases) {
      const r = await a.get(p);
      expect([p, r.status, r.json.message]).toEqual([p, 404, "Site not found."]);
    }
    for (const p of [`sites/${oak.id}/evacuations`, "sites/abc/evacuations", "sites/999999/evacuations"]) {
      expect([p, (await admin.post(p, {})).status]).toEqual([p, 404]);
    }
    expect((await restricted.post("sites/2/evacuations", {})).status).toBe(404);
    expect((await restricted.get("sites/1/fire-list")).status).toBe(200);
    expect((await admin.get(`sites/${oak.id}/fire-list`)).status).toBe(404);
    expect((await fireList(admin, 2)).active_evacuation).toBeNull(); // nothing was started on the way
  });

  it("an expired client: 403 trial_period_over for every evacuation call (portal and kiosk); its super user passes", async () => {
    const expired = await as("expired@example.com");
    const site = Config.parse((await expired.get("config")).json).sites[0];
    for (const r of [
      await expired.get(`sites/${site.id}/fire-list`),
      await expired.post(`sites/${site.id}/evacuations`, {}),
      await expired.get("evacuations"),
      await expired.get("evacuations/1"),
      await expired.patch("evacuations/1/evacuees/1", { status: "accounted_for" }),
      await expired.post("evacuations/1/comments", { content: "x" }),
      await expired.post("evacuations/1/complete", {}),
      await expired.del("evacuations/1"),
      await kiosk("demo-kiosk-exp-office", "evacuations", {}),
    ]) {
      expect([r.status, r.json.code, r.json.message]).toEqual([403, "trial_period_over", "Your trial period is over."]);
    }
    const sup = await as("supervisor@example.com");
    expect((await sup.get(`sites/${site.id}/fire-list`)).status).toBe(200);
    expect((await sup.get("evacuations")).json).toMatchObject({ total: 0, evacuations: [] });
  });
});

describe("starting an evacuation", () => {
  it("portal: everyone signed in at that moment (deliveries too) becomes an evacuee; created, counter 0; EvacuationCreatedEvent on the site channel", async () => {
    const { site, onSite, gone, groups: g } = await populatedSite();
    const sub = await subscriber(admin, [siteChannel(site.id)]);
    const e = await start(admin, site.id);
    expect(e).toMatchObject({
      site_id: site.id,
      site_name: site.name,
      status: "created",
      event_counter: 0,
      started_by: "Alice Admin",
      completed_at: null,
      evacuee_count: onSite.length,
      accounted_count: 0,
    });
    expect(Date.now() - Date.parse(e.started_at)).toBeLessThan(60_000);
    const [created] = await sub.wait(siteChannel(site.id), 1, "EvacuationCreatedEvent");
    expect(SiteEvacuationEvent.parse(created.data)).toEqual({ evacuation: e });
    expect(created.data).toEqual({ evacuation: e });

    // Someone signing in afterwards is not an evacuee.
    await kioskSignIn(site, { group_id: g.Visitors.id, name: "Late Arrival" });
    const r = await report(admin, e.id);
    expect(r.evacuation).toEqual(e); // the starter is a participant already: viewing changes nothing
    expect(r.evacuees.map((x) => [x.name, x.group_id, x.company, x.status, x.evacuation_point_id, x.updated_at, x.updated_by])).toEqual(
      onSite.map((v) => [v.name, v.group.id, v.company, "unaccounted", null, null, null]),
    );
    expect(r.evacuees.map((x) => x.name)).not.toContain(gone.name);
    expect(r.participants).toEqual([{ id: admin.id, name: "Alice Admin" }]);
    expect(r.accessed_via).toEqual([{ participant_id: admin.id, via: "portal" }]);
    expect(r.comments).toEqual([]);
    // The site says so (config and sites).
    const s = Config.parse((await admin.get("config")).json).sites.find((x) => x.id === site.id)!;
    expect(s.evacuation_in_progress).toBe(true);
    await sub.close();
  });

  it("a second start → 422 (portal and kiosk); two starts at once: one wins", async () => {
    const { site } = await populatedSite(1);
    const e = await start(admin, site.id, { comment: "  Alarm in the kitchen  " });
    for (const r of [await admin.post(`sites/${site.id}/evacuations`, {}), await kiosk(site.device_token, "evacuations", {})]) {
      expect([r.status, r.json.message, r.json.errors]).toEqual([422, IN_PROGRESS, { site: [IN_PROGRESS] }]);
    }
    const r = await report(admin, e.id);
    expect(r.comments).toMatchObject([{ content: "Alarm in the kitchen", evacuation_evacuee_id: null, author: "Alice Admin" }]);
    expect(r.evacuation.event_counter).toBe(0); // the start comment is part of the start, not an event

    const other = await populatedSite(1);
    const both = await Promise.all([admin.post(`sites/${other.site.id}/evacuations`, {}), kiosk(other.site.device_token, "evacuations", {})]);
    expect(both.map((x) => x.status).sort()).toEqual([200, 422]);
    const list = EvacuationList.parse((await admin.get(`evacuations?site_id=${other.site.id}`)).json);
    expect(list.total).toBe(1);
  });

  it("kiosk: Authorization: Device <token> starts one at the device's site (no participant); 401 without a valid device token", async () => {
    const { site, onSite } = await populatedSite(1);
    const sub = await subscriber(admin, [siteChannel(site.id)]);
    const k = await kiosk(site.device_token, "evacuations", { comment: "Fire alarm at reception" });
    expect(k.status, JSON.stringify(k.json)).toBe(200);
    const e = EvacuationSummary.parse(k.json);
    expect(e).toMatchObject({ site_id: site.id, status: "created", event_counter: 0, started_by: "Front desk kiosk", evacuee_count: onSite.length });
    expect((await sub.wait(siteChannel(site.id), 1, "EvacuationCreatedEvent"))[0].data).toEqual({ evacuation: e });

    const viewer = await user("Standard User");
    const r = await report(viewer, e.id);
    expect(r.comments).toMatchObject([{ content: "Fire alarm at reception", author: "Front desk kiosk" }]);
    // Nobody was a participant: the first viewer is the first one (and raised the counter).
    expect(r.participants).toEqual([{ id: viewer.id, name: viewer.name }]);
    expect(r.evacuation.event_counter).toBe(1);

    const other = await freshSite();
    for (const [token, region, headers] of [
      [null, "eu", {}],
      ["nope", "eu", {}],
      [other.device_token, "us", {}],
      ["demo-kiosk-globex-hq", "eu", {}],
      [null, "eu", { authorization: `Bearer ${admin.token}` }],
    ] as const) {
      const x = await kiosk(token, "evacuations", {}, region, headers);
      expect([token, region, x.status, x.json.code]).toEqual([token, region, 401, "invalid_device"]);
    }
    expect(EvacuationList.parse((await admin.get(`evacuations?site_id=${other.id}`)).json).total).toBe(0);
    expect((await kiosk(other.device_token, "evacuations", { comment: "x".repeat(2001) })).status).toBe(422);
    expect(sub.events(siteChannel(site.id), "EvacuationCreatedEvent")).toHaveLength(1);
    await sub.close();
  });
});

describe("the report", () => {
  it("groups, evacuees, comments, participants, points, offline devices, accessed_via; a new viewer joins once (EvacuationReadyEvent)", async () => {
    const { site, points, onSite } = await populatedSite();
    const e = await start(admin, site.id);
    const sub = await subscriber(admin, [evacuationChannel(e.id)]);
    const r = await report(admin, e.id);
    expect(r.groups.map((x) => x.name)).toEqual(["Visitors", "Staff", "Deliveries"]);
    expect(r.evacuees).toHaveLength(onSite.length);
    expect(r.evacuation_points).toEqual([
      { id: points[0], title: "North gate" },
      { id: points[1], title: "Car park" },
    ]);
    expect(r.offline_devices).toEqual([]); // the kiosk called in just now
    expect(r.bookings).toEqual([]);

    const viewer = await user("Standard User", { name: "Sam Standard" });
    const first = await report(viewer, e.id);
    expect(first.evacuation.event_counter).toBe(1);
    expect(first.evacuation.status).toBe("created"); // joining is not a change of the report's state
    expect(first.participants).toEqual([
      { id: admin.id, name: "Alice Admin" },
      { id: viewer.id, name: "Sam Standard" },
    ]);
    expect(first.accessed_via).toEqual([
      { participant_id: admin.id, via: "portal" },
      { participant_id: viewer.id, via: "portal" },
    ]);
    const [ready] = await sub.wait(evacuationChannel(e.id), 1);
    expect(ready).toEqual({ event: "EvacuationReadyEvent", data: { counter: 1 } });
    expect(EvacuationEvent.parse(ready.data)).toEqual({ counter: 1 });

    // A second view by the same user (and the admin's) changes nothing.
    expect(await report(viewer, e.id)).toEqual(first);
    expect((await report(admin, e.id)).evacuation.event_counter).toBe(1);
    // Two first views at once by another new user: one participant, one event.
    const third = await user("Standard User");
    await Promise.all([third.get(`evacuations/${e.id}`), third.get(`evacuations/${e.id}`), third.get(`evacuations/${e.id}`)]);
    expect((await report(third, e.id)).participants.map((p) => p.id)).toEqual([admin.id, viewer.id, third.id]);
    await sub.wait(evacuationChannel(e.id), 2);
    await sleep(100);
    expect(sub.events(evacuationChannel(e.id))).toEqual([
      { event: "EvacuationReadyEvent", data: { counter: 1 } },
      { event: "EvacuationReadyEvent", data: { counter: 2 } },
    ]);

    // A kiosk not heard from for a while is offline.
    await up.app.db.query("UPDATE devices SET last_seen_at = now() - interval '10 minutes' WHERE site_id = $1", [site.id]);
    const offline = await report(admin, e.id);
    expect(offline.offline_devices).toEqual([{ id: expect.any(Number), name: "Test kiosk" }]);
    expect(offline.evacuation.event_counter).toBe(2);
    await sub.close();
  });
});

describe("changes", () => {
  it("mark (PATCH via method override), comment with and without evacuee, complete with a comment: +1 each, created → in_progress → completed, the right events", async () => {
    const { site, points, onSite } = await populatedSite();
    const e = await start(admin, site.id);
    const ch = evacuationChannel(e.id);
    const sub = await subscriber(admin, [ch, siteChannel(site.id)]);
    const r0 = await report(admin, e.id);
    const [x1, x2] = r0.evacuees;

    // 1: mark with a point.
    const m1 = await admin.patch(`evacuations/${e.id}/evacuees/${x1.id}`, { status: "accounted_for", evacuation_point_id: points[1] });
    expect(m1.status, JSON.stringify(m1.json)).toBe(200);
    const ev1 = Evacuee.parse(m1.json);
    expect(ev1).toMatchObject({ id: x1.id, name: x1.name, status: "accounted_for", evacuation_point_id: points[1], updated_by: "Alice Admin" });
    expect(ev1.updated_at).not.toBeNull();
    const [u1] = await sub.wait(ch, 1);
    expect(u1).toEqual({ event: "EvacueeUpdatedEvent", data: { counter: 1, evacuee: m1.json } });
    expect(EvacuationEvent.parse(u1.data)).toEqual({ counter: 1, evacuee: ev1 });
    let r = await report(admin, e.id);
    expect(r.evacuation).toMatchObject({ status: "in_progress", event_counter: 1, accounted_count: 1, evacuee_count: onSite.length });

    // 2: the status only: the point is kept; 3: an explicit null clears it.
    const m2 = Evacuee.parse((await admin.patch(`evacuations/${e.id}/evacuees/${x1.id}`, { status: "missing" })).json);
    expect(m2).toMatchObject({ status: "missing", evacuation_point_id: points[1] });
    const m3 = Evacuee.parse((await admin.patch(`evacuations/${e.id}/evacuees/${x1.id}`, { status: "left_site", evacuation_point_id: null })).json);
    expect(m3).toMatchObject({ status: "left_site", evacuation_point_id: null });
    // The PATCH route answers a real PATCH too.
    const real = await call("PATCH", `/eu/api/v2/evacuations/${e.id}/evacuees/${x2.id}`, { status: "accounted_for" }, { authorization: `Bearer ${admin.token}` });
    expect(real.status).toBe(200);

    // 5: a comment about everyone; 6: one about an evacuee (trimmed).
    const c1 = await admin.post(`evacuations/${e.id}/comments`, { content: "All exits clear" });
    expect(c1.status, JSON.stringify(c1.json)).toBe(200);
    expect(EvacuationComment.parse(c1.json)).toMatchObject({ content: "All exits clear", evacuation_evacuee_id: null, author: "Alice Admin" });
    const c2 = await admin.post(`evacuations/${e.id}/comments`, { content: "  Went home early  ", evacuation_evacuee_id: x1.id });
    expect(EvacuationComment.parse(c2.json)).toMatchObject({ content: "Went home early", evacuation_evacuee_id: x1.id });
    const c3 = await admin.post(`evacuations/${e.id}/comments`, { content: "About nobody in particular", evacuation_evacuee_id: null });
    expect(c3.status).toBe(200);

    const events = await sub.wait(ch, 7);
    expect(events.map((x) => [x.event, x.data.counter])).toEqual([
      ["EvacueeUpdatedEvent", 1],
      ["EvacueeUpdatedEvent", 2],
      ["EvacueeUpdatedEvent", 3],
      ["EvacueeUpdatedEvent", 4],
      ["CommentAddedEvent", 5],
      ["CommentAddedEvent", 6],
      ["CommentAddedEvent", 7],
    ]);
    expect(events[1].data).toEqual({ counter: 2, evacuee: m2 });
    expect(events[3].data).toEqual({ counter: 4, evacuee: real.json });
    expect(events[4].data).toEqual({ counter: 5, comment: c1.json });
    expect(events[5].data).toEqual({ counter: 6, comment: c2.json });
    for (const x of events) EvacuationEvent.parse(x.data);
    r = await report(admin, e.id);
    expect(r.evacuation).toMatchObject({ status: "in_progress", event_counter: 7, accounted_count: 1 });
    expect(r.comments).toEqual([c1.json, c2.json, c3.json]);
    expect(r.evacuees.find((x) => x.id === x1.id)).toEqual(m3);

    // 8: complete with a comment: one event (with the comment) on the report, and one on the site.
    const done = await admin.post(`evacuations/${e.id}/complete`, { comment: "  Everyone out in 4 minutes " });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    const completed = EvacuationSummary.parse(done.json);
    expect(completed).toMatchObject({ id: e.id, status: "completed", event_counter: 8 });
    expect(completed.completed_at).not.toBeNull();
    const [, , , , , , , last] = await sub.wait(ch, 8);
    expect(last.event).toBe("EvacuationCompleteEvent");
    const parsed = EvacuationEvent.parse(last.data);
    expect(parsed).toMatchObject({ counter: 8, evacuation: completed, comment: { content: "Everyone out in 4 minutes", evacuation_evacuee_id: null, author: "Alice Admin" } });
    expect(Object.keys(last.data).sort()).toEqual(["comment", "counter", "evacuation"]);
    const [siteDone] = await sub.wait(siteChannel(site.id), 1, "EvacuationCompleteEvent");
    expect(SiteEvacuationEvent.parse(siteDone.data)).toEqual({ evacuation: completed });

    r = await report(admin, e.id);
    expect(r.evacuation).toEqual(completed);
    expect(r.comments).toHaveLength(4);
    expect(r.comments[3]).toEqual(parsed.comment);
    await sleep(100);
    expect(sub.events(ch)).toHaveLength(8);
    expect(Config.parse((await admin.get("config")).json).sites.find((x) => x.id === site.id)!.evacuation_in_progress).toBe(false);
    await sub.close();
  });

  it("complete without a comment: the event has no comment; completing a created one goes straight to completed", async () => {
    const { site } = await populatedSite(1);
    const e = await start(admin, site.id);
    const sub = await subscriber(admin, [evacuationChannel(e.id)]);
    const done = EvacuationSummary.parse((await admin.post(`evacuations/${e.id}/complete`, { comment: "   " })).json);
    expect(done).toMatchObject({ status: "completed", event_counter: 1 });
    const [ev] = await sub.wait(evacuationChannel(e.id), 1);
    expect(ev).toEqual({ event: "EvacuationCompleteEvent", data: { counter: 1, evacuation: done } });
    expect((await report(admin, e.id)).comments).toEqual([]);
    await sub.close();
  });

  it("concurrency: 20 marks and comments by 3 users at once (and first views): counters 1..N in order, no gap or duplicate", async () => {
    const { site } = await populatedSite(6);
    const e = await start(admin, site.id);
    const ch = evacuationChannel(e.id);
    const sub = await subscriber(admin, [ch]);
    const evacuees = (await report(admin, e.id)).evacuees;
    const u1 = await user("Standard User");
    const u2 = await user("Standard User");
    const users = [admin, u1, u2];
    const statuses = ["accounted_for", "missing", "left_site", "unaccounted"] as const;
    const changes = Array.from({ length: 20 }, (_, i) => {
      const a = users[i % 3];
      return i % 2 === 0
        ? a.patch(`evacuations/${e.id}/evacuees/${evacuees[i % evacuees.length].id}`, { status: statuses[i % 4] })
        : a.post(`evacuations/${e.id}/comments`, { content: `Note ${i}`, evacuation_evacuee_id: i % 4 === 1 ? evacuees[0].id : null });
    });
    // u1 and u2 open the report for the first time while the changes run (two participants, two events).
    const results = await Promise.all([...changes, u1.get(`evacuations/${e.id}`), u2.get(`evacuations/${e.id}`)]);
    expect(results.map((x) => x.status)).toEqual(Array(22).fill(200));
    const N = 22;
    const events = await sub.wait(ch, N);
    const counters = events.map((x) => EvacuationEvent.parse(x.data).counter);
    expect(counters).toEqual(Array.from({ length: N }, (_, i) => i + 1)); // in arrival order
    expect(events.filter((x) => x.event === "EvacuationReadyEvent")).toHaveLength(2);
    expect(events.filter((x) => x.event === "CommentAddedEvent").map((x) => x.data.comment.id).sort((a: number, b: number) => a - b)).toEqual(
      results.slice(0, 20).filter((_, i) => i % 2 === 1).map((x) => x.json.id).sort((a, b) => a - b),
    );
    const final = await report(admin, e.id);
    expect(final.evacuation).toMatchObject({ event_counter: N, status: "in_progress" });
    expect(final.comments).toHaveLength(10);
    expect(final.participants.map((p) => p.id).sort()).toEqual([admin.id, u1.id, u2.id].sort());
    await sleep(100);
    expect(sub.events(ch)).toHaveLength(N);
    await sub.close();
  });

  it("locked after completion: 422 for marks, comments and completing again; a new viewer adds no participant; a new start is allowed", async () => {
    const { site } = await populatedSite(1);
    const e = await start(admin, site.id);
    const x = (await report(admin, e.id)).evacuees[0];
    const done = EvacuationSummary.parse((await admin.post(`evacuations/${e.id}/complete`, {})).json);
    const sub = await subscriber(admin, [evacuationChannel(e.id)]);
    for (const r of [
      await admin.patch(`evacuations/${e.id}/evacuees/${x.id}`, { status: "accounted_for" }),
      await admin.post(`evacuations/${e.id}/comments`, { content: "Too late" }),
      await admin.post(`evacuations/${e.id}/complete`, { comment: "Again" }),
    ]) {
      expect([r.status, r.json.message, r.json.errors]).toEqual([422, LOCKED, { evacuation: [LOCKED] }]);
    }
    const viewer = await user("Standard User");
    const r = await report(viewer, e.id);
    expect(r.participants).toEqual([{ id: admin.id, name: "Alice Admin" }]);
    expect(r.evacuation).toEqual(done);
    expect(r.comments).toEqual([]);
    await sleep(100);
    expect(sub.events(evacuationChannel(e.id))).toEqual([]);
    const next = await start(admin, site.id);
    expect(next.id).not.toBe(e.id);
    await sub.close();
  });
});

describe("validation and rights", () => {
  it("422: bad status, empty or too long comment, evacuee of another evacuation, point of another site; failed calls change nothing", async () => {
    const a = await populatedSite(1);
    const b = await populatedSite(1);
    const ea = await start(admin, a.site.id);
    const eb = await start(admin, b.site.id);
    const xa = (await report(admin, ea.id)).evacuees[0];
    const xb = (await report(admin, eb.id)).evacuees[0];
    const sub = await subscriber(admin, [evacuationChannel(ea.id)]);

    const patch = (evacueeId: number | string, body: unknown) => admin.patch(`evacuations/${ea.id}/evacuees/${evacueeId}`, body);
    for (const body of [{ status: "gone" }, {}, { status: "accounted_for", evacuation_point_id: "1" }, { status: "accounted_for", evacuation_point_id: 0 }]) {
      const r = await patch(xa.id, body);
      expect([body, r.status]).toEqual([body, 422]);
    }
    expect((await patch(xa.id, { status: "gone" })).json.errors).toHaveProperty("status");
    const otherPoint = await patch(xa.id, { status: "accounted_for", evacuation_point_id: b.points[0] });
    expect([otherPoint.status, otherPoint.json.errors]).toEqual([422, { evacuation_point_id: ["The selected evacuation point is not at this site"] }]);
    expect((await patch(xa.id, { status: "accounted_for", evacuation_point_id: 99999999 })).status).toBe(422);
    for (const id of [xb.id, 99999999, "abc"]) {
      const r = await patch(id, { status: "accounted_for" });
      expect([id, r.status, r.json.message]).toEqual([id, 404, "Evacuee not found."]);
    }

    const comment = (body: unknown) => admin.post(`evacuations/${ea.id}/comments`, body);
    for (const content of ["", "   "]) {
      const r = await comment({ content });
      expect(r.status).toBe(422);
      expect(r.json.errors.content).toHaveLength(1);
      expect(r.json.errors.content).toEqual(["A comment is required"]);
    }
    expect((await comment({})).json.errors).toEqual({ content: ["The content field is required."] });
    const long = await comment({ content: "x".repeat(10_000) });
    expect([long.status, long.json.errors]).toEqual([422, { content: ["The content field must not be greater than 2000 characters."] }]);
    const foreign = await comment({ content: "Wrong report", evacuation_evacuee_id: xb.id });
    expect([foreign.status, foreign.json.errors]).toEqual([422, { evacuation_evacuee_id: ["The selected evacuee is not part of this evacuation"] }]);
    expect((await admin.post(`evacuations/${ea.id}/complete`, { comment: "y".repeat(2001) })).status).toBe(422);
    expect((await admin.post(`sites/${a.site.id}/evacuations`, { comment: "z".repeat(10_000) })).status).toBe(422);

    // Nothing changed: no event, counter 0, still created.
    await sleep(100);
    expect(sub.events(evacuationChannel(ea.id))).toEqual([]);
    expect((await report(admin, ea.id)).evacuation).toMatchObject({ status: "created", event_counter: 0 });
    expect((await report(admin, eb.id)).evacuation).toMatchObject({ status: "created", event_counter: 0 });
    // The longest comment allowed is fine.
    expect((await comment({ content: "x".repeat(2000) })).status).toBe(200);
    await sub.close();
  });

  it("rights: Standard User edits; EvacReport.viewer alone views but may not change (403); delete needs EvacReport.delete and a completed report", async () => {
    expect(STANDARD_RIGHTS).toEqual(expect.arrayContaining(["EvacList.viewer", "EvacReport.viewer", "EvacReport.editor"]));
    expect(STANDARD_RIGHTS).not.toContain("EvacReport.delete");
    const { site } = await populatedSite(1);
    const e = await start(admin, site.id);
    const x = (await report(admin, e.id)).evacuees[0];

    const standard = await user("Standard User");
    expect((await standard.patch(`evacuations/${e.id}/evacuees/${x.id}`, { status: "accounted_for" })).status).toBe(200);
    expect((await standard.post(`evacuations/${e.id}/comments`, { content: "Standard comment" })).status).toBe(200);

    const viewer = await withRights(["EvacReport.viewer"]);
    expect((await viewer.get(`evacuations/${e.id}`)).status).toBe(200);
    expect((await viewer.get("evacuations")).status).toBe(200);
    const counter = (await report(admin, e.id)).evacuation.event_counter;
    for (const r of [
      await viewer.patch(`evacuations/${e.id}/evacuees/${x.id}`, { status: "missing" }),
      await viewer.post(`evacuations/${e.id}/comments`, { content: "Nope" }),
      await viewer.post(`evacuations/${e.id}/complete`, {}),
    ]) {
      expect([r.status, r.json.message]).toEqual([403, "You are not authorised to change evacuation reports."]);
    }
    expect((await viewer.get(`sites/${site.id}/fire-list`)).status).toBe(403);
    const blind = await withRights(["EvacList.viewer", "EvacReport.editor"]);
    for (const r of [await blind.get(`evacuations/${e.id}`), await blind.get("evacuations")]) {
      expect([r.status, r.json.message]).toEqual([403, "You are not authorised to view evacuation reports."]);
    }
    expect((await report(admin, e.id)).evacuation.event_counter).toBe(counter);

    // Delete: the right, then only a completed report.
    for (const a of [standard, viewer]) {
      const r = await a.del(`evacuations/${e.id}`);
      expect([r.status, r.json.message]).toEqual([403, "You are not authorised to delete evacuation reports."]);
    }
    const early = await admin.del(`evacuations/${e.id}`);
    expect([early.status, early.json.errors]).toEqual([422, { evacuation: ["Only a completed evacuation can be deleted"] }]);
    expect((await admin.post(`evacuations/${e.id}/complete`, {})).status).toBe(200);
    const deleter = await withRights(["EvacReport.viewer", "EvacReport.delete"]);
    const del = await deleter.del(`evacuations/${e.id}`);
    expect([del.status, del.json]).toEqual([200, { message: "The evacuation report has been deleted." }]);
    expect((await admin.get(`evacuations/${e.id}`)).status).toBe(404);
    expect((await admin.del(`evacuations/${e.id}`)).status).toBe(404);
    expect(EvacuationList.parse((await admin.get(`evacuations?site_id=${site.id}`)).json).total).toBe(0);
  });

  it("404: another client's evacuation, a site the user may not see, unknown and malformed ids", async () => {
    const oak = await freshSite({ client: "eu:4" });
    const k = await kiosk(oak.device_token, "evacuations", {});
    expect(k.status, JSON.stringify(k.json)).toBe(200);
    const foreign = EvacuationSummary.parse(k.json);
    const oakAdmin = await user("Administrator", { client: "eu:4" });
    const x = (await report(oakAdmin, foreign.id)).evacuees;
    expect(x).toEqual([]);

    const { site } = await populatedSite(1);
    const mine = await start(admin, site.id);
    const restricted = await user("Administrator", { site_ids: [1] });
    for (const [a, id] of [
      [admin, foreign.id],
      [restricted, mine.id],
      [admin, 99999999],
      [admin, "abc"],
      [admin, "1.5"],
    ] as const) {
      for (const r of [
        await a.get(`evacuations/${id}`),
        await a.patch(`evacuations/${id}/evacuees/1`, { status: "accounted_for" }),
        await a.post(`evacuations/${id}/comments`, { content: "Hello" }),
        await a.post(`evacuations/${id}/complete`, {}),
        await a.del(`evacuations/${id}`),
      ]) {
        expect([id, r.status, r.json.message]).toEqual([id, 404, "Evacuation not found."]);
      }
    }
    // Untouched.
    expect((await report(oakAdmin, foreign.id)).evacuation).toMatchObject({ status: "created", event_counter: 1 }); // oakAdmin's first view
    expect((await report(admin, mine.id)).evacuation).toMatchObject({ status: "created", event_counter: 0 });
  });

  it("the Evacuation.{id} channel: report viewers who see its site; nobody else", async () => {
    const { site } = await populatedSite(1);
    const e = await start(admin, site.id);
    const oak = await freshSite({ client: "eu:4" });
    const foreign = EvacuationSummary.parse((await kiosk(oak.device_token, "evacuations", {})).json);
    const ch = evacuationChannel(e.id);
    const status = async (a: As, channel: string) => (await a.post("broadcasting/auth", { socket_id: "123.456", channel_name: [channel] })).json.channels[channel].status;
    expect(await status(admin, ch)).toBe(200);
    expect(await status(await withRights(["EvacReport.viewer"]), ch)).toBe(200);
    expect(await status(await withRights(["EvacList.viewer", "Today.viewer"]), ch)).toBe(403);
    expect(await status(await user("Administrator", { site_ids: [1] }), ch)).toBe(403);
    expect(await status(admin, evacuationChannel(foreign.id))).toBe(403);
    expect(await status(admin, evacuationChannel(99999999))).toBe(403);
  });
});

describe("the list", () => {
  it("newest first, 15 a page, site_id filter, 404 for a site not seen, 422 for a bad page; a site-restricted user sees their sites only", async () => {
    const { site } = await populatedSite(1);
    const made: EvacuationSummary[] = [];
    for (let i = 0; i < 17; i++) {
      const e = i % 2 ? EvacuationSummary.parse((await kiosk(site.device_token, "evacuations", {})).json) : await start(admin, site.id);
      made.push(i === 16 ? e : EvacuationSummary.parse((await admin.post(`evacuations/${e.id}/complete`, {})).json));
    }
    const newest = [...made].reverse();
    const page = async (a: As, q: string) => {
      const r = await a.get(`evacuations${q}`);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      return EvacuationList.parse(r.json);
    };
    const p1 = await page(admin, `?site_id=${site.id}`);
    expect(p1).toMatchObject({ page: 1, per_page: 15, total: 17 });
    expect(p1.evacuations).toEqual(newest.slice(0, 15));
    expect(p1.evacuations[0]).toMatchObject({ status: "created", site_name: site.name });
    const p2 = await page(admin, `?site_id=${site.id}&page=2`);
    expect(p2).toMatchObject({ page: 2, total: 17 });
    expect(p2.evacuations).toEqual(newest.slice(15));
    expect((await page(admin, `?site_id=${site.id}&page=3`)).evacuations).toEqual([]);

    // Unfiltered: every Acme site the user sees, newest first (ours first, then older ones).
    const all = await page(admin, "");
    expect(all.total).toBeGreaterThan(17);
    expect(all.evacuations[0]).toEqual(newest[0]);
    const starts = all.evacuations.map((x) => x.started_at);
    expect([...starts].sort().reverse()).toEqual(starts);
    const acme = new Set(Config.parse((await admin.get("config")).json).sites.map((s) => s.id));
    expect(all.evacuations.every((x) => acme.has(x.site_id))).toBe(true);
    expect((await page(admin, "?site_id=&page=")).total).toBe(all.total);

    for (const q of ["?page=0", "?page=-1", "?page=abc", "?page=1.5", `?site_id=${site.id}&page=0`]) {
      const r = await admin.get(`evacuations${q}`);
      expect([q, r.status, r.json.errors]).toEqual([q, 422, { page: ["The page must be a positive whole number"] }]);
    }
    const globex = await user("Administrator", { client: "us:2" });
    const gsite = Config.parse((await globex.get("config")).json).sites[0];
    for (const q of [`?site_id=${gsite.id}`, "?site_id=999999", "?site_id=abc"]) {
      const r = await admin.get(`evacuations${q}`);
      expect([q, r.status, r.json.message]).toEqual([q, 404, "Site not found."]);
    }

    // Restricted to this site: only its evacuations; Head Office's drill is not theirs.
    const restricted = await user("Standard User", { site_ids: [site.id] });
    const mine = await page(restricted, "");
    expect(mine.total).toBe(17);
    expect(mine.evacuations).toEqual(newest.slice(0, 15));
    expect((await restricted.get("evacuations?site_id=1")).status).toBe(404);
    const hqOnly = await user("Standard User", { site_ids: [1] });
    const hq = await page(hqOnly, "");
    expect(hq.evacuations.every((x) => x.site_id === 1)).toBe(true);
    expect((await hqOnly.get(`evacuations?site_id=${site.id}`)).status).toBe(404);
  });
});

describe("demo data (revision 4)", () => {
  it("Head Office: points Car park A and Front lawn, one completed drill whose counter matches its changes, the demo admin as participant", async () => {
    const [{ revision }] = await up.app.db.query<{ revision: number }>("SELECT revision FROM seed_state WHERE id = 1");
    expect(SEED_REVISION).toBeGreaterThanOrEqual(4);
    expect(revision).toBe(SEED_REVISION);
    // Every standard demo site of Acme has its points.
    expect((await fireList(admin, 2)).evacuation_points.map((p) => p.title)).toEqual(["Yard gate"]);
    expect((await fireList(admin, 3)).evacuation_points.map((p) => p.title)).toEqual(["Grand Canal Square"]);

    const list = EvacuationList.parse((await admin.get("evacuations?site_id=1")).json);
    expect(list.total).toBe(1);
    const [drill] = list.evacuations;
    expect(drill).toMatchObject({ site_id: 1, site_name: "Head Office", status: "completed", started_by: "Alice Admin" });
    const days = (Date.now() - Date.parse(drill.started_at)) / 86_400_000;
    expect(days).toBeGreaterThan(20);
    expect(days).toBeLessThan(22);
    expect(Date.parse(drill.completed_at!) - Date.parse(drill.started_at)).toBe(12 * 60_000);

    const r = await report(admin, drill.id);
    expect(r.evacuation).toEqual(drill);
    expect(r.participants).toEqual([{ id: admin.id, name: "Alice Admin" }]);
    expect(r.accessed_via).toEqual([{ participant_id: admin.id, via: "portal" }]);
    expect(r.evacuation_points.map((p) => p.title)).toEqual(["Car park A", "Front lawn"]);
    const pointIds = new Set(r.evacuation_points.map((p) => p.id));
    expect(r.evacuees.every((x) => x.evacuation_point_id === null || pointIds.has(x.evacuation_point_id))).toBe(true);
    const groupIds = new Set(r.groups.map((g) => g.id));
    expect(r.evacuees.every((x) => groupIds.has(x.group_id))).toBe(true);
    expect(r.evacuees.map((x) => x.name)).toEqual(expect.arrayContaining(["Jane Porter", "Marcus Bell", "Bob Mason", "Priya Sharma"]));
    expect(r.evacuees.find((x) => x.name === "Bob Mason")).toMatchObject({ status: "left_site", evacuation_point_id: null });
    const bob = r.evacuees.find((x) => x.name === "Bob Mason")!;
    expect(r.comments.map((c) => [c.content, c.evacuation_evacuee_id])).toEqual([
      ["Drill started at 10:00, all exits clear.", null],
      ["Left by the loading bay before the alarm; confirmed by phone.", bob.id],
      ["Drill complete: everyone accounted for in 11 minutes.", null],
    ]);
    expect(drill.evacuee_count).toBe(r.evacuees.length);
    expect(drill.accounted_count).toBe(r.evacuees.filter((x) => x.status === "accounted_for").length);

    // The counter rule: +1 per mark and per comment, +1 for completing, whose comment travels with
    // the completion event (and is stored as the last comment) rather than being a step of its own.
    const marked = r.evacuees.filter((x) => x.status !== "unaccounted").length;
    expect(r.evacuees.every((x) => (x.status === "unaccounted") === (x.updated_by === null))).toBe(true);
    const completionCommentInList = r.comments.at(-1)!.content === "Drill complete: everyone accounted for in 11 minutes." ? 1 : 0;
    expect(drill.event_counter).toBe(marked + (r.comments.length - completionCommentInList) + 1);

    // Viewing the completed drill (a new user too) changes nothing.
    const viewer = await user("Standard User");
    expect(await report(viewer, drill.id)).toEqual(r);
  });

  it("the drill's counter is what the same changes through the API give", async () => {
    const drill = EvacuationList.parse((await admin.get("evacuations?site_id=1")).json).evacuations[0];
    const seeded = await report(admin, drill.id);
    // Replay: as many people on a fresh site, each marked once as in the drill, the comments, and
    // completing with the completion comment.
    const site = await freshSite();
    const points = await addPoints(site.id, ["Car park A", "Front lawn"]);
    const g = await groupsAt(site.id);
    for (const x of seeded.evacuees) await kioskSignIn(site, { group_id: g.Visitors.id, name: x.name });
    const e = await start(admin, site.id);
    const replay = await report(admin, e.id);
    for (const [i, x] of seeded.evacuees.entries()) {
      if (x.status === "unaccounted") continue;
      const point = x.evacuation_point_id === null ? null : points[seeded.evacuation_points.findIndex((p) => p.id === x.evacuation_point_id)];
      expect((await admin.patch(`evacuations/${e.id}/evacuees/${replay.evacuees[i].id}`, { status: x.status, evacuation_point_id: point })).status).toBe(200);
    }
    const [last] = seeded.comments.slice(-1);
    for (const c of seeded.comments.slice(0, -1)) {
      const about = c.evacuation_evacuee_id === null ? null : replay.evacuees[seeded.evacuees.findIndex((x) => x.id === c.evacuation_evacuee_id)].id;
      expect((await admin.post(`evacuations/${e.id}/comments`, { content: c.content, evacuation_evacuee_id: about })).status).toBe(200);
    }
    const done = EvacuationSummary.parse((await admin.post(`evacuations/${e.id}/complete`, { comment: last.content })).json);
    const after = await report(admin, e.id);
    expect(after.comments.map((c) => c.content)).toEqual(seeded.comments.map((c) => c.content));
    expect(after.evacuees.map((x) => x.status)).toEqual(seeded.evacuees.map((x) => x.status));
    expect(done.event_counter).toBe(drill.event_counter);
  });

  // Last: rewinds Head Office's evacuation data to what revision 3 had.
  it("a revision-3 database gets the points and the drill; a second run adds nothing", async () => {
    const db = up.app.db;
    expect(await seedDemoData(up.app)).toBeNull();
    await db.query("DELETE FROM evacuations WHERE site_id = 1");
    await db.query("DELETE FROM evacuation_points WHERE site_id IN (1, 2)");
    await db.query("UPDATE seed_state SET revision = 3");
    const r = await seedDemoData(up.app);
    expect(r).toMatchObject({ from: 3, to: SEED_REVISION, clients: [], users: [], today: [] });
    expect((await fireList(admin, 1)).evacuation_points.map((p) => p.title)).toEqual(["Car park A", "Front lawn"]);
    expect((await fireList(admin, 2)).evacuation_points.map((p) => p.title)).toEqual(["Yard gate"]);
    const list = EvacuationList.parse((await admin.get("evacuations?site_id=1")).json);
    expect(list.evacuations.map((e) => e.status)).toEqual(["completed"]);
    const count = async () =>
      (await db.query<{ p: number; e: number }>("SELECT (SELECT count(*)::int FROM evacuation_points) AS p, (SELECT count(*)::int FROM evacuations) AS e"))[0];
    const once = await count();
    await db.query("UPDATE seed_state SET revision = 3");
    expect(await seedDemoData(up.app)).toMatchObject({ from: 3 });
    expect(await count()).toEqual(once);
  });
});
