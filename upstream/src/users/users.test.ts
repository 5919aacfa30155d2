/**
 * Portal users and my profile over HTTP against a running upstream (issue 16 items 1 and 6; ADR
 * 020): the list (search, 15 a page, the seed's revision 17), invitation → link → first password →
 * sign in, edit, and every rule with its message: primary and self not deleted, unknown or deleted
 * users "Failed to find existing user", group visibility, no escalation, the rights; my profile's
 * password (strength, current, confirmation, reuse through the one `setPassword`), two-factor set-up
 * and removal, language and notifications; the reset and expired-password flows through it too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PortalUser, PortalUserList, PortalUserOptions, PROFILE_MESSAGES, Profile, USER_MESSAGES } from "../../contract/index.ts";
import { totp } from "../auth/totp.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";
import { REUSE_DEPTH } from "./passwords.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
type Json = any;

const { call, as } = httpTestClient(() => up.url, "users");
const PASSWORD = "Demo-Passw0rd!";
let admin: As;
let sites: { id: number; name: string }[];
let roles: { id: number; name: string }[];
const roleId = (name: string) => roles.find((r) => r.name === name)!.id;
const siteId = (name: string) => sites.find((s) => s.name === name)!.id;
let n = 0;
const email = (tag: string) => `${tag}-${Date.now().toString(36)}-${n++}@users.example.com`;

function expect422(r: { status: number; json: Json }, field: string, message: string) {
  expect(r.status, JSON.stringify(r.json)).toBe(422);
  expect(r.json.errors[field]).toEqual([message]);
}

/** A user through the test hooks: their portal user id in Acme and their calls. */
async function user(tag: string, body: Record<string, unknown> = {}): Promise<{ email: string; id: number; as: As }> {
  const e = email(tag);
  const r = await call("POST", "/__test/users", { email: e, client: "eu:1", role: "Standard User", ...body });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  const id = PortalUserList.parse((await admin.get(`portal-users?search=${encodeURIComponent(e)}`)).json).users[0]!.id;
  // A user with two-factor authentication signs in with a code: not through `as`.
  return { email: e, id, as: body.totp_secret ? (undefined as never) : await as(e) };
}

const outboxLink = async (to: string) => {
  const mail = await call("GET", `/__test/outbox?to=${encodeURIComponent(to)}`);
  expect(mail.status).toBe(200);
  const m = /\/reset\/([A-Za-z0-9_-]+)\?email=/.exec(mail.json.body);
  return { mail: mail.json, token: m?.[1] };
};
const login = (e: string, password: string) => call("POST", "/api/v2/auth/login", { email: e, password });

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
  sites = (await admin.get("sites")).json;
  roles = (await admin.get("client/roles")).json;
}, 120_000);

afterAll(async () => {
  expect(serverErrors).toEqual([]);
  await up?.stop();
}, 60_000);

describe("the list", () => {
  it("shows the seed's users 15 a page, searches by name and email, with flags, sites and two-factor", async () => {
    const first = PortalUserList.parse((await admin.get("portal-users")).json);
    expect(first.per_page).toBe(15);
    expect(first.users).toHaveLength(15);
    expect(first.total).toBeGreaterThanOrEqual(17);
    const second = PortalUserList.parse((await admin.get("portal-users?page=2")).json);
    expect(second.users.length).toBe(first.total - 15);
    const all = [...first.users, ...second.users];
    const by = (name: string) => all.find((u) => u.name === name)!;
    expect(by("Alice Admin")).toMatchObject({ primary: true, billing: true, self: true, role: { name: "Administrator" }, site_ids: null });
    expect(by("Daniel Okafor").two_factor).toBe(true);
    expect(by("Chloe Martin").site_ids).toEqual([siteId("Dublin Office")]);
    expect(by("Priya Patel").technical).toBe(true);
    expect(by("Harry Evans").invited).toBe(true);
    expect(by("Sandy Sso").sso).toBe(true);
    const found = PortalUserList.parse((await admin.get("portal-users?search=OKAFOR")).json);
    expect(found.users.map((u) => u.name)).toEqual(["Daniel Okafor"]);
    expect(PortalUserList.parse((await admin.get("portal-users?search=chloe.martin@")).json).users.map((u) => u.name)).toEqual(["Chloe Martin"]);
    expect(PortalUserList.parse((await admin.get("portal-users?search=%25")).json).total).toBe(0);
    expect((await admin.get("portal-users?page=0")).status).toBe(422);
  });

  it("needs ManageUser.viewer; a standard user gets 403 on every call", async () => {
    const std = await user("std");
    for (const r of [
      await std.as.get("portal-users"),
      await std.as.get("portal-user-options"),
      await std.as.get(`portal-users/${std.id}`),
      await std.as.post("portal-users", { name: "X", email: email("x"), role_id: roleId("Standard User"), site_ids: null }),
      await std.as.patch(`portal-users/${std.id}`, { name: "Y" }),
      await std.as.del(`portal-users/${std.id}`),
      await std.as.del(`portal-users/${std.id}/two-factor`),
    ]) expect(r.status).toBe(403);
  });

  it("is not active-only (ADR 034): an expired client's administrator lists and invites its users; an active-only call is trial_period_over", async () => {
    const expired = await as("expired@example.com");
    const list = await expired.get("portal-users");
    expect(list.status, JSON.stringify(list.json)).toBe(200);
    expect(PortalUserList.parse(list.json).users.find((u) => u.self)?.name).toBe("Eve Expired");
    const options = PortalUserOptions.parse((await expired.get("portal-user-options")).json);
    const role = options.roles.find((r) => r.name === "Standard User")!;
    const invited = await expired.post("portal-users", { name: "Renewal Contact", email: email("renewal"), role_id: role.id, site_ids: null });
    expect(invited.status, JSON.stringify(invited.json)).toBe(200);
    const trial = await expired.get("notifications");
    expect([trial.status, trial.json.code]).toEqual([403, "trial_period_over"]);
  });
});

