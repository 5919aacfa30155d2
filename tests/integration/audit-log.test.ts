/**
 * The audit log through the portal (issue 16 §3, ADR 022): a change made with the pages' own forms
 * (no JavaScript) shows in the log with who, the browser's address (passed on by a portal that
 * trusts its proxy; a browser's own X-Forwarded-For is not believed otherwise), and before → after;
 * the filter (user, area, dates), 15 a page; hostile filters refused with a message (4xx, never 500);
 * the CSV export with formula cells escaped and the range in its name; 403 for a Standard User.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HttpBrowser, type Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { WebClient } from "../support/client";
import { createUpstreamSite } from "../support/hooks";
import { portalEnv, startPortal, type PortalHandle } from "../support/stack";
import { createUser, newBrowser, newClient, signIn, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const LOG = "/manage/account/audit-log";
let proxied: PortalHandle;

beforeAll(async () => {
  // A portal behind one trusted proxy (TRUST_PROXY=1): the browser's address is the proxy's X-Forwarded-For.
  proxied = await startPortal({ env: portalEnv(upstreamUrl(), undefined, { TRUST_PROXY: "1" }) });
}, 60_000);
afterAll(async () => {
  await proxied?.close();
});

/** A fresh administrator of Acme with a name of their own, and their user id. */
async function newAdmin(name: string) {
  const email = uniqueEmail("audit");
  await createUser({ email, role: "Administrator", client: "eu:1", name });
  const up = await upstreamAccess(upstreamUrl(), email);
  return { email, id: up.config.user.sub, up };
}

/** The first "Show changes" link of the list whose text names `label`. */
const detailsOf = (page: Page, label: string) => page.links().find((l) => l.name.startsWith("Show changes") && l.name.includes(label))?.href;

