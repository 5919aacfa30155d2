/**
 * The client API's credentials, visitor forms and the /manage landing (issue 18; ADR 030) through
 * real HTTP, driven as a browser without JavaScript would: create an API client (its secret shown
 * once, gone on reload), the secret working against the client API over HTTP, a missing scope 403,
 * revoke → 401 at once; forms (validation messages, create, edit, delete after confirming), the
 * public link making a pre-registration the upstream holds, a deleted form "Form no longer exists";
 * hostile input 4xx; a Standard User 403 on every page and action.
 */
import { describe, expect, test } from "vitest";
import type { Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { createUser, failuresOf, newBrowser, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const CLIENTS = "/manage/features/api-clients";
const FORMS = "/manage/features/forms";
const notices = (page: Page) => page.notices().join(" ");

async function signedIn(role = "Administrator") {
  const email = uniqueEmail("features");
  await createUser({ email, role, client: "eu:1", name: `Fay ${role}` });
  const browser = newBrowser();
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  return browser;
}

const clientApi = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
  fetch(`${upstreamUrl()}/eu/api/client/v1/${path}`, { ...init, headers: { accept: "application/json", ...headers } });
const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}` });
const valueOf = (page: Page, id: string) => page.byId(id)?.attribs?.value ?? "";

describe("the client API, without JavaScript", () => {
  test("create: the secret once (gone on reload); it works over HTTP; a missing scope 403; revoke → 401 at once, listed as revoked", async () => {
    const browser = await signedIn();
    let page = await browser.open(CLIENTS);
    expect(page.heading()).toBe("Client API");
    expect(page.has("/eu/api/client/v1")).toBe(true);
    expect(page.has("Read visits: who signed in and out")).toBe(true);
    expect(page.row("Reception display").has("Active")).toBe(true);

    const name = `Door screen ${Date.now()}`;
    page = await page.form("Create API client").fill("Name", name).check("visits:read").check("sites:read").submit("Create API client");
    expect(page.path).toBe(CLIENTS);
    expect(page.has(`API client “${name}” created`)).toBe(true);
    expect(page.has("Copy the secret now: it will not be shown again.")).toBe(true);
    const clientId = valueOf(page, "created-client-id");
    const secret = valueOf(page, "created-secret");
    expect(clientId).toMatch(/^gh_/);
    expect(secret).toMatch(/^ghs_/);
    expect(page.row(name).has("visits:read, sites:read")).toBe(true);
    expect(page.row(name).has("Never used")).toBe(true);

    // Shown once: a reload (and any later page) never holds it again.
    const again = await page.reload();
    expect(again.has(secret)).toBe(false);
    expect(again.has("Copy the secret now")).toBe(false);
    expect(again.row(name).has(clientId)).toBe(true);

    // The secret works against the client API (Basic directly, and a token by client credentials).
    let r = await clientApi("visits", basic(clientId, secret));
    expect(r.status).toBe(200);
    expect(((await r.json()) as { total: number }).total).toBeGreaterThan(0);
    r = await clientApi("token", { ...basic(clientId, secret), "content-type": "application/x-www-form-urlencoded" }, { method: "POST", body: "grant_type=client_credentials" });
    expect(r.status).toBe(200);
    const token = ((await r.json()) as { access_token: string }).access_token;
    expect((await clientApi("sites", { authorization: `Bearer ${token}` })).status).toBe(200);
    r = await clientApi("members?group_id=2", basic(clientId, secret));
    expect(r.status).toBe(403);
    expect(await r.json()).toMatchObject({ error: "insufficient_scope", scope: "members:read" });
    expect((await clientApi("sites", basic(clientId, `${secret}x`))).status).toBe(401);
    // Its use is noted.
    expect((await browser.open(CLIENTS)).row(name).has("Never used")).toBe(false);

    page = await browser.open(CLIENTS);
    page = await page.form({ within: page.row(name), button: "Revoke API client" }).submit("Revoke API client");
    expect(notices(page)).toContain(`API client “${name}” revoked`);
    expect(page.row(name).has("Revoked")).toBe(true);
    expect(page.row(name).hasButton("Revoke API client")).toBe(false);
    expect((await clientApi("visits", basic(clientId, secret))).status).toBe(401);
    expect((await clientApi("sites", { authorization: `Bearer ${token}` })).status).toBe(401);
    const stored = (await (await upstreamAccess(upstreamUrl(), "admin@example.com")).get("api-clients")).clients.find((c: { name: string }) => c.name === name);
    expect(stored.revoked_at).not.toBeNull();
    expect(JSON.stringify(stored)).not.toContain(secret);
  });

  test("the form's messages: name required, at least one scope; a second revoke says it is revoked", async () => {
    const browser = await signedIn();
    let page = await browser.open(CLIENTS);
    page = await page.form("Create API client").fill("Name", "  ").submit("Create API client");
    expect(page.status).toBe(400);
    expect(page.form("Create API client").fieldErrors("Name")).toEqual(["An API client name is required."]);
    expect(page.form("Create API client").groupErrors("Scopes")).toEqual(["Choose at least one scope."]);
    const admin = await upstreamAccess(upstreamUrl(), "admin@example.com");
    const made = await admin.send("POST", "api-clients", { name: `Twice ${Date.now()}`, scopes: ["sites:read"] });
    await admin.send("DELETE", `api-clients/${made.json.id}`);
    const r = await browser.client.post(CLIENTS, { intent: "revoke", id: String(made.json.id), name: "Twice" }, { follow: false });
    expect(r.res.status).toBe(409);
    expect(r.body).toContain("This API client is already revoked.");
  });
});

describe("visitor forms, without JavaScript", () => {
  test("list and search; create (messages first), edit, the public link pre-registers, delete → Form no longer exists", async () => {
    const browser = await signedIn();
    let page = await browser.open(FORMS);
    expect(page.heading()).toBe("Visitor forms");
    expect(page.row("Contractor sign-up").has("Head Office")).toBe(true);
    expect(page.row("Contractor sign-up").has("/magic-link/form/")).toBe(true);
    page = await page.form("Search").fill("Search by name", "nothing-like-this").submit("Search");
    expect(page.has("No form matches “nothing-like-this”.")).toBe(true);

    page = await (await browser.open(FORMS)).follow("New form");
    expect(page.path).toBe(`${FORMS}/new`);
    page = await page.form("Create form").fill("Name", "").submit("Create form");
    expect(page.status).toBe(400);
    const form = page.form("Create form");
    expect(form.fieldErrors("Name")).toEqual(["A form name is required."]);
    expect(form.groupErrors("Sites")).toEqual(["Choose at least one site."]);
    expect(form.groupErrors("Groups")).toEqual(["Choose at least one group."]);

    const name = `Interview day ${Date.now()}`;
    page = await page.form("Create form").fill("Name", name).check("Head Office").check("Candidates").fill("Introduction", "<p>Bring <strong>ID</strong><script>alert(1)</script></p>").submit("Create form");
    expect(notices(page)).toContain(`Form “${name}” created`);
    const admin = await upstreamAccess(upstreamUrl(), "admin@example.com");
    const stored = (await admin.get(`forms?search=${encodeURIComponent(name)}`)).forms[0];
    expect(stored).toMatchObject({ name, enabled: true, intro: "<p>Bring <strong>ID</strong></p>" });
    const link = new URL(stored.link);

    // Edit: add Visitors.
    page = await browser.open(`${FORMS}/${stored.id}`);
    expect(page.has(stored.link)).toBe(true);
    page = await page.form("Save").check("Visitors").submit("Save");
    expect(notices(page)).toContain(`Form “${name}” saved`);
    expect((await admin.get(`forms/${stored.id}`)).group_ids).toHaveLength(2);

    // The public link, anonymous: validation, then a pending pre-registration (Candidates needs approval).
    const visitor = newBrowser();
    let pub = await visitor.open(link.pathname);
    expect(pub.heading()).toBe(name);
    expect(pub.has("Bring ID")).toBe(true);
    pub = await pub.form("Pre-register").fill("Your name", "").fill("Email address", "nope").fill("Arrival", "2020-01-01T10:00").submit("Pre-register");
    expect(pub.status).toBe(400);
    expect(pub.form("Pre-register").fieldErrors("Your name")).toEqual(["The visitor's name is required"]);
    expect(pub.form("Pre-register").fieldErrors("Email address")).toEqual(["A valid email is required"]);
    pub = await pub.form("Pre-register").fill("Your name", "Vera Visitor").fill("Email address", "vera@example.org").select("You are", "Candidates").fill("Arrival", "2020-01-01T10:00").submit("Pre-register");
    expect(pub.status).toBe(422);
    expect(pub.form("Pre-register").fieldErrors("Arrival")).toEqual(["The time of arrival must be in the future"]);
    const email = uniqueEmail("vera");
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    pub = await pub.form("Pre-register").fill("Your name", "Vera Visitor").fill("Email address", email).select("You are", "Candidates").fill("Arrival", `${tomorrow}T10:00`).submit("Pre-register");
    expect(pub.path).toBe(`${link.pathname}?sent=pending`);
    expect(pub.has("Your request has been sent")).toBe(true);
    const preRegs = await admin.get(`pre-registrations?search=${encodeURIComponent(email)}`);
    expect(JSON.stringify(preRegs)).toContain("Vera Visitor");
    expect(JSON.stringify(preRegs)).toContain("pending");

    // Delete after confirming: the link says the form no longer exists (410), in the visitor's language.
    page = await browser.open(`${FORMS}?search=${encodeURIComponent(name)}`);
    page = await page.form({ within: page.row(name), button: "Delete form" }).submit("Delete form");
    expect(notices(page)).toContain(`Form “${name}” deleted`);
    pub = await visitor.open(link.pathname);
    expect(pub.status).toBe(410);
    expect(pub.has("Form no longer exists.")).toBe(true);
    const german = newBrowser({ "accept-language": "de-DE" });
    const de = await german.open(link.pathname);
    expect(de.status).toBe(410);
    expect(de.has("Das Formular existiert nicht mehr.")).toBe(true);
    const unknown = await visitor.open("/magic-link/form/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(unknown.status).toBe(404);
    expect(unknown.has("Form no longer exists.")).toBe(true);
  });
});

describe("the /manage landing", () => {
  test("lists the sections the administrator may open, each with a description; the new ones lead to their pages", async () => {
    const browser = await signedIn();
    const page = await browser.open("/manage");
    for (const link of ["Sites", "Events", "Groups", "Client API", "Visitor forms", "Portal users"]) expect(page.hasLink(link), link).toBe(true);
    expect(page.has("Links where visitors pre-register themselves.")).toBe(true);
    // Not built, or always denied: never a link to a 404 or a 403.
    expect(page.hasLink("Rotas and closure periods")).toBe(false);
    expect((await page.click("Client API")).path).toBe(CLIENTS);
  });
});

describe("hostile input and rights", () => {
  test("oversized, malformed, unknown: a 4xx with a message, never a 500", async () => {
    const browser = await signedIn();
    const options = await (await upstreamAccess(upstreamUrl(), "admin@example.com")).get("form-options");
    const hq = String(options.sites.find((s: { name: string }) => s.name === "Head Office").id);
    const visitors = String(options.groups.find((g: { name: string }) => g.name === "Visitors").id);
    const good = { intent: "create", name: "Hostile", site_ids: hq, group_ids: visitors };
    expect(
      await failuresOf(browser.client, [
        [CLIENTS, { intent: "create", name: "x".repeat(5000), scopes: "sites:read" }, 400, "The API client name must be at most 100 characters."],
        [CLIENTS, { intent: "create", name: "Tab\there", scopes: "sites:read" }, 400, "This must be on one line"],
        [CLIENTS, { intent: "create", name: "Scope", scopes: "admin:all" }, 400, "Choose among the scopes the client API offers."],
        [CLIENTS, { intent: "revoke", id: "1 OR 1=1" }, 400, ""],
        [CLIENTS, { intent: "revoke", id: "999999", name: "Gone" }, 404, "API client not found."],
        [CLIENTS, { intent: "nonsense" }, 400, ""],
        [`${FORMS}/new`, { ...good, name: "x".repeat(5000) }, 400, "The form name must be at most 100 characters."],
        [`${FORMS}/new`, { ...good, site_ids: "999999" }, 422, "Choose among your standard sites."],
        [`${FORMS}/new`, { ...good, group_ids: "-1" }, 400, ""],
        [`${FORMS}/new`, { ...good, intent: "other" }, 400, ""],
        [`${FORMS}/999999`, { ...good, intent: "save" }, 404, "Form not found."],
        [`${FORMS}/abc`, { ...good, intent: "save" }, 404, ""],
        [FORMS, { intent: "delete", id: "999999", name: "Gone" }, 404, "Form not found."],
        [FORMS, { intent: "delete", id: "x" }, 400, ""],
        ["/magic-link/form/short", { intent: "pre-register", name: "A", email: "a@example.org", site_id: hq, group_id: visitors, arrive_at: "2030-01-01T10:00" }, 404, "Form no longer exists."],
      ]),
    ).toEqual([]);
    expect((await browser.client.request(`${FORMS}/abc`)).res.status).toBe(404);
    const nul = await browser.client.post(CLIENTS, { intent: "create", name: "Nul\u0000byte", scopes: "sites:read" }, { follow: false });
    expect(nul.res.status).toBe(400);
  });

  test("a Standard User gets 403 on every page and action", async () => {
    const browser = await signedIn("Standard User");
    for (const path of [CLIENTS, FORMS, `${FORMS}/new`, `${FORMS}/1`]) expect((await browser.client.request(path)).res.status, path).toBe(403);
    for (const [path, form] of [
      [CLIENTS, { intent: "create", name: "N", scopes: "sites:read" }],
      [CLIENTS, { intent: "revoke", id: "1" }],
      [FORMS, { intent: "delete", id: "1" }],
      [`${FORMS}/new`, { intent: "create", name: "N", site_ids: "1", group_ids: "1" }],
      [`${FORMS}/1`, { intent: "save", name: "N", site_ids: "1", group_ids: "1" }],
    ] as const) {
      expect((await browser.client.post(path, form, { follow: false })).res.status, `${path} ${form.intent}`).toBe(403);
    }
  });
});