describe("invitation", () => {
  it("mails a link; the invitee chooses a password meeting the rule, then signs in", async () => {
    const e = email("invitee");
    const r = await admin.post("portal-users", { name: "  Ivy Invitee ", email: e.toUpperCase(), role_id: roleId("Standard User"), site_ids: [siteId("Head Office")], technical: true });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const invited = PortalUser.parse((await admin.get(`portal-users/${r.json.id}`)).json);
    // Issue 24: an invitation waits for its owner (pending), a new address's as any other.
    expect(invited).toMatchObject({ name: "Ivy Invitee", email: e, pending: true, technical: true, site_ids: [siteId("Head Office")] });
    const { mail, token } = await outboxLink(e);
    expect(mail.subject).toBe("You have been invited to Acme Ltd on Gatehouse");
    expect(token).toBeTruthy();
    expect((await login(e, PASSWORD)).status).toBe(401);
    const weak = await call("POST", "/api/v2/auth/reset", { token, email: e, password: "weakpass", password_confirmation: "weakpass" });
    expect(weak.status).toBe(422);
    expect(weak.json.errors.password).toContain("The password must contain at least one number.");
    const ok = await call("POST", "/api/v2/auth/reset", { token, email: e, password: "Ivy-Passw0rd!", password_confirmation: "Ivy-Passw0rd!" });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    // The terms come next at the first sign-in; the password is right.
    expect((await login(e, "Ivy-Passw0rd!")).json.code).toBe("accept_terms");
    // The sign-in took the invitation up: a member now, under the same id.
    expect(PortalUser.parse((await admin.get(`portal-users/${r.json.id}`)).json)).toMatchObject({ pending: false, invited: false });
    // The link worked once.
    expect((await call("POST", "/api/v2/auth/reset", { token, email: e, password: "Ivy-Passw0rd!2", password_confirmation: "Ivy-Passw0rd!2" })).status).toBe(422);
  });

  it("refuses a taken email, a blank name, a bad email, an unknown role or site, and can resend", async () => {
    const taken = await user("taken");
    const base = { name: "N", role_id: roleId("Standard User"), site_ids: null };
    expect422(await admin.post("portal-users", { ...base, email: taken.email }), "email", USER_MESSAGES.emailTaken);
    expect422(await admin.post("portal-users", { ...base, name: "   ", email: email("blank") }), "name", USER_MESSAGES.nameRequired);
    expect422(await admin.post("portal-users", { ...base, email: "not-an-email" }), "email", USER_MESSAGES.email);
    expect422(await admin.post("portal-users", { ...base, email: email("r"), role_id: 999999 }), "role_id", USER_MESSAGES.role);
    expect422(await admin.post("portal-users", { ...base, email: email("s"), site_ids: [999999] }), "site_ids", USER_MESSAGES.sites);
    expect((await admin.post("portal-users", { ...base, email: email("o"), name: "x".repeat(101) })).status).toBe(422);
    const e = email("resend");
    const r = await admin.post("portal-users", { ...base, email: e });
    expect((await admin.post(`portal-users/${r.json.id}/invitation`)).status).toBe(200);
    const mails = await call("GET", `/__test/outbox?to=${e}`);
    expect(mails.json.count).toBe(2);
    expect422(await admin.post(`portal-users/${taken.id}/invitation`), "user", USER_MESSAGES.notInvited);
  });

  // Issue 24 changed this: an account of another client is no longer given access at once; its
  // owner accepts the invitation (see "the tenant boundary" below).
  it("invites a user of another client without a new password: an invitation they accept", async () => {
    const e = email("other");
    await call("POST", "/__test/users", { email: e, client: "us:1", role: "Administrator" });
    const r = await admin.post("portal-users", { name: "Otto Other", email: e, role_id: roleId("Standard User"), site_ids: null });
    expect(r.status).toBe(200);
    const { mail, token } = await outboxLink(e);
    expect(token).toBeUndefined();
    expect(mail.body).toContain("/my-profile");
    expect((await login(e, PASSWORD)).status).toBe(200);
    expect(PortalUser.parse((await admin.get(`portal-users/${r.json.id}`)).json)).toMatchObject({ pending: true, name: "Otto Other" });
  });

  it("refuses the same address twice while its invitation waits, and sends it again", async () => {
    const e = email("twice");
    const base = { name: "Tess Twice", email: e, role_id: roleId("Standard User"), site_ids: null };
    const r = await admin.post("portal-users", base);
    expect422(await admin.post("portal-users", base), "email", USER_MESSAGES.alreadyInvited);
    expect((await admin.post(`portal-users/${r.json.id}/invitation`)).json.message).toBe(`Invitation sent to ${e}`);
    expect((await call("GET", `/__test/outbox?to=${e}`)).json.count).toBe(2);
  });
});