describe("the audit log", () => {
  test("a site renamed through the form without JavaScript shows with before → after and the browser's address", async () => {
    const admin = await newAdmin("Avery Auditor");
    const site = await createUpstreamSite(upstreamUrl(), { name: `Audit depot ${Date.now()}` });
    const h = { "accept-language": "en-GB", "x-forwarded-for": "198.51.100.23" };
    const browser = new HttpBrowser(new WebClient(proxied.url, h), h);
    expect((await signInWithForms(browser, admin.email)).path).toBe("/today");
    let page = await browser.open(`/manage/site/${site.id}/details`);
    page = await page.form("Save changes").fill("Site name", `${site.name} North`).fill("Reply-to email", "depot@acme.example.com").submit("Save changes");
    expect(page.notices().join(" "), `${page.status} ${page.all({ class: "error" }).map((e) => e.text()).join(" | ")}`).toContain("has been saved");

    page = await browser.open(`${LOG}?user=${admin.id}`);
    expect(page.status).toBe(200);
    expect(page.heading()).toBe("Audit log");
    expect(page.text()).toContain("Avery Auditor");
    expect(page.text()).toContain("198.51.100.23");
    const href = detailsOf(page, `${site.name} North`);
    expect(href, page.links().map((l) => l.name).join(" | ")).toBeTruthy();
    page = await browser.open(href!);
    expect(page.text()).toContain("Change details");
    const row = page.row("Name");
    expect(row.text()).toContain(site.name);
    expect(row.text()).toContain(`${site.name} North`);
    expect(page.text()).toContain("updateSite");
    // Closing goes back to the same filtered list.
    expect(page.link(/Close/)).toBe(`${LOG}?user=${admin.id}`);
  });

  test("a browser's own X-Forwarded-For is not believed by a portal that trusts no proxy", async () => {
    const admin = await newAdmin("Sol Spoofer");
    const site = await createUpstreamSite(upstreamUrl(), { name: `Spoof site ${Date.now()}` });
    const browser = newBrowser({ "x-forwarded-for": "203.0.113.66" });
    await signInWithForms(browser, admin.email);
    let page = await browser.open(`/manage/site/${site.id}/details`);
    page = await page.form("Save changes").fill("Site name", `${site.name} 2`).fill("Reply-to email", "spoof@acme.example.com").submit("Save changes");
    page = await browser.open(`${LOG}?user=${admin.id}`);
    expect(page.text()).toContain("127.0.0.1");
    expect(page.text()).not.toContain("203.0.113.66");
  });

  test("filters by user, area and dates, 15 a page; hostile filters get a 400 with a message", async () => {
    const admin = await newAdmin("Pat Pager");
    const site = await createUpstreamSite(upstreamUrl(), { name: `Paging site ${Date.now()}` });
    for (let i = 0; i < 17; i++) expect((await admin.up.send("PATCH", `sites/${site.id}`, { address: `${i} Paging Road` })).status).toBe(200);
    const browser = newBrowser();
    await signInWithForms(browser, admin.email);
    const today = new Date().toISOString().slice(0, 10);
    let page = await browser.open(`${LOG}?user=${admin.id}&area=sites&from=${today}&to=${today}`);
    expect(page.text()).toContain("Changes found: 17");
    expect(page.links().filter((l) => l.name.startsWith("Show changes")).length).toBe(15);
    expect(page.text()).toContain("Page 1 of 2");
    expect(page.field("User").value).toBe(String(admin.id));
    expect(page.field("Area").value).toBe("sites");
    page = await browser.open(page.link("Next"));
    expect(page.links().filter((l) => l.name.startsWith("Show changes")).length).toBe(2);
    page = await browser.open(`${LOG}?user=${admin.id}&area=groups`);
    expect(page.text()).toContain("No changes match this filter.");
    page = await browser.open(`${LOG}?user=${admin.id}&from=2001-01-01&to=2001-01-31`);
    expect(page.text()).toContain("No changes match this filter.");

    const cases: [string, string, string][] = [
      [`${LOG}?from=2026-02-01&to=2026-01-01`, "To", "The end date must be on or after the start date"],
      [`${LOG}?from=2026-02-30`, "From", "Enter the date as YYYY-MM-DD"],
      [`${LOG}?to=%3Cscript%3Ealert(1)%3C/script%3E`, "To", "Enter the date as YYYY-MM-DD"],
      [`${LOG}?area=drop%20table`, "Area", "Choose an area from the list"],
      [`${LOG}?user=1%20OR%201%3D1`, "User", "Choose a user from the list"],
    ];
    for (const [path, field, message] of cases) {
      const p = await browser.open(path);
      expect(p.status, path).toBe(400);
      expect(p.fieldErrors(field), path).toEqual([message]);
      expect(p.notices().join(" "), path).toContain("This filter cannot be used");
    }
    const client = newClient();
    await signIn(client, admin.email);
    const bad = await client.request(`${LOG}/export?from=2026-02-01&to=2026-01-01`);
    expect(bad.res.status).toBe(400);
    expect(bad.body).toContain("The end date must be on or after the start date");
    expect((await client.request(`${LOG}/99999999999`)).res.status).toBe(404);
    expect((await client.request(`${LOG}/abc`)).res.status).toBe(404);
  });

  test("exports the filtered entries as CSV: a cell starting with = is escaped, the range is in the name", async () => {
    const admin = await newAdmin("Eve Exporter");
    const site = await createUpstreamSite(upstreamUrl(), { name: `Export site ${Date.now()}` });
    expect((await admin.up.send("PATCH", `sites/${site.id}`, { name: "=HYPERLINK(\"http://x\",\"y\")" })).status).toBe(200);
    const client = newClient();
    await signIn(client, admin.email);
    const today = new Date().toISOString().slice(0, 10);
    const r = await client.request(`${LOG}/export?user=${admin.id}&from=${today}&to=${today}`);
    expect(r.res.status).toBe(200);
    expect(r.res.headers.get("content-type")).toContain("text/csv");
    expect(r.res.headers.get("content-disposition")).toContain(`filename="audit-log ${today} to ${today}.csv"`);
    const lines = r.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Time (UTC),User,User ID,Address,Area,Action,What,ID,Name,Changed fields,Before,After,Call");
    expect(r.body).toContain("'=HYPERLINK");
    expect(r.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
    expect(lines.filter((l) => l.includes("Eve Exporter")).length).toBe(1);
  });

  test("a Standard User gets 403 on the log, an entry and the export", async () => {
    const client = newClient();
    await signIn(client, "standard@example.com");
    for (const path of [LOG, `${LOG}/1`, `${LOG}/export`]) expect((await client.request(path)).res.status, path).toBe(403);
  });
});
