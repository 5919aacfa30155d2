/**
 * Directory integrations over HTTP against a running upstream and its demo directory: the whole
 * consent round trip (connect → the directory's consent page → Allow → the redirect to the portal's
 * callback with code and state → completeGroupSync), listing the directory's groups, choosing one
 * (synced at once: members matched by email adopted, hand-added ones untouched), a membership change
 * followed by a new sync, Deny, replayed / foreign / expired / mismatched states, a used code, the
 * redirect_uri allow-list, every sync error code recorded and shown (nothing half-synced), disabled
 * syncing, the Brivo facility code and flag, standard groups, rights (viewer 403s), other clients'
 * groups and bad ids (404), disconnecting (members kept as ordinary ones), and the seed's revision 9.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FACILITY_CODE_MESSAGE,
  MemberList,
  GroupSync,
  ManagedGroupList,
  ManagedGroupSummary,
  SYNC_DISABLED_MESSAGE,
  SYNC_ERRORS,
  SYNC_NOT_CONNECTED,
  SYNC_NOT_RETURNING,
  SYNC_PROVIDER_OFF,
  SYNC_STATE_MESSAGE,
  type SyncErrorCode,
  type SyncProvider,
  FACILITY_CODE_BRIVO_ONLY,
  SYNC_CHOOSE_GROUP_MESSAGE,
  SYNC_REDIRECT_MESSAGE,
  SYNC_IMPORT_LINKED,
  SYNC_IMPORT_OFF,
  GROUP_LIMIT_MESSAGE,
  GROUP_SETTINGS_DEFAULTS,
} from "../../contract/index.ts";
import { DIRECTORY, SEEDED_SYNC } from "../directory/data.ts";
import { SEED_REVISION, seedDemoData } from "../seed.ts";
import { FIELD_ENGINEERS_MANUAL } from "../groups/seed.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
type Json = any;

const { call, as, user } = httpTestClient(() => up.url, "group-sync");

let admin: As;
let nw: As;
let nwGroup: number;

const AAD = DIRECTORY["azure-ad"];
const FIELD = AAD[0]; // Field Engineering, 5 people
const callback = (provider: SyncProvider) => `${up.app.opts.portalUrl}/manage/group/callback/${provider}`;

function expect422(r: { status: number; json: Json }, message: string, field?: string) {
  expect(r.status, JSON.stringify(r.json)).toBe(422);
  expect(r.json.message).toBe(message);
  if (field) expect(r.json.errors[field]).toEqual([message]);
}

function ok(r: { status: number; json: Json }) {
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return GroupSync.parse(r.json);
}

async function newGroup(name: string, type = "returning") {
  const r = await admin.post("groups", { name: `${name} ${Math.random().toString(36).slice(2, 7)}`, type });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return ManagedGroupSummary.parse(r.json).id;
}

async function addMember(groupId: number, name: string, email: string | null) {
  await up.app.db.query("INSERT INTO members (group_id, name, email) VALUES ($1, $2, $3)", [groupId, name, email]);
}

async function members(groupId: number) {
  return up.app.db.query<{ name: string; email: string | null; mobile: string | null; synced: boolean; directory_id: string | null }>(
    "SELECT name, email, mobile, synced, directory_id FROM members WHERE group_id = $1 ORDER BY name",
    [groupId],
  );
}

const fault = (provider: SyncProvider, f: SyncErrorCode | null) => call("POST", "/__test/directory/faults", { provider, fault: f });

/** connectGroupSync → the consent page → Allow: the redirect's code and state. */
async function consent(as_: As, groupId: number, provider: SyncProvider, action: "allow" | "deny" = "allow") {
  const c = await as_.post(`groups/${groupId}/sync/connect`, { provider, redirect_uri: callback(provider) });
  expect(c.status, JSON.stringify(c.json)).toBe(200);
  const authorize = new URL(c.json.authorize_url);
  expect(authorize.origin + authorize.pathname).toBe(`${up.url}/directory/${provider}/authorize`);
  expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ redirect_uri: callback(provider), response_type: "code", client_id: expect.any(String), state: expect.any(String) });

  const page = await fetch(authorize, { redirect: "manual" });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Allow Gatehouse to read your directory groups?");
  let res: Response;
  if (action === "allow") {
    const form = new URLSearchParams([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m): [string, string] => [m[1], m[2].replace(/&amp;/g, "&")]));
    form.set("action", "allow");
    expect(html).toContain(`action="/directory/${provider}/authorize"`);
    res = await fetch(`${up.url}/directory/${provider}/authorize`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form });
  } else {
    const deny = /<a href="([^"]+)">Deny<\/a>/.exec(html)![1].replace(/&amp;/g, "&");
    res = await fetch(`${up.url}${deny}`, { redirect: "manual" });
  }
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location")!);
  expect(location.origin + location.pathname).toBe(callback(provider));
  expect(location.searchParams.get("state")).toBe(authorize.searchParams.get("state"));
  return { code: location.searchParams.get("code"), state: location.searchParams.get("state")!, error: location.searchParams.get("error") };
}