describe("edit, delete, two-factor: the rules", () => {
  it("edits name, role, flags and sites; the primary flag moves only by the primary user", async () => {
    const u = await user("edit");
    const r = await admin.patch(`portal-users/${u.id}`, { name: "Eddie Edited", role_id: roleId("Front Desk"), billing: true, technical: true, device_alerts: true, site_ids: [siteId("Warehouse"), siteId("Head Office")] });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(PortalUser.parse(r.json)).toMatchObject({ name: "Eddie Edited", role: { name: "Front Desk" }, billing: true, technical: true, device_alerts: true, site_ids: [siteId("Head Office"), siteId("Warehouse")].sort((a, b) => a - b) });
    expect((await admin.patch(`portal-users/${u.id}`, { site_ids: null })).json.site_ids).toBeNull();
    // Another administrator (not primary) cannot move the primary flag; nobody removes it from the primary user.
    const other = await user("admin2", { role: "Administrator" });
    expect422(await other.as.patch(`portal-users/${u.id}`, { primary: true }), "primary", USER_MESSAGES.primaryTransfer);
    const alice = PortalUserList.parse((await admin.get("portal-users?search=admin@example.com")).json).users[0]!;
    expect422(await admin.patch(`portal-users/${alice.id}`, { primary: false }), "primary", USER_MESSAGES.primaryKeep);
    expect422(await admin.patch(`portal-users/${u.id}`, { name: "" }), "name", USER_MESSAGES.nameRequired);
  });

  it("never deletes the primary user or oneself; an unknown or deleted user is 'Failed to find existing user'", async () => {
    const alice = PortalUserList.parse((await admin.get("portal-users?search=admin@example.com")).json).users[0]!;
    const other = await user("deleter", { role: "Administrator" });
    expect422(await other.as.del(`portal-users/${alice.id}`), "user", USER_MESSAGES.deletePrimary);
    expect422(await other.as.del(`portal-users/${other.id}`), "user", USER_MESSAGES.deleteSelf);
    const gone = await user("gone");
    expect((await admin.del(`portal-users/${gone.id}`)).status).toBe(200);
    for (const r of [await admin.del(`portal-users/${gone.id}`), await admin.patch(`portal-users/${gone.id}`, { name: "Z" }), await admin.get("portal-users/999999999"), await admin.get("portal-users/abc")]) {
      expect(r.status).toBe(404);
      expect(r.json.message).toBe(USER_MESSAGES.notFound);
    }
    // Their session is over in Acme, and without a client they cannot sign in.
    expect((await gone.as.get("config")).status).toBe(401);
    expect((await login(gone.email, PASSWORD)).json.code).toBe("account_disabled");
  });

  it("no escalation: nobody gives a role, or touches a user, holding rights they do not hold", async () => {
    await call("POST", "/__test/roles", { client: "eu:1", name: "User Manager", rights: ["ManageUser.viewer", "ManageUser.editor", "ManageUser.delete", "ManageUser.remove2fa", "Today.viewer"] });
    roles = (await admin.get("client/roles")).json;
    const manager = await user("manager", { role: "User Manager" });
    const std = await user("target", { role: "User Manager" });
    const options = PortalUserOptions.parse((await manager.as.get("portal-user-options")).json);
    expect(options.roles.find((r) => r.name === "Administrator")!.grantable).toBe(false);
    expect(options.roles.find((r) => r.name === "User Manager")!.grantable).toBe(true);
    expect422(await manager.as.patch(`portal-users/${std.id}`, { role_id: roleId("Administrator") }), "role_id", USER_MESSAGES.escalation);
    expect422(await manager.as.post("portal-users", { name: "Esc", email: email("esc"), role_id: roleId("Administrator"), site_ids: null }), "role_id", USER_MESSAGES.escalation);
    const boss = await user("boss", { role: "Administrator", totp_secret: "JBSWY3DPEHPK3PXP" });
    expect422(await manager.as.del(`portal-users/${boss.id}`), "user", USER_MESSAGES.outranks);
    expect422(await manager.as.patch(`portal-users/${boss.id}`, { name: "Demoted" }), "user", USER_MESSAGES.outranks);
    expect422(await manager.as.del(`portal-users/${boss.id}/two-factor`), "user", USER_MESSAGES.outranks);
    // Administrators hold every right.
    expect((await admin.patch(`portal-users/${std.id}`, { role_id: roleId("User Manager") })).status).toBe(200);
  });

  it("group visibility: a user restricted to listed sites sees and manages only users whose sites are a subset", async () => {
    const wh = siteId("Warehouse");
    const hq = siteId("Head Office");
    const regional = await user("regional", { role: "Administrator", site_ids: [wh, hq] });
    const inside = await user("inside", { site_ids: [wh] });
    const outside = await user("outside", { site_ids: [siteId("Dublin Office")] });
    const everywhere = await user("everywhere");
    const seen = PortalUserList.parse((await regional.as.get(`portal-users?search=users.example.com`)).json).users.map((u) => u.email);
    expect(seen).toContain(inside.email);
    expect(seen).toContain(regional.email);
    expect(seen).not.toContain(outside.email);
    expect(seen).not.toContain(everywhere.email);
    for (const id of [outside.id, everywhere.id]) {
      const r = await regional.as.patch(`portal-users/${id}`, { name: "No" });
      expect([r.status, r.json.message]).toEqual([404, USER_MESSAGES.notFound]);
    }
    expect422(await regional.as.patch(`portal-users/${inside.id}`, { site_ids: null }), "site_ids", USER_MESSAGES.ownSites);
    expect422(await regional.as.patch(`portal-users/${inside.id}`, { site_ids: [siteId("Dublin Office")] }), "site_ids", USER_MESSAGES.ownSites);
    expect((await regional.as.patch(`portal-users/${inside.id}`, { site_ids: [wh, hq] })).status).toBe(200);
    const options = PortalUserOptions.parse((await regional.as.get("portal-user-options")).json);
    expect([options.sites_only, options.sites.map((s) => s.id).sort()]).toEqual([true, [hq, wh].sort()]);
    // Without the flag the restriction does not apply.
    await call("POST", "/__test/clients/eu:1", { settings: { "beta.group-visibility": false } });
    try {
      expect((await regional.as.get(`portal-users/${everywhere.id}`)).status).toBe(200);
    } finally {
      await call("POST", "/__test/clients/eu:1", { settings: { "beta.group-visibility": true } });
    }
  });

  it("removes another user's two-factor authentication (ManageUser.remove2fa), not one's own", async () => {
    const u = await user("tfa", { totp_secret: "JBSWY3DPEHPK3PXP" });
    expect((await admin.del(`portal-users/${u.id}/two-factor`)).status).toBe(200);
    expect(PortalUser.parse((await admin.get(`portal-users/${u.id}`)).json).two_factor).toBe(false);
    expect422(await admin.del(`portal-users/${u.id}/two-factor`), "user", USER_MESSAGES.no2fa);
    const self = PortalUserList.parse((await admin.get("portal-users?search=admin@example.com")).json).users[0]!;
    expect422(await admin.del(`portal-users/${self.id}/two-factor`), "user", USER_MESSAGES.own2fa);
    expect((await login(u.email, PASSWORD)).status).toBe(200);
  });
});

