/**
 * Visits (the Today view's backend) over HTTP against a running upstream: seeded counts, counts that
 * follow sign-in/out/approve/sign-out-all (deliveries excluded), rights (403), site visibility (404),
 * validation (422), hidden locations, SignInEvent/SignOutEvent on private-Site.{id} for portal and
 * kiosk calls, kiosk device authentication, and the seed's upgrade from revision 2. Sign-out-first
 * groups (ADR 015): departures and returns at the kiosk and in the portal, the count unmoved, their
 * events and 422s, the flag on a synced group, evacuations and the fire list, seed revision 10.
 *
 * Tests that change visits use a site of their own (POST /__test/sites), except where they say so.
 */
import { mkdtemp, readdir, copyFile, rm, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALREADY_AWAY_MESSAGE,
  Config,
  NOT_AWAY_MESSAGE,
  NOT_SIGN_OUT_FIRST_MESSAGE,
  RETURN_NOT_AWAY_MESSAGE,
  SignInOptions,
  SiteToday,
  TokenPair,
  Visit,
  VisitAbsences,
  VisitBadge,
  VisitDetails,
  VisitDocuments,
  VisitEvent,
  VisitHistory,
  routes,
} from "../../contract/index.ts";
import { migrate, openDb } from "../db/index.ts";
import { ALL_RIGHTS, FRONT_DESK_RIGHTS, STANDARD_RIGHTS, TODAY_RIGHTS, toSite, visibleSites } from "../clients/model.ts";
import { TestClient } from "../realtime/test-client.ts";
import { SEED_REVISION, seedDemoData } from "../seed.ts";
import { BOARDERS } from "../groups/seed-sign-out-first.ts";
import { startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient } from "../http/http-test-client.ts";

let up: TestUpstream;

beforeAll(async () => {
  up = await startTestUpstream();
}, 120_000);

afterAll(async () => {
  await up?.stop();
}, 60_000);

type Json = any;

const { call } = httpTestClient(() => up.url, "visits");

/** A signed-in user: `get`/`post` on their regional API. */
interface As {
  token: string;
  get(p: string): ReturnType<typeof call>;
  post(p: string, body?: unknown): ReturnType<typeof call>;
}

async function as(email: string, region = "eu"): Promise<As> {
  const r = await call("POST", "/api/v2/auth/login", { email, password: "Demo-Passw0rd!" });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  const token = TokenPair.parse(r.json).access_token;
  const h = { authorization: `Bearer ${token}` };
  return {
    token,
    get: (p) => call("GET", `/${region}/api/v2/${p}`, undefined, h),
    post: (p, body) => call("POST", `/${region}/api/v2/${p}`, body ?? {}, h),
  };
}

let n = 0;
/** A fresh user with the given role (and optional site restriction). */
async function user(role: string, opts: { client?: string; site_ids?: number[]; is_super?: boolean } = {}) {
  const email = `visits-${++n}-${Date.now()}@example.com`;
  const r = await call("POST", "/__test/users", { email, role, client: opts.client ?? "eu:1", site_ids: opts.site_ids, is_super: opts.is_super ?? false });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return as(email, (opts.client ?? "eu:1").split(":")[0]);
}

async function role(name: string, rights: string[], client = "eu:1") {
  const r = await call("POST", "/__test/roles", { client, name, rights });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json as { id: number; name: string; rights: string[] };
}

/** A fresh standard site of Acme with its kiosk device. */
async function freshSite(name = `Test site ${++n}`) {
  const r = await call("POST", "/__test/sites", { client: "eu:1", name });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json as { id: number; name: string; device_token: string };
}

const kiosk = (token: string | null, action: "sign-in" | "sign-out", body: unknown, region = "eu") =>
  call("POST", `/${region}/api/v2/kiosk/${action}`, body, token === null ? {} : { authorization: `Device ${token}` });

