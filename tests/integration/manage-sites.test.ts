/**
 * The manage area's site actions through real HTTP (add a site or an event, save details, delete):
 * malformed and hostile input gets a 4xx with a message and saves nothing; a foreign site is a
 * 404; each action checks its right; the site pages are for administrators (platform §2).
 */
import { describe, expect, test } from "vitest";
import { upstreamAccess } from "../support/access";
import { h1, messages } from "../support/client";
import { createUpstreamRole, createUpstreamSite } from "../support/hooks";
import { createUser, hook, newClient, signIn, uniqueEmail, upstreamUrl } from "./helpers";

async function adminOf(client = "eu:1") {
  const email = uniqueEmail("manage-it");
  await createUser({ email, role: "Administrator", client });
  const web = newClient();
  await signIn(web, email);
  return { web, upstream: await upstreamAccess(upstreamUrl(), email) };
}

const shownOf = (r: { body: string }, text: string) => `${h1(r.body)} ${messages(r.body).join(" ")} ${r.body.includes(text) ? text : ""}`;

describe("bad input", () => {
  test("malformed and hostile posts to add, save and delete: a 4xx with a message, never a 500, nothing saved", async () => {
    const { web, upstream } = await adminOf();
    const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT manage ${Math.random().toString(36).slice(2, 7)}` });
    const details = `/manage/site/${site.id}/details`;
    const before = await upstream.get(`sites/${site.id}`);
    const countBefore = (await upstream.get("manage/sites?kind=sites")).total;
    const long = "x".repeat(10_000);
    const page400 = "That request could not be used";
    const valid = { name: "Valid", reply_to_email: "a@b.co", timezone: "Europe/London", locale: "en_GB" };
    const cases: [string, Record<string, string>, number, string][] = [
      ["/manage/overview/sites/new", {}, 400, "A site name is required"],
      ["/manage/overview/sites/new", { ...valid, name: "   " }, 400, "A site name is required"],
      ["/manage/overview/sites/new", { ...valid, name: long }, 400, "That is too long."],
      ["/manage/overview/sites/new", { ...valid, reply_to_email: "<script>alert(1)</script>" }, 400, "Enter a valid reply-to email address"],
      ["/manage/overview/sites/new", { ...valid, timezone: "Mars/Olympus" }, 400, "Choose a time zone from the list"],
      ["/manage/overview/sites/new", { ...valid, locale: "xx" }, 400, "Choose a language from the list"],
      ["/manage/overview/events/new", { ...valid }, 400, "A start date is required"],
      ["/manage/overview/events/new", { ...valid, active_from: "2040-01-01T10:00", active_until: "2040-01-02T10:00" }, 400, "Choose a date before 2038"],
      ["/manage/overview/events/new", { ...valid, active_from: "yesterday", active_until: "2030-01-02T10:00" }, 400, "Enter a valid date and time"],
      [details, {}, 400, page400],
      [details, { intent: "rename-everything" }, 400, page400],
      [details, { intent: "save", ...valid, name: "" }, 400, "A site name is required"],
      [details, { intent: "save", ...valid, address: long }, 400, "That is too long."],
      [details, { intent: "delete", confirm: "not the name" }, 400, "Type the name exactly as shown to delete it"],
      [details, { intent: "delete" }, 400, "Type the name exactly as shown to delete it"],
      ["/manage/site/abc/details", { intent: "save", ...valid }, 404, "Page not found"],
      ["/manage/site/999999/details", { intent: "save", ...valid }, 404, "Page not found"],
    ];
    const failures: string[] = [];
    for (const [path, form, status, text] of cases) {
      const r = await web.post(path, form, { follow: false });
      if (r.res.status !== status || !shownOf(r, text).includes(text)) failures.push(`${path} ${JSON.stringify(form).slice(0, 80)}: ${r.res.status} ${shownOf(r, text).slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
    expect(await upstream.get(`sites/${site.id}`)).toEqual(before);
    expect((await upstream.get("manage/sites?kind=sites")).total).toBe(countBefore);
  });

  test("another client's site is indistinguishable from a missing one", async () => {
    const { web } = await adminOf();
    const other = await createUpstreamSite(upstreamUrl(), { client: "eu:3", name: "Not yours" });
    for (const [method, path] of [
      ["GET", `/manage/site/${other.id}/details`],
      ["POST", `/manage/site/${other.id}/details`],
    ] as const) {
      const r = method === "GET" ? await web.request(path) : await web.post(path, { intent: "delete", confirm: "Not yours" }, { follow: false });
      expect([path, r.res.status]).toEqual([path, 404]);
    }
  });

  test("a typed name with other spacing or case does not delete the site", async () => {
    const { web, upstream } = await adminOf();
    const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: "Exact Name Depot" });
    for (const confirm of ["exact name depot", "Exact  Name Depot", "Exact Name"]) {
      const r = await web.post(`/manage/site/${site.id}/details`, { intent: "delete", confirm }, { follow: false });
      expect(r.res.status).toBe(400);
    }
    expect((await upstream.get(`sites/${site.id}`)).name).toBe("Exact Name Depot");
  });
});

