/**
 * SSO self-service through real HTTP, driven as a browser without JavaScript would (issue 16 §5,
 * ADR 024): the whole loop with the upstream's demo identity provider and demo DNS — configure a
 * new domain, verify it by a TXT record, enable it, a new person signs in by SSO and requests
 * access, is approved with a role in the dialog, signs in and reaches Today; every refusal with its
 * message; the 403 from the configuration call shown as "not authorised"; hostile input answered
 * 4xx with a message; and a Standard User refused (403) on every route.
 *
 * Each test uses its own client (Umbrella, eu:6) domain, so the demo's Acme rows are only read.
 */
import { describe, expect, test } from "vitest";
import type { HttpBrowser, Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { createUpstreamRole } from "../support/hooks";
import { createUser, failuresOf, hook, newBrowser, newClient, signIn, signInWithForms, uniqueEmail, upstreamUrl, type PostCase } from "./helpers";

const tag = () => Math.random().toString(36).slice(2, 8);
const notices = (page: Page) => page.notices().join(" ");
const CONFIG = "/manage/account/sso/configuration";
const CLIENT = "eu:6";

async function admin(client = CLIENT) {
  const email = uniqueEmail("sso-admin");
  await createUser({ email, role: "Administrator", client, name: "Ada Admin" });
  await hook("POST", `clients/${client}`, { settings: { "beta.sso-self-service": true } });
  const browser = newBrowser();
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  return { browser, email };
}

/** Publish a TXT record at the upstream's demo DNS (as the administrator does at their DNS host). */
async function publish(name: string, value: string) {
  const res = await fetch(`${upstreamUrl()}/demo/dns`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ name, value }) });
  expect(res.status).toBe(200);
}

/** Configure `domain` through the form, verify it by DNS and enable it. */
async function configured(browser: HttpBrowser, domain: string): Promise<Page> {
  let page = await browser.open(CONFIG);
  page = await page
    .form("Save configuration")
    .select("Identity provider", "Okta")
    .fill("Email domain", domain)
    .fill("Provider client ID", "gatehouse-portal")
    .fill("Provider client secret", "gatehouse-dev-sso-client-secret")
    .fill("Provider host", `${upstreamUrl()}/oidc`)
    .select("Default permissions", "Standard User")
    .submit("Save configuration");
  expect(notices(page)).toContain("The single sign-on configuration was saved.");
  expect(page.text()).not.toContain("gatehouse-dev-sso-client-secret");
  page = await page.form("Verify with a DNS record").submit("Verify with a DNS record");
  const value = /gatehouse-verification=[A-Za-z0-9_-]+/.exec(page.text())![0];
  await publish(domain, value);
  page = await page.form("Check the record").submit("Check the record");
  expect(notices(page)).toContain("The domain is verified.");
  page = await page.form("Enable single sign-on").submit("Enable single sign-on");
  expect(notices(page)).toContain("Single sign-on is enabled.");
  return page;
}

/** A person signs in at /login by SSO (the demo identity provider's own form); the page it ends on. */
async function ssoSignIn(email: string, browser = newBrowser()): Promise<Page> {
  let page = await browser.open("/login");
  page = await page.form("Continue").fill("Email address", email).submit("Continue");
  expect(page.heading()).toBe("Demo identity provider");
  return page.form("Sign in").submit("Sign in");
}