const complete = (as_: As, provider: SyncProvider, code: string, state: string, redirect_uri = callback(provider)) =>
  as_.post("sync/callback", { provider, code, state, redirect_uri });

/** A returning group connected to `provider` (no directory group chosen yet). */
async function connected(provider: SyncProvider = "azure-ad", name = "Synced") {
  const id = await newGroup(name);
  const { code, state } = await consent(admin, id, provider);
  const r = await complete(admin, provider, code!, state);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  expect(r.json).toEqual({ group_id: id, provider });
  return id;
}

const choose = (id: number, directory_group_id: string | null, over: Record<string, unknown> = {}, as_: As = admin) =>
  as_.patch(`groups/${id}/sync`, { directory_group_id, enabled: true, facility_code: null, ...over });

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
  await call("POST", "/__test/clients/eu:1", { group_limit: null });
  const super_ = await call("POST", "/__test/users", { email: "gsync-nw@example.com", role: "Administrator", client: "us:1", is_super: true });
  expect(super_.status).toBe(201);
  nw = await as("gsync-nw@example.com", "us");
  nwGroup = ManagedGroupList.parse((await nw.get("manage/groups")).json).groups.find((g) => g.type === "returning")!.id;
}, 120_000);

afterAll(async () => {
  await up?.stop();
}, 60_000);

