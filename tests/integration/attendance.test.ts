/**
 * The attendance reports through real HTTP, as a browser without JavaScript (issue 17 §4, §5;
 * ADR 027): both reports' GET filters; a day overridden and cleared; hostile ranges and filters
 * (reversed, 2038+, malformed, 32 days) answered 4xx with the message, on the pages and the
 * exports; a user restricted to one site never sees another in the page or the export; a CSV cell
 * starting with `=` escaped; 403 without the rights or the flag; the reports index listing exactly
 * what each of two roles may open.
 *
 * The day overrides are made on a group of the test's own (Acme, eu:1), so demo rows stay as seeded.
 */
import { describe, expect, test } from "vitest";
import { ACCESS_TABLE } from "../../app/access/table";
import type { Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { createUpstreamRole } from "../support/hooks";
import { createUser, failuresOf, hook, newBrowser, newClient, signIn, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const tag = () => Math.random().toString(36).slice(2, 7);
const today = () => new Date().toISOString().slice(0, 10);
const back = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

async function userOf(role: string, opts: { client?: string; site_ids?: number[] } = {}) {
  const email = uniqueEmail("attendance");
  await createUser({ email, role, client: opts.client ?? "eu:1", ...(opts.site_ids ? { site_ids: opts.site_ids } : {}) });
  return email;
}
async function browserFor(email: string) {
  const browser = newBrowser();
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  return browser;
}
async function clientFor(email: string) {
  const client = newClient({ "accept-language": "en-GB" });
  await signIn(client, email);
  return client;
}
/** The report's filter form (the shell has a "Show" of its own: the site switcher). */
const filterOf = (page: Page) => page.form({ button: "Show", action: /^\/reports\// });
async function acmeSites() {
  const api = await upstreamAccess(upstreamUrl(), "admin@example.com");
  const sites = (await api.get("sites")) as { id: number; name: string }[];
  return { hq: sites.find((s) => s.name === "Head Office")!.id, wh: sites.find((s) => s.name === "Warehouse")!.id };
}

describe("site attendance, without JavaScript", () => {
  test("the filter narrows to a site and a range; the export has the same rows", async () => {
    const { wh } = await acmeSites();
    const email = await userOf("Administrator");
    const browser = await browserFor(email);
    let page = await browser.open("/reports/site-attendance");
    expect([page.status, page.heading()]).toEqual([200, "Site attendance"]);
    page = await filterOf(page).fill("From", back(13)).fill("To", back(1)).select("Site", "Warehouse").submit("Show");
    expect(page.status).toBe(200);
    expect(page.path).toContain(`site=${wh}`);
    const rows = page.all({ tag: "tr", attr: "data-site-id" });
    expect(rows.length).toBe(13);
    expect(rows.every((r) => r.attr("data-site-id") === String(wh))).toBe(true);
    expect(rows.some((r) => Number(r.text().match(/\d+/g)?.[0] ?? 0) > 0)).toBe(true);

    const client = await clientFor(email);
    const { res, body } = await client.request(`/reports/site-attendance/export?format=csv&from=${back(13)}&to=${back(1)}&site=${wh}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = body.replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("Date,Site,People,Visitors,Members,Peak on site");
    expect(lines.length).toBe(14);
    expect(lines.slice(1).every((l) => l.split(",")[1] === "Warehouse")).toBe(true);
    const x = await client.request(`/reports/site-attendance/export?format=xlsx&from=${back(2)}&to=${back(1)}`);
    expect([x.res.status, x.res.headers.get("content-type")]).toEqual([200, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"]);
  });

  test("hostile ranges and filters get a 4xx with the message, on the page and the export", async () => {
    const client = await clientFor(await userOf("Administrator"));
    const cases: [string, string][] = [
      [`from=${back(1)}&to=${back(3)}`, "The end date must be on or after the start date"],
      ["from=2037-12-30&to=2038-01-02", "Dates must be before 2038"],
      ["from=2026-02-30&to=2026-03-01", "Enter dates as YYYY-MM-DD"],
      ["from=%3Cscript%3E&to=2026-03-01", "Enter dates as YYYY-MM-DD"],
      [`from=${back(31)}&to=${back(0)}`, "An export covers at most 31 days"],
      [`from=${back(1)}&to=${back(0)}&site=999999`, "Choose one of your sites"],
      [`from=${back(1)}&to=${back(0)}&site=1%20OR%201=1`, "Choose one of your sites"],
    ];
    for (const [query, message] of cases) {
      const page = await client.request(`/reports/site-attendance?${query}`);
      expect([query, page.res.status, page.body.includes(message)]).toEqual([query, 400, true]);
      for (const report of ["site-attendance", "daily-attendance"]) {
        const file = await client.request(`/reports/${report}/export?format=csv&${query}`);
        expect([report, query, file.res.status, file.body]).toEqual([report, query, 400, message]);
      }
    }
    expect((await client.request(`/reports/site-attendance/export?format=pdf&from=${back(1)}&to=${back(0)}`)).res.status).toBe(400);
    const day = await client.request("/reports/daily-attendance?day=2038-01-01");
    expect([day.res.status, day.body.includes("Dates must be before 2038")]).toEqual([400, true]);
  });

  test("a user restricted to one site never sees another, in the page or the export", async () => {
    const { hq, wh } = await acmeSites();
    const email = await userOf("Administrator", { site_ids: [wh] });
    const client = await clientFor(email);
    const page = await client.request(`/reports/site-attendance?from=${back(20)}&to=${back(0)}`);
    expect(page.res.status).toBe(200);
    expect(page.body).toContain("Warehouse");
    expect(page.body).not.toContain("Head Office");
    const refused = await client.request(`/reports/site-attendance?from=${back(2)}&to=${back(0)}&site=${hq}`);
    expect([refused.res.status, refused.body.includes("Choose one of your sites")]).toEqual([400, true]);
    const file = await client.request(`/reports/site-attendance/export?format=csv&from=${back(20)}&to=${back(0)}`);
    expect(file.res.status).toBe(200);
    expect(file.body).toContain("Warehouse");
    expect(file.body).not.toContain("Head Office");
  });

  test("403 without the flag (another client) or without a report right", async () => {
    const initech = await clientFor(await userOf("Administrator", { client: "eu:5" }));
    expect((await initech.request(`/reports/site-attendance?from=${back(1)}&to=${back(0)}`)).res.status).toBe(403);
    expect((await initech.request(`/reports/site-attendance/export?format=csv&from=${back(1)}&to=${back(0)}`)).res.status).toBe(403);
    const role = `Attendance none ${tag()}`;
    await createUpstreamRole(upstreamUrl(), { name: role, rights: ["Today.viewer"] });
    const none = await clientFor(await userOf(role));
    expect((await none.request("/reports/site-attendance")).res.status).toBe(403);
    expect((await none.request("/reports/daily-attendance")).res.status).toBe(403);
  });
});

describe("daily attendance, without JavaScript", () => {
  test("filter by day and group, override a day and clear it; the drawn value stays beside it", async () => {
    const { hq } = await acmeSites();
    const group = await hook<{ id: number; name: string; members: { id: number; name: string }[] }>("POST", "groups", {
      client: "eu:1",
      name: `Attendance ${tag()}`,
      members: ["Ada Present", "=HYPERLINK(\"http://evil.example\",\"x\")", "Cy Absent"],
      site_ids: [hq],
    });
    const email = await userOf("Administrator");
    const browser = await browserFor(email);
    let page = await browser.open("/reports/daily-attendance");
    expect([page.status, page.heading()]).toEqual([200, "Daily attendance"]);
    page = await filterOf(page).fill("Day", back(1)).submit("Show");
    page = await filterOf(page).select("Group", group.name).submit("Show");
    expect(page.path).toContain(`group=${group.id}`);
    expect(page.rowHeaders()).toEqual(["=HYPERLINK(\"http://evil.example\",\"x\")", "Ada Present", "Cy Absent"]);
    expect(page.row("Cy Absent").text()).toContain("Absent");

    page = await page.form({ button: "Save", within: page.row("Cy Absent") }).select("Status", "Remote").fill("Note (optional)", "Worked from home").submit("Save");
    expect(page.status).toBe(200);
    expect(page.notices().join(" ")).toContain("Cy Absent's day was changed.");
    expect(page.path).toBe(`/reports/daily-attendance?day=${back(1)}&group=${group.id}`);
    const override = page.row("Cy Absent").byClass("attendance-override").text();
    expect(page.row("Cy Absent").byClass("attendance-status--absent").text()).toBe("Absent");
    expect(override).toContain("Remote");
    expect(override).toContain("Worked from home");
    expect(override).toMatch(/By \S+/);

    page = await page.form({ button: "Clear change for Cy Absent", within: page.row("Cy Absent") }).submit("Clear change for Cy Absent");
    expect(page.notices().join(" ")).toContain("Cy Absent's day is as the visits say again.");
    expect(page.row("Cy Absent").text()).toContain("As the visits say");
    expect(page.row("Cy Absent").all({ class: "attendance-override" })).toEqual([]);
    expect(page.row("Cy Absent").text()).not.toContain("Worked from home");

    // The export: one row per member per day, the formula-like name escaped.
    const client = await clientFor(email);
    const file = await client.request(`/reports/daily-attendance/export?format=csv&from=${back(2)}&to=${back(1)}&group=${group.id}`);
    expect(file.res.status).toBe(200);
    const lines = file.body.replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
    expect(lines.length).toBe(1 + 2 * 3);
    expect(file.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(file.body).not.toMatch(/(^|,)"?=HYPERLINK/m);

    // Hostile posts: a 4xx with the message, never a 500.
    const cy = group.members[2]!.id;
    const here = `/reports/daily-attendance?day=${back(1)}&group=${group.id}`;
    const failures = await failuresOf(client, [
      [here, { intent: "set", member_id: String(cy), day: back(1), status: "asleep" }, 400, "Choose present, absent, remote or on leave"],
      [here, { intent: "set", member_id: String(cy), day: back(1), status: "present", note: "x".repeat(501) }, 400, "The note must be at most 500 characters"],
      [here, { intent: "set", member_id: String(cy), day: back(1), status: "present", note: "a\r\nb" }, 400, ""],
      [here, { intent: "set", member_id: String(cy), day: "2037-06-01", status: "present" }, 422, "Days after today cannot be changed"],
      [here, { intent: "set", member_id: String(cy), day: "2026-02-31", status: "present" }, 422, "Enter dates as YYYY-MM-DD"],
      [here, { intent: "set", member_id: "999999", day: back(1), status: "present" }, 404, "This member is no longer there."],
      [here, { intent: "set", member_id: "x", day: back(1), status: "present" }, 400, ""],
      [here, { intent: "explode", member_id: String(cy), day: back(1) }, 400, ""],
    ]);
    expect(failures).toEqual([]);
  });

  test("a day before the member's start is refused; viewers see no change controls and get 403 posting", async () => {
    const { hq } = await acmeSites();
    const group = await hook<{ id: number; name: string }>("POST", "groups", { client: "eu:1", name: `Attendance start ${tag()}`, members: [], site_ids: [hq] });
    const api = await upstreamAccess(upstreamUrl(), "admin@example.com");
    const created = await api.send("POST", `groups/${group.id}/members`, { name: "Newa Starter", starts_on: back(1) });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const starter = created.json.id as number;
    const admin = await clientFor(await userOf("Administrator"));
    const failures = await failuresOf(admin, [
      [`/reports/daily-attendance?day=${back(3)}`, { intent: "set", member_id: String(starter), day: back(3), status: "present" }, 422, "This day is before the member&#x27;s start date"],
    ]);
    expect(failures).toEqual([]);

    const role = `Attendance viewer ${tag()}`;
    await createUpstreamRole(upstreamUrl(), { name: role, rights: ["DailyAttendanceReport.viewer", "DailyAttendanceReport.view"] });
    const email = await userOf(role);
    const browser = await browserFor(email);
    const page = await browser.open(`/reports/daily-attendance?day=${back(1)}&group=${group.id}`);
    expect(page.status).toBe(200);
    expect(page.rowHeaders()).toEqual(["Newa Starter"]);
    expect(page.hasButton("Save")).toBe(false);
    const viewer = await clientFor(email);
    const posted = await viewer.post(`/reports/daily-attendance?day=${back(1)}`, { intent: "set", member_id: String(starter), day: back(1), status: "present" }, { follow: false });
    expect(posted.res.status).toBe(403);
  });
});

describe("the reports index", () => {
  test("lists exactly the reports each role may open, each with its summary", async () => {
    const historyBuilt = ACCESS_TABLE.some((e) => e.path === "/reports/history" && e.screen);
    const expected = (names: string[]) => names.filter((n) => n !== "Visit history" || historyBuilt);
    const admin = await browserFor(await userOf("Administrator"));
    const page = await admin.open("/reports");
    expect(page.main().links().map((l) => l.name)).toEqual(expected(["Evacuation reports", "Visit history", "Bookings report", "Site attendance", "Daily attendance"]));
    expect(page.main().text()).toContain("People on site per site and day");
    expect(page.main().text()).toContain("Every booking of desks, rooms and parking on each day it covers");
    const standard = await browserFor(await userOf("Standard User"));
    expect((await standard.open("/reports")).main().links().map((l) => l.name)).toEqual(expected(["Evacuation reports", "Visit history", "Bookings report", "Site attendance"]));
  });
});