describe("my profile", () => {
  it("changes the password: current, confirmation, strength; then signs in with the new one", async () => {
    const u = await user("pw");
    const change = (current_password: string, password: string, password_confirmation = password) => u.as.post("me/password", { current_password, password, password_confirmation });
    expect422(await change("wrong", "New-Passw0rd!"), "current_password", PROFILE_MESSAGES.currentPassword);
    expect422(await change(PASSWORD, "New-Passw0rd!", "Other-Passw0rd!"), "password_confirmation", PROFILE_MESSAGES.confirmation);
    expect((await change(PASSWORD, "short")).json.errors.password).toContain("The password must be at least 8 characters.");
    expect((await change(PASSWORD, "New-Passw0rd!")).status).toBe(200);
    expect((await login(u.email, "New-Passw0rd!")).status).toBe(200);
    expect((await login(u.email, PASSWORD)).status).toBe(401);
  });

  it("prevent_password_reuse refuses the last 5 passwords in every flow: profile, reset, expired at login", async () => {
    const e = email("reuse");
    await call("POST", "/__test/users", { email: e, client: "eu:2", role: "Administrator" });
    await up.app.db.query("UPDATE clients SET prevent_password_reuse = true WHERE region = 'eu' AND number = 2");
    try {
      const who = await as(e, "eu");
      const pw = (i: number) => `Reuse-Passw0rd-${i}!`;
      let current = PASSWORD;
      // The current one is refused too (it is one used before).
      expect422(await who.post("me/password", { current_password: current, password: current, password_confirmation: current }), "password", PROFILE_MESSAGES.reuse);
      for (let i = 1; i <= REUSE_DEPTH; i++) {
        expect((await who.post("me/password", { current_password: current, password: pw(i), password_confirmation: pw(i) })).status).toBe(200);
        current = pw(i);
      }
      expect422(await who.post("me/password", { current_password: current, password: pw(2), password_confirmation: pw(2) }), "password", PROFILE_MESSAGES.reuse);
      // The original is now 6 passwords ago (then 1..5): allowed again.
      expect((await who.post("me/password", { current_password: current, password: PASSWORD, password_confirmation: PASSWORD })).status).toBe(200);
      // The reset link: refused, and the link still works.
      await call("POST", "/api/v2/auth/forgot", { email: e });
      const { token } = await outboxLink(e);
      expect422(await call("POST", "/api/v2/auth/reset", { token, email: e, password: pw(4), password_confirmation: pw(4) }), "password", PROFILE_MESSAGES.reuse);
      expect((await call("POST", "/api/v2/auth/reset", { token, email: e, password: "Fresh-Passw0rd-9!", password_confirmation: "Fresh-Passw0rd-9!" })).status).toBe(200);
      // The expired password at login.
      await up.app.db.query("UPDATE users SET password_expired = true WHERE email = $1", [e]);
      const step = await login(e, "Fresh-Passw0rd-9!");
      expect(step.json.code).toBe("password_expired");
      const refused = await call("POST", "/api/v2/auth/login", { email: e, login_token: step.json.data.login_token, newPassword: pw(5) });
      expect422(refused, "newPassword", PROFILE_MESSAGES.reuse);
      expect((await call("POST", "/api/v2/auth/login", { email: e, login_token: step.json.data.login_token, newPassword: "Another-Passw0rd-8!" })).status).toBe(200);
      const history = await up.app.db.query("SELECT count(*)::int AS n FROM password_history h JOIN users u ON u.id = h.user_id WHERE u.email = $1", [e]);
      expect(history[0]!.n).toBe(REUSE_DEPTH);
    } finally {
      await up.app.db.query("UPDATE clients SET prevent_password_reuse = false WHERE region = 'eu' AND number = 2");
    }
    // About 40 scrypt hashes and checks at the production cost: slow on a busy machine.
  }, 60_000);

  it("without prevent_password_reuse an earlier password may be chosen again", async () => {
    const u = await user("noreuse");
    expect((await u.as.post("me/password", { current_password: PASSWORD, password: PASSWORD, password_confirmation: PASSWORD })).status).toBe(200);
  });

  it("sets up two-factor with the issued key and a code, signs in with it, removes it with a code", async () => {
    const u = await user("twofa");
    const setup = (await u.as.post("me/two-factor/setup")).json;
    expect(setup.otpauth_uri).toContain(`secret=${setup.secret}`);
    expect((await u.as.post("me/two-factor/setup")).json.secret).toBe(setup.secret);
    expect422(await u.as.post("me/two-factor", { code: "000000" === totp(setup.secret) ? "111111" : "000000" }), "code", PROFILE_MESSAGES.code);
    expect((await u.as.post("me/two-factor", { code: totp(setup.secret) })).status).toBe(200);
    expect(Profile.parse((await u.as.get("me/profile")).json).two_factor).toBe(true);
    expect422(await u.as.post("me/two-factor/setup"), "code", PROFILE_MESSAGES.already2fa);
    expect((await login(u.email, PASSWORD)).json.code).toBe("one_time_password");
    expect422(await u.as.del("me/two-factor", { code: "12" }), "code", PROFILE_MESSAGES.code);
    expect((await u.as.del("me/two-factor", { code: totp(setup.secret) })).status).toBe(200);
    expect422(await u.as.del("me/two-factor", { code: totp(setup.secret) }), "code", PROFILE_MESSAGES.not2fa);
    expect422(await u.as.post("me/two-factor", { code: totp(setup.secret) }), "code", PROFILE_MESSAGES.noSetup);
  });

  it("a stolen session cannot guess: the 11th wrong password or code in a minute is 429", async () => {
    const u = await user("guess");
    let last = { status: 0, json: {} as Json };
    for (let i = 0; i < 11; i++) last = await u.as.post("me/password", { current_password: `Wrong-${i}`, password: "New-Passw0rd!", password_confirmation: "New-Passw0rd!" });
    expect(last.status).toBe(429);
    expect(last.json.errors.current_password).toEqual([PROFILE_MESSAGES.tooMany]);
    expect((await u.as.post("me/password", { current_password: PASSWORD, password: "New-Passw0rd!", password_confirmation: "New-Passw0rd!" })).status).toBe(429);
  });

  it("keeps two-factor when a client forces it", async () => {
    const e = email("forced");
    await call("POST", "/__test/users", { email: e, client: "eu:3", role: "Administrator", totp_secret: "JBSWY3DPEHPK3PXP" });
    const r = await call("POST", "/api/v2/auth/login", { email: e, password: PASSWORD });
    const step = await call("POST", "/api/v2/auth/login", { email: e, login_token: r.json.data.login_token, oneTimePassword: totp("JBSWY3DPEHPK3PXP") });
    const h = { authorization: `Bearer ${step.json.access_token}` };
    const profile = await call("GET", "/eu/api/v2/me/profile", undefined, h);
    expect(profile.json.two_factor_required).toBe(true);
    expect422(await call("DELETE", "/eu/api/v2/me/two-factor", { code: totp("JBSWY3DPEHPK3PXP") }, h), "code", PROFILE_MESSAGES.forced2fa);
  });

  it("stores the language and the notification preferences (per client)", async () => {
    const u = await user("prefs");
    const before = Profile.parse((await u.as.get("me/profile")).json);
    expect(before.notifications).toEqual({ device_alerts: false, evacuation_started: true, evacuation_completed: true, pre_registration_arrived: true });
    const r = await u.as.patch("me/profile", { locale: "de", notifications: { evacuation_started: false, device_alerts: true } });
    expect(r.status).toBe(200);
    expect(Profile.parse(r.json)).toMatchObject({ locale: "de", notifications: { evacuation_started: false, device_alerts: true, evacuation_completed: true } });
    expect422(await u.as.patch("me/profile", { locale: "xx" }), "locale", PROFILE_MESSAGES.locale);
    expect((await u.as.patch("me/profile", { notifications: { nonsense: true } })).status).toBe(422);
    // The device alerts preference is the user's flag the administrator sees.
    expect(PortalUser.parse((await admin.get(`portal-users/${u.id}`)).json).device_alerts).toBe(true);
  });
});

