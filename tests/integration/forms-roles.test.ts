/**
 * Roles and permissions through real HTTP, driven as a browser without JavaScript would (issue 16
 * item 2, ADR 021): the roles page with holders; creating, editing and deleting a custom role in
 * the matrix; every refusal with its message (name required, taken, unknown rights, escalation,
 * built-in roles, a held role); hostile input (4xx with a message, never a 500); a Standard User
 * refused (403) everywhere here; a viewer reads only; a role's change reaches every session of the
 * client on its next page (the config cache's client epoch); "view as" answers and refuses.
 */
import { describe, expect, test } from "vitest";
import { upstreamAccess } from "../support/access";
import { createUpstreamRole } from "../support/hooks";
import type { Right } from "~/access/rights";
import { createUser, failuresOf, newBrowser, newClient, signIn, signInWithForms, uniqueEmail, upstreamUrl, type PostCase } from "./helpers";

const BASE = "/manage/account/permissions";
const tag = () => Math.random().toString(36).slice(2, 7);
type RoleRow = { id: number; name: string; built_in: boolean; rights: string[]; user_count: number };

async function signedIn(role: string) {
  const email = uniqueEmail("roles");
  await createUser({ email, role, client: "eu:1" });
  const browser = newBrowser();
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  return { browser, email, api: await upstreamAccess(upstreamUrl(), email) };
}

const rolesOf = async (api: Awaited<ReturnType<typeof upstreamAccess>>) => (await api.get("roles")) as RoleRow[];

/** A custom role made through the upstream's test hook, and `holders` users holding it. */
async function roleWith(rights: Right[], holders = 0) {
  const role = await createUpstreamRole(upstreamUrl(), { name: `Roles ${tag()}`, rights });
  for (let i = 0; i < holders; i++) await createUser({ email: uniqueEmail("holder"), role: role.name, client: "eu:1" });
  return role;
}