describe("importing directory groups as groups (integrated-groups-import)", () => {
  it("each chosen directory group becomes a returning group, synced, offered where this one is; all or nothing; refused without the flag", async () => {
    const id = await connected("azure-ad", "Importer");
    ok(await choose(id, FIELD.id));
    expect422(await admin.post(`groups/${id}/sync/import`, { directory_group_ids: [AAD[1].id] }), SYNC_IMPORT_OFF, "directory_group_ids");
    await call("POST", "/__test/clients/eu:1", { settings: { "beta.integrated-groups-import": true } });
    try {
      await admin.patch(`groups/${id}/settings`, { section: "sign_in", values: { ...GROUP_SETTINGS_DEFAULTS.sign_in, every_site: false, site_ids: [(await admin.get("sites")).json[0].id] } });
      // Field Engineering is taken (Field Engineers, and this group): not importable.
      const importable = ok(await admin.get(`groups/${id}/sync`)).importable.map((d: { name: string }) => d.name);
      expect(importable).not.toContain(FIELD.name);
      const wanted = AAD.filter((d) => importable.includes(d.name)).slice(0, 2);
      expect(wanted.length).toBe(2);
      const before = ManagedGroupList.parse((await admin.get("manage/groups")).json).group_count;

      // Over the group limit: nothing is created.
      await call("POST", "/__test/clients/eu:1", { group_limit: before + 1 });
      expect422(await admin.post(`groups/${id}/sync/import`, { directory_group_ids: wanted.map((d) => d.id) }), GROUP_LIMIT_MESSAGE, "group_limit");
      await call("POST", "/__test/clients/eu:1", { group_limit: null });
      // A directory group that is not the directory's, or a failing directory: nothing is created.
      expect422(await admin.post(`groups/${id}/sync/import`, { directory_group_ids: [wanted[0].id, "nope"] }), SYNC_ERRORS.not_found, "directory_group_ids");
      await fault("azure-ad", "invalid_grant");
      try {
        expect422(await admin.post(`groups/${id}/sync/import`, { directory_group_ids: [wanted[0].id] }), SYNC_ERRORS.invalid_grant, "directory_group_ids");
      } finally {
        await fault("azure-ad", null);
      }
      expect(ManagedGroupList.parse((await admin.get("manage/groups")).json).group_count).toBe(before);

      const r = await admin.post(`groups/${id}/sync/import`, { directory_group_ids: [...wanted.map((d) => d.id), wanted[0].id] });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json.groups.map((g: { name: string; synced_members: number }) => [g.name, g.synced_members])).toEqual(wanted.map((d) => [d.name, d.members.length]));
      for (const [i, g] of (r.json.groups as { id: number }[]).entries()) {
        const sync = ok(await admin.get(`groups/${g.id}/sync`));
        expect(sync).toMatchObject({ provider: "azure-ad", status: "connected", directory_group: { id: wanted[i].id, name: wanted[i].name }, synced_members: wanted[i].members.length, manual_members: 0 });
        expect((await members(g.id)).every((m) => m.synced)).toBe(true);
        const detail = (await admin.get(`groups/${g.id}`)).json;
        expect([detail.type, detail.settings.sign_in.every_site, detail.settings.sign_in.site_ids]).toEqual(["returning", false, [(await admin.get("sites")).json[0].id]]);
      }
      // Imported once: now taken.
      expect(ok(await admin.get(`groups/${id}/sync`)).importable.map((d: { id: string }) => d.id)).not.toContain(wanted[0].id);
      expect422(await admin.post(`groups/${id}/sync/import`, { directory_group_ids: [wanted[0].id] }), SYNC_IMPORT_LINKED, "directory_group_ids");
      // A viewer may not; a group that is not connected cannot.
      expect((await admin.post(`groups/${await newGroup("Unconnected importer")}/sync/import`, { directory_group_ids: [wanted[0].id] })).status).toBe(422);
      expect((await admin.post(`groups/${id}/sync/import`, { directory_group_ids: [] })).status).toBe(422);
    } finally {
      await call("POST", "/__test/clients/eu:1", { settings: { "beta.integrated-groups-import": false }, group_limit: null });
    }
    // The flag off: a super user still has it (refused here only because every directory group is taken).
    expect((await call("POST", "/__test/users", { email: "gsync-super@example.com", role: "Administrator", client: "eu:1", is_super: true })).status).toBe(201);
    const superUser = await as("gsync-super@example.com");
    expect422(await superUser.post(`groups/${id}/sync/import`, { directory_group_ids: [AAD[1].id] }), SYNC_IMPORT_LINKED, "directory_group_ids");
    expect422(await admin.post(`groups/${id}/sync/import`, { directory_group_ids: [AAD[1].id] }), SYNC_IMPORT_OFF, "directory_group_ids");
  });
});