/** Groups (with members) at a site, by name. */
async function groupsAt(a: As, siteId: number) {
  const r = await a.get(`sites/${siteId}/sign-in-options`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  const opts = SignInOptions.parse(r.json);
  return Object.fromEntries(opts.groups.map((g) => [g.name, g]));
}

async function today(a: As, siteId: number) {
  const r = await a.get(`sites/${siteId}/visits/today`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return SiteToday.parse(r.json);
}

/** The count three ways (config, sites, today) and from the list; all must agree. */
async function counts(a: As, siteId: number) {
  const cfg = Config.parse((await a.get("config")).json).sites.find((s) => s.id === siteId)!.visitors_signed_in_count;
  const sites = routes.sites.response.parse((await a.get("sites")).json).find((s) => s.id === siteId)!.visitors_signed_in_count;
  const t = await today(a, siteId);
  const listed = t.visits.filter((v) => v.status === "signed_in" && v.group.type !== "delivery").length;
  expect({ cfg, sites, today: t.site.visitors_signed_in_count }).toEqual({ cfg: listed, sites: listed, today: listed });
  return listed;
}

/** A websocket subscribed to private-Site.{id}, authorised through broadcasting/auth. */
async function subscriber(a: As, siteId: number) {
  const c = new TestClient(`ws://127.0.0.1:${up.app.opts.port}/app/${up.app.opts.pusherAppKey}?protocol=7&client=js&version=8.6.0&flash=false`);
  const socketId = await c.established();
  const channel = `private-Site.${siteId}`;
  const auth = await a.post("broadcasting/auth", { socket_id: socketId, channel_name: [channel] });
  expect(auth.json.channels[channel].status).toBe(200);
  c.send({ event: "pusher:subscribe", data: { channel, auth: auth.json.channels[channel].data.auth } });
  await c.event("pusher_internal:subscription_succeeded");
  return {
    client: c,
    async event(name: "SignInEvent" | "SignOutEvent") {
      const f = await c.event(name);
      expect(f.channel).toBe(channel);
      return VisitEvent.parse(JSON.parse(f.data));
    },
  };
}

describe("seeded Today data", () => {
  it("counts: Head Office 12, Warehouse 3, others 0; config, sites and the Today view agree with the visits", async () => {
    const admin = await as("admin@example.com");
    const sites = Config.parse((await admin.get("config")).json).sites;
    expect(Object.fromEntries(sites.map((s) => [s.name, s.visitors_signed_in_count]))).toEqual({
      "Head Office": 12,
      Warehouse: 3,
      "Dublin Office": 0,
      "Field Team": 0,
      "Home Workers": 0,
      "Annual Conference": 0,
      "Open Day": 0,
    });
    for (const s of sites) await counts(admin, s.id);

    const hq = await today(admin, sites[0].id);
    expect(hq.groups.map((g) => [g.name, g.type, g.approval_required])).toEqual([
      ["Visitors", "standard", false],
      ["Staff", "returning", false],
      ["Contractors", "returning", true],
      ["Deliveries", "delivery", false],
      ["Candidates", "standard", true], // revision 15: pre-registrations that need approval
    ]);
    expect(hq.visits.filter((v) => v.status === "pending").map((v) => v.name)).toEqual(["Priya Sharma"]);
    expect(hq.visits.filter((v) => v.group.type === "delivery").map((v) => v.status)).toEqual(["signed_in"]);
    expect(hq.visits.some((v) => v.location !== null && v.source === "companion")).toBe(true);
    // Oldest first, and all signed in today.
    const times = hq.visits.map((v) => v.created_at);
    expect([...times].sort()).toEqual(times);
    const dublin = await today(admin, sites[2].id);
    expect(dublin.groups.map((g) => g.name)).toEqual(["Visitors", "Staff", "Deliveries"]); // Contractors: HQ and Warehouse only

    for (const [client, site, count] of [["us:1", "Main Campus", 5], ["us:2", "Cypress Creek HQ", 7], ["eu:4", "Main Building", 0]] as const) {
      // Northwind's trial is over: a super user still sees its Today view.
      const a = await user("Administrator", { client, is_super: client === "us:1" });
      const s = Config.parse((await a.get("config")).json).sites.find((x) => x.name === site)!;
      expect(s.visitors_signed_in_count, site).toBe(count);
      await counts(a, s.id);
    }
  });

  it("visit details, badge, history, absences and documents", async () => {
    const admin = await as("admin@example.com");
    const hq = await today(admin, 1);
    const jane = hq.visits.find((v) => v.name === "Jane Cooper")!;
    const details = VisitDetails.parse((await admin.get(`visits/${jane.id}`)).json);
    expect(details).toMatchObject({ site_name: "Head Office", member: null, company: "Initrode", host: "Alice Admin", protected: false });
    expect(details.fields.map((f) => f.label)).toEqual(["Company", "Car registration", "Who are you visiting?", "Purpose of visit", "Have you read the safety briefing?"]);
    const badge = VisitBadge.parse((await admin.get(`visits/${jane.id}/badge`)).json);
    expect(badge).toMatchObject({ name: "Jane Cooper", group: "Visitors", site: "Head Office", company: "Initrode", issued_at: jane.signed_in_at });
    expect(badge.number).toMatch(/^V-\d{6}$/);
    const history = VisitHistory.parse((await admin.get(`visits/${jane.id}/history`)).json).visits;
    expect(history.map((v) => v.status)).toEqual(["signed_out", "signed_out"]);
    expect(history.every((v) => v.name === "Jane Cooper" && v.id !== jane.id)).toBe(true);
    expect(history[0].created_at > history[1].created_at).toBe(true);
    expect(VisitAbsences.parse((await admin.get(`visits/${jane.id}/absences`)).json)).toEqual({ applicable: false, absences: [] });
    expect(VisitDocuments.parse((await admin.get(`visits/${jane.id}/documents`)).json)).toEqual({ applicable: false, documents: [] });

    const amelia = hq.visits.find((v) => v.name === "Amelia Hart")!;
    const ad = VisitDetails.parse((await admin.get(`visits/${amelia.id}`)).json);
    expect(ad.member).toEqual({ id: amelia.member_id, name: "Amelia Hart", email: "amelia.hart@acme.example.com", mobile: "+44 7700 900101" });
    expect(ad.location).toMatchObject({ lat: 51.50502, lng: -0.01938, accuracy: 12 });
    const ah = VisitHistory.parse((await admin.get(`visits/${amelia.id}/history`)).json).visits;
    expect(ah.length).toBeGreaterThan(3);
    expect(ah.length).toBeLessThanOrEqual(20);
    expect(ah.every((v) => v.member_id === amelia.member_id)).toBe(true);
    const abs = VisitAbsences.parse((await admin.get(`visits/${amelia.id}/absences`)).json);
    expect(abs.applicable).toBe(true);
    expect(abs.absences.map((a) => [a.type, a.status])).toEqual([["Annual leave", "approved"], ["Annual leave", "pending"]]);
    const docs = VisitDocuments.parse((await admin.get(`visits/${amelia.id}/documents`)).json);
    expect(docs.documents.map((d) => d.title)).toEqual(["Fire marshal training", "First aid at work certificate"]);
    expect(docs.documents[0].expires_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("locations only for Today.locations", async () => {
    const admin = await as("admin@example.com");
    const fd = await as("frontdesk@example.com"); // Today.viewer only
    const withLoc = (await today(admin, 1)).visits.filter((v) => v.location !== null);
    expect(withLoc.length).toBeGreaterThan(0);
    expect((await today(fd, 1)).visits.every((v) => v.location === null)).toBe(true);
    const d = VisitDetails.parse((await fd.get(`visits/${withLoc[0].id}`)).json);
    expect(d.location).toBeNull();
    const noLoc = await role("History without locations", ["Today.viewer", "History.viewer"]);
    const h = await user(noLoc.name);
    expect(VisitHistory.parse((await h.get(`visits/${withLoc[0].id}/history`)).json).visits.every((v) => v.location === null)).toBe(true);
    expect(VisitHistory.parse((await admin.get(`visits/${withLoc[0].id}/history`)).json).visits.some((v) => v.location !== null)).toBe(true);
  });
});

describe("rights", () => {
  it("each call needs its right (403 with a message)", async () => {
    const site = await freshSite();
    const admin = await as("admin@example.com");
    const g = await groupsAt(admin, site.id);
    const visit = Visit.parse((await admin.post(`sites/${site.id}/visits`, { group_id: g.Visitors.id, name: "Right Test" })).json);

    const none = await user((await role("Nothing today", ["EvacList.viewer"])).name);
    const viewer = await user((await role("Today viewer", ["Today.viewer"])).name);
    const calls: [string, (a: As) => ReturnType<typeof call>, string][] = [
      ["Today.viewer", (a) => a.get(`sites/${site.id}/visits/today`), "You are not authorised to view who is on site."],
      ["Today.viewer", (a) => a.get(`visits/${visit.id}`), "You are not authorised to view who is on site."],
      ["Today.viewer", (a) => a.get(`visits/${visit.id}/badge`), "You are not authorised to view who is on site."],
      ["Today.signInOut", (a) => a.get(`sites/${site.id}/sign-in-options`), "You are not authorised to sign people in or out."],
      ["Today.signInOut", (a) => a.post(`sites/${site.id}/visits`, { group_id: g.Visitors.id, name: "X" }), "You are not authorised to sign people in or out."],
      ["Today.signInOut", (a) => a.post(`visits/${visit.id}/sign-out`), "You are not authorised to sign people in or out."],
      ["Today.signOutAll", (a) => a.post(`sites/${site.id}/visits/sign-out-all`, {}), "You are not authorised to sign everyone out."],
      ["Today.approve", (a) => a.post(`visits/${visit.id}/approve`), "You are not authorised to approve sign-ins."],
      ["AbsenceReport.view", (a) => a.get(`visits/${visit.id}/absences`), "You are not authorised to view absences."],
      ["History.viewer", (a) => a.get(`visits/${visit.id}/history`), "You are not authorised to view visit history."],
      ["GroupMember.viewer", (a) => a.get(`visits/${visit.id}/documents`), "You are not authorised to view group members' documents."],
    ];
    for (const [right, fn, message] of calls) {
      const r = await fn(none);
      expect([right, r.status, r.json.message]).toEqual([right, 403, message]);
      if (right !== "Today.viewer") {
        const v = await fn(viewer);
        expect([right, v.status]).toEqual([right, 403]);
      }
      // The right alone is enough.
      const only = await user((await role(`Only ${right}`, [right])).name);
      expect([right, (await fn(only)).status]).toEqual([right, right === "Today.approve" ? 422 : 200]);
    }
    // Nothing changed on the way (the sign-out by the right alone above signed it out).
    expect((await counts(admin, site.id))).toBe(0);
  });

  it("built-in roles: Administrator all five, Standard User all five, Front Desk Today.viewer only", async () => {
    expect(ALL_RIGHTS).toEqual(expect.arrayContaining([...TODAY_RIGHTS]));
    expect(STANDARD_RIGHTS).toEqual(expect.arrayContaining([...TODAY_RIGHTS]));
    expect(FRONT_DESK_RIGHTS.filter((r) => r.startsWith("Today."))).toEqual(["Today.viewer"]);
    const fd = Config.parse((await (await as("frontdesk@example.com")).get("config")).json);
    expect([...fd.abilities].sort()).toEqual([...FRONT_DESK_RIGHTS].sort());
  });

  it("an expired client: 403 trial_period_over (portal and kiosk)", async () => {
    const expired = await as("expired@example.com");
    const site = Config.parse((await expired.get("config")).json).sites[0];
    const r = await expired.get(`sites/${site.id}/visits/today`);
    expect(r.status).toBe(403);
    expect(r.json.code).toBe("trial_period_over");
    const k = await kiosk("demo-kiosk-exp-office", "sign-in", { group_id: 1, name: "X" });
    expect(k.status).toBe(403);
    expect(k.json.code).toBe("trial_period_over");
  });
});

describe("visibility", () => {
  it("a user restricted to some sites gets 404 for the others and their visits; other clients' visits are 404", async () => {
    // Every right, Head Office only.
    const standard = await user("Administrator", { site_ids: [1] });
    const admin = await as("admin@example.com");
    const wh = await today(admin, 2);
    for (const r of [
      await standard.get("sites/2/visits/today"),
      await standard.get("sites/2/sign-in-options"),
      await standard.post("sites/2/visits", { group_id: wh.groups[0].id, name: "X" }),
      await standard.post("sites/2/visits/sign-out-all", {}),
      await standard.get("sites/999999/visits/today"),
      await standard.get("sites/abc/visits/today"),
    ]) {
      expect(r.status).toBe(404);
      expect(r.json.message).toBe("Site not found.");
    }
    for (const p of ["", "/badge", "/history", "/absences", "/documents"]) {
      const r = await standard.get(`visits/${wh.visits[0].id}${p}`);
      expect([p, r.status, r.json.message]).toEqual([p, 404, "Visit not found."]);
    }
    expect((await standard.post(`visits/${wh.visits[0].id}/sign-out`)).status).toBe(404);
    expect((await standard.get(`visits/${(await today(admin, 1)).visits[0].id}`)).status).toBe(200);

    const globex = await user("Administrator", { client: "us:2" });
    const gsite = Config.parse((await globex.get("config")).json).sites[0];
    const gvisit = (await today(globex, gsite.id)).visits[0];
    expect((await admin.get(`visits/${gvisit.id}`)).status).toBe(404);
    expect((await admin.post(`visits/${gvisit.id}/sign-out`)).status).toBe(404);
    expect((await admin.get(`sites/${gsite.id}/visits/today`)).status).toBe(404);
    expect((await admin.get("visits/99999999")).status).toBe(404);
  });

  it("a new test site is seen by users of every site, with the groups shown everywhere, and by no one restricted", async () => {
    const site = await freshSite();
    const admin = await as("admin@example.com");
    expect(Config.parse((await admin.get("config")).json).sites.map((s) => s.id)).toContain(site.id);
    expect(Object.keys(await groupsAt(admin, site.id))).toEqual(["Visitors", "Staff", "Deliveries"]);
    const made = await call("POST", "/__test/sites", { name: "Another" });
    expect(made.json.groups.map((g: Json) => g.name)).toEqual(["Visitors", "Staff", "Deliveries"]);
    expect((await (await as("standard@example.com")).get(`sites/${site.id}/visits/today`)).status).toBe(404);
  });
});

describe("sign in and out", () => {
  it("counts follow sign-in, sign-out, approve and sign-out-all; deliveries are not counted", async () => {
    const site = await freshSite();
    const admin = await as("admin@example.com");
    const g = await groupsAt(admin, site.id);
    expect(await counts(admin, site.id)).toBe(0);

    const v1 = Visit.parse((await admin.post(`sites/${site.id}/visits`, { group_id: g.Visitors.id, name: "  Ada Lovelace ", company: "Analytical", host: "" })).json);
    expect(v1).toMatchObject({ site_id: site.id, name: "Ada Lovelace", company: "Analytical", host: null, status: "signed_in", source: "portal", member_id: null, location: null });
    expect(v1.signed_in_at).toBe(v1.created_at);
    expect(await counts(admin, site.id)).toBe(1);

    const staff = g.Staff.members[0];
    const v2 = Visit.parse((await admin.post(`sites/${site.id}/visits`, { group_id: g.Staff.id, member_id: staff.id, name: "ignored" })).json);
    expect(v2).toMatchObject({ member_id: staff.id, name: staff.name, status: "signed_in" });
    expect((await groupsAt(admin, site.id)).Staff.members.map((m) => m.id)).not.toContain(staff.id);
    expect(await counts(admin, site.id)).toBe(2);

    const d = Visit.parse((await admin.post(`sites/${site.id}/visits`, { group_id: g.Deliveries.id, name: "Parcel Force" })).json);
    expect(d.status).toBe("signed_in");
    expect(await counts(admin, site.id)).toBe(2);
    expect((await today(admin, site.id)).visits.map((v) => v.id)).toEqual([v1.id, v2.id, d.id]);

    const out = Visit.parse((await admin.post(`visits/${v1.id}/sign-out`)).json);
    expect(out.status).toBe("signed_out");
    expect(out.signed_out_at).not.toBeNull();
    expect(await counts(admin, site.id)).toBe(1);

    // sign out all of one group, then everyone.
    expect((await admin.post(`sites/${site.id}/visits/sign-out-all`, { group_id: g.Deliveries.id })).json).toEqual({ signed_out: 1 });
    expect(await counts(admin, site.id)).toBe(1);
    await admin.post(`sites/${site.id}/visits`, { group_id: g.Visitors.id, name: "Charles Babbage" });
    expect(await counts(admin, site.id)).toBe(2);
    expect((await admin.post(`sites/${site.id}/visits/sign-out-all`)).json).toEqual({ signed_out: 2 });
    expect(await counts(admin, site.id)).toBe(0);
    expect((await admin.post(`sites/${site.id}/visits/sign-out-all`, {})).json).toEqual({ signed_out: 0 });
    expect((await today(admin, site.id)).visits).toEqual([]);
    // The signed-out member is offered again.
    expect((await groupsAt(admin, site.id)).Staff.members.map((m) => m.id)).toContain(staff.id);
  });

  it("approval: a contractor waits (pending, not counted) until approved (Head Office)", async () => {
    const admin = await as("admin@example.com");
    const before = await counts(admin, 1);
    const g = await groupsAt(admin, 1);
    expect(g.Contractors.approval_required).toBe(true);
    expect(g.Contractors.members.map((m) => m.name)).not.toContain("Priya Sharma"); // pending at HQ
    const tom = g.Contractors.members.find((m) => m.name === "Tom Fletcher")!;
    const sub = await subscriber(admin, 1);
    const v = Visit.parse((await admin.post("sites/1/visits", { group_id: g.Contractors.id, member_id: tom.id, company: "Fletcher Plumbing" })).json);
    expect(v).toMatchObject({ status: "pending", signed_in_at: null, company: "Fletcher Plumbing" });
    expect(await sub.event("SignInEvent")).toEqual({ visit: v, visitors_signed_in_count: before });
    expect(await counts(admin, 1)).toBe(before);
    const again = await admin.post("sites/1/visits", { group_id: g.Contractors.id, member_id: tom.id });
    expect(again.json.errors).toEqual({ member_id: ["Tom Fletcher is already signed in"] });

    const approved = Visit.parse((await admin.post(`visits/${v.id}/approve`)).json);
    expect(approved).toMatchObject({ id: v.id, status: "signed_in" });
    expect(approved.signed_in_at).not.toBeNull();
    expect(await sub.event("SignInEvent")).toEqual({ visit: approved, visitors_signed_in_count: before + 1 });
    expect(await counts(admin, 1)).toBe(before + 1);
    const twice = await admin.post(`visits/${v.id}/approve`);
    expect(twice.status).toBe(422);
    expect(twice.json.errors).toEqual({ visit: ["This visit is not waiting for approval"] });
    // Leave Head Office as seeded.
    await admin.post(`visits/${v.id}/sign-out`);
    expect(await sub.event("SignOutEvent")).toMatchObject({ visit: { id: v.id, status: "signed_out" }, visitors_signed_in_count: before });
    sub.client.close();
  });

  it("422: group not at the site, member missing or wrong or on site, name missing, sign-out of a visit not signed in", async () => {
    const site = await freshSite();
    const admin = await as("admin@example.com");
    const g = await groupsAt(admin, site.id);
    const hq = await groupsAt(admin, 1);
    const post = (body: unknown) => admin.post(`sites/${site.id}/visits`, body);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ group_id: g.Staff.id }, { member_id: ["Signing in needs a group member selected"] }],
      [{ group_id: g.Staff.id, name: "Somebody" }, { member_id: ["Signing in needs a group member selected"] }],
      [{ group_id: g.Staff.id, member_id: hq.Contractors.members[0].id }, { member_id: ["The selected member is not in this group"] }],
      [{ group_id: g.Visitors.id }, { name: ["A name is required"] }],
      [{ group_id: g.Visitors.id, name: "   " }, { name: ["A name is required"] }],
      [{ group_id: g.Deliveries.id, name: "" }, { name: ["A name is required"] }],
      [{ group_id: hq.Contractors.id, member_id: hq.Contractors.members[0].id }, { group_id: ["The selected group is not available at this site"] }],
      [{ group_id: 999999, name: "X" }, { group_id: ["The selected group is not available at this site"] }],
    ];
    for (const [body, errors] of cases) {
      const r = await post(body);
      expect([body, r.status, r.json.errors]).toEqual([body, 422, errors]);
      expect(r.json.message).toBe(Object.values(errors)[0][0]);
    }
    expect((await post({ name: "No group" })).status).toBe(422);
    // Another client's group.
    const globex = await user("Administrator", { client: "us:2" });
    const gg = await groupsAt(globex, Config.parse((await globex.get("config")).json).sites[0].id);
    expect((await post({ group_id: gg.Visitors.id, name: "X" })).json.errors).toEqual({ group_id: ["The selected group is not available at this site"] });

    const m = g.Staff.members[1];
    expect((await post({ group_id: g.Staff.id, member_id: m.id })).status).toBe(200);
    expect((await post({ group_id: g.Staff.id, member_id: m.id })).json.errors).toEqual({ member_id: [`${m.name} is already signed in`] });

    const v = Visit.parse((await post({ group_id: g.Visitors.id, name: "Once" })).json);
    expect((await admin.post(`visits/${v.id}/sign-out`)).status).toBe(200);
    const again = await admin.post(`visits/${v.id}/sign-out`);
    expect(again.status).toBe(422);
    expect(again.json.errors).toEqual({ visit: ["This visit is not signed in"] });
    const approve = await admin.post(`visits/${v.id}/approve`);
    expect(approve.status).toBe(422);
    expect((await admin.post(`sites/${site.id}/visits/sign-out-all`, { group_id: hq.Contractors.id })).status).toBe(422);
    expect(await counts(admin, site.id)).toBe(1);
  });
});

describe("events and the kiosk", () => {
  it("portal calls broadcast SignInEvent / SignOutEvent with the visit (no location) and the count after", async () => {
    const site = await freshSite();
    const admin = await as("admin@example.com");
    const g = await groupsAt(admin, site.id);
    const sub = await subscriber(admin, site.id);

    const a = Visit.parse((await admin.post(`sites/${site.id}/visits`, { group_id: g.Visitors.id, name: "Grace Hopper", host: "Alice Admin" })).json);
    expect(await sub.event("SignInEvent")).toEqual({ visit: a, visitors_signed_in_count: 1 });
    const b = Visit.parse((await admin.post(`sites/${site.id}/visits`, { group_id: g.Staff.id, member_id: g.Staff.members[2].id })).json);
    expect(await sub.event("SignInEvent")).toEqual({ visit: b, visitors_signed_in_count: 2 });
    const d = Visit.parse((await admin.post(`sites/${site.id}/visits`, { group_id: g.Deliveries.id, name: "Royal Mail" })).json);
    expect(await sub.event("SignInEvent")).toEqual({ visit: d, visitors_signed_in_count: 2 });

    const out = Visit.parse((await admin.post(`visits/${a.id}/sign-out`)).json);
    expect(await sub.event("SignOutEvent")).toEqual({ visit: out, visitors_signed_in_count: 1 });

    // Sign out all: one event per visit, oldest first, the count after each.
    expect((await admin.post(`sites/${site.id}/visits/sign-out-all`)).json).toEqual({ signed_out: 2 });
    const e1 = await sub.event("SignOutEvent");
    const e2 = await sub.event("SignOutEvent");
    expect([e1.visit.id, e1.visit.status, e1.visitors_signed_in_count]).toEqual([b.id, "signed_out", 0]);
    expect([e2.visit.id, e2.visit.status, e2.visitors_signed_in_count]).toEqual([d.id, "signed_out", 0]);
    // Failed calls broadcast nothing.
    await admin.post(`visits/${a.id}/sign-out`);
    await admin.post(`sites/${site.id}/visits`, { group_id: g.Visitors.id });
    await new Promise((r) => setTimeout(r, 100));
    expect(sub.client.frames.filter((f) => f.event === "SignInEvent" || f.event === "SignOutEvent")).toHaveLength(6);
    sub.client.close();
  });

  it("concurrent sign-ins and sign-outs at one site: every event carries a distinct count, the last one the total", async () => {
    const site = await freshSite();
    const admin = await as("admin@example.com");
    const g = await groupsAt(admin, site.id);
    const sub = await subscriber(admin, site.id);
    const made = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? admin.post(`sites/${site.id}/visits`, { group_id: g.Visitors.id, name: `Crowd ${i}` }) : kiosk(site.device_token, "sign-in", { group_id: g.Visitors.id, name: `Crowd ${i}` }),
      ),
    );
    expect(made.map((r) => r.status)).toEqual(Array(10).fill(200));
    const ins = [];
    for (let i = 0; i < 10; i++) ins.push((await sub.event("SignInEvent")).visitors_signed_in_count);
    expect([...ins].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await counts(admin, site.id)).toBe(10);
    await Promise.all(made.slice(0, 5).map((r) => admin.post(`visits/${r.json.id}/sign-out`)));
    const outs = [];
    for (let i = 0; i < 5; i++) outs.push((await sub.event("SignOutEvent")).visitors_signed_in_count);
    expect([...outs].sort((a, b) => a - b)).toEqual([5, 6, 7, 8, 9]);
    expect(await counts(admin, site.id)).toBe(5);
    sub.client.close();
  });

  it("kiosk: device token, sign-in with a location (companion), sign-out by visit or member, same events and validation", async () => {
    const site = await freshSite();
    const admin = await as("admin@example.com");
    const g = await groupsAt(admin, site.id);
    const sub = await subscriber(admin, site.id);

    const loc = { lat: 51.5, lng: -0.12, accuracy: 8 };
    const k1 = await kiosk(site.device_token, "sign-in", { group_id: g.Staff.id, member_id: g.Staff.members[0].id, location: loc, source: "companion" });
    expect(k1.status, JSON.stringify(k1.json)).toBe(200);
    const v1 = Visit.parse(k1.json);
    expect(v1).toMatchObject({ site_id: site.id, source: "companion", status: "signed_in", location: null });
    const e1 = await sub.event("SignInEvent");
    expect(e1).toEqual({ visit: v1, visitors_signed_in_count: 1 });
    expect(e1.visit.location).toBeNull();
    // Stored: the admin (Today.locations) sees it; the event and the kiosk's answer did not carry it.
    expect((await today(admin, site.id)).visits[0].location).toEqual(loc);

    const v2 = Visit.parse((await kiosk(site.device_token, "sign-in", { group_id: g.Visitors.id, name: "Kiosk Visitor", company: "Acme" })).json);
    expect(v2.source).toBe("kiosk");
    expect(await sub.event("SignInEvent")).toEqual({ visit: v2, visitors_signed_in_count: 2 });
    expect(await counts(admin, site.id)).toBe(2);

    // Same validation as the portal.
    expect((await kiosk(site.device_token, "sign-in", { group_id: g.Staff.id })).json.errors).toEqual({ member_id: ["Signing in needs a group member selected"] });
    expect((await kiosk(site.device_token, "sign-in", { group_id: g.Visitors.id })).json.errors).toEqual({ name: ["A name is required"] });
    expect((await kiosk(site.device_token, "sign-in", { group_id: g.Visitors.id, name: "X", source: "portal" })).status).toBe(422);
    expect((await kiosk(site.device_token, "sign-in", { group_id: g.Visitors.id, name: "X", location: { lat: 100, lng: 0, accuracy: 1 } })).status).toBe(422);
    expect((await kiosk(site.device_token, "sign-in", { group_id: g.Staff.id, member_id: g.Staff.members[0].id })).json.errors).toEqual({
      member_id: [`${g.Staff.members[0].name} is already signed in`],
    });

    const o1 = await kiosk(site.device_token, "sign-out", { member_id: g.Staff.members[0].id });
    expect(o1.status, JSON.stringify(o1.json)).toBe(200);
    expect(Visit.parse(o1.json)).toMatchObject({ id: v1.id, status: "signed_out", location: null });
    expect(await sub.event("SignOutEvent")).toMatchObject({ visit: { id: v1.id, status: "signed_out", location: null }, visitors_signed_in_count: 1 });
    expect((await kiosk(site.device_token, "sign-out", { member_id: g.Staff.members[0].id })).json.errors).toEqual({ member_id: ["This member is not signed in"] });

    const o2 = await kiosk(site.device_token, "sign-out", { visit_id: v2.id });
    expect(Visit.parse(o2.json).status).toBe("signed_out");
    expect(await sub.event("SignOutEvent")).toMatchObject({ visit: { id: v2.id }, visitors_signed_in_count: 0 });
    expect((await kiosk(site.device_token, "sign-out", { visit_id: v2.id })).json.errors).toEqual({ visit: ["This visit is not signed in"] });
    expect((await kiosk(site.device_token, "sign-out", {})).status).toBe(422);
    expect((await kiosk(site.device_token, "sign-out", { visit_id: v2.id, member_id: 1 })).status).toBe(422);
    // A visit of another site is not the device's.
    const hqVisit = (await today(admin, 1)).visits[0];
    expect((await kiosk(site.device_token, "sign-out", { visit_id: hqVisit.id })).status).toBe(404);
    expect(await counts(admin, site.id)).toBe(0);
    sub.client.close();
  });

  it("kiosk: 401 without a device token, with a bad one, with a Bearer token, and in the other region", async () => {
    const admin = await as("admin@example.com");
    for (const [token, region] of [[null, "eu"], ["nope", "eu"], ["demo-kiosk-acme-hq", "us"], ["demo-kiosk-nw-main", "eu"]] as const) {
      const r = await kiosk(token, "sign-in", { group_id: 1, name: "X" }, region);
      expect([token, region, r.status, r.json.code]).toEqual([token, region, 401, "invalid_device"]);
      expect((await kiosk(token, "sign-out", { visit_id: 1 }, region)).status).toBe(401);
    }
    const bearer = await call("POST", "/eu/api/v2/kiosk/sign-in", { group_id: 1, name: "X" }, { authorization: `Bearer ${admin.token}` });
    expect(bearer.status).toBe(401);
    // The demo kiosk of Globex's Cypress Creek HQ works in its region.
    const gx = await user("Administrator", { client: "us:2" });
    const hq = Config.parse((await gx.get("config")).json).sites.find((s) => s.name === "Cypress Creek HQ")!;
    const g = await groupsAt(gx, hq.id);
    const before = await counts(gx, hq.id);
    const r = await kiosk("demo-kiosk-globex-hq", "sign-in", { group_id: g.Visitors.id, name: "Demo Kiosk" }, "us");
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(await counts(gx, hq.id)).toBe(before + 1);
    expect((await kiosk("demo-kiosk-globex-hq", "sign-out", { visit_id: r.json.id }, "us")).status).toBe(200);
    expect(await counts(gx, hq.id)).toBe(before);
  });

  it("the OpenAPI document lists the kiosk calls", async () => {
    const doc = (await call("GET", "/eu/api/v2/openapi.json")).json;
    expect(doc.paths["/kiosk/sign-in"].post.operationId).toBe("kioskSignIn");
    expect(doc.paths["/kiosk/sign-out"].post.operationId).toBe("kioskSignOut");
    expect(doc.paths["/sites/{siteId}/visits/today"].get.operationId).toBe("siteToday");
  });
});

