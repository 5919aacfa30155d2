/**
 * Manage sites and events over HTTP against a running upstream: the overview (kinds, search,
 * pagination, visibility), one site with every field, create / update / delete, the spec's
 * validation messages and hostile input, rights (viewer read-only, standard users, site vs event
 * rights, expired clients), 404 for other clients' sites, the site limit (also under concurrency),
 * the event date lock, evacuation points, devices and the 7-digit code, uploads, custom fields and
 * favourites, messages (sanitised), badges, sign-in points, attendees, settings, and the seed's
 * revision 5.
 *
 * Acme's site limit is lifted in beforeAll (tests add sites); the limit tests set their own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Attendee,
  AttendeeList,
  Config,
  CustomField,
  Device,
  EvacuationPoint,
  FAVOURITE_FIELDS_MESSAGE,
  FireList,
  ManagedSiteList,
  SignInPoint,
  SiteBadges,
  SiteDetails,
  SiteMessage,
  SiteSettings,
} from "../../contract/index.ts";
import { SEED_REVISION, seedDemoData } from "../seed.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];

type Json = any;

const { call, as, user } = httpTestClient(() => up.url, "sites");
let n = 0;

async function role(name: string, rights: string[]) {
  const r = await call("POST", "/__test/roles", { client: "eu:1", name, rights });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
}

const setClient = async (gid: string, body: unknown) => expect((await call("POST", `/__test/clients/${gid}`, body)).status).toBe(200);

let admin: As;
/** Acme's sites by name (fresh database ids). */
let ids: Record<string, number>;
let northwindSite: number;

/** A new site of Acme through the API (admin). */
async function newSite(extra: Record<string, unknown> = {}) {
  const r = await admin.post("sites", { name: `Site ${++n}`, type: "standard", reply_to_email: "desk@acme.example.com", ...extra });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return SiteDetails.parse(r.json);
}

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

/** 422 whose message (the portal shows the first) is `message`, under `field` when given. */
function expect422(r: { status: number; json: Json }, message: string, field?: string) {
  expect(r.status, JSON.stringify(r.json)).toBe(422);
  expect(r.json.message).toBe(message);
  if (field) expect(r.json.errors[field]).toEqual([message]);
}

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom\0\0\0\0isomiso2", "latin1"), Buffer.alloc(2048, 1)]);
const MOV = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from("ftypqt  \0\0\0\0qt  ", "latin1"), Buffer.alloc(2048, 2)]);

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
  ids = Object.fromEntries(Config.parse((await admin.get("config")).json).sites.map((s) => [s.name, s.id]));
  const super_ = await call("POST", "/__test/users", { email: "sites-nw@example.com", role: "Administrator", client: "us:1", is_super: true });
  expect(super_.status).toBe(201);
  const nw = await as("sites-nw@example.com", "us");
  northwindSite = Config.parse((await nw.get("config")).json).sites.find((s) => s.name === "Main Campus")!.id;
  await setClient("eu:1", { site_limit: null });
}, 120_000);

afterAll(async () => {
  await up?.stop();
}, 60_000);

describe("the manage overview", () => {
  it("lists sites (standard and remote, by name) or events (newest start first) with counts and devices", async () => {
    const sites = ManagedSiteList.parse((await admin.get("manage/sites?kind=sites")).json);
    expect(sites.sites.map((s) => s.name)).toEqual(["Dublin Office", "Field Team", "Head Office", "Home Workers", "Warehouse"]);
    expect(sites.sites.every((s) => s.type !== "event")).toBe(true);
    expect(sites.sites.find((s) => s.name === "Head Office")).toMatchObject({ visitors_signed_in_count: 12, devices: { total: 2, offline: 2 } });
    expect(sites).toMatchObject({ kind: "sites", page: 1, per_page: 15 });
    expect(sites.site_count).toBe(sites.total);

    const events = ManagedSiteList.parse((await admin.get("manage/sites?kind=events")).json);
    expect(events.sites.map((s) => s.name)).toEqual(["Annual Conference", "Open Day"]);
    expect(events.sites[0].active_from! > events.sites[1].active_from!).toBe(true);
    // No kind: sites for a user who may view them.
    expect(ManagedSiteList.parse((await admin.get("manage/sites")).json).kind).toBe("sites");
  });

  it("searches by name (case-insensitive; % and _ match themselves) and pages by 15", async () => {
    const office = ManagedSiteList.parse((await admin.get("manage/sites?kind=sites&search=OFFICE")).json);
    expect(office.sites.map((s) => s.name)).toEqual(["Dublin Office", "Head Office"]);
    expect(ManagedSiteList.parse((await admin.get("manage/sites?search=%25")).json).total).toBe(0);
    expect(ManagedSiteList.parse((await admin.get("manage/sites?search=_")).json).total).toBe(0);

    for (let i = 0; i < 16; i++) await newSite({ name: `Paging depot ${String(i).padStart(2, "0")}` });
    const p1 = ManagedSiteList.parse((await admin.get("manage/sites?search=paging%20depot")).json);
    const p2 = ManagedSiteList.parse((await admin.get("manage/sites?search=paging%20depot&page=2")).json);
    expect([p1.total, p1.sites.length, p2.sites.length]).toEqual([16, 15, 1]);
    expect(p2.sites[0].name).toBe("Paging depot 15");
    expect((await admin.get("manage/sites?page=0")).status).toBe(422);
    expect((await admin.get("manage/sites?kind=groups")).status).toBe(422);
  });

  it("needs the viewer right of the kind; users limited to some sites see only those", async () => {
    const std = await as("standard@example.com");
    expect((await std.get("manage/sites")).json.message).toBe("You are not authorised to view sites.");
    const fd = await as("frontdesk@example.com"); // ManageSite.viewer only
    expect((await fd.get("manage/sites?kind=sites")).status).toBe(200);
    const ev = await fd.get("manage/sites?kind=events");
    expect([ev.status, ev.json.message]).toEqual([403, "You are not authorised to view events."]);
    const limited = await user("Administrator", { site_ids: [ids["Head Office"]] });
    expect(ManagedSiteList.parse((await limited.get("manage/sites")).json).sites.map((s) => s.name)).toEqual(["Head Office"]);
  });
});