// (Importing runs first: the tests below choose directory groups for groups of their own.)
describe("connecting and syncing", () => {
  it("the whole round trip: consent, callback, the directory's groups, a chosen group synced at once; hand-added members stay", async () => {
    const id = await newGroup("Engineers");
    await addMember(id, "Olivia G. (typed by hand)", "Olivia.Grant@acme.example.com"); // the directory's Olivia Grant: adopted
    await addMember(id, "Hand Added", "hand.added@example.com");
    expect(ok(await admin.get(`groups/${id}/sync`))).toEqual({
      provider: null,
      status: "none",
      error: null,
      directory_group: null,
      directory_groups: [],
      importable: [],
      facility_code: null,
      last_sync_at: null,
      synced_members: 0,
      manual_members: 2,
    });

    const { code, state, error } = await consent(admin, id, "azure-ad");
    expect([typeof code, error]).toEqual(["string", null]);
    expect((await complete(admin, "azure-ad", code!, state)).json).toEqual({ group_id: id, provider: "azure-ad" });

    const s = ok(await admin.get(`groups/${id}/sync`));
    expect(s).toMatchObject({ provider: "azure-ad", status: "connected", error: null, directory_group: null, last_sync_at: null, synced_members: 0, manual_members: 2 });
    expect(s.directory_groups).toEqual(AAD.map((g) => ({ id: g.id, name: g.name })));

    const after = ok(await choose(id, FIELD.id));
    expect(after).toMatchObject({ status: "connected", error: null, directory_group: { id: FIELD.id, name: FIELD.name }, synced_members: 5, manual_members: 1 });
    expect(after.last_sync_at).not.toBeNull();
    const rows = await members(id);
    expect(rows.filter((m) => m.synced).map((m) => [m.name, m.email, m.mobile, m.directory_id])).toEqual(
      [...FIELD.members].sort((a, b) => a.name.localeCompare(b.name)).map((m) => [m.name, m.email, m.mobile, m.id]),
    );
    expect(rows.filter((m) => !m.synced)).toEqual([{ name: "Hand Added", email: "hand.added@example.com", mobile: null, synced: false, directory_id: null }]);
    // The members tab lists them all.
    expect(MemberList.parse((await admin.get(`groups/${id}/members`)).json).total).toBe(6);

    // The directory's membership changes: two leave, one joins; a new sync follows it.
    const next = [...FIELD.members.slice(0, 3), { id: "a1f0c3d2-0099-4b6e-8f2a-1c9d7e5b3a99", name: "Zara Newcomer", email: "zara.newcomer@acme.example.com", mobile: null }];
    expect((await call("POST", `/__test/directory/azure-ad/groups/${FIELD.id}/members`, { members: next })).status).toBe(200);
    try {
      const again = ok(await admin.post(`groups/${id}/sync/run`));
      expect([again.status, again.synced_members, again.manual_members]).toEqual(["connected", 4, 1]);
      expect((await members(id)).map((m) => m.name)).toEqual(["Amara Okonkwo", "Ethan Brooks", "Hand Added", "Olivia Grant", "Zara Newcomer"]);
    } finally {
      await call("POST", `/__test/directory/azure-ad/groups/${FIELD.id}/members`, { members: null });
    }

    // Another directory group: its people replace the synced ones.
    const other = ok(await choose(id, AAD[1].id));
    expect([other.directory_group?.name, other.synced_members, other.manual_members]).toEqual([AAD[1].name, AAD[1].members.length, 1]);
  });

  it("Google Apps speaks its own answers; Deny comes back with access_denied and connects nothing", async () => {
    const id = await newGroup("Teachers");
    const denied = await consent(admin, id, "google-apps", "deny");
    expect([denied.code, denied.error]).toEqual([null, "access_denied"]);
    expect(ok(await admin.get(`groups/${id}/sync`)).status).toBe("none");

    const { code, state } = await consent(admin, id, "google-apps");
    expect((await complete(admin, "google-apps", code!, state)).status).toBe(200);
    const g = DIRECTORY["google-apps"][0];
    const s = ok(await choose(id, g.id));
    expect(s).toMatchObject({ provider: "google-apps", status: "connected", synced_members: g.members.length, manual_members: 0 });
    expect(s.directory_groups.map((x) => x.name)).toEqual(DIRECTORY["google-apps"].map((x) => x.name));
    expect((await members(id)).find((m) => m.email === g.members[0].email)).toMatchObject({ name: g.members[0].name, mobile: g.members[0].mobile, synced: true });
  });

  it("a directory group that is not the directory's: 422, nothing chosen; a refused access token is refreshed", async () => {
    const id = await connected();
    expect422(await choose(id, "no-such-group"), SYNC_ERRORS.not_found, "directory_group_id");
    expect(ok(await admin.get(`groups/${id}/sync`)).directory_group).toBeNull();
    expect422(await admin.post(`groups/${id}/sync/run`), SYNC_CHOOSE_GROUP_MESSAGE, "directory_group_id");

    // An access token the directory no longer takes: the refresh token gets a new one.
    await up.app.db.query("UPDATE group_syncs SET access_token = 'dat.expired.nope' WHERE group_id = $1", [id]);
    const s = ok(await choose(id, AAD[2].id));
    expect([s.status, s.synced_members]).toEqual(["connected", AAD[2].members.length]);
    const [{ access_token }] = await up.app.db.query<{ access_token: string }>("SELECT access_token FROM group_syncs WHERE group_id = $1", [id]);
    expect(access_token).not.toBe("dat.expired.nope");
  });
});

