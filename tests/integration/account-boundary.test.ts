/**
 * The tenant boundary for people (issue 24 items 1 and 4; ADR 009 "Tenant boundary") through real
 * HTTP, driven as a browser without JavaScript would, each probe of the issue refused:
 * - the cross-tenant invite: `school@` invites an account of Acme; the page and the upstream's
 *   answer are the same as for an address without an account; nothing of Oakfield applies to the
 *   account (its two-factor, its name, its sign-in, its organisations) until its owner accepts on
 *   My profile; accepting then works (the client switcher opens Oakfield);
 * - two-factor removal and rename refused on an account shared with another organisation, in both,
 *   and allowed on an account that belongs to the client alone;
 * - a user manager making themselves a billing contact (`billing=on` on their own row);
 * - a role edit taking away rights the editor does not hold (demoting people who outrank them);
 * - one's own sites emptied.
 *
 * Each test makes its own users; the seed's `school@`, `admin@` and `daniel.okafor@` are read, and
 * an invitation made to Daniel is withdrawn before the test ends.
 */
import { describe, expect, test } from "vitest";
import type { HttpBrowser, Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { createUpstreamRole } from "../support/hooks";
import { totp } from "../support/totp";
import { createUser, failuresOf, hook, newBrowser, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const LIST = "/manage/account/users";
const SECRET = "JBSWY3DPEHPK3PXP";
const notices = (page: Page) => page.notices().join(" ");
const tag = () => Math.random().toString(36).slice(2, 7);

async function signedIn(email: string, totpSecret?: string): Promise<HttpBrowser> {
  const browser = newBrowser();
  const landed = await signInWithForms(browser, email, { totpSecret });
  expect(landed.path, `${email}: ${landed.heading()} ${notices(landed)}`).toBe("/today");
  return browser;
}

/** The upstream as `email` (a code when it has two-factor): its own calls, to check what it stored. */
async function upstreamAs(email: string, secret?: string) {
  const base = upstreamUrl();
  let r = await fetch(`${base}/api/v2/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "Demo-Passw0rd!" }) });
  let body = (await r.json()) as any;
  if (secret && body.code === "one_time_password") {
    r = await fetch(`${base}/api/v2/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, login_token: body.data.login_token, oneTimePassword: totp(secret) }) });
    body = await r.json();
  }
  return body as { access_token?: string; code?: string };
}

/** An account of Acme alone, with two-factor: what the probe attacked (`daniel.okafor@`, `twofactor@`). */
async function acmeAccount(name: string) {
  const email = uniqueEmail("boundary");
  await createUser({ email, role: "Administrator", client: "eu:1", name, totp_secret: SECRET });
  return email;
}

/** The invite dialog's form, as `school@`'s browser posts it. */
async function invite(browser: HttpBrowser, name: string, email: string): Promise<Page> {
  const page = await browser.open(`${LIST}/new`);
  return page.form("Send invitation").fill("Name", name).fill("Email address", email).select("Role", "Administrator").submit("Send invitation");
}

const idOf = async (who: Awaited<ReturnType<typeof upstreamAccess>>, email: string): Promise<number> => (await who.get(`portal-users?search=${encodeURIComponent(email)}`)).users[0].id;