describe("the tenant boundary (issue 24)", () => {
  const SECRET = "JBSWY3DPEHPK3PXP";
  /** A session of `e` (a code when it has two-factor), in `client` if given; its calls. */
  async function session(e: string, opts: { secret?: string; client?: string } = {}): Promise<As> {
    let r = await login(e, PASSWORD);
    if (opts.secret && r.json.code === "one_time_password") r = await call("POST", "/api/v2/auth/login", { email: e, login_token: r.json.data.login_token, oneTimePassword: totp(opts.secret) });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    let pair = r.json;
    if (opts.client) {
      const s = await call("POST", "/api/v2/auth/access-token", { refresh_token: pair.refresh_token, client_id: opts.client });
      expect(s.status, JSON.stringify(s.json)).toBe(200);
      pair = s.json;
    }
    const h = { authorization: `Bearer ${pair.access_token}` };
    const base = `/${(opts.client ?? "eu:1").split(":")[0]}/api/v2/`;
    return {
      get: (p) => call("GET", base + p, undefined, h),
      post: (p, body) => call("POST", base + p, body ?? {}, h),
      patch: (p, body) => call("POST", base + p, body, { ...h, "x-http-method-override": "PATCH" }),
      del: (p, body) => call("DELETE", base + p, body, h),
      upload: () => Promise.reject(new Error("not here")),
      file: () => Promise.reject(new Error("not here")),
    };
  }
  const clientsOf = async (who: As) => ((await who.get("clients")).json as { id: string }[]).map((c) => c.id);
  const stranger = async (tag: string) => {
    const e = email(tag);
    await call("POST", "/__test/users", { email: e, client: "eu:1", role: "Administrator", name: "Vic Victim", totp_secret: SECRET });
    return e;
  };
  let school: As;
  let schoolRoles: { id: number; name: string }[];
  beforeAll(async () => {
    school = await as("school@example.com");
    schoolRoles = (await school.get("client/roles")).json;
  });
  const invite = (who: As, name: string, e: string) => who.post("portal-users", { name, email: e, role_id: schoolRoles.find((r) => r.name === "Administrator")!.id, site_ids: null });
  const shape = (u: PortalUser) => ({ ...u, id: 0, name: "", email: "" });

  it("an invitation says nothing about the account: the same answer, row and audit entry whether it exists or not", async () => {
    const existing = await stranger("victim");
    const fresh = email("nobody-yet");
    const [a, b] = [await invite(school, "Name One", existing), await invite(school, "Name Two", fresh)];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(Object.keys(a.json)).toEqual(Object.keys(b.json));
    const [ua, ub] = [PortalUser.parse((await school.get(`portal-users/${a.json.id}`)).json), PortalUser.parse((await school.get(`portal-users/${b.json.id}`)).json)];
    expect(ua).toMatchObject({ name: "Name One", email: existing, pending: true, two_factor: false, sso: false, invited: false, self: false });
    expect(shape(ua)).toEqual(shape(ub));
    const listed = PortalUserList.parse((await school.get(`portal-users?search=users.example.com`)).json).users;
    expect(listed.filter((u) => [existing, fresh].includes(u.email)).map(shape)).toEqual([shape(ua), shape(ub)]);
    // The inviting client's audit log: one entry each, alike; no account made for the new address.
    const log = (await school.get("audit-log?area=users")).json.entries as { id: number; entity: string; label: string; action: string; changed: string[] }[];
    const mine = log.filter((e) => e.label === "Name One" || e.label === "Name Two");
    expect(mine.map((e) => [e.entity, e.action])).toEqual([["account_invitations", "create"], ["account_invitations", "create"]]);
    const [ea, eb] = await Promise.all(mine.map(async (e) => (await school.get(`audit-log/${e.id}`)).json));
    expect(Object.keys(ea.after).sort()).toEqual(Object.keys(eb.after).sort());
    expect(ea.after).not.toHaveProperty("user_id");
    expect(ea.changed).toEqual(eb.changed);
    // The emails differ (the owner reads them, the inviter never does) but their subject does not.
    expect((await outboxLink(existing)).mail.subject).toBe((await outboxLink(fresh)).mail.subject);
  });

  it("nothing applies until the owner accepts: no access, and the probe's 2FA removal and rename do not reach the account", async () => {
    const victim = await stranger("probe");
    const r = await invite(school, "Renamed By School", victim);
    const id = r.json.id as number;
    // The probe (issue 24): remove two-factor, rename, delete — on the invitation, never the account.
    expect422(await school.del(`portal-users/${id}/two-factor`), "user", USER_MESSAGES.no2fa);
    expect((await school.patch(`portal-users/${id}`, { name: "Mallory" })).status).toBe(200);
    expect((await login(victim, PASSWORD)).json.code).toBe("one_time_password");
    const own = await session(victim, { secret: SECRET });
    expect(Profile.parse((await own.get("me/profile")).json)).toMatchObject({ name: "Vic Victim", two_factor: true });
    // No membership: not in the client list, no token for the client.
    expect(await clientsOf(own)).toEqual(["eu:1"]);
    const pair = (await login(victim, PASSWORD)).json;
    const step = await call("POST", "/api/v2/auth/login", { email: victim, login_token: pair.data.login_token, oneTimePassword: totp(SECRET) });
    expect((await call("POST", "/api/v2/auth/access-token", { refresh_token: step.json.refresh_token, client_id: "eu:4" })).status).toBeGreaterThanOrEqual(400);
    // What the person sees: the invitation, to accept or decline; nobody else can take it.
    const waiting = (await own.get("me/invitations")).json;
    expect(waiting).toEqual([expect.objectContaining({ id, client: { id: "eu:4", name: "Oakfield Academy" }, invited_by: "Olive Oakfield", role: "Administrator" })]);
    const other = await user("not-theirs");
    for (const res of [await other.as.post(`me/invitations/${id}`), await other.as.del(`me/invitations/${id}`), await own.post("me/invitations/999999999")]) {
      expect([res.status, res.json.message]).toEqual([404, PROFILE_MESSAGES.invitationGone]);
    }
    // Accepted: the person belongs to both, under the invitation's id.
    const accepted = await own.post(`me/invitations/${id}`);
    expect(accepted.json).toMatchObject({ client: { id: "eu:4", name: "Oakfield Academy" } });
    expect(await clientsOf(own)).toEqual(["eu:1", "eu:4"]);
    expect(PortalUser.parse((await school.get(`portal-users/${id}`)).json)).toMatchObject({ pending: false, name: "Vic Victim", two_factor: true });
    // Now shared: neither client changes what is global; the person does.
    const acmeId = PortalUserList.parse((await admin.get(`portal-users?search=${encodeURIComponent(victim)}`)).json).users[0]!.id;
    for (const [who, uid] of [[school, id], [admin, acmeId]] as const) {
      expect422(await who.del(`portal-users/${uid}/two-factor`), "user", USER_MESSAGES.shared2fa);
      expect422(await who.patch(`portal-users/${uid}`, { name: "Mallory" }), "name", USER_MESSAGES.sharedName);
      // What is per client still changes.
      expect((await who.patch(`portal-users/${uid}`, { device_alerts: true })).status).toBe(200);
    }
    expect((await own.patch("me/profile", { name: "Victoria Victim" })).json.name).toBe("Victoria Victim");
    expect422(await own.patch("me/profile", { name: "  " }), "name", USER_MESSAGES.nameRequired);
    // Removing two-factor is recorded in every client the person belongs to.
    expect((await own.del("me/two-factor", { code: totp(SECRET) })).status).toBe(200);
    for (const who of [school, admin]) {
      const entries = (await who.get("audit-log?area=users")).json.entries as { entity: string; operation: string; changed: string[]; user: { name: string } }[];
      const removal = entries.find((e) => e.entity === "users" && e.operation === "disableTwoFactor");
      expect(removal, JSON.stringify(entries.slice(0, 3))).toMatchObject({ changed: ["totp_secret"], user: { name: "Victoria Victim" } });
      expect(entries.some((e) => e.entity === "users" && e.operation === "updateProfile")).toBe(true);
    }
  });

  it("declined: the invitation goes from the inviter's list; an account of the client alone is still the client's to change", async () => {
    const victim = await stranger("decline");
    const id = (await invite(school, "Dee Clined", victim)).json.id as number;
    const own = await session(victim, { secret: SECRET });
    expect((await own.del(`me/invitations/${id}`)).status).toBe(200);
    expect((await school.get(`portal-users/${id}`)).status).toBe(404);
    expect(await clientsOf(own)).toEqual(["eu:1"]);
    // Acme alone has the account: its administrator renames it and removes its two-factor.
    const acmeId = PortalUserList.parse((await admin.get(`portal-users?search=${encodeURIComponent(victim)}`)).json).users[0]!.id;
    expect((await admin.patch(`portal-users/${acmeId}`, { name: "Renamed By Acme" })).json.name).toBe("Renamed By Acme");
    expect((await admin.del(`portal-users/${acmeId}/two-factor`)).status).toBe(200);
  });

  it("a new address: the account made for it takes its invitations up at its first sign-in", async () => {
    const e = email("newcomer");
    const id = (await invite(school, "Nia Newcomer", e)).json.id as number;
    const other = await admin.post("portal-users", { name: "Nia N", email: e, role_id: roleId("Standard User"), site_ids: null });
    const { token } = await outboxLink(e);
    expect((await login(e, PASSWORD)).status).toBe(401);
    expect((await call("POST", "/api/v2/auth/reset", { token, email: e, password: "Nia-Passw0rd!", password_confirmation: "Nia-Passw0rd!" })).status).toBe(200);
    expect((await login(e, "Nia-Passw0rd!")).json.code).toBe("accept_terms");
    for (const [who, uid] of [[school, id], [admin, other.json.id]] as const) {
      expect(PortalUser.parse((await who.get(`portal-users/${uid}`)).json)).toMatchObject({ pending: false, invited: false, name: "Nia Newcomer" });
    }
  });

  it("how a shared account signs in is its owner's: an SSO user of two organisations is not switched to a password", async () => {
    const shared = email("sso-shared");
    await call("POST", "/__test/users", { email: shared, client: "eu:1", role: "Standard User", sso: true, also: [{ client: "eu:4", role: "Standard User" }] });
    const alone = email("sso-alone");
    await call("POST", "/__test/users", { email: alone, client: "eu:1", role: "Standard User", sso: true });
    const ssoUsers = (await admin.get("sso/eu:1/users")).json as { id: number; email: string }[];
    const idOf = (e: string) => ssoUsers.find((u) => u.email === e)!.id;
    expect422(await admin.post(`sso/eu:1/users/${idOf(shared)}/require-password`), "user", USER_MESSAGES.sharedPassword);
    expect((await admin.post(`sso/eu:1/users/${idOf(alone)}/require-password`)).status).toBe(200);
  });

  it("no self-promotion, no demotion from below: the flags are the primary user's to give; nobody empties their own sites", async () => {
    // One role for all three, so no refusal comes from rights (no escalation) before the flags'.
    const role = `Flag Manager ${Date.now().toString(36)}`;
    await call("POST", "/__test/roles", { client: "eu:1", name: role, rights: ["ManageUser.viewer", "ManageUser.editor", "ManageUser.delete", "ManageUser.remove2fa", "Today.viewer"] });
    roles = (await admin.get("client/roles")).json;
    const manager = await user("flags-manager", { role });
    const peer = await user("flags-peer", { role });
    const billing = await user("flags-billing", { role, billing: true });
    // The probe: a user manager ticks billing on their own row.
    expect422(await manager.as.patch(`portal-users/${manager.id}`, { billing: true }), "billing", USER_MESSAGES.ownFlags);
    expect422(await manager.as.patch(`portal-users/${manager.id}`, { technical: true }), "technical", USER_MESSAGES.ownFlags);
    expect422(await manager.as.patch(`portal-users/${peer.id}`, { billing: true }), "billing", USER_MESSAGES.flagsPrimaryOnly);
    expect422(await manager.as.patch(`portal-users/${billing.id}`, { billing: false }), "billing", USER_MESSAGES.flagsPrimaryOnly);
    expect422(await manager.as.post("portal-users", { name: "B", email: email("b"), role_id: roleId(role), site_ids: null, billing: true }), "billing", USER_MESSAGES.flagsPrimaryOnly);
    // The same values again are no change: the manager still edits the billing user's sites.
    expect((await manager.as.patch(`portal-users/${billing.id}`, { billing: true, site_ids: [siteId("Head Office")] })).status).toBe(200);
    expect((await manager.as.get("account/billing")).status).toBe(403);
    // The primary user gives and takes them; nobody makes an invitation primary.
    expect((await admin.patch(`portal-users/${peer.id}`, { billing: true, technical: true })).json).toMatchObject({ billing: true, technical: true });
    expect((await admin.patch(`portal-users/${peer.id}`, { billing: false })).json.billing).toBe(false);
    const pending = await admin.post("portal-users", { name: "P", email: email("p"), role_id: roleId("Standard User"), site_ids: null });
    expect422(await admin.patch(`portal-users/${pending.json.id}`, { primary: true }), "primary", USER_MESSAGES.primaryPending);
    // Own sites: fewer is fine, none is refused; someone else's may still be set as before.
    expect422(await manager.as.patch(`portal-users/${manager.id}`, { site_ids: [] }), "site_ids", USER_MESSAGES.ownSitesEmpty);
    expect((await manager.as.patch(`portal-users/${manager.id}`, { site_ids: [siteId("Head Office")] })).json.site_ids).toEqual([siteId("Head Office")]);
    expect((await manager.as.get("portal-users")).status).toBe(200);
  });
});