describe("the state and the redirect_uri", () => {
  it("a replayed, foreign, expired or mismatched state is 422 SYNC_STATE_MESSAGE; a used code is refused", async () => {
    const id = await newGroup("States");
    const first = await consent(admin, id, "azure-ad");
    expect((await complete(admin, "azure-ad", first.code!, first.state)).status).toBe(200);
    // Replayed.
    expect422(await complete(admin, "azure-ad", first.code!, first.state), SYNC_STATE_MESSAGE, "state");
    // Made up.
    expect422(await complete(admin, "azure-ad", "x", "not-a-state"), SYNC_STATE_MESSAGE, "state");

    // Another user's state (same client, same rights).
    const other = await user("Administrator");
    const theirs = await consent(other, id, "azure-ad");
    expect422(await complete(admin, "azure-ad", theirs.code!, theirs.state), SYNC_STATE_MESSAGE, "state");

    // Another provider or redirect_uri than the state was made for.
    const mine = await consent(admin, id, "azure-ad");
    expect422(await complete(admin, "google-apps", mine.code!, mine.state), SYNC_STATE_MESSAGE, "state");
    expect422(await complete(admin, "azure-ad", mine.code!, mine.state, "https://evil.example.com/manage/group/callback/azure-ad"), SYNC_STATE_MESSAGE, "state");

    // Older than 10 minutes.
    const old = await consent(admin, id, "azure-ad");
    await up.app.db.query("UPDATE sync_states SET created_at = now() - interval '11 minutes' WHERE used_at IS NULL");
    expect422(await complete(admin, "azure-ad", old.code!, old.state), SYNC_STATE_MESSAGE, "state");

    // A fresh state with a code already used: the directory refuses it.
    const fresh = await consent(admin, id, "azure-ad");
    expect422(await complete(admin, "azure-ad", first.code!, fresh.state), SYNC_ERRORS.invalid_grant, "code");
  });

  it("a redirect_uri off the allow-list is refused by the upstream (422) and by the directory (400)", async () => {
    const id = await newGroup("Redirects");
    for (const redirect_uri of [
      "https://evil.example.com/manage/group/callback/azure-ad",
      `${callback("google-apps")}`, // another provider's page
      `${callback("azure-ad")}/extra`,
      `${callback("azure-ad")}?next=/x`,
    ]) {
      expect422(await admin.post(`groups/${id}/sync/connect`, { provider: "azure-ad", redirect_uri }), SYNC_REDIRECT_MESSAGE, "redirect_uri");
    }
    const page = await fetch(`${up.url}/directory/azure-ad/authorize?client_id=gatehouse&response_type=code&state=s&redirect_uri=${encodeURIComponent("https://evil.example.com/cb")}`, { redirect: "manual" });
    expect(page.status).toBe(400);
    const post = await fetch(`${up.url}/directory/azure-ad/authorize`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: "gatehouse", response_type: "code", state: "s", redirect_uri: "https://evil.example.com/cb", action: "allow" }),
    });
    expect([post.status, post.headers.get("location")]).toEqual([400, null]);
    expect((await admin.post(`groups/${id}/sync/connect`, { provider: "azure-ad", redirect_uri: "not a url" })).status).toBe(422);
  });
});