describe("the role editor, without JavaScript", () => {
  test("creates a role in the matrix (a level brings its view level), edits and deletes it; the list counts holders", async () => {
    const { browser, api } = await signedIn("Administrator");
    let page = await browser.open(BASE);
    expect(page.heading()).toBe("Roles and permissions");
    expect(page.row("Administrator").text()).toContain("Built in (read-only)");
    expect(page.row("Front Desk").text()).toContain("Custom");
    page = await page.follow("Add a role");
    expect(page.heading()).toBe("New role");
    const name = `Reception ${tag()}`;
    page = await page.form("Create the role").fill("Role name", name).check("Export (History)").check("View (Today view)").check("Access (Audit log)").submit("Create the role");
    expect(page.path).toBe(BASE);
    expect(page.notices().join(" ")).toContain(`The role “${name}” was created.`);
    let role = (await rolesOf(api)).find((r) => r.name === name)!;
    expect(role.rights).toEqual(["AuditLog.viewer", "Today.viewer", "History.viewer", "History.export"]);
    expect(page.row(name).text()).toContain("0");

    // The editor shows what the role holds; unticking and ticking changes it.
    page = await browser.open(`${BASE}/${role.id}`);
    expect(page.heading()).toBe(`Edit the role “${name}”`);
    const form = page.form("Save the role");
    expect(form.field("View (History)").checked).toBe(true);
    page = await form.uncheck("Access (Audit log)").check("Edit (Sites)").fill("Role name", `${name} 2`).submit("Save the role");
    expect(page.notices().join(" ")).toContain(`The role “${name} 2” was saved.`);
    role = (await rolesOf(api)).find((r) => r.id === role.id)!;
    expect(role.rights).toEqual(["Today.viewer", "History.viewer", "History.export", "ManageSite.viewer", "CustomField.view", "ManageSite.editor"]);

    // Deleting: refused while users hold it (with the count), done once nobody does.
    await createUser({ email: uniqueEmail("holder"), role: role.name, client: "eu:1" });
    page = await browser.open(BASE);
    expect(page.row(role.name).text()).toContain("1");
    page = await page.form({ within: page.row(role.name) }).submit("Yes, delete it");
    expect(page.status).toBe(409);
    expect(page.notices().join(" ")).toContain("This role cannot be deleted while users hold it (users: 1).");
    const free = await roleWith(["Today.viewer"]);
    page = await browser.open(BASE);
    page = await page.form({ within: page.row(free.name) }).submit("Yes, delete it");
    expect(page.notices().join(" ")).toContain(`The role “${free.name}” was deleted.`);
    expect((await rolesOf(api)).some((r) => r.id === free.id)).toBe(false);
  });

  test("built-in roles open read-only: boxes ticked and disabled, no save, no delete", async () => {
    const { browser, api } = await signedIn("Administrator");
    const standard = (await rolesOf(api)).find((r) => r.name === "Standard User")!;
    const page = await browser.open(`${BASE}/${standard.id}`);
    expect(page.heading()).toBe("Role: Standard User");
    expect(page.hasButton("Save the role")).toBe(false);
    expect(page.field("View (History)")).toMatchObject({ checked: true, disabled: true });
    expect(page.field("Access (Audit log)")).toMatchObject({ checked: false, disabled: true });
    expect((await browser.open(BASE)).row("Standard User").hasButton(/Delete/)).toBe(false);
  });

  test("every refusal says why, with its status; hostile input gets a 4xx with a message", async () => {
    const { email, api } = await signedIn("Administrator");
    const web = newClient();
    await signIn(web, email);
    const roles = await rolesOf(api);
    const admin = roles.find((r) => r.name === "Administrator")!;
    const held = await roleWith(["Today.viewer"], 2);
    const save = (over: { name?: string } = {}, levels: string[] = []): [string, string][] => [["intent", "save"], ["name", over.name ?? `Role ${tag()}`], ...levels.map((l): [string, string] => ["levels", l])];
    const cases: PostCase[] = [
      [`${BASE}/new`, save({ name: "" }), 400, "The role name is required"],
      [`${BASE}/new`, save({ name: "   " }), 400, "The role name is required"],
      [`${BASE}/new`, save({ name: "front DESK" }), 422, "A role with this name already exists"],
      [`${BASE}/new`, save({}, ["history.view", "root.everything"]), 400, "Unknown rights cannot be granted"],
      [`${BASE}/new`, save({ name: "Two\nlines" }), 400, "line"],
      [`${BASE}/new`, save({ name: "x".repeat(101) }), 400, "The role name must be at most 100 characters"],
      [`${BASE}/${admin.id}`, save({ name: "Administrator" }, ["today.view"]), 403, "Built-in roles cannot be changed"],
      [`${BASE}/999999`, save(), 404, "Page not found"],
      [BASE, { intent: "delete", id: String(admin.id), name: "Administrator" }, 403, "Built-in roles cannot be changed"],
      [BASE, { intent: "delete", id: String(held.id), name: held.name }, 409, "This role cannot be deleted while users hold it (users: 2)."],
      [BASE, { intent: "delete", id: "999999", name: "Gone" }, 404, "This role is no longer there"],
      [BASE, { intent: "delete", id: "abc" }, 400, ""],
      [BASE, { intent: "rename" }, 400, ""],
    ];
    expect(await failuresOf(web, cases)).toEqual([]);
    // Many levels at once are bounded: refused, not sent on.
    const flood = await web.post(`${BASE}/new`, save({}, Array.from({ length: 400 }, () => "today.view")), { follow: false });
    expect(flood.res.status).toBeGreaterThanOrEqual(400);
    expect(flood.res.status).toBeLessThan(500);
  });

  test("nobody grants a right they do not hold: a portal-user editor without History is refused", async () => {
    const editorRole = await roleWith(["ManageUser.viewer", "ManageUser.editor", "Today.viewer"]);
    const { browser } = await signedIn(editorRole.name);
    const page = await (await browser.open(`${BASE}/new`)).form("Create the role").fill("Role name", `Sneaky ${tag()}`).check("View (History)").submit("Create the role");
    expect(page.status).toBe(422);
    expect(page.text()).toContain("You cannot grant rights you do not hold");
  });
});

