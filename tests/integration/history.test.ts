/**
 * The visit history and its export through real HTTP, as a browser without JavaScript would
 * (issue 17; ADR 025): the GET filters; hostile filters and ranges answered 4xx with the message
 * (never a 500); a user restricted to one site never sees another site's visits, on the page or in
 * the export; a CSV cell starting with `=` escaped; 32 days and a range older than 12 months
 * refused with the spec's messages; a user without History.viewer gets 403.
 *
 * Each run makes two sites of its own (UTC) and signs visitors in at them through the upstream.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { upstreamAccess } from "../support/access";
import { createUpstreamRole, createUpstreamSite } from "../support/hooks";
import { createUser, newClient, signIn, uniqueEmail, upstreamUrl } from "./helpers";

const tag = Math.random().toString(36).slice(2, 7);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let siteA: number, siteB: number;
const nameA = `Ada Alpha ${tag}`;
const nameB = `Ben Beta ${tag}`;

async function userWith(rights: string[], siteIds?: number[]) {
  const role = await createUpstreamRole(upstreamUrl(), { name: `History ${tag} ${Math.random().toString(36).slice(2, 6)}`, rights: rights as never });
  const email = uniqueEmail("history");
  await createUser({ email, role: role.name, client: "eu:1", ...(siteIds ? { site_ids: siteIds } : {}) });
  const web = newClient();
  await signIn(web, email);
  return { web, email };
}

beforeAll(async () => {
  const a = await createUpstreamSite(upstreamUrl(), { name: `History A ${tag}`, timezone: "UTC", all_groups: true });
  const b = await createUpstreamSite(upstreamUrl(), { name: `History B ${tag}`, timezone: "UTC", all_groups: true });
  siteA = a.id;
  siteB = b.id;
  const api = await upstreamAccess(upstreamUrl(), "admin@example.com");
  const group = (s: typeof a) => s.groups.find((g) => g.type === "standard")!.id;
  for (const [site, s, name, company] of [
    [siteA, a, nameA, "=SUM(1+1)"],
    [siteB, b, nameB, "Beta Co"],
  ] as const) {
    const r = await api.send("POST", `sites/${site}/visits`, { group_id: group(s), name, company });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
});

describe("the visit history, without JavaScript", () => {
  test("the GET filters narrow the list; a user restricted to one site never sees another's visits", async () => {
    const admin = await userWith(["History.viewer", "History.export"]);
    let r = await admin.web.get(`/reports/history?q=${encodeURIComponent(tag)}`);
    expect(r.res.status).toBe(200);
    expect(r.body).toContain(nameA);
    expect(r.body).toContain(nameB);
    r = await admin.web.get(`/reports/history?q=${encodeURIComponent(tag)}&site_id=${siteB}&from=${day(-1)}&to=${day(0)}&status=signed_in`);
    expect(r.body).toContain(nameB);
    expect(r.body).not.toContain(nameA);
    r = await admin.web.get(`/reports/history?q=${encodeURIComponent(tag)}&status=rejected`);
    expect(r.body).not.toContain(nameA);

    const restricted = await userWith(["History.viewer", "History.export"], [siteA]);
    r = await restricted.web.get(`/reports/history?q=${encodeURIComponent(tag)}`);
    expect(r.body).toContain(nameA);
    expect(r.body).not.toContain(nameB);
    // Asking for the other site is refused, on the page and upstream.
    r = await restricted.web.get(`/reports/history?site_id=${siteB}`);
    expect(r.res.status).toBe(422);
    expect(r.body).toContain("Choose a site you may see");
    expect(r.body).not.toContain(nameB);
    const api = await upstreamAccess(upstreamUrl(), restricted.email);
    const up = await api.get(`reports/history?site_id=${siteB}`);
    expect(up.errors?.site_id).toEqual(["Choose a site you may see"]);
    expect(JSON.stringify(await api.get(`reports/history?q=${encodeURIComponent(tag)}`))).not.toContain(nameB);
    // Nor in the export.
    const file = await restricted.web.request(`/reports/history/export?format=csv&from=${day(-30)}&to=${day(0)}&q=${encodeURIComponent(tag)}`);
    expect(file.res.status).toBe(200);
    expect(file.body).toContain(nameA);
    expect(file.body).not.toContain(nameB);
  });

  test("hostile filters get a 4xx with the message, never a 500", async () => {
    const { web } = await userWith(["History.viewer"]);
    const cases: [string, string][] = [
      ["from=2026-13-40", "Enter dates as YYYY-MM-DD"],
      ["from=yesterday", "Enter dates as YYYY-MM-DD"],
      [`from=${day(0)}&to=${day(-3)}`, "The end date must be on or after the start date"],
      ["from=2040-01-01", "Dates must be before 2038"],
      ["site_id=999999999", "Choose a site you may see"],
      ["site_id=abc", "Choose a site you may see"],
      ["group_id=999999999", "Choose a group of this account"],
      [`q=${"x".repeat(101)}`, "Search for at most 100 characters"],
      ["status=everything", "Choose signed in, signed out, rejected or all"],
    ];
    for (const [query, message] of cases) {
      const r = await web.get(`/reports/history?${query}`);
      expect(r.res.status, query).toBe(422);
      expect(r.body, query).toContain(message);
    }
    const r = await web.get("/reports/history?page=-4");
    expect(r.res.status).toBeGreaterThanOrEqual(400);
    expect(r.res.status).toBeLessThan(500);
  });

  test("the export: a CSV cell starting with = is escaped; 32 days and a range older than 12 months are refused with the messages", async () => {
    const { web } = await userWith(["History.viewer", "History.export"]);
    const ok = await web.request(`/reports/history/export?format=csv&from=${day(-30)}&to=${day(0)}&q=${encodeURIComponent(tag)}`);
    expect(ok.res.status).toBe(200);
    expect(ok.res.headers.get("content-type")).toContain("text/csv");
    expect(ok.res.headers.get("content-disposition")).toContain(`history-${day(-30)}-to-${day(0)}.csv`);
    expect(ok.body).toContain(`,'=SUM(1+1),`);
    expect(ok.body).not.toMatch(/(^|,)=SUM/m);
    // The form without JavaScript: checked on the page before any download.
    let r = await web.get(`/reports/history?export=csv&from=${day(-31)}&to=${day(0)}`);
    expect(r.res.status).toBe(422);
    expect(r.body).toContain("An export covers at most 31 days");
    r = await web.get(`/reports/history?export=xlsx&from=${day(-420)}&to=${day(-400)}`);
    expect(r.res.status).toBe(422);
    expect(r.body).toContain("The history export covers only the last 12 months");
    r = await web.get(`/reports/history?export=csv&from=${day(0)}&to=${day(-2)}`);
    expect(r.res.status).toBe(422);
    expect(r.body).toContain("The end date must be on or after the start date");
    // The download's own address sends a refused range back to the page (no file of an error).
    const direct = await web.request(`/reports/history/export?format=csv&from=${day(-31)}&to=${day(0)}`);
    expect(direct.res.status).toBe(303);
    expect(direct.res.headers.get("location")).toContain("/reports/history?");
    // A good range goes on to the download.
    const sent = await web.request(`/reports/history?export=xlsx&from=${day(-30)}&to=${day(0)}`);
    expect(sent.res.status).toBe(302);
    expect(sent.res.headers.get("location")).toContain("/reports/history/export?format=xlsx");
  });

  test("without History.viewer: 403; without History.export: no export", async () => {
    const none = await userWith(["Today.viewer"]);
    expect((await none.web.get("/reports/history")).res.status).toBe(403);
    expect((await none.web.request(`/reports/history/export?format=csv&from=${day(-3)}&to=${day(0)}`)).res.status).toBe(403);
    const viewer = await userWith(["History.viewer"]);
    const page = await viewer.web.get("/reports/history");
    expect(page.res.status).toBe(200);
    expect(page.body).not.toContain('name="export"');
    expect((await viewer.web.request(`/reports/history/export?format=csv&from=${day(-3)}&to=${day(0)}`)).res.status).toBe(403);
    expect((await viewer.web.get(`/reports/history?export=csv&from=${day(-3)}&to=${day(0)}`)).res.status).toBe(403);
  });
});