describe("sync errors", () => {
  it("each fault is recorded with its code, shown by groupSync and runGroupSync, and nothing is half-synced", async () => {
    const id = await connected();
    await addMember(id, "Hand Added", "hand@example.com");
    expect(ok(await choose(id, FIELD.id)).synced_members).toBe(5);
    const before = await members(id);
    try {
      for (const code of Object.keys(SYNC_ERRORS) as SyncErrorCode[]) {
        await fault("azure-ad", code);
        const run = ok(await admin.post(`groups/${id}/sync/run`));
        expect([code, run.status, run.error]).toEqual([code, "error", code]);
        expect(ok(await admin.get(`groups/${id}/sync`))).toMatchObject({ status: "error", error: code, synced_members: 5, manual_members: 1 });
        expect(await members(id)).toEqual(before);
        await fault("azure-ad", null);
        const back = ok(await admin.post(`groups/${id}/sync/run`));
        expect([back.status, back.error, back.directory_groups.length]).toEqual(["connected", null, AAD.length]);
      }
      // The list of groups: empty while the directory fails, and the failure recorded.
      await fault("azure-ad", "google_forbidden");
      const listed = ok(await admin.get(`groups/${id}/sync`));
      expect([listed.directory_groups, listed.status, listed.error]).toEqual([[], "error", "google_forbidden"]);
      // A choice that cannot be checked is not saved.
      const chosen = ok(await choose(id, AAD[1].id));
      expect([chosen.directory_group?.id, chosen.error]).toEqual([FIELD.id, "google_forbidden"]);
    } finally {
      await call("POST", "/__test/faults/reset");
    }
    // The reset cleared the directory's faults too.
    expect(ok(await admin.post(`groups/${id}/sync/run`)).status).toBe("connected");
  });

  it("a fault on one provider leaves the others alone; invalid_grant is cured by connecting again", async () => {
    const id = await connected();
    ok(await choose(id, FIELD.id));
    await fault("google-apps", "google_domain");
    try {
      expect(ok(await admin.post(`groups/${id}/sync/run`)).status).toBe("connected");
    } finally {
      await fault("google-apps", null);
    }
    await fault("azure-ad", "invalid_grant");
    expect(ok(await admin.post(`groups/${id}/sync/run`)).error).toBe("invalid_grant");
    await fault("azure-ad", null);
    // The directory forgot the grant: here, the stored refresh token is no longer one it accepts.
    await up.app.db.query("UPDATE group_syncs SET access_token = 'x', refresh_token = 'y' WHERE group_id = $1", [id]);
    expect(ok(await admin.post(`groups/${id}/sync/run`)).error).toBe("invalid_grant");
    const { code, state } = await consent(admin, id, "azure-ad");
    expect((await complete(admin, "azure-ad", code!, state)).status).toBe(200);
    const s = ok(await admin.get(`groups/${id}/sync`));
    // Reconnecting the same directory keeps the chosen group.
    expect([s.status, s.error, s.directory_group?.id]).toEqual(["connected", null, FIELD.id]);
    expect(ok(await admin.post(`groups/${id}/sync/run`)).status).toBe("connected");
  });
});

