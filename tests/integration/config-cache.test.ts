/**
 * The config answer kept per session for a short time (CONFIG_CACHE_SECONDS, on in this stack as in
 * production): a navigation makes one upstream round trip, and the cache is dropped by a 403, by any
 * change the portal makes, and by a client switch.
 */
import { describe, expect, test } from "vitest";
import { h1 } from "../support/client";
import { createUser, hook, newClient, signIn, uniqueEmail } from "./helpers";

const configCalls = async () => (await hook<{ calls: Record<string, number> }>("GET", "stats")).calls.config ?? 0;

async function adminSession() {
  const email = uniqueEmail("config-cache");
  await createUser({ email, role: "Administrator", client: "eu:1" });
  const web = newClient();
  await signIn(web, email);
  await web.get("/today");
  return web;
}

describe("config per session", () => {
  test("navigations after the first read config from the session, not the upstream", async () => {
    const web = await adminSession();
    const before = await configCalls();
    for (const path of ["/today", "/fire-list", "/reports/evacuations", "/manage/overview/sites", "/manage/site/1/details"]) {
      const r = await web.get(path);
      expect(r.res.status, path).toBe(200);
    }
    expect(await configCalls()).toBe(before);
  });

  test("a change made through the portal drops it: the next page reads config again and shows the change", async () => {
    const web = await adminSession();
    const name = `Cache site ${Math.random().toString(36).slice(2, 7)}`;
    await hook("POST", "clients/eu:1", { site_limit: null });
    const before = await configCalls();
    const r = await web.post("/manage/overview/sites/new", { name, type: "standard", reply_to_email: "a@acme.example.com", timezone: "Europe/London", locale: "en_GB" });
    expect(r.res.status).toBe(200);
    const today = await web.get("/today");
    expect(await configCalls()).toBeGreaterThan(before);
    // The new site is in config's sites: the header's site picker offers it.
    expect(today.body).toContain(`>${name}</option>`);
  });

  test("an upstream 403 drops it", async () => {
    const web = await adminSession();
    await hook("POST", "faults", { route: "manageSites", status: 403, count: 1 });
    expect((await web.get("/manage/overview/sites")).res.status).toBe(403);
    const before = await configCalls();
    await web.get("/today");
    expect(await configCalls()).toBe(before + 1);
  });

  test("a client switch reads the new client's config", async () => {
    const email = uniqueEmail("config-switch");
    await createUser({ email, client: "eu:1", role: "Administrator", also: [{ client: "eu:2", role: "Administrator" }] });
    const web = newClient();
    await signIn(web, email);
    expect((await web.get("/today")).body).toContain("Acme Ltd");
    const r = await web.post("/client-switcher", { client_id: "eu:2" });
    expect(h1(r.body)).toBe("Today");
    expect(r.body).toContain("Expired Trial Co");
    expect(r.body).not.toContain(">Acme Ltd<");
  });
});
