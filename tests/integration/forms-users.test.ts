/**
 * Portal users (/manage/account/users; issue 16 item 1; ADR 020) through real HTTP, driven as a
 * browser without JavaScript would: the list (search, 15 a page), invite → the emailed link →
 * choose a password → sign in, edit, remove two-factor, delete after confirming; every refusal of
 * the upstream with its message and its 4xx (the primary user, oneself, a user gone, escalation,
 * group visibility); hostile input; a Standard User gets 403 on every route.
 *
 * Each test makes its own users in Acme (eu:1) through the test hooks; the seed's users are read,
 * never changed.
 */
import { describe, expect, test } from "vitest";
import type { Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { createUpstreamRole } from "../support/hooks";
import { createUser, failuresOf, hook, newBrowser, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const LIST = "/manage/account/users";
const notices = (page: Page) => page.notices().join(" ");

async function signedIn(role = "Administrator", extra: Record<string, unknown> = {}) {
  const email = uniqueEmail("users");
  await createUser({ email, role, client: "eu:1", name: `Uma ${role}`, ...extra });
  const browser = newBrowser();
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  return { browser, email };
}

/** A portal user's id (its access to Acme), read as the demo administrator. */
async function portalUserId(email: string): Promise<number> {
  const admin = await upstreamAccess(upstreamUrl(), "admin@example.com");
  const list = await admin.get(`portal-users?search=${encodeURIComponent(email)}`);
  return list.users[0].id;
}
const portalUser = async (id: number) => (await upstreamAccess(upstreamUrl(), "admin@example.com")).get(`portal-users/${id}`);
/** A role's id in Acme, as a form posts it. */
async function roleId(name: string): Promise<string> {
  const roles: { id: number; name: string }[] = await (await upstreamAccess(upstreamUrl(), "admin@example.com")).get("client/roles");
  return String(roles.find((r) => r.name === name)!.id);
}

describe("the users list, without JavaScript", () => {
  test("15 a page with role, flags, sites, two-factor and sign-in; pages; search by name or email", async () => {
    const { browser } = await signedIn();
    let page = await browser.open(LIST);
    expect(page.heading()).toBe("Portal users");
    expect(page.rowHeaders()).toHaveLength(15);
    expect(page.has("Page 1 of")).toBe(true);
    page = await page.follow("Next");
    expect(page.rowHeaders().length).toBeGreaterThan(0);
    page = await page.form("Search").fill("Search by name or email", "okafor").submit("Search");
    expect(page.rowHeaders()).toEqual(["Daniel Okafor"]);
    const row = page.row("Daniel Okafor");
    expect(row.has("Front Desk")).toBe(true);
    expect(row.has("On")).toBe(true); // two-factor
    page = await browser.open(`${LIST}?search=chloe.martin`);
    expect(page.row("Chloe Martin").has("Dublin Office")).toBe(true);
    page = await browser.open(`${LIST}?search=harry.evans`);
    expect(page.row("Harry Evans").has("Invited (no password yet)")).toBe(true);
    page = await browser.open(`${LIST}?search=admin@example.com`);
    expect(page.row("Alice Admin").has("Primary user · Billing contact")).toBe(true);
    page = await browser.open(`${LIST}?search=nobody-matches-this`);
    expect(page.has("No user matches “nobody-matches-this”.")).toBe(true);
    // The manage landing leads here.
    expect((await browser.open("/manage")).hasLink("Portal users")).toBe(true);
  });
});

describe("invite, accept, sign in", () => {
  test("the dialog's form invites; the emailed link sets a password meeting the rule; the invitee signs in", async () => {
    const { browser } = await signedIn();
    const email = uniqueEmail("invitee");
    let page = await browser.open(`${LIST}/new`);
    expect(page.heading(2)).toBe("Invite a user");
    // Issue 24: only the primary user gives the technical-contact flag (forms: account-boundary).
    page = await page.form("Send invitation").fill("Name", "Ivo Invitee").fill("Email address", email).select("Role", "Standard User").uncheck("Every site (new ones too)").check("Head Office").submit("Send invitation");
    expect(notices(page)).toContain(`Invitation sent to ${email}`);
    expect(page.path).toBe(LIST);
    const id = await portalUserId(email);
    const hq = (await upstreamAccess(upstreamUrl(), "admin@example.com")).config.sites.find((s) => s.name === "Head Office")!.id;
    // Issue 24: an invitation waits for its owner, listed as pending whoever the address belongs to.
    expect(await portalUser(id)).toMatchObject({ name: "Ivo Invitee", pending: true, technical: false, site_ids: [hq], role: { name: "Standard User" } });

    const mail = await hook("GET", `outbox?to=${encodeURIComponent(email)}`);
    const link = /https?:\/\/[^\s]+\/reset\/[^\s]+/.exec(mail.body)![0];
    const invitee = newBrowser();
    let reset = await invitee.open(new URL(link).pathname + new URL(link).search);
    reset = await reset.form("Save new password").fill("New password", "weakweak").fill("Confirm new password", "weakweak").submit("Save new password");
    expect(reset.status).toBe(400);
    expect(reset.form("Save new password").fieldErrors("New password").join(" ")).toContain("special character");
    reset = await reset.form("Save new password").fill("New password", "Ivo-Passw0rd!").fill("Confirm new password", "Ivo-Passw0rd!").submit("Save new password");
    expect(reset.path).toBe("/login");
    let signIn = await reset.form("Continue").fill("Email address", email).submit("Continue");
    signIn = await signIn.form("Sign in").fill("Password", "Ivo-Passw0rd!").submit("Sign in");
    signIn = await signIn.form("Accept and continue").check("I have read and accept the terms of service.").submit("Accept and continue");
    expect(signIn.path).toBe("/today");
    // The sign-in took the invitation up (an account of no organisation yet): a member, same id.
    expect(await portalUser(id)).toMatchObject({ pending: false, invited: false });
  });

  test("a taken email and a missing name are refused with the spec's messages, keeping what was typed", async () => {
    const { browser } = await signedIn();
    let page = await browser.open(`${LIST}/new`);
    page = await page.form("Send invitation").fill("Name", "Taken").fill("Email address", "admin@example.com").select("Role", "Standard User").submit("Send invitation");
    expect(page.status).toBe(422);
    expect(page.form("Send invitation").fieldErrors("Email address")).toEqual(["This email already has access to your organisation"]);
    expect(page.form("Send invitation").value("Name")).toBe("Taken");
  });
});

describe("edit, two-factor, delete", () => {
  test("edit saves name, role, flags and sites; remove two-factor and delete after confirming", async () => {
    const { browser } = await signedIn();
    const target = uniqueEmail("target");
    await createUser({ email: target, role: "Standard User", client: "eu:1", name: "Tia Target", totp_secret: "JBSWY3DPEHPK3PXP" });
    const id = await portalUserId(target);
    let page = await browser.open(`${LIST}/${id}`);
    expect(page.heading(2)).toBe("Edit Tia Target");
    // Issue 24: billing is the primary user's to give; this administrator sees it read-only.
    expect(page.field("Billing contact").disabled).toBe(true);
    page = await page.form("Save").fill("Name", "Tia Edited").select("Role", "Front Desk").check("Device alerts").submit("Save");
    expect(notices(page)).toContain("Tia Edited saved");
    expect(await portalUser(id)).toMatchObject({ name: "Tia Edited", role: { name: "Front Desk" }, billing: false, device_alerts: true, site_ids: null });

    page = await browser.open(`${LIST}?search=${encodeURIComponent(target)}`);
    page = await page.form({ within: page.all({ tag: "details", class: "row-delete" }).find((d) => d.has("Remove two-factor"))! }).submit("Remove two-factor authentication");
    expect(notices(page)).toContain("Two-factor authentication removed for Tia Edited");
    expect((await portalUser(id)).two_factor).toBe(false);

    page = await page.form({ within: page.all({ tag: "details", class: "row-delete" }).find((d) => d.has("Delete user"))! }).submit("Delete user");
    expect(notices(page)).toContain("Tia Edited deleted");
    expect(page.rowHeaders()).toEqual([]);
  });

  test("every refusal says the upstream's words with its 4xx", async () => {
    const { browser, email } = await signedIn();
    const self = await portalUserId(email);
    const primary = await portalUserId("admin@example.com");
    const plain = uniqueEmail("plain");
    await createUser({ email: plain, role: "Standard User", client: "eu:1" });
    const plainId = await portalUserId(plain);
    const gone = uniqueEmail("gone");
    await createUser({ email: gone, role: "Standard User", client: "eu:1" });
    const goneId = await portalUserId(gone);
    expect((await browser.client.post(LIST, { intent: "delete", id: String(goneId), name: "Gone" }, { follow: false })).res.status).toBe(303);
    const save = { intent: "save", name: "X", role_id: await roleId("Administrator"), every_site: "on" };
    expect(
      await failuresOf(browser.client, [
        [LIST, { intent: "delete", id: String(primary), name: "Alice Admin" }, 422, "Cannot perform delete: You cannot delete primary user"],
        [LIST, { intent: "delete", id: String(self), name: "Me" }, 422, "You cannot delete yourself"],
        [LIST, { intent: "delete", id: String(goneId), name: "Gone" }, 404, "Failed to find existing user"],
        [`${LIST}/${goneId}`, save, 404, "Failed to find existing user"],
        [`${LIST}/999999999`, save, 404, "Failed to find existing user"],
        [LIST, { intent: "remove-2fa", id: String(self), name: "Me" }, 422, "Remove your own two-factor authentication on My profile"],
        [LIST, { intent: "remove-2fa", id: String(plainId), name: "Plain" }, 422, "This user has no two-factor authentication"],
        [LIST, { intent: "resend", id: String(plainId), name: "Plain" }, 422, "This user has already chosen a password"],
        [`${LIST}/${primary}`, { ...save, name: "Alice Admin" }, 422, "Make another user primary instead"],
      ]),
    ).toEqual([]);
  });

  test("no escalation, and group visibility: the upstream's messages through the portal", async () => {
    await createUpstreamRole(upstreamUrl(), { name: "User Manager", rights: ["ManageUser.viewer", "ManageUser.editor", "ManageUser.delete", "ManageUser.remove2fa", "Today.viewer"] });
    const manager = await signedIn("User Manager");
    const peer = uniqueEmail("peer");
    await createUser({ email: peer, role: "User Manager", client: "eu:1" });
    const peerId = await portalUserId(peer);
    const page = await manager.browser.open(`${LIST}/${peerId}`);
    expect(page.has("Administrator (needs rights you do not hold)")).toBe(true);
    expect(
      await failuresOf(manager.browser.client, [
        [`${LIST}/${peerId}`, { intent: "save", name: "Peer", role_id: await roleId("Administrator"), every_site: "on" }, 422, "You cannot give a role with rights you do not hold"],
        [LIST, { intent: "delete", id: String(await portalUserId("priya.patel@example.com")), name: "Priya" }, 422, "You cannot change a user who holds rights you do not hold"],
      ]),
    ).toEqual([]);

    // Grace Lee (seed) is an Administrator restricted to the Warehouse: under group visibility she
    // sees only users whose sites are within hers.
    const grace = newBrowser();
    expect((await signInWithForms(grace, "grace.lee@example.com")).path).toBe("/today");
    const list = await grace.open(LIST);
    expect(list.rowHeaders()).toContain("Isla Novak");
    expect(list.rowHeaders()).not.toContain("Alice Admin");
    const wh = (await upstreamAccess(upstreamUrl(), "admin@example.com")).config.sites.find((s) => s.name === "Warehouse")!.id;
    expect(
      await failuresOf(grace.client, [
        [`${LIST}/${await portalUserId("ben.carter@example.com")}`, { intent: "save", name: "Ben", role_id: await roleId("Standard User"), site_ids: String(wh) }, 404, "Failed to find existing user"],
        [`${LIST}/${await portalUserId("isla.novak@example.com")}`, { intent: "save", name: "Isla Novak", role_id: await roleId("Standard User"), every_site: "on" }, 422, "You can only give access to sites you have access to"],
      ]),
    ).toEqual([]);
    expect((await grace.client.request(`${LIST}/${await portalUserId("ben.carter@example.com")}`)).res.status).toBe(404);
  });
});

describe("hostile input and rights", () => {
  test("oversized, malformed ids, control characters, unknown intents: a 4xx with a message, never a 500", async () => {
    const { browser } = await signedIn();
    const someone = uniqueEmail("someone");
    await createUser({ email: someone, role: "Standard User", client: "eu:1" });
    const id = await portalUserId(someone);
    const standard = await roleId("Standard User");
    const invite = { intent: "invite", name: "Hostile", email: uniqueEmail("hostile"), role_id: standard, every_site: "on" };
    expect(
      await failuresOf(browser.client, [
        [`${LIST}/new`, { ...invite, name: "x".repeat(5000) }, 400, "That is too long."],
        [`${LIST}/new`, { ...invite, name: "Tab\there" }, 400, "This must be on one line"],
        [`${LIST}/new`, { ...invite, email: "not an email" }, 400, "A valid email is required"],
        [`${LIST}/new`, { ...invite, name: "" }, 400, "The user name is required"],
        [`${LIST}/new`, { ...invite, every_site: "" }, 400, "Choose at least one site, or every site"],
        [`${LIST}/new`, { ...invite, role_id: "abc" }, 400, "Choose a role of your organisation"],
        [`${LIST}/new`, { ...invite, role_id: "999999" }, 422, "Choose a role of your organisation"],
        [`${LIST}/new`, [...Object.entries({ ...invite, every_site: "" }), ["site_ids", "999999"]], 422, "Choose sites of your organisation"],
        [`${LIST}/${id}`, { intent: "save", name: "Ok", role_id: standard, every_site: "on", site_ids: "-3" }, 400, ""],
        [`${LIST}/abc`, { intent: "save", name: "Ok", role_id: standard, every_site: "on" }, 404, ""],
        [LIST, { intent: "delete", id: "1 OR 1=1", name: "x" }, 400, ""],
        [LIST, { intent: "nonsense", id: String(id) }, 400, ""],
      ]),
    ).toEqual([]);
    const nul = await browser.client.post(`${LIST}/new`, { ...invite, name: "Nul\u0000byte" }, { follow: false });
    expect(nul.res.status).toBe(400);
    expect((await browser.client.request(`${LIST}/abc`)).res.status).toBe(404);
  });

  test("a Standard User gets 403 on every route of portal users, and reads My profile", async () => {
    const { browser } = await signedIn("Standard User");
    const id = await portalUserId("ben.carter@example.com");
    for (const path of [LIST, `${LIST}/new`, `${LIST}/${id}`]) {
      expect((await browser.client.request(path)).res.status, path).toBe(403);
    }
    for (const [path, form] of [
      [LIST, { intent: "delete", id: String(id) }],
      [LIST, { intent: "remove-2fa", id: String(id) }],
      [LIST, { intent: "resend", id: String(id) }],
      [`${LIST}/new`, { intent: "invite", name: "N", email: uniqueEmail("n"), role_id: "1", every_site: "on" }],
      [`${LIST}/${id}`, { intent: "save", name: "N", role_id: "1", every_site: "on" }],
    ] as const) {
      expect((await browser.client.post(path, form, { follow: false })).res.status, `${path} ${form.intent}`).toBe(403);
    }
    expect((await browser.open("/my-profile")).status).toBe(200);
  });
});