describe("one site", () => {
  it("has every field of the site entity (seeded Head Office)", async () => {
    const r = await admin.get(`sites/${ids["Head Office"]}`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const hq = SiteDetails.parse(r.json);
    expect(hq).toMatchObject({
      type: "standard",
      name: "Head Office",
      address: "1 Canada Square, London E14 5AB",
      reply_to_name: "Acme Reception",
      reply_to_email: "reception@acme.example.com",
      timezone: "Europe/London",
      locale: "en_GB",
      location: { lat: 51.5049, lng: -0.0195, zoom: 16, radius: 150 },
      emails: "facilities@acme.example.com",
      on_site_report_schedules: [
        { time: "09:00", emails: "reception@acme.example.com" },
        { time: "17:30", emails: "facilities@acme.example.com, reception@acme.example.com" },
      ],
      send_empty: false,
      contactless: true,
      visitor_photos: true,
      qr_scanning: true,
      geofence_sign_in: true,
      geofence_sign_out: true,
      privacy: { autocomplete: true, hide_sign_outs: false, full_name_reveal: false, hide_branding: false, exact_pre_registration_match: false, store_badges: true, store_location_data: true },
      active_from: null,
      active_until: null,
      dates_locked: false,
      branding_image: null,
      welcome_video: null,
      visitors_signed_in_count: 12,
    });
    const badges = SiteBadges.parse((await admin.get(`sites/${ids["Head Office"]}/badges`)).json);
    expect(hq.badge_id).toBe(badges.badges.find((b) => b.name === "Visitor badge")!.id);
    const fields = (await admin.get(`sites/${ids["Head Office"]}/custom-fields`)).json.map((f: Json) => CustomField.parse(f));
    expect(hq.favourite_fields).toEqual(fields.filter((f: Json) => f.favourite).map((f: Json) => f.id));
    expect(hq.favourite_fields).toHaveLength(3);
  });

  it("another client's site, an unknown id and a malformed one are the same 404", async () => {
    const answers = await Promise.all([`sites/${northwindSite}`, "sites/999999", "sites/abc", `sites/${northwindSite}/evacuation-points`, `sites/${northwindSite}/devices`].map((p) => admin.get(p)));
    for (const a of answers) expect([a.status, a.json]).toEqual([404, { message: "Site not found." }]);
    for (const r of [await admin.patch(`sites/${northwindSite}`, { name: "Mine now" }), await admin.del(`sites/${northwindSite}`, { name: "Main Campus" })]) {
      expect([r.status, r.json]).toEqual([404, { message: "Site not found." }]);
    }
    const limited = await user("Administrator", { site_ids: [ids["Head Office"]] });
    expect((await limited.get(`sites/${ids.Warehouse}`)).status).toBe(404);
    expect((await limited.get(`sites/${ids["Head Office"]}`)).status).toBe(200);
    // Nothing of Northwind changed.
    const nw = await as("sites-nw@example.com", "us");
    expect(SiteDetails.parse((await nw.get(`sites/${northwindSite}`)).json).name).toBe("Main Campus");
  });
});

describe("create, update, delete", () => {
  it("creates a site that the config and the overview then show; updates it; deletes it with the typed name", async () => {
    const created = await newSite({ name: "  Leeds Depot  ", address: "Kirkstall Road, Leeds", timezone: "Europe/London", locale: "en_GB", location: { lat: 53.8, lng: -1.57 } });
    expect(created).toMatchObject({ name: "Leeds Depot", type: "standard", location: { lat: 53.8, lng: -1.57, zoom: 16, radius: 150 }, privacy: { autocomplete: true } });
    expect(Config.parse((await admin.get("config")).json).sites.some((s) => s.id === created.id)).toBe(true);

    const r = await admin.patch(`sites/${created.id}`, {
      reply_to_name: "Leeds Desk",
      emails: " Ops@Acme.example.com ,desk@acme.example.com",
      on_site_report_schedules: [{ time: "08:00", emails: "ops@acme.example.com" }, { time: "16:50", emails: "a@acme.example.com,b@acme.example.com" }],
      send_empty: true,
      contactless: true,
      visitor_photos: false,
      qr_scanning: true,
      privacy: { hide_branding: true },
      geofence_sign_in: true,
      location: { lat: 53.8, lng: -1.57, zoom: 17, radius: 300 },
      locale: "fr",
      timezone: "Europe/Paris",
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const updated = SiteDetails.parse(r.json);
    expect(updated).toMatchObject({
      reply_to_name: "Leeds Desk",
      emails: "ops@acme.example.com, desk@acme.example.com",
      on_site_report_schedules: [{ time: "08:00", emails: "ops@acme.example.com" }, { time: "16:50", emails: "a@acme.example.com, b@acme.example.com" }],
      send_empty: true,
      contactless: true,
      visitor_photos: false,
      qr_scanning: true,
      privacy: { hide_branding: true, autocomplete: true, store_badges: true },
      geofence_sign_in: true,
      location: { zoom: 17, radius: 300 },
      locale: "fr",
      timezone: "Europe/Paris",
    });
    expect(updated.updated_at >= created.updated_at).toBe(true);
    // Blank optional text clears it.
    expect(SiteDetails.parse((await admin.patch(`sites/${created.id}`, { reply_to_name: "  ", emails: "" })).json)).toMatchObject({ reply_to_name: null, emails: null });

    expect422(await admin.del(`sites/${created.id}`, { name: "leeds depot" }), "Type the name of the site to delete it", "name");
    expect((await admin.get(`sites/${created.id}`)).status).toBe(200);
    const del = await admin.del(`sites/${created.id}`, { name: "Leeds Depot" });
    expect([del.status, del.json.message]).toEqual([200, "The site has been deleted."]);
    expect((await admin.get(`sites/${created.id}`)).status).toBe(404);
    expect(Config.parse((await admin.get("config")).json).sites.some((s) => s.id === created.id)).toBe(false);
  });

  it("validation: the spec's messages, first message semantics, nothing saved", async () => {
    expect422(await admin.post("sites", { type: "standard" }), "A site name is required", "name");
    expect422(await admin.post("sites", { type: "standard", name: "   ", reply_to_email: "desk@acme.example.com" }), "A site name is required", "name");
    expect422(await admin.post("sites", { type: "standard", name: "X", reply_to_email: "not-an-email" }), "A valid reply-to email is required", "reply_to_email");
    expect422(await admin.post("sites", { type: "standard", name: "X" }), "A valid reply-to email is required", "reply_to_email");
    const base = { type: "standard", name: "Valid", reply_to_email: "desk@acme.example.com" };
    expect422(await admin.post("sites", { ...base, timezone: "Mars/Olympus" }), "Choose a valid timezone", "timezone");
    expect422(await admin.post("sites", { ...base, locale: "xx" }), "Choose a supported language", "locale");
    expect422(await admin.post("sites", { ...base, type: "castle" }), "Choose a site type", "type");
    expect422(await admin.post("sites", { ...base, location: { lat: 51, lng: 0, radius: 20 } }), "The geofence radius must be between 50 and 10000 metres", "location.radius");
    expect422(await admin.post("sites", { ...base, location: { lat: 51, lng: 0, radius: 20_000 } }), "The geofence radius must be between 50 and 10000 metres");
    expect422(await admin.post("sites", { ...base, active_from: inDays(1), active_until: inDays(2) }), "Only events have start and end dates", "active_from");
    const event = { ...base, type: "event" };
    expect422(await admin.post("sites", event), "A start date is required", "active_from");
    expect422(await admin.post("sites", { ...event, active_from: inDays(5), active_until: inDays(4) }), "The end must be after the start", "active_until");
    expect422(await admin.post("sites", { ...event, active_from: inDays(5), active_until: "2038-01-02T00:00:00Z" }), "Dates must be before 2038", "active_until");
    expect422(await admin.post("sites", { ...event, active_from: "next tuesday", active_until: inDays(4) }), "Enter a valid date and time", "active_from");

    const site = await newSite();
    const p = `sites/${site.id}`;
    expect422(await admin.patch(p, { on_site_report_schedules: [{ time: "09:05", emails: "a@b.co" }] }), "On-site report times must be HH:mm in 10-minute steps", "on_site_report_schedules.0.time");
    expect422(await admin.patch(p, { on_site_report_schedules: [{ time: "09:10", emails: "a@b.co" }, { time: "09:10", emails: "c@d.co" }] }), "Each on-site report time must be unique", "on_site_report_schedules.1.time");
    expect422(await admin.patch(p, { on_site_report_schedules: [{ time: "09:10", emails: "a@b.co, nope" }] }), "Emails must be a valid comma-separated list");
    expect422(await admin.patch(p, { emails: "a@b.co;c@d.co" }), "Emails must be a valid comma-separated list", "emails");
    expect422(await admin.patch(p, { geofence_sign_in: true }), "Set the site's location before turning on the geofence", "geofence_sign_in");
    expect422(await admin.patch(p, { badge_id: 999999 }), "Choose one of your badges", "badge_id");
    expect422(await admin.patch(p, { active_from: inDays(1) }), "Only events have start and end dates", "active_from");
    expect422(await admin.patch(p, { reply_to_email: "" }), "A valid reply-to email is required");
    // Hostile input: 10,000-character strings, wrong types, junk JSON.
    const long = "x".repeat(10_000);
    for (const body of [{ name: long }, { address: long }, { reply_to_name: long }, { emails: long }]) expect((await admin.patch(p, body)).status).toBe(422);
    expect422(await admin.patch(p, { name: long }), "The name field must not be greater than 100 characters.", "name");
    expect((await admin.patch(p, { name: 42 })).status).toBe(422);
    expect((await admin.patch(p, { send_empty: "yes" })).status).toBe(422);
    expect((await admin.patch(p, { location: { lat: 200, lng: 0 } })).status).toBe(422);
    expect((await admin.patch(p, { privacy: { autocomplete: "no" } })).status).toBe(422);
    const junk = await fetch(`${up.url}/eu/api/v2/${p}`, { method: "POST", headers: { authorization: await bearer(), "x-http-method-override": "PATCH", "content-type": "application/json" }, body: '{"name":' });
    expect(junk.status).toBe(400);
    // Several problems: the message is the first one's.
    const many = await admin.post("sites", { type: "standard", name: "", reply_to_email: "x" });
    expect(many.json.message).toBe("A site name is required");
    expect(Object.keys(many.json.errors)).toEqual(["name", "reply_to_email"]);
    // Nothing was saved by any of the refused changes.
    expect(SiteDetails.parse((await admin.get(p)).json)).toEqual({ ...site, updated_at: expect.any(String) });
  });

  it("rights: viewers read only, standard users nothing, site and event rights apart, expired clients refused", async () => {
    const hq = `sites/${ids["Head Office"]}`;
    const fd = await as("frontdesk@example.com");
    expect((await fd.get(hq)).status).toBe(200);
    for (const r of [await fd.patch(hq, { name: "Nope" }), await fd.del(hq, { name: "Head Office" }), await fd.post(`${hq}/evacuation-points`, { title: "Nope" }), await fd.post(`${hq}/devices`, { code: "1234567", name: "Nope" })]) {
      expect([r.status, r.json.message]).toEqual([403, "You are not authorised to change this site."]);
    }
    const add = await fd.post("sites", { type: "standard", name: "Nope", reply_to_email: "a@b.co" });
    expect([add.status, add.json.message]).toEqual([403, "You are not authorised to add sites."]);
    expect((await fd.upload(`${hq}/branding-image`, "logo.png", PNG, "image/png")).status).toBe(403);

    const std = await as("standard@example.com");
    expect([(await std.get(hq)).status, (await std.get(hq)).json.message]).toEqual([403, "You are not authorised to view this site."]);

    await role("Site Manager", ["ManageSite.viewer", "ManageSite.editor"]);
    await role("Event Manager", ["ManageEvent.viewer", "ManageEvent.editor"]);
    const siteManager = await user("Site Manager");
    const eventManager = await user("Event Manager");
    const conf = `sites/${ids["Annual Conference"]}`;
    expect((await siteManager.patch(hq, { send_empty: false })).status).toBe(200);
    expect((await siteManager.get(conf)).json.message).toBe("You are not authorised to view this event.");
    expect((await siteManager.post("sites", { type: "event", name: "E", reply_to_email: "a@b.co", active_from: inDays(3), active_until: inDays(4) })).json.message).toBe(
      "You are not authorised to add events.",
    );
    expect((await eventManager.get(conf)).status).toBe(200);
    expect((await eventManager.patch(conf, { contactless: false })).status).toBe(200);
    expect((await eventManager.get(hq)).json.message).toBe("You are not authorised to view this site.");
    expect((await eventManager.get("manage/sites")).json.kind).toBe("events");
    const limited = await user("Administrator", { site_ids: [ids["Head Office"]] });
    expect((await limited.post("sites", { type: "standard", name: "N", reply_to_email: "a@b.co" })).json.message).toBe("Users limited to some sites cannot add sites.");

    const expired = await as("expired@example.com");
    const trial = await expired.get("manage/sites");
    expect([trial.status, trial.json.code]).toEqual([403, "trial_period_over"]);
  });
});

describe("the site limit", () => {
  it("refuses standard and remote sites at the limit with the spec's message; events do not count", async () => {
    const count = ManagedSiteList.parse((await admin.get("manage/sites")).json).site_count;
    await setClient("eu:1", { site_limit: count });
    try {
      expect(ManagedSiteList.parse((await admin.get("manage/sites")).json)).toMatchObject({ site_limit: count, site_count: count });
      const msg = `You have reached your site limit of ${count}`;
      expect422(await admin.post("sites", { type: "standard", name: "One too many", reply_to_email: "a@b.co" }), msg, "site_limit");
      expect422(await admin.post("sites", { type: "remote", name: "One too many", reply_to_email: "a@b.co" }), msg);
      const ev = await admin.post("sites", { type: "event", name: "Summer party", reply_to_email: "a@b.co", active_from: inDays(60), active_until: inDays(61) });
      expect(ev.status, JSON.stringify(ev.json)).toBe(200);
      expect(ManagedSiteList.parse((await admin.get("manage/sites")).json).site_count).toBe(count);

      // Room for exactly one: of five concurrent creations, one wins.
      await setClient("eu:1", { site_limit: count + 1 });
      const results = await Promise.all(Array.from({ length: 5 }, (_, i) => admin.post("sites", { type: "standard", name: `Race ${i}`, reply_to_email: "a@b.co" })));
      expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422]);
      expect(ManagedSiteList.parse((await admin.get("manage/sites")).json).site_count).toBe(count + 1);
    } finally {
      await setClient("eu:1", { site_limit: null });
    }
  });
});

describe("events", () => {
  it("dates can change until the event begins; then they are locked (same values still accepted)", async () => {
    const r = await admin.post("sites", { type: "event", name: "Product launch", reply_to_email: "events@acme.example.com", active_from: inDays(10), active_until: inDays(11) });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const ev = SiteDetails.parse(r.json);
    expect(ev.dates_locked).toBe(false);
    const moved = SiteDetails.parse((await admin.patch(`sites/${ev.id}`, { active_from: inDays(12), active_until: inDays(13) })).json);
    expect(Date.parse(moved.active_from!)).toBeGreaterThan(Date.parse(ev.active_from!));
    expect422(await admin.patch(`sites/${ev.id}`, { active_until: inDays(11) }), "The end must be after the start", "active_until");

    // The event begins (an hour ago).
    const begun = new Date(Date.now() - 3_600_000).toISOString();
    expect((await call("POST", `/__test/sites/${ev.id}`, { active_from: begun })).status).toBe(200);
    const now = SiteDetails.parse((await admin.get(`sites/${ev.id}`)).json);
    expect(now.dates_locked).toBe(true);
    const lock = "The event has begun: its start and end dates can no longer be changed";
    expect422(await admin.patch(`sites/${ev.id}`, { active_from: inDays(1) }), lock, "active_from");
    expect422(await admin.patch(`sites/${ev.id}`, { active_until: inDays(30) }), lock);
    expect422(await admin.patch(`sites/${ev.id}`, { active_until: null }), lock);
    expect((await admin.patch(`sites/${ev.id}`, { name: "Product launch (live)", active_from: now.active_from, active_until: now.active_until })).status).toBe(200);
    expect(SiteDetails.parse((await admin.get(`sites/${ev.id}`)).json)).toMatchObject({ name: "Product launch (live)", active_from: now.active_from, active_until: now.active_until });
  });
});

describe("evacuation points", () => {
  it("seeded points have icons and locations; add, change, reorder (the fire list follows), delete", async () => {
    const hq = ids["Head Office"];
    const seeded = (await admin.get(`sites/${hq}/evacuation-points`)).json.map((p: Json) => EvacuationPoint.parse(p));
    expect(seeded.map((p: Json) => [p.title, p.icon])).toEqual([
      ["Car park A", "car-park"],
      ["Front lawn", "grass"],
    ]);
    expect(seeded[0].location.lat).toBeCloseTo(51.5044, 3);

    const site = await newSite();
    const base = `sites/${site.id}/evacuation-points`;
    const a = EvacuationPoint.parse((await admin.post(base, { title: "North gate", icon: "door", location: { lat: 51.5, lng: -0.1 } })).json);
    const b = EvacuationPoint.parse((await admin.post(base, { title: "Car park" })).json);
    expect([a.position, b.position, b.icon, b.location]).toEqual([0, 1, null, null]);
    expect422(await admin.post(base, { title: "north GATE" }), "An evacuation point with this name already exists at this site", "title");
    expect422(await admin.post(base, {}), "An evacuation point name is required", "title");
    expect422(await admin.post(base, { title: "Roof", icon: "helicopter" }), "Choose one of the icons", "icon");
    expect((await admin.post(base, { title: "y".repeat(10_000) })).status).toBe(422);

    const changed = EvacuationPoint.parse((await admin.patch(`${base}/${b.id}`, { title: "Car park B", icon: "car-park", location: { lat: 51.6, lng: -0.2 } })).json);
    expect(changed).toMatchObject({ title: "Car park B", icon: "car-park", location: { lat: 51.6, lng: -0.2 } });
    expect(EvacuationPoint.parse((await admin.patch(`${base}/${b.id}`, { icon: null })).json)).toMatchObject({ title: "Car park B", icon: null, location: { lat: 51.6 } });

    expect422(await admin.post(`${base}/order`, { ids: [b.id] }), "The new order must list every item of this site exactly once", "ids");
    expect((await admin.post(`${base}/order`, { ids: [b.id, b.id] })).status).toBe(422);
    expect((await admin.post(`${base}/order`, { ids: [b.id, seeded[0].id] })).status).toBe(422);
    const ordered = (await admin.post(`${base}/order`, { ids: [b.id, a.id] })).json.map((p: Json) => EvacuationPoint.parse(p));
    expect(ordered.map((p: Json) => p.title)).toEqual(["Car park B", "North gate"]);
    expect(FireList.parse((await admin.get(`sites/${site.id}/fire-list`)).json).evacuation_points.map((p) => p.title)).toEqual(["Car park B", "North gate"]);

    // A point of another site is not found through this one.
    expect([(await admin.patch(`${base}/${seeded[0].id}`, { title: "Stolen" })).status, (await admin.del(`${base}/${seeded[0].id}`)).json.message]).toEqual([404, "Evacuation point not found."]);
    expect((await admin.del(`${base}/${a.id}`)).status).toBe(200);
    expect((await admin.get(base)).json.map((p: Json) => p.title)).toEqual(["Car park B"]);
  });
});

describe("devices", () => {
  const code = async (body: Record<string, unknown> = {}) => {
    const r = await call("POST", "/__test/device-codes", body);
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    return r.json as { code: string; token: string; expires_at: string };
  };

  it("lists a site's devices: online or offline, app up to date or outdated", async () => {
    const list = (await admin.get(`sites/${ids["Head Office"]}/devices`)).json.map((d: Json) => Device.parse(d));
    expect(list.map((d: Json) => [d.name, d.status, d.app_status])).toEqual([
      ["Reception kiosk", "offline", "up_to_date"],
      ["Staff entrance iPad", "offline", "outdated"],
    ]);
    const seen = await call("POST", `/__test/devices/${list[0].id}`, { last_seen_seconds_ago: 10 });
    expect(Device.parse(seen.json).status).toBe("online");
    expect(Device.parse((await admin.get(`sites/${ids["Head Office"]}/devices/${list[0].id}`)).json).status).toBe("online");
    expect(Device.parse((await call("POST", `/__test/devices/${list[0].id}`, { last_seen_seconds_ago: 600 })).json).status).toBe("offline");
  });

  it("connects a kiosk with its 7-digit code; wrong, expired, used and other-region codes are refused", async () => {
    const site = await newSite();
    const base = `sites/${site.id}/devices`;
    const c = await code({ app_version: "3.11.0" });
    expect(c.code).toMatch(/^\d{7}$/);
    const status = () => call("GET", "/eu/api/v2/kiosk/device-codes/status", undefined, { authorization: `Device ${c.token}` });
    expect((await status()).json).toEqual({ status: "pending", site_id: null });
    // The kiosk's token does nothing until the code is claimed.
    expect((await call("POST", "/eu/api/v2/kiosk/sign-out", { visit_id: 1 }, { authorization: `Device ${c.token}` })).status).toBe(401);

    const spaced = `${c.code.slice(0, 3)} ${c.code.slice(3)}`;
    const r = await admin.post(base, { code: spaced, name: "Front desk iPad" });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const device = Device.parse(r.json);
    expect(device).toMatchObject({ name: "Front desk iPad", site_id: site.id, status: "offline", app_version: "3.11.0", app_status: "outdated" });
    expect((await status()).json).toEqual({ status: "connected", site_id: site.id });
    // Now the token works, and the app's version and last call are recorded.
    const kiosk = await call("POST", "/eu/api/v2/kiosk/sign-in", { group_id: 999999, name: "X" }, { authorization: `Device ${c.token}`, "x-app-version": "3.12.0" });
    expect(kiosk.status).toBe(422);
    expect(Device.parse((await admin.get(`${base}/${device.id}`)).json)).toMatchObject({ status: "online", app_version: "3.12.0", app_status: "up_to_date" });

    expect422(await admin.post(base, { code: c.code, name: "Again" }), "This code is not valid: check the code the device shows", "code");
    const wrong = c.code === "0000000" ? "0000001" : "0000000";
    expect422(await admin.post(base, { code: wrong, name: "Guess" }), "This code is not valid: check the code the device shows");
    expect422(await admin.post(base, { code: "123456", name: "Short" }), "The authorisation code has 7 digits", "code");
    expect422(await admin.post(base, { code: "12345678", name: "Long" }), "The authorisation code has 7 digits");
    expect422(await admin.post(base, { code: "abcdefg", name: "Letters" }), "The authorisation code has 7 digits");
    expect422(await admin.post(base, { code: (await code()).code, name: "" }), "A device name is required", "name");
    const old = await code({ expired: true });
    expect422(await admin.post(base, { code: old.code, name: "Late" }), "This code has expired: the device will show a new one", "code");
    expect((await call("GET", "/eu/api/v2/kiosk/device-codes/status", undefined, { authorization: `Device ${old.token}` })).json.status).toBe("expired");
    const us = await code({ region: "us" });
    expect422(await admin.post(base, { code: us.code, name: "Elsewhere" }), "This code is not valid: check the code the device shows");

    // Rename and disconnect: the token stops working.
    expect(Device.parse((await admin.patch(`${base}/${device.id}`, { name: "Lobby iPad" })).json).name).toBe("Lobby iPad");
    expect((await admin.get(`sites/${ids.Warehouse}/devices/${device.id}`)).json.message).toBe("Device not found.");
    expect((await admin.del(`${base}/${device.id}`)).status).toBe(200);
    expect((await call("POST", "/eu/api/v2/kiosk/sign-in", { group_id: 1, name: "X" }, { authorization: `Device ${c.token}` })).status).toBe(401);
    expect((await admin.get(base)).json).toEqual([]);
  });

  it("the kiosk app asks for a code itself", async () => {
    const r = await call("POST", "/eu/api/v2/kiosk/device-codes", { app_version: "3.12.0" });
    expect(r.status).toBe(201);
    expect(r.json.code).toMatch(/^\d{7}$/);
    expect(Date.parse(r.json.expires_at)).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect((await call("POST", "/eu/api/v2/kiosk/device-codes", { app_version: "<script>" })).status).toBe(422);
    expect((await call("GET", "/eu/api/v2/kiosk/device-codes/status", undefined, { authorization: "Device nope" })).status).toBe(401);
  });
});

describe("uploads", () => {
  it("branding image: PNG stored and served (to its client's users) under the name the site carries; replaced; removed", async () => {
    const site = await newSite();
    const r = await admin.upload(`sites/${site.id}/branding-image`, "logo.png", PNG, "image/png");
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const url = SiteDetails.parse(r.json).branding_image!;
    expect(url).toMatch(/^[A-Za-z0-9_-]+\.png$/);
    const file = await admin.file(url);
    expect([file.status, file.headers.get("content-type"), file.headers.get("x-content-type-options")]).toEqual([200, "image/png", "nosniff"]);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    // The config's site entity carries it too.
    expect(Config.parse((await admin.get("config")).json).sites.find((s) => s.id === site.id)!.branding_image).toBe(url);

    // The declared type and name do not matter; the content does.
    const gif = Buffer.concat([Buffer.from("GIF89a", "latin1"), Buffer.alloc(32)]);
    const again = SiteDetails.parse((await admin.upload(`sites/${site.id}/branding-image`, "logo.txt", gif, "text/plain")).json).branding_image!;
    expect(again).toMatch(/\.gif$/);
    expect((await admin.file(again)).status).toBe(200);
    expect((await admin.file(url)).status).toBe(404);
    expect(SiteDetails.parse((await admin.del(`sites/${site.id}/branding-image`)).json).branding_image).toBeNull();
    expect((await admin.file(again)).status).toBe(404);
  });

  it("refuses what is not an image, no file, an empty file, JSON, an oversized image; viewers and other clients", async () => {
    const site = await newSite();
    const p = `sites/${site.id}/branding-image`;
    expect422(await admin.upload(p, "evil.png", Buffer.from("<svg onload=alert(1)></svg>"), "image/png"), "The image must be a PNG, JPEG, GIF or WebP file", "file");
    expect422(await admin.upload(p, "empty.png", Buffer.alloc(0), "image/png"), "The file is empty", "file");
    const fd = new FormData();
    fd.append("other", "x");
    expect422(await call("POST", `/eu/api/v2/${p}`, fd, { authorization: (await bearer()) }), "Choose a file to upload", "file");
    expect422(await admin.post(p, { file: "iVBOR..." }), "Send the file as multipart/form-data", "file");
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await admin.upload(p, "big.png", big, "image/png");
    expect(tooBig.status).toBe(422);
    expect(tooBig.json.errors.file).toEqual(["The file must be at most 10 MB"]);
    const way = await admin.upload(p, "huge.png", Buffer.concat([PNG, Buffer.alloc(12 * 1024 * 1024)]), "image/png");
    expect([way.status, way.json.errors?.file]).toEqual([413, ["The file must be at most 10 MB"]]);
    expect((await admin.upload(`sites/${northwindSite}/branding-image`, "logo.png", PNG, "image/png")).status).toBe(404);
    expect(SiteDetails.parse((await admin.get(`sites/${site.id}`)).json).branding_image).toBeNull();
    expect((await up.app.db.query("SELECT 1 FROM files WHERE site_id = $1", [site.id])).length).toBe(0);
  });

  it("welcome video: .mp4 or .mov up to 50 MB (by content and name), served with byte ranges", async () => {
    const site = await newSite();
    const p = `sites/${site.id}/welcome-video`;
    const r = await admin.upload(p, "welcome.MP4", MP4, "video/mp4");
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const url = SiteDetails.parse(r.json).welcome_video!;
    const part = await admin.file(url, { range: "bytes=4-11" });
    expect([part.status, part.headers.get("content-range"), part.headers.get("content-type")]).toEqual([206, `bytes 4-11/${MP4.length}`, "video/mp4"]);
    expect(Buffer.from(await part.arrayBuffer()).toString("latin1")).toBe("ftypisom");
    expect((await admin.file(url, { range: "bytes=999999-" })).status).toBe(416);
    expect(SiteDetails.parse((await admin.upload(p, "welcome.mov", MOV, "video/quicktime")).json).welcome_video).toMatch(/\.mov$/);

    expect422(await admin.upload(p, "welcome.avi", MP4, "video/mp4"), "The video must be a .mov or .mp4 file", "file");
    expect422(await admin.upload(p, "welcome.mp4", PNG, "video/mp4"), "The video must be a .mov or .mp4 file");
    const over = await admin.upload(p, "long.mp4", Buffer.concat([MP4, Buffer.alloc(50 * 1024 * 1024)]), "video/mp4");
    expect([over.status, over.json.errors?.file]).toEqual([422, ["The file must be at most 50 MB"]]);
    expect(SiteDetails.parse((await admin.del(p)).json).welcome_video).toBeNull();
  }, 60_000);

  it("an evacuation point's photo", async () => {
    const site = await newSite();
    const point = EvacuationPoint.parse((await admin.post(`sites/${site.id}/evacuation-points`, { title: "Lawn" })).json);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    const r = await admin.upload(`sites/${site.id}/evacuation-points/${point.id}/photo`, "lawn.jpg", jpeg, "image/jpeg");
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const photo = EvacuationPoint.parse(r.json).photo!;
    expect((await admin.file(photo)).headers.get("content-type")).toBe("image/jpeg");
    expect((await admin.upload(`sites/${site.id}/evacuation-points/999999/photo`, "lawn.jpg", jpeg, "image/jpeg")).json.message).toBe("Evacuation point not found.");
    expect(EvacuationPoint.parse((await admin.del(`sites/${site.id}/evacuation-points/${point.id}/photo`)).json).photo).toBeNull();
    expect((await admin.file(photo)).status).toBe(404);
  });
});

/** The admin's bearer header value (for hand-made requests). */
async function bearer() {
  const r = await call("POST", "/api/v2/auth/login", { email: "admin@example.com", password: "Demo-Passw0rd!" });
  return `Bearer ${r.json.access_token}`;
}

describe("custom fields and favourites", () => {
  it("all 14 types with their rules", async () => {
    const site = await newSite();
    const base = `sites/${site.id}/custom-fields`;
    const add = async (body: Record<string, unknown>) => {
      const r = await admin.post(base, body);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      return CustomField.parse(r.json);
    };
    for (const type of ["text", "uppercase", "email", "phone", "number", "url", "notify_list", "signature", "photo", "date"]) {
      expect(await add({ label: `A ${type}`, type, options: ["ignored"] })).toMatchObject({ type, options: [], default_option: null });
    }
    expect(await add({ label: "Agreed?", type: "yes_no", default_option: "Yes", reject_options: ["No"], reject_message: "You must agree" })).toMatchObject({ options: ["Yes", "No"], reject_options: ["No"] });
    expect(await add({ label: "Purpose", type: "dropdown", options: ["Meeting", "Interview"], default_option: "Meeting", show_on_evacuation_list: true })).toMatchObject({ options: ["Meeting", "Interview"] });
    await add({ label: "Source", type: "dropdown_other", options: ["Web", "Friend"] });
    await add({ label: "Needs", type: "checkboxes", options: ["Parking", "Wheelchair access"], reject_options: ["Parking"], reject_message: "No parking on site", group_ids: [1] });
    const fields = (await admin.get(base)).json.map((f: Json) => CustomField.parse(f));
    expect(fields).toHaveLength(14);
    expect(fields.find((f: Json) => f.label === "Needs").group_ids).toEqual([1]);

    expect422(await admin.post(base, { label: "Pick", type: "dropdown" }), "Add at least one option", "options");
    expect422(await admin.post(base, { label: "Pick", type: "checkboxes", options: ["A", "a"] }), "Options must be unique", "options");
    expect422(await admin.post(base, { label: "Pick", type: "dropdown", options: ["A"], default_option: "B" }), "The default option must be one of the options", "default_option");
    expect422(await admin.post(base, { label: "Note", type: "text", default_option: "Hello" }), "Only dropdown and yes/no fields have a default option", "default_option");
    expect422(await admin.post(base, { label: "Pick", type: "dropdown", options: ["A"], reject_options: ["A"] }), "A reject message is required when a reject option is set", "reject_message");
    expect422(await admin.post(base, { label: "Pick", type: "dropdown", options: ["A"], reject_options: ["Z"], reject_message: "No" }), "Reject options must be among the options", "reject_options");
    expect422(await admin.post(base, { label: "Note", type: "text", reject_options: ["x"], reject_message: "No" }), "Only choice and yes/no fields can reject a sign-in", "reject_options");
    expect422(await admin.post(base, { label: "Sign", type: "signature", show_on_evacuation_list: true }), "Signature and photo fields cannot be shown on the evacuation list", "show_on_evacuation_list");
    expect422(await admin.post(base, { label: "a TEXT", type: "text" }), "A field with this label already exists at this site", "label");
    expect422(await admin.post(base, { type: "text" }), "A field label is required", "label");
    expect422(await admin.post(base, { label: "T", type: "hologram" }), "Choose a field type", "type");
    expect422(await admin.post(base, { label: "T", type: "text", group_ids: [999999] }), "Choose groups of your organisation", "group_ids");
    expect((await admin.post(base, { label: "z".repeat(10_000), type: "text" })).status).toBe(422);
    expect((await admin.get(base)).json).toHaveLength(14);

    // PATCH: checked on the merged field; a new type drops the old default.
    const purpose = fields.find((f: Json) => f.label === "Purpose");
    expect422(await admin.patch(`${base}/${purpose.id}`, { options: [] }), "Add at least one option", "options");
    expect(CustomField.parse((await admin.patch(`${base}/${purpose.id}`, { type: "text" })).json)).toMatchObject({ type: "text", options: [], default_option: null });
    expect((await admin.patch(`sites/${ids["Head Office"]}/custom-fields/${purpose.id}`, { label: "X" })).json.message).toBe("Custom field not found.");

    const reordered = (await admin.post(`${base}/order`, { ids: [...fields].reverse().map((f: Json) => f.id) })).json.map((f: Json) => f.label);
    expect(reordered[0]).toBe("Needs");
    expect((await admin.del(`${base}/${purpose.id}`)).status).toBe(200);
    expect((await admin.get(base)).json).toHaveLength(13);
  });

  it("at most 4 favourites, through a field or the favourites call", async () => {
    const site = await newSite();
    const base = `sites/${site.id}/custom-fields`;
    const made = [];
    for (let i = 0; i < 6; i++) made.push(CustomField.parse((await admin.post(base, { label: `F${i}`, type: "text", favourite: i < 4 })).json));
    expect422(await admin.post(base, { label: "F6", type: "text", favourite: true }), FAVOURITE_FIELDS_MESSAGE, "favourite");
    expect(FAVOURITE_FIELDS_MESSAGE).toBe("You can choose at most 4 favourite fields");
    expect422(await admin.patch(`${base}/${made[5].id}`, { favourite: true }), FAVOURITE_FIELDS_MESSAGE);
    // A favourite stays one when something else about it changes.
    expect((await admin.patch(`${base}/${made[0].id}`, { label: "F0 renamed", favourite: true })).status).toBe(200);

    expect422(await admin.post(`sites/${site.id}/favourite-fields`, { field_ids: made.slice(0, 5).map((f) => f.id) }), FAVOURITE_FIELDS_MESSAGE, "field_ids");
    const other = CustomField.parse((await admin.get(`sites/${ids["Head Office"]}/custom-fields`)).json[0]);
    expect422(await admin.post(`sites/${site.id}/favourite-fields`, { field_ids: [other.id] }), "Choose fields of this site", "field_ids");
    const set = (await admin.post(`sites/${site.id}/favourite-fields`, { field_ids: [made[5].id, made[4].id] })).json.map((f: Json) => CustomField.parse(f));
    expect(set.filter((f: Json) => f.favourite).map((f: Json) => f.label)).toEqual(["F4", "F5"]);
    expect(SiteDetails.parse((await admin.get(`sites/${site.id}`)).json).favourite_fields).toEqual([made[4].id, made[5].id]);
  });
});

describe("messages, badges, sign-in points, attendees, settings", () => {
  it("messages: rich text is sanitised before saving; the spec's required fields", async () => {
    const site = await newSite();
    const base = `sites/${site.id}/messages`;
    const hostile = `<h2>Welcome</h2><script>alert("x")</script><p onclick="steal()">Read the <a href="javascript:alert(1)">rules</a> and <a href="https://acme.example.com/rules" onmouseover="x()">these</a></p><img src=x onerror=alert(1)><iframe src="https://evil.example"></iframe><style>body{}</style>`;
    const r = await admin.post(base, { icon: "⚠️", title: "Safety", content: hostile, checkbox_label: "I agree" });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const m = SiteMessage.parse(r.json);
    expect(m.content).toBe('<h2>Welcome</h2><p>Read the <a rel="noopener noreferrer">rules</a> and <a href="https://acme.example.com/rules" rel="noopener noreferrer">these</a></p>');
    expect(m).toMatchObject({ redisplay: "when_updated", position: 0 });
    expect422(await admin.post(base, { icon: "!", title: "T", content: "<script>alert(1)</script><p> </p>", checkbox_label: "OK" }), "Message content is required", "content");
    expect422(await admin.post(base, { title: "T", content: "<p>x</p>", checkbox_label: "OK" }), "An icon character is required", "icon");
    expect422(await admin.post(base, { icon: "!", content: "<p>x</p>", checkbox_label: "OK" }), "A message title is required", "title");
    expect422(await admin.post(base, { icon: "!", title: "T", content: "<p>x</p>" }), "A checkbox label is required", "checkbox_label");
    expect((await admin.post(base, { icon: "!", title: "t".repeat(10_000), content: "<p>x</p>", checkbox_label: "OK" })).status).toBe(422);

    const updated = SiteMessage.parse((await admin.patch(`${base}/${m.id}`, { content: '<p>New <b>rules</b><script>1</script></p>', redisplay: "1_week" })).json);
    expect(updated).toMatchObject({ title: "Safety", content: "<p>New <b>rules</b></p>", redisplay: "1_week" });
    const second = SiteMessage.parse((await admin.post(base, { icon: "🔒", title: "Privacy", content: "<p>p</p>", checkbox_label: "OK" })).json);
    expect((await admin.post(`${base}/order`, { ids: [second.id, m.id] })).json.map((x: Json) => x.title)).toEqual(["Privacy", "Safety"]);
    expect((await admin.del(`${base}/${m.id}`)).status).toBe(200);
    expect((await admin.get(base)).json.map((x: Json) => x.title)).toEqual(["Privacy"]);
    expect((await admin.get(`sites/${ids["Head Office"]}/messages`)).json.map((x: Json) => x.title)).toEqual(["Health and safety", "Confidentiality"]);
  });

  it("badges: the client's templates; the site chooses one", async () => {
    const site = await newSite();
    const badges = SiteBadges.parse((await admin.get(`sites/${site.id}/badges`)).json);
    expect(badges.badges.map((b) => b.name)).toEqual(["Contractor badge", "Visitor badge"]);
    expect([badges.badge_id, badges.store_badges]).toEqual([null, true]);
    const id = badges.badges[0].id;
    expect(SiteDetails.parse((await admin.patch(`sites/${site.id}`, { badge_id: id, privacy: { store_badges: false } })).json).badge_id).toBe(id);
    expect(SiteBadges.parse((await admin.get(`sites/${site.id}/badges`)).json)).toMatchObject({ badge_id: id, store_badges: false });
    expect(SiteDetails.parse((await admin.patch(`sites/${site.id}`, { badge_id: null })).json).badge_id).toBeNull();
  });

  it("sign-in points", async () => {
    const site = await newSite();
    const base = `sites/${site.id}/sign-in-points`;
    const a = SignInPoint.parse((await admin.post(base, { name: "Reception" })).json);
    expect(a.qr_value).toMatch(/^gatehouse:sign-in-point:[A-Za-z0-9_-]{20,}$/);
    expect422(await admin.post(base, { name: " " }), "A sign-in point name is required", "name");
    expect(SignInPoint.parse((await admin.patch(`${base}/${a.id}`, { name: "Main reception" })).json)).toMatchObject({ name: "Main reception", qr_value: a.qr_value });
    expect((await admin.get(`sites/${ids["Head Office"]}/sign-in-points`)).json.map((p: Json) => p.name)).toEqual(["Loading bay", "Reception"]);
    expect((await admin.del(`${base}/${a.id}`)).status).toBe(200);
    expect((await admin.get(base)).json).toEqual([]);
  });

  it("attendees of events: phones stored E.164, search, events only", async () => {
    const conf = `sites/${ids["Annual Conference"]}/attendees`;
    const seeded = AttendeeList.parse((await admin.get(conf)).json);
    expect(seeded.total).toBe(6);
    expect(AttendeeList.parse((await admin.get(`${conf}?search=nasa`)).json).attendees.map((a) => a.name)).toEqual(["Dorothy Vaughan", "Katherine Johnson"]);

    const a = Attendee.parse((await admin.post(conf, { name: "Ada Lovelace", email: "Ada@Example.com", phone: "07911 123456", company: "" })).json);
    expect(a).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com", phone: "+447911123456", company: null });
    expect(Attendee.parse((await admin.post(conf, { name: "No phone", phone: "" })).json).phone).toBeNull();
    expect(Attendee.parse((await admin.post(conf, { name: "Abroad", phone: "+1 650 253 0000" })).json).phone).toBe("+16502530000");
    expect422(await admin.post(conf, { name: "Bad", phone: "12" }), "Enter a valid phone number", "phone");
    expect422(await admin.post(conf, { name: "Bad", email: "nope" }), "A valid email is required", "email");
    expect422(await admin.post(conf, { name: "" }), "A name is required", "name");
    expect(Attendee.parse((await admin.patch(`${conf}/${a.id}`, { phone: null, company: "Analytical Engines" })).json)).toMatchObject({ phone: null, company: "Analytical Engines", email: "ada@example.com" });
    expect((await admin.del(`${conf}/${a.id}`)).status).toBe(200);

    const hq = await admin.get(`sites/${ids["Head Office"]}/attendees`);
    expect([hq.status, hq.json.message]).toEqual([404, "Attendees are kept for events only."]);
    const fd = await as("frontdesk@example.com");
    expect((await fd.get(conf)).json.message).toBe("You are not authorised to view this event.");
  });

  it("settings: needs the site-settings flag", async () => {
    const site = await newSite();
    const p = `sites/${site.id}/settings`;
    expect(SiteSettings.parse((await admin.get(p)).json)).toEqual({ auto_sign_out_at: null, kiosk_idle_timeout: 60, language_selection: true, require_host: false });
    expect(SiteSettings.parse((await admin.patch(p, { auto_sign_out_at: "23:30", require_host: true })).json)).toMatchObject({ auto_sign_out_at: "23:30", require_host: true, kiosk_idle_timeout: 60 });
    expect422(await admin.patch(p, { kiosk_idle_timeout: 5 }), "The idle timeout must be between 15 and 600 seconds", "kiosk_idle_timeout");
    expect(SiteSettings.parse((await admin.get(p)).json).auto_sign_out_at).toBe("23:30");
    await setClient("eu:1", { settings: { "beta.site-settings": false } });
    try {
      const r = await admin.get(p);
      expect([r.status, r.json.message]).toEqual([403, "Site settings are not enabled for your organisation."]);
    } finally {
      await setClient("eu:1", { settings: { "beta.site-settings": true } });
    }
  });
});

describe("the contract and the seed", () => {
  it("no answer of this file's calls broke the contract, and nothing failed on the server", () => {
    expect(serverErrors).toEqual([]);
  });

  it("OpenAPI lists the new calls, uploads as multipart", async () => {
    const doc = (await call("GET", "/eu/api/v2/openapi.json")).json;
    expect(doc.paths["/manage/sites"].get.operationId).toBe("manageSites");
    expect(doc.paths["/sites/{siteId}"].patch.operationId).toBe("updateSite");
    expect(Object.keys(doc.paths["/sites/{siteId}/welcome-video"].post.requestBody.content)).toEqual(["multipart/form-data"]);
    expect(doc.paths["/kiosk/device-codes"].post.operationId).toBe("kioskDeviceCode");
  });

  it("a revision-3 database comes straight to the current revision with the sites' data; a second run adds nothing", async () => {
    const db = up.app.db;
    expect(SEED_REVISION).toBeGreaterThanOrEqual(5);
    expect(await seedDemoData(up.app)).toBeNull();
    const snapshot = async () =>
      (
        await db.query<Json>(
          `SELECT (SELECT count(*)::int FROM badges) AS badges, (SELECT count(*)::int FROM evacuation_points) AS points,
                  (SELECT count(*)::int FROM attendees) AS attendees, (SELECT count(*)::int FROM devices) AS devices,
                  (SELECT count(*)::int FROM site_messages) AS messages, (SELECT count(*)::int FROM custom_fields) AS fields,
                  (SELECT count(*)::int FROM sign_in_points) AS sign_in_points,
                  (SELECT site_limit FROM clients WHERE region = 'eu' AND number = 5) AS initech_limit`,
        )
      )[0];
    const before = await snapshot();
    // Rewind: what revision 3 had of this data.
    await db.query("UPDATE sites SET badge_id = NULL");
    await db.query("DELETE FROM badges");
    await db.query("DELETE FROM attendees");
    await db.query("DELETE FROM site_messages");
    await db.query("DELETE FROM sign_in_points");
    await db.query(`DELETE FROM devices WHERE name = 'Staff entrance iPad'`);
    await db.query("UPDATE clients SET site_limit = NULL WHERE region = 'eu' AND number = 5");
    await db.query("UPDATE seed_state SET revision = 3");
    const r = await seedDemoData(up.app);
    expect(r).toMatchObject({ from: 3, to: SEED_REVISION, clients: [], users: [] });
    const after = await snapshot();
    // Back: every client's two badges, the events' attendees, Head Office's messages, sign-in points and second kiosk, Initech's limit.
    expect(after).toMatchObject({ badges: before.badges, attendees: 9, messages: 2, sign_in_points: 2, devices: before.devices, points: before.points, fields: before.fields, initech_limit: 3 });
    expect(SiteDetails.parse((await admin.get(`sites/${ids["Head Office"]}`)).json).badge_id).toBeNull(); // a site set up already is left alone
    // Idempotent: once more from 3 adds nothing.
    await db.query("UPDATE seed_state SET revision = 3");
    await seedDemoData(up.app);
    expect(await snapshot()).toEqual(after);
  });
});