describe("the cross-tenant invite (issue 24 item 1)", () => {
  test("the same page and answer whether the account exists or not; the probe's remove-2fa, rename and delete never reach the account", async () => {
    const school = await signedIn("school@example.com");
    const existing = "daniel.okafor@example.com";
    const fresh = uniqueEmail("nobody-yet");
    const [a, b] = [await invite(school, "Dan Probe", existing), await invite(school, "Nia Probe", fresh)];
    expect([a.status, a.path, b.path]).toEqual([200, LIST, LIST]);
    expect(notices(a)).toContain(`Invitation sent to ${existing}`);
    expect(notices(b)).toContain(`Invitation sent to ${fresh}`);

    // The list: each row says what the inviter typed and "invited", nothing of the account.
    const rowOf = async (name: string, email: string) => {
      const page = await school.open(`${LIST}?search=${encodeURIComponent(email)}`);
      return page.row(name).text().replaceAll(name, "NAME").replaceAll(email, "EMAIL");
    };
    const [ra, rb] = [await rowOf("Dan Probe", existing), await rowOf("Nia Probe", fresh)];
    expect(ra).toBe(rb);
    expect(ra).toContain("Invited (not accepted yet)");
    expect(ra).not.toContain("Daniel");
    // The upstream's answers to the inviter: the same but for the id, the name and the address.
    const api = await upstreamAccess(upstreamUrl(), "school@example.com");
    const [ua, ub] = [await api.get(`portal-users/${await idOf(api, existing)}`), await api.get(`portal-users/${await idOf(api, fresh)}`)];
    const shape = (u: Record<string, unknown>) => ({ ...u, id: 0, name: "", email: "" });
    expect(shape(ua)).toEqual(shape(ub));
    expect(ua).toMatchObject({ pending: true, two_factor: false, sso: false, name: "Dan Probe" });

    // The probe: remove two-factor, rename, delete — as school@ did.
    const danId = String(ua.id);
    expect(await failuresOf(school.client, [[LIST, { intent: "remove-2fa", id: danId, name: "Dan Probe" }, 422, "This user has no two-factor authentication"]])).toEqual([]);
    let edit = await school.open(`${LIST}/${danId}`);
    expect(edit.has("Invited (not accepted yet)")).toBe(true);
    edit = await edit.form("Save").fill("Name", "Mallory").submit("Save");
    expect(notices(edit)).toContain("Mallory saved");
    const list = await school.open(`${LIST}?search=${encodeURIComponent(existing)}`);
    const gone = await list.form({ within: list.row("Mallory"), button: "Delete user" }).submit("Delete user");
    expect(notices(gone)).toContain("Mallory deleted");
    // Daniel's account is as it was: his name, and his sign-in still asks for a code.
    expect((await upstreamAs(existing)).code).toBe("one_time_password");
    const acme = await upstreamAccess(upstreamUrl(), "admin@example.com");
    expect((await acme.get(`portal-users?search=okafor`)).users.map((u: { name: string; two_factor: boolean }) => [u.name, u.two_factor])).toEqual([["Daniel Okafor", true]]);
    // The invitation of the new address stays until withdrawn, like any other.
    expect((await api.get(`portal-users?search=${encodeURIComponent(fresh)}`)).users).toHaveLength(1);
  });

  test("nothing applies before acceptance; accepting on My profile then works, and makes the account shared", async () => {
    const victim = await acmeAccount(`Vera Victim ${tag()}`);
    const school = await signedIn("school@example.com");
    expect(notices(await invite(school, "Vera (school)", victim))).toContain(`Invitation sent to ${victim}`);
    const mail = await hook("GET", `outbox?to=${encodeURIComponent(victim)}`);
    expect(mail.subject).toBe("You have been invited to Oakfield Academy on Gatehouse");
    expect(mail.body).toContain("/my-profile");

    // Before: one organisation (no client switcher), and a code at sign-in as always.
    const own = await signedIn(victim, SECRET);
    expect((await own.client.request("/client-switcher")).res.status).toBe(403);
    let profile = await own.open("/my-profile");
    const invitations = profile.region("Invitations");
    expect(invitations.text()).toContain("Olive Oakfield invited you to Oakfield Academy as Administrator.");
    const schoolApi = await upstreamAccess(upstreamUrl(), "school@example.com");
    const id = await idOf(schoolApi, victim);
    expect(await failuresOf(school.client, [[LIST, { intent: "remove-2fa", id: String(id), name: "Vera" }, 422, "This user has no two-factor authentication"]])).toEqual([]);

    // Accepted: the organisation appears in the client switcher, and switching to it works.
    profile = await profile.form({ within: invitations, button: "Accept the invitation to Oakfield Academy" }).submit("Accept the invitation to Oakfield Academy");
    expect(notices(profile)).toContain("You now have access to Oakfield Academy");
    expect(profile.has("Olive Oakfield invited you")).toBe(false);
    const switcher = await own.open("/client-switcher");
    const switched = await switcher.form({ button: "Switch to Oakfield Academy" }).submit("Switch to Oakfield Academy");
    expect(switched.path).toBe("/today");
    expect(notices(switched)).toContain("You are now working in this organisation.");
    expect(await schoolApi.get(`portal-users/${id}`)).toMatchObject({ pending: false, two_factor: true });

    // Shared now: neither organisation removes its two-factor or renames it, each saying why.
    const acme = await signedIn("admin@example.com");
    const acmeId = await idOf(await upstreamAccess(upstreamUrl(), "admin@example.com"), victim);
    for (const [browser, uid] of [[school, id], [acme, acmeId]] as const) {
      expect(
        await failuresOf(browser.client, [[LIST, { intent: "remove-2fa", id: String(uid), name: "Vera" }, 422, "This person also belongs to other organisations: only they can remove their two-factor authentication"]]),
      ).toEqual([]);
      const page = await (await browser.open(`${LIST}/${uid}`)).form("Save").fill("Name", "Mallory").submit("Save");
      expect(page.status).toBe(422);
      expect(page.form("Save").fieldErrors("Name")).toEqual(["This person also belongs to other organisations: only they can change their name"]);
    }
    // The person renames themselves (My profile), and their sign-in still asks for a code.
    profile = await (await own.open("/my-profile")).form("Save name").fill("Name", "Vera Renamed").submit("Save name");
    expect(notices(profile)).toContain("Name saved");
    expect((await schoolApi.get(`portal-users/${id}`)).name).toBe("Vera Renamed");
    expect((await upstreamAs(victim)).code).toBe("one_time_password");
  });

  test("declined, the invitation is gone; an account of one organisation alone is still its to rename and take two-factor from", async () => {
    const victim = await acmeAccount(`Dora Decline ${tag()}`);
    const school = await signedIn("school@example.com");
    await invite(school, "Dora (school)", victim);
    const own = await signedIn(victim, SECRET);
    let profile = await own.open("/my-profile");
    profile = await profile.form({ within: profile.region("Invitations"), button: "Decline the invitation to Oakfield Academy" }).submit("Decline the invitation to Oakfield Academy");
    expect(notices(profile)).toContain("Invitation to Oakfield Academy declined");
    expect((await school.open(`${LIST}?search=${encodeURIComponent(victim)}`)).rowHeaders()).toEqual([]);
    // Acme alone has it: Acme's administrator renames it and removes its two-factor.
    const acme = await signedIn("admin@example.com");
    const acmeId = await idOf(await upstreamAccess(upstreamUrl(), "admin@example.com"), victim);
    const saved = await (await acme.open(`${LIST}/${acmeId}`)).form("Save").fill("Name", "Dora Renamed").submit("Save");
    expect(notices(saved)).toContain("Dora Renamed saved");
    const list = await acme.open(`${LIST}?search=${encodeURIComponent(victim)}`);
    const removed = await list.form({ within: list.all({ tag: "details", class: "row-delete" }).find((d) => d.has("Remove two-factor"))! }).submit("Remove two-factor authentication");
    expect(notices(removed)).toContain("Two-factor authentication removed for Dora Renamed");
    expect((await upstreamAs(victim)).access_token).toBeTruthy();
  });
});