describe("settings of the integration", () => {
  it("disabled: runGroupSync 422 SYNC_DISABLED_MESSAGE, members kept; enabled again syncs", async () => {
    const id = await connected();
    ok(await choose(id, FIELD.id));
    const off = ok(await choose(id, FIELD.id, { enabled: false }));
    expect([off.status, off.synced_members]).toEqual(["disabled", 5]);
    expect422(await admin.post(`groups/${id}/sync/run`), SYNC_DISABLED_MESSAGE, "enabled");
    const on = ok(await choose(id, FIELD.id, { enabled: true }));
    expect([on.status, on.synced_members]).toEqual(["connected", 5]);
  });

  it("Brivo: the facility code 0–255, required once a group is chosen; other directories have none", async () => {
    const id = await connected("brivo", "Doors");
    const g = DIRECTORY.brivo[1];
    expect422(await choose(id, g.id, { facility_code: 256 }), FACILITY_CODE_MESSAGE, "facility_code");
    expect422(await choose(id, g.id, { facility_code: -1 }), FACILITY_CODE_MESSAGE, "facility_code");
    expect422(await choose(id, g.id, { facility_code: 1.5 }), FACILITY_CODE_MESSAGE, "facility_code");
    expect422(await choose(id, g.id, { facility_code: null }), FACILITY_CODE_MESSAGE, "facility_code");
    expect(ok(await admin.get(`groups/${id}/sync`)).directory_group).toBeNull();
    const s = ok(await choose(id, g.id, { facility_code: 255 }));
    expect(s).toMatchObject({ provider: "brivo", status: "connected", facility_code: 255, directory_group: { id: g.id, name: g.name }, synced_members: g.members.length });
    expect((await members(id)).map((m) => m.name)).toEqual(g.members.map((m) => m.name).sort());
    expect(ok(await choose(id, g.id, { facility_code: 0 })).facility_code).toBe(0);

    const aad = await connected();
    expect422(await choose(aad, FIELD.id, { facility_code: 5 }), FACILITY_CODE_BRIVO_ONLY, "facility_code");
  });

  it("Brivo needs the client's beta.brivo; a standard or delivery group cannot be synchronised", async () => {
    const id = await newGroup("No Brivo");
    await call("POST", "/__test/clients/eu:1", { settings: { "beta.brivo": false } });
    try {
      expect422(await admin.post(`groups/${id}/sync/connect`, { provider: "brivo", redirect_uri: callback("brivo") }), SYNC_PROVIDER_OFF, "provider");
    } finally {
      await call("POST", "/__test/clients/eu:1", { settings: { "beta.brivo": true } });
    }
    expect((await admin.post(`groups/${id}/sync/connect`, { provider: "brivo", redirect_uri: callback("brivo") })).status).toBe(200);
    for (const type of ["standard", "delivery"]) {
      const other = await newGroup("Not returning", type);
      expect422(await admin.post(`groups/${other}/sync/connect`, { provider: "azure-ad", redirect_uri: callback("azure-ad") }), SYNC_NOT_RETURNING, "provider");
      expect(ok(await admin.get(`groups/${other}/sync`)).status).toBe("none");
    }
    expect422(await admin.post(`groups/${id}/sync/connect`, { provider: "okta", redirect_uri: callback("azure-ad") }), "Choose a directory", "provider");
  });

  it("not connected: updateGroupSync and runGroupSync 422 SYNC_NOT_CONNECTED", async () => {
    const id = await newGroup("Unconnected");
    expect422(await choose(id, FIELD.id), SYNC_NOT_CONNECTED, "provider");
    expect422(await admin.post(`groups/${id}/sync/run`), SYNC_NOT_CONNECTED, "provider");
  });

  it("disconnect: the connection goes, synced members stay as ordinary ones; connecting again adopts them by email", async () => {
    const id = await connected();
    await addMember(id, "Hand Added", "hand@example.com");
    ok(await choose(id, FIELD.id));
    const gone = ok(await admin.del(`groups/${id}/sync`));
    expect(gone).toMatchObject({ provider: null, status: "none", directory_group: null, synced_members: 0, manual_members: 6 });
    expect((await members(id)).every((m) => !m.synced && m.directory_id === null)).toBe(true);
    expect(ok(await admin.del(`groups/${id}/sync`)).status).toBe("none"); // again: nothing to do

    const { code, state } = await consent(admin, id, "azure-ad");
    expect((await complete(admin, "azure-ad", code!, state)).status).toBe(200);
    const s = ok(await choose(id, FIELD.id));
    expect([s.synced_members, s.manual_members]).toEqual([5, 1]);
    expect(await members(id)).toHaveLength(6);
  });
});