describe("adding", () => {
  test("a remote site; an upstream failure says so on the form (platform §8), keeps what was typed and adds nothing", async () => {
    await hook("POST", "clients/eu:1", { site_limit: null });
    const { web, upstream } = await adminOf();
    const name = `IT remote ${Math.random().toString(36).slice(2, 7)}`;
    const r = await web.post("/manage/overview/sites/new", { name, type: "remote", reply_to_email: "field@acme.example.com", timezone: "Europe/London", locale: "en_GB" });
    expect(messages(r.body).join(" ")).toContain(`${name} has been added.`);
    const id = Number(/\/manage\/site\/(\d+)\/details/.exec(r.res.url || "")?.[1] ?? NaN);
    const created = (await upstream.get(`manage/sites?kind=sites&search=${encodeURIComponent(name)}`)).sites[0];
    expect(created).toMatchObject({ name, type: "remote" });
    expect(Number.isNaN(id) || id === created.id).toBe(true);

    const before = (await upstream.get("manage/sites?kind=events")).total;
    await hook("POST", "faults", { route: "createSite", status: 500, count: 1 });
    const failed = await web.post(
      "/manage/overview/events/new",
      { name: "Launch party", reply_to_email: "events@acme.example.com", timezone: "Europe/London", locale: "en_GB", active_from: "2031-05-01T18:00", active_until: "2031-05-01T22:00" },
      { follow: false },
    );
    expect(failed.res.status).toBe(502);
    expect(messages(failed.body).join(" ")).toContain("Could not create event. Please try again");
    expect(failed.body).toContain('value="Launch party"');
    expect((await upstream.get("manage/sites?kind=events")).total).toBe(before);
  });
});

describe("rights", () => {
  test("a Standard User and a viewer-only custom role: the overview read-only or 403, the site pages 403, no change saved", async () => {
    await createUpstreamRole(upstreamUrl(), { client: "eu:1", name: "Site viewer (it)", rights: ["ManageSite.viewer", "ManageEvent.viewer"] });
    const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: "Rights depot" });
    for (const role of ["Standard User", "Site viewer (it)"]) {
      const email = uniqueEmail("manage-rights");
      await createUser({ email, role, client: "eu:1" });
      const web = newClient();
      await signIn(web, email);
      const overview = await web.request("/manage/overview/sites");
      if (role === "Standard User") expect(overview.res.status).toBe(403);
      else {
        expect(overview.res.status).toBe(200);
        expect(overview.body).toContain("Rights depot");
        expect(overview.body).not.toContain("Add a site");
      }
      for (const path of [`/manage/site/${site.id}/details`, `/manage/overview/sites/new`]) {
        expect([role, path, (await web.request(path)).res.status]).toEqual([role, path, 403]);
        const post = await web.post(path, { intent: "save", name: "Hacked", reply_to_email: "a@b.co", timezone: "UTC", locale: "en_GB" }, { follow: false });
        expect([role, path, post.res.status]).toEqual([role, path, 403]);
      }
    }
    const { get } = await upstreamAccess(upstreamUrl(), "admin@example.com");
    expect((await get(`sites/${site.id}`)).name).toBe("Rights depot");
  });
});
