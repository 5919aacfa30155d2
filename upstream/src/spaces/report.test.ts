/**
 * The bookings report over HTTP (issue 26 item 7; ADR 036): a multi-day booking counted on each
 * local day, the outcomes (used, released, cancelled, not used) and their totals, the filters, the
 * caller's sites only, the rights, the 31-day range, and the export's rows (a formula escaped).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTENDANCE_MESSAGES, BookingsReport, RANGE_MESSAGES, SPACES_MESSAGES } from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
const { call, as, user } = httpTestClient(() => up.url, "bookings-report");
let admin: As;
let site: number;
let other: number;
let zone: number;
const FROM = "2026-03-27";
const TO = "2026-03-31";

const hook = async (path: string, body: unknown) => {
  const r = await call("POST", `/__test/${path}`, body);
  expect(r.status, JSON.stringify(r.json)).toBeLessThan(300);
  return r.json.id as number;
};

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
  site = (await call("POST", "/__test/sites", { client: "eu:1", name: "Report site", timezone: "Europe/London" })).json.id;
  other = (await call("POST", "/__test/sites", { client: "eu:1", name: "Other report site", timezone: "UTC" })).json.id;
  for (const s of [site, other]) await call("POST", `/__test/sites/${s}/spaces`, {});
  zone = await hook(`sites/${site}/spaces/nodes`, { name: "Level 2" });
  const desk = await hook(`sites/${site}/spaces/nodes`, { name: "D1", parent_id: zone, category: "desk" });
  const room = await hook(`sites/${site}/spaces/nodes`, { name: "Room A", category: "meeting-room" });
  const far = await hook(`sites/${other}/spaces/nodes`, { name: "F1", category: "desk" });
  // Three days on D1 across the clock change (Sat 28 – Mon 30 March 2026, London), used.
  await hook(`sites/${site}/spaces/bookings`, { space_id: desk, person_name: "Mia Multi", starts_at: "2026-03-28T09:00:00Z", ends_at: "2026-03-30T16:00:00Z", used: true });
  await hook(`sites/${site}/spaces/bookings`, { space_id: room, person_name: "=HYPERLINK(\"http://x\")", starts_at: "2026-03-27T10:00:00Z", ends_at: "2026-03-27T11:00:00Z" });
  const released = await hook(`sites/${site}/spaces/bookings`, { space_id: room, person_name: "Rory Released", starts_at: "2026-03-31T08:00:00Z", ends_at: "2026-03-31T09:00:00Z" });
  const cancelled = await hook(`sites/${site}/spaces/bookings`, { space_id: room, person_name: "Cara Cancelled", starts_at: "2026-03-31T10:00:00Z", ends_at: "2026-03-31T11:00:00Z" });
  await up.app.db.query("UPDATE space_bookings SET status = 'released', ended_at = starts_at + interval '30 minutes' WHERE id = $1", [released]);
  await up.app.db.query("UPDATE space_bookings SET status = 'cancelled', ended_at = starts_at - interval '1 day' WHERE id = $1", [cancelled]);
  await hook(`sites/${other}/spaces/bookings`, { space_id: far, person_name: "Otto Other", starts_at: "2026-03-29T09:00:00Z", ends_at: "2026-03-29T17:00:00Z" });
}, 120_000);

afterAll(async () => {
  expect(serverErrors).toEqual([]);
  await up?.stop();
}, 60_000);

const report = async (a: As, query: string) => {
  const r = await a.get(`reports/bookings?${query}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return BookingsReport.parse(r.json);
};

describe("the bookings report", () => {
  it("counts a multi-day booking on each local day, with each day's outcome and the totals", async () => {
    const r = await report(admin, `from=${FROM}&to=${TO}&site_id=${site}`);
    expect(r.rows.map((x) => [x.day, x.space, x.person, x.outcome])).toEqual([
      ["2026-03-27", "Room A", "=HYPERLINK(\"http://x\")", "unused"],
      ["2026-03-28", "D1", "Mia Multi", "used"],
      ["2026-03-29", "D1", "Mia Multi", "used"],
      ["2026-03-30", "D1", "Mia Multi", "used"],
      ["2026-03-31", "Room A", "Rory Released", "released"],
      ["2026-03-31", "Room A", "Cara Cancelled", "cancelled"],
    ]);
    expect(r.totals).toEqual({ days: 6, used: 3, released: 1, cancelled: 1, unused: 1 });
    // Times in the site's own offset: GMT before the change, BST after.
    expect([r.rows[1]!.start, r.rows[3]!.end]).toEqual(["2026-03-28T09:00:00+00:00", "2026-03-30T17:00:00+01:00"]);
    expect(r.rows[1]!.zone).toBe("Level 2");
  });

  it("filters by zone, category, person and outcome; every site of the user without one", async () => {
    expect((await report(admin, `from=${FROM}&to=${TO}&site_id=${site}&zone_id=${zone}`)).rows.map((x) => x.space)).toEqual(["D1", "D1", "D1"]);
    expect((await report(admin, `from=${FROM}&to=${TO}&site_id=${site}&category=meeting-room&outcome=released`)).rows.map((x) => x.person)).toEqual(["Rory Released"]);
    expect((await report(admin, `from=${FROM}&to=${TO}&person=mia`)).total).toBe(3);
    const all = await report(admin, `from=${FROM}&to=${TO}&person=otto`);
    expect(all.rows.map((x) => x.site_name)).toEqual(["Other report site"]);
  });

  it("shows a restricted user only their sites, and refuses without the right, a bad filter or more than 31 days", async () => {
    expect((await call("POST", "/__test/roles", { client: "eu:1", name: "Bookings reporter", rights: ["BookingsReport.viewer"] })).status).toBe(201);
    const restricted = await user("Bookings reporter", { site_ids: [other] });
    expect((await report(restricted, `from=${FROM}&to=${TO}`)).rows.map((x) => x.person)).toEqual(["Otto Other"]);
    expect((await restricted.get(`reports/bookings?from=${FROM}&to=${TO}&site_id=${site}`)).json.errors?.site_id).toEqual([ATTENDANCE_MESSAGES.site]);
    expect((await call("POST", "/__test/roles", { client: "eu:1", name: "No bookings report", rights: ["History.viewer"] })).status).toBe(201);
    const none = await user("No bookings report");
    for (const path of [`reports/bookings?from=${FROM}&to=${TO}`, `reports/bookings/export?from=${FROM}&to=${TO}`]) {
      const r = await none.get(path);
      expect([r.status, r.json.message]).toEqual([403, SPACES_MESSAGES.reportUnauthorised]);
    }
    const bad: [string, string, string][] = [
      ["from=2026-03-01&to=2026-04-01", "to", RANGE_MESSAGES.tooLong],
      ["from=2026-03-31&to=2026-03-01", "to", RANGE_MESSAGES.reversed],
      ["from=soon&to=2026-03-01", "from", RANGE_MESSAGES.malformed],
      [`from=${FROM}&to=${TO}&category=hammock`, "category", SPACES_MESSAGES.category],
      [`from=${FROM}&to=${TO}&outcome=maybe`, "outcome", SPACES_MESSAGES.outcome],
      [`from=${FROM}&to=${TO}&zone_id=${zone}`, "zone_id", SPACES_MESSAGES.reportZone],
      [`from=${FROM}&to=${TO}&site_id=abc`, "site_id", ATTENDANCE_MESSAGES.site],
      [`from=${FROM}&to=${TO}&page=0`, "page", "The page must be a positive whole number"],
    ];
    for (const [q, field, message] of bad) {
      const r = await admin.get(`reports/bookings?${q}`);
      expect([r.status, r.json.errors?.[field]], q).toEqual([422, [message]]);
    }
  });

  it("exports the rows as CSV, a formula escaped, and as XLSX", async () => {
    const res = await fetch(`${up.url}/eu/api/v2/reports/bookings/export?format=csv&from=${FROM}&to=${TO}&site_id=${site}`, { headers: { authorization: (await tokenOf()) } });
    expect(res.status).toBe(200);
    const lines = (await res.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Date,Site,Zone,Space,Category,Person,Start,End,Outcome");
    expect(lines).toHaveLength(7);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[2]).toBe("2026-03-28,Report site,Level 2,D1,desk,Mia Multi,09:00,2026-03-30 17:00,Used");
    const xlsx = await fetch(`${up.url}/eu/api/v2/reports/bookings/export?format=xlsx&from=${FROM}&to=${TO}`, { headers: { authorization: await tokenOf() } });
    expect([xlsx.status, xlsx.headers.get("content-type")]).toEqual([200, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"]);
  });
});

async function tokenOf(): Promise<string> {
  const r = await call("POST", "/api/v2/auth/login", { email: "admin@example.com", password: "Demo-Passw0rd!" });
  return `Bearer ${r.json.access_token as string}`;
}
