/**
 * Visit management through real HTTP (issue 17 item 2; ADR 026), driven as a browser without
 * JavaScript would: the Manage tab of the visit dialog edits a visit, its notes, protects it,
 * refuses to delete it while protected (409 with the message), anonymises and deletes it; hostile
 * input gets a 4xx with a message, never a 500; each form needs its own right (403); a user
 * restricted to other sites cannot reach the visit (404); retention removes an old unprotected
 * visit and keeps a protected one.
 *
 * Each test makes its own site and visits through the upstream (Acme, eu:1).
 */
import { describe, expect, test } from "vitest";
import { VISIT_MESSAGES } from "@contract";
import { upstreamAccess } from "../support/access";
import { createUpstreamRole, createUpstreamSite } from "../support/hooks";
import { createUser, failuresOf, hook, newBrowser, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const tag = () => Math.random().toString(36).slice(2, 7);
type Api = Awaited<ReturnType<typeof upstreamAccess>>;

async function userWith(role: string, opts: { site_ids?: number[] } = {}) {
  const email = uniqueEmail("visit-manage");
  await createUser({ email, role, client: "eu:1", name: "Vic Manager", ...opts });
  const browser = newBrowser();
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  return { browser, api: await upstreamAccess(upstreamUrl(), email) };
}

/** A fresh site (Europe/London) with a visitor who came and left an hour ago (`signedOut`), or is still on site. */
async function siteWithVisit(api: Api, { signedOut = true, name = "Vera Visitor" } = {}) {
  const site = await createUpstreamSite(upstreamUrl(), { name: `Manage ${tag()}`, timezone: "Europe/London", all_groups: true });
  const visitors = site.groups.find((g) => g.name === "Visitors")!;
  const r = await api.send("POST", `sites/${site.id}/visits`, { group_id: visitors.id, name, company: "Initrode", host: "Alice" });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  if (signedOut) expect((await api.send("POST", `visits/${r.json.id}/sign-out`)).status).toBe(200);
  return { site, id: r.json.id as number, path: `/today/visits/${r.json.id}/manage` };
}

/** A London wall-clock time `hours` ago, as a datetime-local field holds it. */
const londonAgo = (hours: number) => {
  const d = new Date(Date.now() - hours * 3_600_000);
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(d);
  const p = (t: string) => parts.find((x) => x.type === t)!.value;
  return `${p("year")}-${p("month")}-${p("day")}T${p("hour")}:${p("minute")}`;
};

describe("the Manage tab, without JavaScript", () => {
  test("edit, notes, protect, delete refused while protected, unprotect, anonymise, delete", async () => {
    const { browser, api } = await userWith("Administrator");
    const { site, id, path } = await siteWithVisit(api);
    const deliveries = site.groups.find((g) => g.name === "Deliveries")!;

    let page = await browser.open(path);
    expect(page.status).toBe(200);
    expect(page.headings(3)).toEqual(expect.arrayContaining(["Edit visit", "Notes", "Protection"]));
    page = await page.form("Save visit").fill("Signed in at", londonAgo(3)).fill("Signed out at", londonAgo(2)).select("Group", "Deliveries").fill("Host", "Bob Host").submit("Save visit");
    expect(page.notices().join(" ")).toContain("The visit of Vera Visitor was saved");
    let v = await api.get(`visits/${id}/manage`);
    expect([v.group_id, v.host]).toEqual([deliveries.id, "Bob Host"]);
    expect(Math.round((Date.parse(v.signed_out_at) - Date.parse(v.signed_in_at)) / 60_000)).toBe(60);

    page = await page.form("Save notes").fill("Notes", "Parking space 14.\nBadge returned.").submit("Save notes");
    expect(page.notices().join(" ")).toContain("Notes saved for Vera Visitor");
    page = await page.form("Protect visit").submit("Protect visit");
    expect(page.notices().join(" ")).toContain("is protected");
    v = await api.get(`visits/${id}/manage`);
    expect([v.notes, v.protected]).toEqual(["Parking space 14.\nBadge returned.", true]);

    page = await page.form("Delete visit").submit("Delete visit");
    expect(page.status).toBe(409);
    expect(page.text()).toContain("This visit is protected against deletion. Unprotect it first.");
    page = await browser.open(path);
    page = await page.form("Unprotect visit").submit("Unprotect visit");
    expect(page.notices().join(" ")).toContain("no longer protected");

    page = await page.form("Anonymise for good").submit("Anonymise for good");
    expect(page.notices().join(" ")).toContain("was anonymised");
    v = await api.get(`visits/${id}`);
    expect(v).toMatchObject({ name: "Anonymised", company: null, host: null, notes: null, fields: [] });
    expect(page.text()).toContain("This visit has been anonymised");
    expect(page.hasButton("Save notes")).toBe(false);

    page = await page.form("Delete visit").submit("Delete visit");
    expect(page.path).toBe("/today");
    expect(page.notices().join(" ")).toContain("The visit of Anonymised was deleted");
    expect((await browser.open(path)).status).toBe(404);
  });

  test("refusals answer 4xx with their message; hostile input never a 500", async () => {
    const { browser, api } = await userWith("Administrator");
    const { path } = await siteWithVisit(api);
    let page = await browser.open(path);
    page = await page.form("Save visit").fill("Signed out at", londonAgo(5)).submit("Save visit");
    expect(page.status).toBe(422);
    expect(page.fieldErrors("Signed out at")).toEqual([VISIT_MESSAGES.outBeforeIn]);
    page = await page.form("Save visit").fill("Signed out at", londonAgo(-48)).submit("Save visit");
    expect([page.status, page.fieldErrors("Signed out at")]).toEqual([422, ["Times cannot be in the future"]]);
    page = await page.form("Save visit").fill("Signed out at", "").submit("Save visit");
    expect([page.status, page.fieldErrors("Signed out at")]).toEqual([422, ["A signed-out visit needs its sign-out time"]]);

    const web = browser.client;
    const failures = await failuresOf(web, [
      [path, { intent: "edit", group_id: "1", host: "Line\r\nBcc: x@example.com" }, 400, "line"],
      [path, { intent: "edit", group_id: "abc" }, 400, "Choose a group"],
      [path, { intent: "edit", group_id: "1", signed_in_at: "yesterday" }, 400, "Enter a date and time"],
      [path, { intent: "edit", group_id: "1", signed_in_at: "2026-02-31T10:00" }, 400, "Enter a date and time"],
      [path, { intent: "edit", group_id: "1", signed_out_at: "2040-01-01T10:00" }, 422, "Dates must be before 2038"],
      [path, { intent: "edit", group_id: "999999" }, 422, "The selected group is not available at this site"],
      [path, { intent: "notes", notes: "x".repeat(2001) }, 400, "Notes can be at most 2,000 characters"],
      [path, { intent: "notes", notes: "bell\u0007" }, 400, "control characters"],
      [path, { intent: "explode" }, 400, ""],
      ["/today/visits/abc/manage", { intent: "delete" }, 404, ""],
      ["/today/visits/999999999/manage", { intent: "delete" }, 404, ""],
    ]);
    expect(failures).toEqual([]);
  });

  test("each form needs its own right (403), and another site's visit is not there (404)", async () => {
    const { api } = await userWith("Administrator");
    const { path } = await siteWithVisit(api, { signedOut: false });
    const RIGHTS = { edit: "Visit.editor", notes: "Visit.notes", protect: "History.protect", delete: "History.delete" } as const;
    const FORMS = { edit: { intent: "edit", group_id: "1" }, notes: { intent: "notes", notes: "n" }, protect: { intent: "protect" }, delete: { intent: "anonymise" } };
    for (const [part, right] of Object.entries(RIGHTS)) {
      const role = await createUpstreamRole(upstreamUrl(), { name: `Only ${right} ${tag()}`, rights: ["Today.viewer", right] });
      const { browser } = await userWith(role.name);
      expect((await browser.open(path)).status, right).toBe(200);
      for (const [other, form] of Object.entries(FORMS)) {
        if (other === part) continue;
        const r = await browser.client.post(path, form, { follow: false });
        expect(r.res.status, `${right} posting ${other}`).toBe(403);
      }
    }
    const viewer = await createUpstreamRole(upstreamUrl(), { name: `Viewer ${tag()}`, rights: ["Today.viewer"] });
    const { browser: plain } = await userWith(viewer.name);
    expect((await plain.open(path)).status).toBe(403);

    const { browser: elsewhere } = await userWith("Administrator", { site_ids: [1] });
    expect((await elsewhere.open(path)).status).toBe(404);
    expect((await elsewhere.client.post(path, { intent: "delete" }, { follow: false })).res.status).toBe(404);
  });
});

describe("data retention", () => {
  test("removes a visit past its group's retention, keeps a protected one", async () => {
    const { api } = await userWith("Administrator");
    const old = await siteWithVisit(api, { name: "Olive Old" });
    const kept = await siteWithVisit(api, { name: "Peter Protected" });
    for (const v of [old, kept]) await hook("POST", `visits/${v.id}`, { days_ago: 800 });
    await api.send("POST", `visits/${kept.id}/protection`, { protected: true });
    const swept = await hook<{ removed: number }>("POST", "visits/retention");
    expect(swept.removed).toBeGreaterThanOrEqual(1);
    expect((await api.send("POST", `visits/${old.id}/notes`, { notes: "x" })).status).toBe(404);
    expect((await api.get(`visits/${kept.id}`)).protected).toBe(true);
  });
});
