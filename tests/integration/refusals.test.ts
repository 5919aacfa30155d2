/**
 * Upstream refusals keep their meaning (platform §8): a 403 on an action is a 403 with the spec's
 * Forbidden message, `trial_period_over` leads to the trial-ended page, and only an unreachable or
 * broken upstream becomes a 503/502. Probe: an upstream 403 (or trial_period_over) on adding a
 * group or a site answered 502.
 */
import { afterEach, describe, expect, test } from "vitest";
import { messages } from "../support/client";
import { upstreamAccess } from "../support/access";
import { createUser, hook, newClient, signIn, uniqueEmail, upstreamUrl } from "./helpers";

const FORBIDDEN = "You do not have permission to do that.";

async function adminOf() {
  const email = uniqueEmail("refusals");
  await createUser({ email, role: "Administrator", client: "eu:1" });
  const web = newClient();
  await signIn(web, email);
  return { web, api: await upstreamAccess(upstreamUrl(), email) };
}

const fault = (route: string, status: number, code?: string) => hook("POST", "faults", { route, status, count: 1, ...(code ? { code } : {}) });
afterEach(() => hook("POST", "faults/reset"));

describe("adding a group or a site", () => {
  test("an upstream 403 is a 403 with the Forbidden message, the input kept, nothing added", async () => {
    await hook("POST", "clients/eu:1", { group_limit: null, site_limit: null });
    const { web, api } = await adminOf();
    const groupsBefore = (await api.get("manage/groups")).total;
    await fault("createGroup", 403);
    const g = await web.post("/manage/group/add", { name: "Refused group", type: "standard" }, { follow: false });
    expect(g.res.status).toBe(403);
    expect(messages(g.body).join(" ")).toContain(FORBIDDEN);
    expect(g.body).toContain('value="Refused group"');
    expect((await api.get("manage/groups")).total).toBe(groupsBefore);

    await fault("createSite", 403);
    const s = await web.post("/manage/overview/sites/new", { name: "Refused site", type: "standard", reply_to_email: "a@acme.example.com", timezone: "Europe/London", locale: "en_GB" }, { follow: false });
    expect(s.res.status).toBe(403);
    expect(messages(s.body).join(" ")).toContain(FORBIDDEN);
    expect(s.body).toContain('value="Refused site"');
  });

  test("trial_period_over leads to the trial-ended page", async () => {
    const { web } = await adminOf();
    await fault("createGroup", 403, "trial_period_over");
    const g = await web.post("/manage/group/add", { name: "Late group", type: "standard" }, { follow: false });
    expect(g.res.status).toBe(303);
    expect(g.res.headers.get("location")).toBe("/trial-ended");
    await fault("createSite", 403, "trial_period_over");
    const s = await web.post("/manage/overview/sites/new", { name: "Late site", type: "standard", reply_to_email: "a@acme.example.com", timezone: "Europe/London", locale: "en_GB" }, { follow: false });
    expect(s.res.headers.get("location")).toBe("/trial-ended");
  });

  test("a broken upstream is still a 502 with the spec's message; an unreachable one a 503", async () => {
    const { web } = await adminOf();
    await fault("createGroup", 500);
    const g = await web.post("/manage/group/add", { name: "Broken group", type: "standard" }, { follow: false });
    expect(g.res.status).toBe(502);
    expect(messages(g.body).join(" ")).toContain("Failed to save. Please try again.");
    await fault("createGroup", 503);
    const u = await web.post("/manage/group/add", { name: "Broken group", type: "standard" }, { follow: false });
    expect(u.res.status).toBe(502);
  });
});

describe("other actions and pages", () => {
  test("a site tab's save: 403 is a 403; trial_period_over the trial-ended page", async () => {
    const { web } = await adminOf();
    await fault("updateSite", 403);
    const r = await web.post("/manage/site/1/privacy", { intent: "save", autocomplete: "on" }, { follow: false });
    expect(r.res.status).toBe(403);
    expect(messages(r.body).join(" ")).toContain(FORBIDDEN);
    await fault("updateSite", 403, "trial_period_over");
    const t = await web.post("/manage/site/1/privacy", { intent: "save", autocomplete: "on" }, { follow: false });
    expect(t.res.headers.get("location")).toBe("/trial-ended");
    // The same post without the fault is saved (the refusals above came from the upstream).
    expect((await web.post("/manage/site/1/privacy", { intent: "save", autocomplete: "on" }, { follow: false })).res.status).toBe(303);
  });

  test("Today's sign-in: a 403 is a 403, not a 502", async () => {
    const { web } = await adminOf();
    await fault("signIn", 403);
    const form = { siteId: "1", group_id: "1", name: "Ada Lovelace", company: "" };
    const r = await web.post("/today/sign-in", form, { follow: false });
    expect(r.res.status).toBe(403);
    expect((await web.post("/today/sign-in", form, { follow: false })).res.status).toBe(303);
  });

  test("a page whose read is refused with trial_period_over leads to the trial-ended page", async () => {
    const { web } = await adminOf();
    await fault("site", 403, "trial_period_over");
    const r = await web.request("/manage/site/1/details");
    expect(r.res.status).toBe(303);
    expect(r.res.headers.get("location")).toBe("/trial-ended");
    await fault("site", 403);
    expect((await web.request("/manage/site/1/details")).res.status).toBe(403);
  });
});