describe("access", () => {
  const calls = (id: number | string) => [
    (a: As) => a.get(`groups/${id}/sync`),
    (a: As) => a.post(`groups/${id}/sync/connect`, { provider: "azure-ad", redirect_uri: callback("azure-ad") }),
    (a: As) => a.patch(`groups/${id}/sync`, { directory_group_id: null, enabled: true, facility_code: null }),
    (a: As) => a.post(`groups/${id}/sync/run`),
    (a: As) => a.del(`groups/${id}/sync`),
  ];

  it("a viewer reads; changes are 403; a standard user neither; the callback needs the editor right", async () => {
    const id = await connected();
    ok(await choose(id, FIELD.id));
    await call("POST", "/__test/roles", { client: "eu:1", name: "Sync Viewer Only", rights: ["ManageVisitorGroup.viewer"] });
    const viewer = await user("Sync Viewer Only");
    const [read, ...changes] = calls(id);
    expect(ok(await read(viewer))).toMatchObject({ status: "connected", synced_members: 5 });
    for (const change of changes) {
      const r = await change(viewer);
      expect([r.status, r.json.message]).toEqual([403, "You are not authorised to change groups."]);
    }
    const std = await as("standard@example.com");
    expect([(await read(std)).status, (await read(std)).json.message]).toEqual([403, "You are not authorised to view groups."]);
    // An editor's state used by the viewer: not theirs.
    const { code, state } = await consent(admin, id, "azure-ad");
    expect422(await complete(viewer, "azure-ad", code!, state), SYNC_STATE_MESSAGE, "state");
    expect(ok(await admin.get(`groups/${id}/sync`)).status).toBe("connected");
  });

  it("another client's group, an unknown and a malformed id: 404 Group not found", async () => {
    for (const id of [String(nwGroup), "999999", "abc", "0", "-1"]) {
      for (const fn of calls(id)) {
        const r = await fn(admin);
        expect([id, r.status, r.json]).toEqual([id, 404, { message: "Group not found" }]);
      }
    }
    // Northwind's own group reads fine (not connected), Acme's through Northwind is 404.
    expect(ok(await nw.get(`groups/${nwGroup}/sync`)).status).toBe("none");
    const acme = ManagedGroupList.parse((await admin.get("manage/groups")).json).groups[0].id;
    expect((await nw.get(`groups/${acme}/sync`)).status).toBe(404);
  });
});

describe("the contract and the seed", () => {
  it("revision 9: Field Engineers synced from Azure AD's Field Engineering, one member by hand; Acme has beta.brivo", async () => {
    const list = ManagedGroupList.parse((await admin.get("manage/groups?search=field%20engineers")).json);
    const fe = list.groups.find((g) => g.name === SEEDED_SYNC.group)!;
    expect(fe).toMatchObject({ type: "returning", every_site: false, site_count: 1, member_count: FIELD.members.length + 1 });
    const s = ok(await admin.get(`groups/${fe.id}/sync`));
    expect(s).toMatchObject({ provider: "azure-ad", status: "connected", error: null, directory_group: { id: SEEDED_SYNC.directoryGroupId, name: FIELD.name }, synced_members: 5, manual_members: 1 });
    expect(s.directory_groups).toHaveLength(AAD.length);
    expect(s.last_sync_at).not.toBeNull();
    const run = ok(await admin.post(`groups/${fe.id}/sync/run`));
    expect([run.status, run.synced_members, run.manual_members]).toEqual(["connected", 5, 1]);
    expect((await members(fe.id)).find((m) => !m.synced)).toMatchObject({ name: FIELD_ENGINEERS_MANUAL.name, email: FIELD_ENGINEERS_MANUAL.email });
    expect(((await admin.get("client")).json as Json).settings["beta.brivo"]).toBe(true);
  });

  it("the seed's rerun from 8 adds nothing while Field Engineers exists", async () => {
    expect(SEED_REVISION).toBeGreaterThanOrEqual(9);
    expect(await seedDemoData(up.app)).toBeNull();
    const count = async () => (await up.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM groups WHERE name = $1", [SEEDED_SYNC.group]))[0].n;
    await up.app.db.query("UPDATE seed_state SET revision = 8");
    expect(await seedDemoData(up.app)).toMatchObject({ from: 8, to: SEED_REVISION, clients: [], users: [] });
    expect(await count()).toBe(1);
  });

  it("OpenAPI lists the calls", async () => {
    const doc = (await call("GET", "/eu/api/v2/openapi.json")).json;
    expect(doc.paths["/groups/{groupId}/sync"].get.operationId).toBe("groupSync");
    expect(doc.paths["/groups/{groupId}/sync"].patch.operationId).toBe("updateGroupSync");
    expect(doc.paths["/groups/{groupId}/sync"].delete.operationId).toBe("disconnectGroupSync");
    expect(doc.paths["/groups/{groupId}/sync/connect"].post.operationId).toBe("connectGroupSync");
    expect(doc.paths["/groups/{groupId}/sync/run"].post.operationId).toBe("runGroupSync");
    expect(doc.paths["/sync/callback"].post.operationId).toBe("completeGroupSync");
  });

  it("no answer of this file's calls broke the contract, and nothing failed on the server", () => {
    expect(serverErrors).toEqual([]);
  });
});