describe("sign-out-first groups (ADR 015)", () => {
  /** A returning group of its own at `siteId`, signing out first unless told otherwise. */
  async function sofGroup(siteId: number, members: string[], opts: { allow?: boolean; synced?: "azure-ad" } = {}) {
    const r = await call("POST", "/__test/groups", { name: `Boarders ${++n}`, site_ids: [siteId], allow_sign_out_first: opts.allow ?? true, members, synced: opts.synced });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    const g = r.json as { id: number; name: string; members: { id: number; name: string }[] };
    return { ...g, member: (name: string) => g.members.find((m) => m.name === name)!.id };
  }
  const FLAG = "beta.show-signout-first-sync-groups-as-signout-first";
  const flag = async (on: boolean) => expect((await call("POST", "/__test/clients/eu:1", { settings: { [FLAG]: on } })).status).toBe(200);

  it("kiosk: a departure is an away visit and a SignOutEvent, the return closes it with a SignInEvent; the count never moves; 422s", async () => {
    const site = await freshSite();
    const admin = await as("admin@example.com");
    const g = await sofGroup(site.id, ["Ann Away", "Bea Back"]);
    const sub = await subscriber(admin, site.id);
    const visitors = (await groupsAt(admin, site.id)).Visitors.id;
    const visitor = Visit.parse((await kiosk(site.device_token, "sign-in", { group_id: visitors, name: "On Site" })).json);
    expect(await sub.event("SignInEvent")).toMatchObject({ visit: { id: visitor.id }, visitors_signed_in_count: 1 });

    const out = await kiosk(site.device_token, "sign-out", { member_id: g.member("Ann Away") });
    expect(out.status, JSON.stringify(out.json)).toBe(200);
    const away = Visit.parse(out.json);
    expect(away).toMatchObject({ status: "away", member_id: g.member("Ann Away"), name: "Ann Away", source: "kiosk", signed_in_at: null, group: { id: g.id } });
    expect(away.signed_out_at).not.toBeNull();
    expect(await sub.event("SignOutEvent")).toEqual({ visit: away, visitors_signed_in_count: 1 });

    let t = await today(admin, site.id);
    expect(t.groups.find((x) => x.id === g.id)).toMatchObject({ sign_out_first: true, type: "returning" });
    expect(t.groups.find((x) => x.id === visitors)?.sign_out_first).toBe(false);
    expect(t.away.map((v) => v.name)).toEqual(["Ann Away"]);
    expect(t.visits.map((v) => v.name)).toEqual(["On Site"]);
    expect(await counts(admin, site.id)).toBe(1);
    // The sign-in form offers those who are not out.
    expect((await groupsAt(admin, site.id))[g.name].members.map((m) => m.name)).toEqual(["Bea Back"]);

    const again = await kiosk(site.device_token, "sign-out", { member_id: g.member("Ann Away") });
    expect([again.status, again.json.errors]).toEqual([422, { member_id: [ALREADY_AWAY_MESSAGE] }]);
    const notOut = await kiosk(site.device_token, "sign-in", { group_id: g.id, member_id: g.member("Bea Back") });
    expect([notOut.status, notOut.json.errors]).toEqual([422, { member_id: [NOT_AWAY_MESSAGE] }]);
    // An away visit is not signed in: the ordinary sign-out by visit leaves it alone.
    expect((await kiosk(site.device_token, "sign-out", { visit_id: away.id })).json.errors).toEqual({ visit: ["This visit is not signed in"] });

    const back = await kiosk(site.device_token, "sign-in", { group_id: g.id, member_id: g.member("Ann Away") });
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    const returned = Visit.parse(back.json);
    expect(returned).toMatchObject({ id: away.id, status: "returned", signed_out_at: away.signed_out_at });
    expect(returned.signed_in_at! >= away.signed_out_at!).toBe(true);
    expect(await sub.event("SignInEvent")).toEqual({ visit: returned, visitors_signed_in_count: 1 });
    t = await today(admin, site.id);
    expect([t.away, t.visits.map((v) => v.name)]).toEqual([[], ["On Site"]]);
    expect(await counts(admin, site.id)).toBe(1);
    // Out again: a new departure.
    expect(Visit.parse((await kiosk(site.device_token, "sign-out", { member_id: g.member("Ann Away") })).json).id).not.toBe(away.id);
    // Another site's kiosk: the group is not shown there, so nobody leaves from it.
    const elsewhere = await freshSite();
    expect((await kiosk(elsewhere.device_token, "sign-out", { member_id: g.member("Bea Back") })).json.errors).toEqual({ member_id: ["This member is not signed in"] });
    sub.client.close();
  });

  it("portal: departure and return (Today.signInOut, 403 without), 422s; ordinary groups as before; sign-out-all and the visit's details", async () => {
    const site = await freshSite();
    const admin = await as("admin@example.com");
    const g = await sofGroup(site.id, ["Cal Out", "Dee Stay"]);
    const staff = (await groupsAt(admin, site.id)).Staff;
    const depart = (body: unknown) => admin.post(`sites/${site.id}/departures`, body);

    const r = await depart({ group_id: g.id, member_id: g.member("Cal Out") });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const away = Visit.parse(r.json);
    expect(away).toMatchObject({ status: "away", source: "portal" });
    const cases: [unknown, number, Record<string, string[]> | undefined][] = [
      [{ group_id: g.id, member_id: g.member("Cal Out") }, 422, { member_id: [ALREADY_AWAY_MESSAGE] }],
      [{ group_id: staff.id, member_id: staff.members[0].id }, 422, { group_id: [NOT_SIGN_OUT_FIRST_MESSAGE] }],
      [{ group_id: g.id, member_id: staff.members[0].id }, 422, { member_id: ["The selected member is not in this group"] }],
      [{ group_id: 999999, member_id: 1 }, 422, { group_id: ["The selected group is not available at this site"] }],
      [{ group_id: g.id }, 422, undefined],
      [{ group_id: "x", member_id: -1 }, 422, undefined],
    ];
    for (const [body, status, errors] of cases) {
      const x = await depart(body);
      expect([body, x.status]).toEqual([body, status]);
      if (errors) expect(x.json.errors).toEqual(errors);
    }
    // An ordinary returning group signs in exactly as before.
    expect(Visit.parse((await admin.post(`sites/${site.id}/visits`, { group_id: staff.id, member_id: staff.members[0].id })).json).status).toBe("signed_in");
    // The portal's sign-in of a sign-out-first member: refused unless they are away.
    expect((await admin.post(`sites/${site.id}/visits`, { group_id: g.id, member_id: g.member("Dee Stay") })).json.errors).toEqual({ member_id: [NOT_AWAY_MESSAGE] });

    // Sign out all signs out who is on site, never who is away.
    expect((await admin.post(`sites/${site.id}/visits/sign-out-all`, {})).json).toEqual({ signed_out: 1 });
    expect((await today(admin, site.id)).away.map((v) => v.id)).toEqual([away.id]);
    // The visit's details read as a departure.
    expect(VisitDetails.parse((await admin.get(`visits/${away.id}`)).json)).toMatchObject({ status: "away", signed_in_at: null });

    const viewer = await user("Front Desk");
    expect((await viewer.post(`sites/${site.id}/departures`, { group_id: g.id, member_id: g.member("Dee Stay") })).status).toBe(403);
    expect((await viewer.post(`visits/${away.id}/return`)).status).toBe(403);
    const back = await admin.post(`visits/${away.id}/return`);
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    expect(Visit.parse(back.json)).toMatchObject({ id: away.id, status: "returned" });
    for (const id of [away.id, (await today(admin, 1)).visits[0].id]) {
      const x = await admin.post(`visits/${id}/return`);
      expect([x.status, x.json.errors]).toEqual([422, { visit: [RETURN_NOT_AWAY_MESSAGE] }]);
    }
    expect((await admin.post("visits/abc/return")).status).toBe(404);
    expect(await counts(admin, site.id)).toBe(0);
    const history = VisitHistory.parse((await admin.get(`visits/${(await today(admin, 1)).visits[0].id}/history`)).json);
    expect(history.visits.every((v) => v.status !== "away")).toBe(true);
  });

  it("the flag: a synced group signs out first only with show-signout-first-sync-groups-as-signout-first, and says so", async () => {
    const site = await freshSite();
    const admin = await as("admin@example.com");
    const synced = await sofGroup(site.id, ["Eli Synced"], { synced: "azure-ad" });
    const plain = await sofGroup(site.id, ["Fay Plain"]);
    const detail = async (id: number) => (await admin.get(`groups/${id}`)).json as { details: { allow_sign_out_first: boolean }; sign_out_first_effective: boolean; sign_out_first_needs_flag: boolean };
    const shown = async () => Object.fromEntries((await today(admin, site.id)).groups.map((x) => [x.id, x.sign_out_first]));
    try {
      await flag(false);
      expect(await detail(synced.id)).toMatchObject({ details: { allow_sign_out_first: true }, sign_out_first_effective: false, sign_out_first_needs_flag: true });
      expect(await detail(plain.id)).toMatchObject({ sign_out_first_effective: true, sign_out_first_needs_flag: false });
      expect(await shown()).toMatchObject({ [synced.id]: false, [plain.id]: true });
      // Without the flag: an ordinary returning group.
      const eli = synced.member("Eli Synced");
      expect((await kiosk(site.device_token, "sign-out", { member_id: eli })).json.errors).toEqual({ member_id: ["This member is not signed in"] });
      expect((await admin.post(`sites/${site.id}/departures`, { group_id: synced.id, member_id: eli })).json.errors).toEqual({ group_id: [NOT_SIGN_OUT_FIRST_MESSAGE] });
      const inVisit = Visit.parse((await kiosk(site.device_token, "sign-in", { group_id: synced.id, member_id: eli })).json);
      expect(inVisit.status).toBe("signed_in");
      expect(await counts(admin, site.id)).toBe(1);

      await flag(true);
      expect(await detail(synced.id)).toMatchObject({ sign_out_first_effective: true, sign_out_first_needs_flag: false });
      expect(await shown()).toMatchObject({ [synced.id]: true });
      // Signed in the ordinary way before the flag: leaving signs that visit out, as before.
      expect(Visit.parse((await kiosk(site.device_token, "sign-out", { member_id: eli })).json)).toMatchObject({ id: inVisit.id, status: "signed_out" });
      expect(await counts(admin, site.id)).toBe(0);
      const away = Visit.parse((await kiosk(site.device_token, "sign-out", { member_id: eli })).json);
      expect(away.status).toBe("away");

      // The flag off again: the group is ordinary, and the one still away can still come back.
      await flag(false);
      expect((await today(admin, site.id)).away.map((v) => v.id)).toEqual([away.id]);
      expect(Visit.parse((await kiosk(site.device_token, "sign-in", { group_id: synced.id, member_id: eli })).json)).toMatchObject({ id: away.id, status: "returned" });
      expect(await counts(admin, site.id)).toBe(0);
    } finally {
      await flag(false);
    }
  });

  it("an evacuation's snapshot and the fire list leave out who is away", async () => {
    const site = await freshSite();
    const admin = await as("admin@example.com");
    const g = await sofGroup(site.id, ["Gil Gone", "Hal Here"]);
    const visitors = (await groupsAt(admin, site.id)).Visitors.id;
    expect((await kiosk(site.device_token, "sign-out", { member_id: g.member("Gil Gone") })).status).toBe(200);
    expect((await kiosk(site.device_token, "sign-in", { group_id: visitors, name: "Ivy In" })).status).toBe(200);
    const fire = (await admin.get(`sites/${site.id}/fire-list`)).json as { people: { name: string }[] };
    expect(fire.people.map((p) => p.name)).toEqual(["Ivy In"]);
    const started = await admin.post(`sites/${site.id}/evacuations`, {});
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const report = (await admin.get(`evacuations/${started.json.id}`)).json as { evacuees: { name: string }[] };
    expect(report.evacuees.map((e) => e.name)).toEqual(["Ivy In"]);
    expect((await admin.post(`evacuations/${started.json.id}/complete`, {})).status).toBe(200);
  });

  it("revision 10: Oakfield's Boarders sign out first at the Main Building, Leo Fischer is out; a rerun adds nothing", async () => {
    const school = await as("school@example.com");
    const main = Config.parse((await school.get("config")).json).sites.find((s) => s.name === "Main Building")!;
    const t = await today(school, main.id);
    expect(t.groups.find((x) => x.name === BOARDERS.group)).toMatchObject({ type: "returning", sign_out_first: true });
    expect(t.away.map((v) => [v.name, v.group.name, v.status])).toEqual([[BOARDERS.away, BOARDERS.group, "away"]]);
    expect(t.site.visitors_signed_in_count).toBe(0);
    const sports = Config.parse((await school.get("config")).json).sites.find((s) => s.name === "Sports Centre")!;
    expect((await today(school, sports.id)).groups.some((x) => x.name === BOARDERS.group)).toBe(false);
    const boarders = async () => (await up.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM groups WHERE name = $1", [BOARDERS.group]))[0].n;
    await up.app.db.query("UPDATE seed_state SET revision = 9");
    expect(await seedDemoData(up.app)).toMatchObject({ from: 9, to: SEED_REVISION, clients: [], users: [] });
    expect(await boarders()).toBe(1);
    expect((await today(school, main.id)).away).toHaveLength(1);
  });
});

describe("seed revisions", () => {
  // Last: rewinds the Today data to what revision 2 had (no groups, visits, devices; old rights).
  it("a revision-2 database gets groups, visits, kiosks and the Today rights; counts as before; idempotent", async () => {
    const db = up.app.db;
    expect(await seedDemoData(up.app)).toBeNull();
    await db.query("DELETE FROM groups");
    await db.query("DELETE FROM devices");
    await db.query(`UPDATE roles SET rights = (SELECT coalesce(jsonb_agg(r), '[]'::jsonb) FROM jsonb_array_elements_text(rights) r WHERE r NOT LIKE 'Today.%')`);
    await db.query("UPDATE seed_state SET revision = 2");
    const admin = await as("admin@example.com");
    expect(Config.parse((await admin.get("config")).json).sites.every((s) => s.visitors_signed_in_count === 0)).toBe(true);
    expect((await admin.get("sites/1/visits/today")).status).toBe(403);

    const r = await seedDemoData(up.app);
    expect(r).toMatchObject({ from: 2, to: SEED_REVISION, clients: [], users: [] });
    expect(r!.today.sort()).toEqual(["eu:1", "eu:2", "eu:3", "eu:4", "eu:5", "eu:6", "us:1", "us:2", "us:3"]);
    expect(await seedDemoData(up.app)).toBeNull();

    const cfg = Config.parse((await admin.get("config")).json);
    expect([...cfg.abilities].sort()).toEqual([...ALL_RIGHTS].sort());
    expect(Object.fromEntries(cfg.sites.map((s) => [s.name, s.visitors_signed_in_count]))).toMatchObject({ "Head Office": 12, Warehouse: 3, "Dublin Office": 0 });
    for (const s of cfg.sites) await counts(admin, s.id);
    const fd = Config.parse((await (await as("frontdesk@example.com")).get("config")).json);
    expect([...fd.abilities].sort()).toEqual([...FRONT_DESK_RIGHTS].sort());
    const std = Config.parse((await (await as("standard@example.com")).get("config")).json);
    expect([...std.abilities].sort()).toEqual([...STANDARD_RIGHTS].sort());
    const globex = await user("Administrator", { client: "us:2" });
    expect(Config.parse((await globex.get("config")).json).sites.find((s) => s.name === "Cypress Creek HQ")!.visitors_signed_in_count).toBe(7);
    expect((await kiosk("demo-kiosk-acme-hq", "sign-out", { visit_id: 1 })).status).not.toBe(401);

    // A second run adds no devices or groups.
    const total = async () => (await db.query<{ g: number; d: number; v: number }>(
      "SELECT (SELECT count(*)::int FROM groups) AS g, (SELECT count(*)::int FROM devices) AS d, (SELECT count(*)::int FROM visits) AS v",
    ))[0];
    const once = await total();
    await db.query("UPDATE seed_state SET revision = 2");
    expect((await seedDemoData(up.app))!.today).toEqual([]);
    expect(await total()).toEqual(once);
  });

  it("migration 003 on a revision-2 schema: the stored counts give way to computed ones", async () => {
    if (up.app.db.kind !== "pglite") return; // PGlite only: a second database in a temp dir.
    const dir = await mkdtemp(path.join(tmpdir(), "gh-migrate-"));
    const early = path.join(dir, "migrations");
    await mkdir(early);
    const src = fileURLToPath(new URL("../db/migrations/", import.meta.url));
    for (const f of (await readdir(src)).filter((f) => f < "003")) await copyFile(path.join(src, f), path.join(early, f));
    const db = await openDb({ dataDir: dir });
    try {
      expect(await migrate(db, early)).toEqual(["001_init", "002_seed_state"]);
      await db.query("INSERT INTO clients (region, number, name) VALUES ('eu', 1, 'Old')");
      await db.query("INSERT INTO sites (client_id, type, name, visitors_signed_in_count) VALUES (1, 'standard', 'Old site', 12)");
      const later = (await readdir(src)).filter((f) => f >= "003" && f.endsWith(".sql")).map((f) => f.replace(/\.sql$/, "")).sort();
      expect(await migrate(db)).toEqual(later);
      expect((await visibleSites(db, 1, null)).map(toSite)[0]).toMatchObject({ name: "Old site", visitors_signed_in_count: 0 });
    } finally {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