describe("who may", () => {
  test("a Standard User gets 403 on every page and action here", async () => {
    const { email } = await signedIn("Standard User");
    const web = newClient();
    await signIn(web, email);
    for (const path of [BASE, `${BASE}/new`, `${BASE}/view-as`, `${BASE}/1`, `${BASE}/view-as?role=1`]) {
      expect((await web.get(path)).res.status, path).toBe(403);
      expect((await web.post(path, { intent: "save", name: "x" }, { follow: false })).res.status, `POST ${path}`).toBe(403);
    }
  });

  test("a portal-user viewer reads the roles and view-as, and changes nothing", async () => {
    const viewerRole = await roleWith(["ManageUser.viewer"]);
    const { browser, email } = await signedIn(viewerRole.name);
    const page = await browser.open(BASE);
    expect(page.status).toBe(200);
    expect(page.hasLink("Add a role")).toBe(false);
    expect(page.row("Front Desk").hasButton(/Delete/)).toBe(false);
    const front = await browser.open(new URL(page.row("Front Desk").link(/Open/), page.url).toString());
    expect(front.hasButton("Save the role")).toBe(false);
    expect((await browser.open(`${BASE}/view-as`)).status).toBe(200);
    const web = newClient();
    await signIn(web, email);
    expect((await web.get(`${BASE}/new`)).res.status).toBe(403);
    expect((await web.post(BASE, { intent: "delete", id: "1" }, { follow: false })).res.status).toBe(403);
  });
});

describe("a role's change reaches its holders", () => {
  test("user X with a custom role is signed in; the admin edits the role; X's next page follows", async () => {
    const role = await roleWith(["Today.viewer"]);
    const x = await signedIn(role.name);
    expect((await x.browser.open("/fire-list")).status).toBe(403);
    await x.browser.open("/today"); // X's config is cached for the session now

    const admin = await signedIn("Administrator");
    const page = await (await admin.browser.open(`${BASE}/${role.id}`)).form("Save the role").check("Access (Evacuation list)").submit("Save the role");
    expect(page.notices().join(" ")).toContain("was saved");

    expect((await x.browser.open("/fire-list")).status).toBe(200);
    // And back: taking it away shows at once too.
    await (await admin.browser.open(`${BASE}/${role.id}`)).form("Save the role").uncheck("Access (Evacuation list)").submit("Save the role");
    expect((await x.browser.open("/fire-list")).status).toBe(403);
  });
});

describe("view as", () => {
  test("says in words what each role opens, beside another; a site may be chosen; bad choices are refused", async () => {
    const role = await roleWith(["Today.viewer", "EvacList.viewer", "ManageSite.viewer", "CustomField.view"]);
    const { browser, api } = await signedIn("Administrator");
    const standard = (await rolesOf(api)).find((r) => r.name === "Standard User")!;
    let page = await browser.open(`${BASE}/view-as`);
    page = await page.form({ heading: "View as a role" }).select("Role", role.name).select("Beside", "Standard User").submit("Show");
    expect(page.heading()).toBe("View as a role");
    expect(page.rowHeaders().length).toBeGreaterThan(30);
    const cells = (path: string) => page.row(path).text();
    expect(cells("/fire-list")).toMatch(/Opens.*Opens/);
    expect(cells("/manage/account/permissions")).toMatch(/No access.*No access/);
    expect(cells("/reports/evacuations")).toMatch(/No access.*Opens/);
    const hq = api.config.sites.find((s) => s.name === "Head Office")!;
    // Site pages are for administrators (the table's rule), whatever the site rights: said as it is.
    expect(cells(`/manage/site/${hq.id}/details`)).toMatch(/^\S+\s+✗ No access\s+✗ No access$/);
    const administrator = (await rolesOf(api)).find((r) => r.name === "Administrator")!;
    page = await browser.open(`${BASE}/view-as?role=${role.id}&compare=${administrator.id}&site=${hq.id}`);
    expect(page.form({ heading: "View as a role" }).value("Site")).toBe(String(hq.id));
    expect(page.row(`/manage/site/${hq.id}/details`).text()).toMatch(/No access.*Opens and may change/);
    for (const q of ["role=abc", "site=-1", "compare=1e99"]) expect((await browser.open(`${BASE}/view-as?${q}`)).status, q).toBe(400);
    for (const q of ["role=999999", "site=999999"]) expect((await browser.open(`${BASE}/view-as?${q}`)).status, q).toBe(404);
  });
});