describe("SSO self-service, without JavaScript", () => {
  test("the loop: configure, verify, a new person requests access, is approved, signs in and reaches Today", async () => {
    const { browser } = await admin();
    const domain = `loop-${tag()}.example`;
    let page = await browser.open("/manage/account/sso");
    expect(page.path).toBe("/manage/account/sso/users");
    expect(page.region("Single sign-on sections").links().map((l) => l.name)).toEqual(["Users", "Configuration", "Access requests", "Settings"]);
    await configured(browser, domain);

    // A new person of the domain signs in by SSO and asks for access.
    const person = `pat.new@${domain}`;
    const personBrowser = newBrowser();
    page = await ssoSignIn(person, personBrowser);
    expect(page.heading()).toBe("Request access");
    page = await page.form("Request access").submit("Request access");
    expect(notices(page)).toContain("Your request has been sent to the organisation's administrators.");

    // The administrator approves with the default role, in the dialog.
    page = await browser.open("/manage/account/sso/access-requests");
    expect(page.row("Pat New").text()).toContain("Pending");
    page = await page.follow(/Approve… .*Pat New/);
    expect(page.path).toMatch(/\/manage\/account\/sso\/access-requests\/\d+$/);
    expect(page.field("Role").value).not.toBe("");
    page = await page.form("Approve").submit("Approve");
    expect(notices(page)).toContain("The request was approved. The person can now sign in.");
    expect(page.row("Pat New").text()).toContain("Approved as Standard User");

    // The person signs in by SSO and reaches Today; the users tab lists them, the test sign-in counts.
    page = await ssoSignIn(person);
    expect(page.path).toBe("/today");
    page = await browser.open("/manage/account/sso/users");
    expect(page.row("Pat New").text()).toContain(person);
    page = await browser.open("/manage/account/sso/settings");
    expect(page.text()).toContain("Last successful single sign-on");
  });

  test("a declined person is told; enforce and auto-approve; require password sign-in and remove", async () => {
    const { browser, email } = await admin();
    const domain = `decline-${tag()}.example`;
    await configured(browser, domain);
    const person = `dee.clined@${domain}`;
    let page = await ssoSignIn(person);
    page = await page.form("Request access").submit("Request access");
    page = await browser.open("/manage/account/sso/access-requests");
    page = await page.form({ button: /Decline .*Dee Clined/ }).submit(/Decline/);
    expect(notices(page)).toContain("The request was declined and the person was told.");
    expect((await hook("GET", `outbox?to=${encodeURIComponent(person)}`)).subject).toContain("declined");
    page = await ssoSignIn(person);
    expect(page.text()).toContain("The administrators declined one of your requests.");

    // An SSO user of this client: back to a password, then removed.
    const sso = `sam.sso@${domain}`;
    await createUser({ email: sso, role: "Standard User", client: CLIENT, sso: true, name: "Sam Sso" });
    page = await browser.open("/manage/account/sso/users");
    page = await page.form({ button: /Require password sign-in .*Sam Sso/ }).submit(/Require password sign-in/);
    expect(notices(page)).toContain("a link to set one was emailed");
    expect((await hook("GET", `outbox?to=${encodeURIComponent(sso)}`)).subject).toMatch(/password/i);
    // Settings: enforce (the person's sign-in above was the test), with a break-glass account; auto-approve.
    page = await browser.open("/manage/account/sso/settings");
    expect(page.text()).toContain("Last successful single sign-on");
    page = await page.form("Save settings").check("Enforce single sign-on").submit("Save settings");
    expect(page.status).toBe(422);
    expect(page.fieldErrors("Break-glass account")).toContain("Choose a break-glass account before enforcing single sign-on.");
    page = await page.form("Save settings").select("Break-glass account", `Ada Admin (${email})`).check("Enforce single sign-on").check("Approve new users automatically").submit("Save settings");
    expect(notices(page)).toContain("The single sign-on settings were saved.");
    // A new person of the domain now gets the default role at once and reaches Today.
    page = await ssoSignIn(`auto.new@${domain}`);
    expect(page.path).toBe("/today");

    const leaving = `rae.move@${domain}`;
    await createUser({ email: leaving, role: "Standard User", client: CLIENT, sso: true, name: "Rae Move" });
    page = await browser.open("/manage/account/sso/users");
    page = await page.form({ button: "Remove access", within: page.row("Rae Move") }).submit("Remove access");
    expect(notices(page)).toContain("The user's access was removed.");
    expect(page.text()).not.toContain(leaving);
  });

  test("every refusal says why", async () => {
    const { email } = await admin();
    const web = newClient();
    await signIn(web, email);
    const domain = `refuse-${tag()}.example`;
    const save = (over: Record<string, string>) => ({ intent: "save", type: "okta", domain, client_id: "gatehouse-portal", provider_host: "https://idp.example.com", default_role_id: "", ...over });
    const roles = (await (await upstreamAccess(upstreamUrl(), email)).get("client/roles")) as { id: number; name: string }[];
    const role = String(roles.find((r) => r.name === "Standard User")!.id);
    const cases: PostCase[] = [
      [CONFIG, save({ domain: "not a domain", default_role_id: role }), 400, "Enter a domain such as example.com."],
      [CONFIG, save({ domain: "gmail.com", default_role_id: role }), 422, "A public email domain cannot be used for single sign-on."],
      [CONFIG, save({ domain: "sso.example.com", default_role_id: role }), 422, "This domain is already used for single sign-on by another organisation."],
      [CONFIG, save({ provider_host: "http://idp.example.com", default_role_id: role }), 422, "Enter the provider&#x27;s host as an https:// address."],
      [CONFIG, save({ default_role_id: "99999999" }), 422, "Choose one of this organisation&#x27;s roles."],
      [CONFIG, save({ default_role_id: role }), 303, ""],
      [CONFIG, { intent: "enable" }, 422, "Verify the domain before enabling single sign-on."],
      [CONFIG, { intent: "check-dns" }, 422, "Start the verification first."],
      [CONFIG, { intent: "start-dns" }, 303, ""],
      [CONFIG, { intent: "check-dns" }, 422, "The TXT record was not found yet."],
      [CONFIG, { intent: "start-email", email: "it@elsewhere.example" }, 422, "Enter an address at the domain being verified."],
      [CONFIG, { intent: "start-email", email: `it@${domain}` }, 303, ""],
      [CONFIG, { intent: "check-code", code: "12" }, 400, "The code is invalid."],
      [CONFIG, { intent: "check-code", code: "000000" }, 422, "The code is invalid."],
      ["/manage/account/sso/settings", { intent: "save", enforced: "on" }, 422, "Enable single sign-on before enforcing it."],
    ];
    const failures = await failuresOf(web, cases);
    expect(failures).toEqual([]);
  });

  test("the configuration call's 403 reads 'not authorised for these settings'; a Standard User gets 403 everywhere", async () => {
    // A site manager of Acme (which has the sso-self-service flag): the configuration tab opens,
    // the landing sends there, and the upstream's 403 is said on the page.
    const sites = `Site viewers ${tag()}`;
    await createUpstreamRole(upstreamUrl(), { client: "eu:1", name: sites, rights: ["ManageSite.viewer"] });
    const viewerEmail = uniqueEmail("sso-sites");
    await createUser({ email: viewerEmail, role: sites, client: "eu:1" });
    const siteBrowser = newBrowser();
    await signInWithForms(siteBrowser, viewerEmail);
    let page = await siteBrowser.open("/manage/account/sso");
    expect(page.path).toBe(CONFIG);
    expect(page.status).toBe(200);
    expect(page.alerts().join(" ")).toContain("You are not authorised for these settings.");
    expect(page.region("Single sign-on sections").links().map((l) => l.name)).toEqual(["Configuration"]);

    const email = uniqueEmail("sso-standard");
    await createUser({ email, role: "Standard User", client: "eu:1", name: "Stan Dard" });
    const browser = newBrowser();
    await signInWithForms(browser, email);
    for (const path of ["/manage/account/sso", CONFIG, "/manage/account/sso/users", "/manage/account/sso/access-requests", "/manage/account/sso/access-requests/1", "/manage/account/sso/settings"]) {
      expect((await browser.open(path)).status, path).toBe(403);
    }
    const web = newClient();
    await signIn(web, email);
    for (const [path, intent] of [
      [CONFIG, "save"],
      ["/manage/account/sso/users", "delete"],
      ["/manage/account/sso/access-requests", "decline"],
      ["/manage/account/sso/access-requests/1", "approve"],
      ["/manage/account/sso/settings", "save"],
    ] as const) {
      expect((await web.post(path, { intent, id: "1" }, { follow: false })).res.status, path).toBe(403);
    }
  });

  test("hostile input gets a 4xx with a message, never a 500; nobody grants a role with rights they lack", async () => {
    const { email } = await admin("eu:1");
    const web = newClient();
    await signIn(web, email);
    const cases: PostCase[] = [
      [CONFIG, { intent: "save", type: "github", domain: "x.example", client_id: "a", provider_host: "https://a.example", default_role_id: "1" }, 400, "Choose Google, Azure or Okta."],
      [CONFIG, { intent: "save", type: "okta", domain: `${"a".repeat(300)}.example`, client_id: "a", provider_host: "https://a.example", default_role_id: "1" }, 400, "too long"],
      [CONFIG, { intent: "save", type: "okta", domain: "x.example", client_id: "a\r\nBcc: x@y.z", provider_host: "https://a.example", default_role_id: "1" }, 400, "line"],
      [CONFIG, { intent: "save", type: "okta", domain: "x.example", client_id: "a", provider_host: "javascript:alert(1)", default_role_id: "1" }, 400, "https://"],
      [CONFIG, { intent: "check-code", code: "<script>" }, 400, ""],
      ["/manage/account/sso/access-requests/abc", { intent: "approve", role_id: "1" }, 404, ""],
      ["/manage/account/sso/access-requests/999999", { intent: "approve", role_id: "x" }, 400, ""],
      ["/manage/account/sso/access-requests/999999", { intent: "approve", role_id: "1", every_site: "on" }, 422, ""],
      // No site chosen (nor every site): the form's own message, before any call (ADR 031).
      ["/manage/account/sso/access-requests/999999", { intent: "approve", role_id: "1" }, 400, ""],
      ["/manage/account/sso/access-requests/999999", { intent: "approve", role_id: "1", site_ids: "abc" }, 400, ""],
    ];
    const failures = await failuresOf(web, cases);
    expect(failures.filter((f) => !/ 404 | 409 | 422 /.test(f) || f.includes("500"))).toEqual([]);
    expect((await web.post(CONFIG, { intent: "drop-tables" }, { follow: false })).res.status).toBe(400);
    expect((await web.post("/manage/account/sso/users", { intent: "delete", id: "abc" }, { follow: false })).res.status).toBe(400);

    // Acme's pending demo request: a user manager cannot approve it as an Administrator.
    const managers = `SSO managers ${tag()}`;
    await createUpstreamRole(upstreamUrl(), { client: "eu:1", name: managers, rights: ["ManageUser.viewer", "ManageUser.editor"] });
    const managerEmail = uniqueEmail("sso-manager");
    await createUser({ email: managerEmail, role: managers, client: "eu:1" });
    const browser = newBrowser();
    await signInWithForms(browser, managerEmail);
    let page = await browser.open("/manage/account/sso/access-requests");
    page = await page.follow(/Approve… .*Pat Pending/);
    page = await page.form("Approve").select("Role", "Administrator").submit("Approve");
    expect(page.status).toBe(422);
    expect(page.fieldErrors("Role")).toContain("You cannot grant a role with rights you do not hold.");
  });
});
