/**
 * The Spaces add-on over HTTP (issue 26 item 8; ADR 036 "The Spaces add-on"): the state of a client
 * without Spaces and of Acme (purchased), starting the 15-day trial (Spaces on for the client and
 * the chosen site, the bookings' API open), a second start refused (409, also two at once), the
 * trial's end at the end of its 15th local day and Spaces off after it (the test hook moves the
 * trial back), per-site on/off, rights, tenancy and hostile input; and the trial's arithmetic.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDON_MESSAGES, SpacesAddon } from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";
import { daysLeft, trialPeriod } from "./spaces.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
const { call, as, user } = httpTestClient(() => up.url, "addons");
let gid: string;
let admin: As;
let office: number;

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  gid = (await call("POST", "/__test/account/clients", { name: "Spaces Trial Ltd", country: "DE" })).json.global_id;
  admin = await user("Administrator", { client: gid });
  office = (await admin.get("addons/spaces")).json.sites[0].id;
}, 120_000);

afterAll(async () => {
  expect(serverErrors).toEqual([]);
  await up?.stop();
}, 60_000);

describe("the trial's arithmetic", () => {
  it("ends at the end of the 15th local day, counting the first, across a clock change", () => {
    // Started 20 Oct 2026 at 23:30 in London (22:30 UTC): the last day is 3 Nov; it ends at its midnight (GMT by then).
    const { lastDay, endsAt } = trialPeriod(new Date("2026-10-20T22:30:00Z"), "Europe/London");
    expect([lastDay, endsAt.toISOString()]).toEqual(["2026-11-03", "2026-11-04T00:00:00.000Z"]);
    // In New York the same instant is still 20 Oct; in Tokyo it is already the 21st.
    expect(trialPeriod(new Date("2026-10-20T22:30:00Z"), "Asia/Tokyo").lastDay).toBe("2026-11-04");
    expect(daysLeft("2026-11-03", "Europe/London", new Date("2026-10-20T22:30:00Z"))).toBe(15);
    expect(daysLeft("2026-11-03", "Europe/London", new Date("2026-11-03T23:59:00Z"))).toBe(1);
    expect(daysLeft("2026-11-03", "Europe/London", new Date("2026-11-04T00:00:00Z"))).toBe(0);
  });
});

describe("the Spaces add-on", () => {
  it("is not started for a client without Spaces, priced per site per year in its currency; Acme's is purchased", async () => {
    const r = await admin.get("addons/spaces");
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const s = SpacesAddon.parse(r.json);
    expect(s).toMatchObject({ state: "not_started", enabled: false, trial: null, trial_days: 15, price: { currency: "EUR", cents_per_site_per_year: 42_000 } });
    expect(s.sites).toEqual([{ id: office, name: "Office", spaces_enabled: false, space_exists: false }]);
    const acme = SpacesAddon.parse((await (await as("admin@example.com")).get("addons/spaces")).json);
    expect(acme).toMatchObject({ state: "purchased", enabled: true, price: { currency: "GBP", cents_per_site_per_year: 36_000 } });
    expect(acme.sites.find((x) => x.name === "Head Office")).toMatchObject({ spaces_enabled: true, space_exists: true });
    expect(acme.sites.some((x) => x.name === "Annual Conference")).toBe(false); // event sites take no spaces
  });

  it("refuses hostile input with 422 and other clients' sites as unknown", async () => {
    for (const body of [{}, { site_ids: [] }, { site_ids: ["x"] }, { site_ids: [-1] }, { site_ids: Array.from({ length: 101 }, (_, i) => i + 1) }, { site_ids: "1" }]) {
      expect((await admin.post("addons/spaces/trial", body)).status, JSON.stringify(body)).toBe(422);
    }
    const acmeHq = (await up.app.db.query<{ id: number }>("SELECT id FROM sites WHERE name = 'Head Office'"))[0]!.id;
    const r = await admin.post("addons/spaces/trial", { site_ids: [acmeHq] });
    expect([r.status, r.json.errors?.site_ids]).toEqual([422, [ADDON_MESSAGES.siteUnknown]]);
    expect((await admin.patch(`addons/spaces/sites/${acmeHq}`, { enabled: false })).status).toBe(404);
    expect((await admin.patch("addons/spaces/sites/abc", { enabled: true })).status).toBe(404);
    expect((await admin.patch(`addons/spaces/sites/${office}`, { enabled: "yes" })).status).toBe(422);
  });

  it("needs Spaces.editor", async () => {
    const standard = await user("Standard User", { client: gid });
    for (const r of [await standard.get("addons/spaces"), await standard.post("addons/spaces/trial", { site_ids: [office] }), await standard.patch(`addons/spaces/sites/${office}`, { enabled: true })]) {
      expect([r.status, r.json.message]).toEqual([403, ADDON_MESSAGES.unauthorised]);
    }
  });

  it("reads for an expired client, whose changes are refused as its trial is over", async () => {
    const expired = await as("expired@example.com");
    expect((await expired.get("addons/spaces")).json.state).toBe("not_started");
    const site = (await expired.get("addons/spaces")).json.sites[0].id;
    for (const r of [await expired.post("addons/spaces/trial", { site_ids: [site] }), await expired.patch(`addons/spaces/sites/${site}`, { enabled: false })]) {
      expect([r.status, r.json.code]).toEqual([403, "trial_period_over"]);
    }
  });

  it("cannot turn Spaces on at a site before the trial", async () => {
    const r = await admin.patch(`addons/spaces/sites/${office}`, { enabled: true });
    expect([r.status, r.json.message]).toEqual([409, ADDON_MESSAGES.notActive]);
  });

  it("starts once: Spaces on for the client and the site, 15 days left; a second start (even at once) is 409", async () => {
    const [a, b] = await Promise.all([admin.post("addons/spaces/trial", { site_ids: [office] }), admin.post("addons/spaces/trial", { site_ids: [office] })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const s = SpacesAddon.parse((a.status === 200 ? a : b).json);
    expect(s).toMatchObject({ state: "trial", enabled: true, trial: { days_left: 15, time_zone: "Europe/London" } });
    expect(s.sites[0]).toMatchObject({ spaces_enabled: true });
    const again = await admin.post("addons/spaces/trial", { site_ids: [office] });
    expect([again.status, again.json.message]).toEqual([409, ADDON_MESSAGES.trialStarted]);
    // The config now says Spaces is on, and the site's spaces answer.
    expect((await admin.get("config")).json.client.settings.spaces_enabled).toBe(true);
    expect((await admin.get(`spaces/${office}`)).status).toBe(200);
    // Another client's user sees nothing of it: their own state, and this client's site unknown.
    const acme = await as("admin@example.com");
    expect((await acme.get("addons/spaces")).json.state).toBe("purchased");
    expect((await acme.patch(`addons/spaces/sites/${office}`, { enabled: false })).status).toBe(404);
  });

  it("turns Spaces off and on at a site during the trial", async () => {
    expect((await admin.patch(`addons/spaces/sites/${office}`, { enabled: false })).json.sites[0].spaces_enabled).toBe(false);
    expect((await admin.get(`spaces/${office}`)).status).toBe(403);
    expect((await admin.patch(`addons/spaces/sites/${office}`, { enabled: true })).json.sites[0].spaces_enabled).toBe(true);
  });

  it("ends after 15 days: expired, Spaces off for the client (its site's switch kept), on again once purchased", async () => {
    expect((await call("POST", `/__test/clients/${gid}/addons/spaces/trial`, { days: 14 })).status).toBe(200);
    expect(SpacesAddon.parse((await admin.get("addons/spaces")).json)).toMatchObject({ state: "trial", trial: { days_left: 1 } });
    expect((await call("POST", `/__test/clients/${gid}/addons/spaces/trial`, { days: 1 })).status).toBe(200);
    const over = SpacesAddon.parse((await admin.get("addons/spaces")).json);
    expect(over).toMatchObject({ state: "trial_expired", enabled: false, trial: { days_left: 0 } });
    expect(over.sites[0]!.spaces_enabled).toBe(true);
    expect((await admin.get("config")).json.client.settings.spaces_enabled).toBe(false);
    expect((await admin.get(`spaces/${office}`)).status).toBe(403);
    expect((await admin.patch(`addons/spaces/sites/${office}`, { enabled: true })).status).toBe(409);
    expect((await admin.post("addons/spaces/trial", { site_ids: [office] })).status).toBe(409);
    // Turning a site off still works after the trial.
    expect((await admin.patch(`addons/spaces/sites/${office}`, { enabled: false })).status).toBe(200);
    expect((await call("POST", `/__test/clients/${gid}/addons/spaces/trial`, { purchased: true })).status).toBe(200);
    expect(SpacesAddon.parse((await admin.get("addons/spaces")).json)).toMatchObject({ state: "purchased", enabled: true });
  });
});