describe("no self-promotion, no demotion from below (issue 24 item 4)", () => {
  test("a user manager cannot make themselves (or anyone) a billing contact, nor open subscriptions; the primary user can", async () => {
    const role = await createUpstreamRole(upstreamUrl(), { name: `User Manager ${tag()}`, rights: ["ManageUser.viewer", "ManageUser.editor", "ManageUser.delete", "ManageUser.remove2fa", "Today.viewer"] });
    const manager = uniqueEmail("manager");
    await createUser({ email: manager, role: role.name, client: "eu:1", name: "Max Manager" });
    const peer = uniqueEmail("peer");
    await createUser({ email: peer, role: role.name, client: "eu:1", name: "Pia Peer" });
    const admin = await upstreamAccess(upstreamUrl(), "admin@example.com");
    const [selfId, peerId] = [await idOf(admin, manager), await idOf(admin, peer)];
    const browser = await signedIn(manager);

    // The form shows the boxes read-only, saying why.
    const own = await browser.open(`${LIST}/${selfId}`);
    expect(own.field("Billing contact").disabled).toBe(true);
    expect(own.has("You cannot change your own primary, billing or technical contact flags")).toBe(true);
    const other = await browser.open(`${LIST}/${peerId}`);
    expect(other.field("Billing contact").disabled).toBe(true);
    expect(other.has("Only the primary user can change the billing and technical contact flags")).toBe(true);
    // The probe: `billing=on` on one's own row, posted anyway; and on a peer's.
    const save = { intent: "save", name: "Max Manager", role_id: String(role.id), every_site: "on", billing: "on" };
    expect(
      await failuresOf(browser.client, [
        [`${LIST}/${selfId}`, save, 422, "You cannot change your own primary, billing or technical contact flags"],
        [`${LIST}/${peerId}`, { ...save, name: "Pia Peer", technical: "on" }, 422, "Only the primary user can change the billing and technical contact flags"],
      ]),
    ).toEqual([]);
    // Saving the rest works and leaves the flags as they are.
    const saved = await other.form("Save").fill("Name", "Pia Renamed").submit("Save");
    expect(notices(saved)).toContain("Pia Renamed saved");
    expect(await admin.get(`portal-users/${selfId}`)).toMatchObject({ billing: false, technical: false });
    expect((await browser.client.request("/manage/account/subscriptions")).res.status).toBe(403);

    // The primary user gives it (to someone else).
    const alice = await signedIn("admin@example.com");
    const given = await (await alice.open(`${LIST}/${peerId}`)).form("Save").check("Billing contact").submit("Save");
    expect(notices(given)).toContain("saved");
    expect((await admin.get(`portal-users/${peerId}`)).billing).toBe(true);
  });

  test("a role edit cannot take away rights the editor does not hold", async () => {
    const editorRole = await createUpstreamRole(upstreamUrl(), { name: `Role Editor ${tag()}`, rights: ["ManageUser.viewer", "ManageUser.editor", "Today.viewer"] });
    const richer = await createUpstreamRole(upstreamUrl(), { name: `Richer ${tag()}`, rights: ["Today.viewer", "History.viewer"] });
    await createUser({ email: uniqueEmail("holder"), role: richer.name, client: "eu:1" });
    const editor = uniqueEmail("role-editor");
    await createUser({ email: editor, role: editorRole.name, client: "eu:1" });
    const browser = await signedIn(editor);
    const page = await (await browser.open(`/manage/account/permissions/${richer.id}`)).form("Save the role").uncheck("View (History)").submit("Save the role");
    expect(page.status).toBe(422);
    expect(page.text()).toContain("You cannot remove rights you do not hold");
    const roles: { id: number; rights: string[] }[] = await (await upstreamAccess(upstreamUrl(), "admin@example.com")).get("roles");
    expect(roles.find((r) => r.id === richer.id)!.rights).toEqual(["Today.viewer", "History.viewer"]);
    // Renaming it, its rights kept, is still theirs to do.
    const renamed = await (await browser.open(`/manage/account/permissions/${richer.id}`)).form("Save the role").fill("Role name", `${richer.name} 2`).submit("Save the role");
    expect(notices(renamed)).toContain("was saved");
  });

  test("nobody leaves themselves without a site", async () => {
    const email = uniqueEmail("no-sites");
    await createUser({ email, role: "Administrator", client: "eu:1", name: "Sol Sites" });
    const browser = await signedIn(email);
    const api = await upstreamAccess(upstreamUrl(), email);
    const selfId = await idOf(api, email);
    const administrator = String((await api.get("client/roles")).find((r: { name: string }) => r.name === "Administrator").id);
    // The form: every site unticked and none ticked.
    expect(await failuresOf(browser.client, [[`${LIST}/${selfId}`, { intent: "save", name: "Sol Sites", role_id: administrator }, 400, "Choose at least one site, or every site"]])).toEqual([]);
    // The upstream itself, asked directly with the user's own token.
    const r = await api.send("PATCH", `portal-users/${selfId}`, { site_ids: [] });
    expect([r.status, r.json.errors]).toEqual([422, { site_ids: ["You cannot leave yourself without a site"] }]);
    expect((await api.get(`portal-users/${selfId}`)).site_ids).toBeNull();
  });
});
