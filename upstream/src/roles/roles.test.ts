/**
 * Roles and permissions over HTTP against a running upstream (ADR 021): listing with holders,
 * creating, editing and deleting custom roles, and every rule with its message — the name required,
 * too long, taken (whatever its case); unknown rights; no escalation (on an edit, only the rights a
 * role gains); the implied view level; built-in roles read-only; a held role not deleted (409 with
 * the count); the rights asked for; another client's role not found; a change reaches the holder's
 * next call. `roleProblems` and `withImpliedLevels` are also checked on their own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_RIGHTS, ROLE_MESSAGES as M, RoleSummary, levelsOf, rightsOfLevels, withImpliedLevels } from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";
import { roleProblems } from "./roles.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
const { call, as, user } = httpTestClient(() => up.url, "roles");
let admin: As;
let n = 0;
const unique = (tag = "Role") => `${tag} ${++n} ${Date.now()}`;

async function create(name: string, rights: string[], who: As = admin) {
  const r = await who.post("roles", { name, rights });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return RoleSummary.parse(r.json);
}
const roles = async (who: As = admin) => (await who.get("roles")).json as RoleSummary[];

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
}, 120_000);

afterAll(async () => {
  await up?.stop();
  expect(serverErrors).toEqual([]);
});

describe("the rules on their own", () => {
  it("a level implies its section's view level; single-level sections imply nothing", () => {
    expect(withImpliedLevels(["History.export", "ManageSite.editor"])).toEqual(["History.viewer", "History.export", "ManageSite.viewer", "CustomField.view", "ManageSite.editor"]);
    expect(withImpliedLevels(["AuditLog.viewer", "Nope.right"])).toEqual(["AuditLog.viewer"]);
    expect(withImpliedLevels(["Today.signOutAll"])).toEqual(["Today.viewer", "Today.signOutAll"]);
  });
  it("levels and rights convert both ways", () => {
    expect(rightsOfLevels(["sites.view", "history.export", "bogus.level"])).toEqual({ rights: ["History.export", "ManageSite.viewer", "CustomField.view"], unknown: ["bogus.level"] });
    expect(levelsOf(["ManageSite.viewer", "CustomField.view", "History.export"])).toEqual(["history.export", "sites.view"]);
  });
  it("names and rights: required, too long, unknown, escalation (only for rights gained)", () => {
    const all = new Set<string>(CLIENT_RIGHTS);
    expect(roleProblems({ name: "   ", rights: [] }, all).errors).toEqual({ name: [M.nameRequired] });
    expect(roleProblems({ name: "x".repeat(101), rights: [] }, all).errors).toEqual({ name: [M.nameTooLong] });
    expect(roleProblems({ name: "A", rights: ["Made.up"] }, all).errors).toEqual({ rights: [M.unknownRight] });
    expect(roleProblems({ name: "A", rights: ["Super.clientUser.create"] }, all).errors).toEqual({ rights: [M.unknownRight] });
    const few = new Set(["ManageUser.viewer", "ManageUser.editor", "Today.viewer"]);
    expect(roleProblems({ name: "A", rights: ["History.viewer"] }, few).errors).toEqual({ rights: [M.escalation] });
    // Kept although the editor lacks it: the role had it.
    expect(roleProblems({ name: "A", rights: ["History.viewer", "Today.viewer"] }, few, new Set(["History.viewer"])).errors).toEqual({});
    // Implied rights count as granted: export implies view, which this editor lacks.
    expect(roleProblems({ name: "A", rights: ["History.export"] }, new Set(["History.export"])).errors).toEqual({ rights: [M.escalation] });
  });
  it("no demotion from below: a right the editor lacks is not taken away (issue 24)", () => {
    const few = new Set(["ManageUser.viewer", "ManageUser.editor", "Today.viewer"]);
    const had = new Set(["History.viewer", "Today.viewer"]);
    expect(roleProblems({ name: "A", rights: ["Today.viewer"] }, few, had).errors).toEqual({ rights: [M.removal] });
    expect(roleProblems({ name: "A", rights: [] }, few, had).errors).toEqual({ rights: [M.removal] });
    // Taking away what the editor holds is theirs to do; keeping what they lack is fine.
    expect(roleProblems({ name: "A", rights: ["History.viewer"] }, few, had).errors).toEqual({});
    // The Administrator holds every right: nothing is beyond them.
    expect(roleProblems({ name: "A", rights: [] }, new Set<string>(CLIENT_RIGHTS), had).errors).toEqual({});
    // A right no longer in the catalogue is not the editor's to keep.
    expect(roleProblems({ name: "A", rights: [] }, few, new Set(["Retired.right"])).errors).toEqual({});
  });
});

describe("over HTTP", () => {
  it("lists built-in roles first (read-only) and custom ones with how many users hold each", async () => {
    const list = await roles();
    expect(list.slice(0, 2).map((r) => [r.name, r.built_in])).toEqual([["Administrator", true], ["Standard User", true]]);
    expect(list[0]!.rights).toEqual([...CLIENT_RIGHTS]);
    const frontDesk = list.find((r) => r.name === "Front Desk")!;
    expect(frontDesk.built_in).toBe(false);
    expect(frontDesk.user_count).toBeGreaterThanOrEqual(1);
    expect(list.find((r) => r.name === "Reception")?.rights).toEqual(["Today.viewer", "Today.signInOut", "EvacList.viewer", "History.viewer"]);
  });

  it("creates, renames and re-rights a custom role, adding the implied view level; a holder's next call follows", async () => {
    const made = await create(unique(), ["History.export"]);
    expect(made).toMatchObject({ built_in: false, rights: ["History.viewer", "History.export"], user_count: 0 });
    const holder = await user(made.name);
    const name = unique("Renamed");
    const changed = await admin.patch(`roles/${made.id}`, { name: `  ${name}  `, rights: ["Today.viewer"] });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json).toMatchObject({ name, rights: ["Today.viewer"], user_count: 1 });
    expect(((await holder.get("config")).json as { abilities: string[] }).abilities).toEqual(["Today.viewer"]);
  });

  it("refuses with the rules' messages", async () => {
    const taken = (await roles()).find((r) => r.name === "Front Desk")!;
    const cases: [Record<string, unknown>, number, Record<string, string[]>][] = [
      [{ name: "", rights: [] }, 422, { name: [M.nameRequired] }],
      [{ name: "FRONT desk", rights: [] }, 422, { name: [M.nameTaken] }],
      [{ name: "administrator", rights: [] }, 422, { name: [M.nameTaken] }],
      [{ name: unique(), rights: ["Root.everything"] }, 422, { rights: [M.unknownRight] }],
    ];
    for (const [body, status, errors] of cases) {
      const r = await admin.post("roles", body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.json.errors).toEqual(errors);
    }
    // Hostile shapes: the schema's 422, never a 500.
    for (const body of [{ name: 5, rights: [] }, { name: "x" }, { name: "x", rights: "Today.viewer" }, { name: "x", rights: Array(501).fill("Today.viewer") }, { name: "a\u0000b", rights: [] }, { name: "x", rights: ["Today.viewer\u0000"] }]) {
      expect((await admin.post("roles", body)).status, JSON.stringify(body).slice(0, 60)).toBe(422);
    }
    expect((await admin.post("roles", { name: "Two\nlines", rights: [] })).json.errors).toEqual({ name: [M.nameOneLine] });
    // Renaming onto another role's name (in another case) is refused too; keeping its own name is not.
    const mine = await create(unique(), []);
    expect((await admin.patch(`roles/${mine.id}`, { name: taken.name.toUpperCase(), rights: [] })).json.errors).toEqual({ name: [M.nameTaken] });
    expect((await admin.patch(`roles/${mine.id}`, { name: mine.name.toLowerCase(), rights: [] })).status).toBe(200);
  });

  it("built-in roles are read-only; unknown and other clients' roles are not found", async () => {
    const [administrator, standard] = await roles();
    for (const r of [administrator!, standard!]) {
      const edit = await admin.patch(`roles/${r.id}`, { name: r.name, rights: [] });
      expect([edit.status, edit.json.message]).toEqual([403, M.builtIn]);
      const del = await admin.del(`roles/${r.id}`);
      expect([del.status, del.json.message]).toEqual([403, M.builtIn]);
    }
    const other = await up.app.db.query<{ id: number }>("SELECT r.id FROM roles r JOIN clients c ON c.id = r.client_id WHERE c.region = 'us' LIMIT 1", []);
    for (const id of [String(other[0]!.id), "999999999", "abc", "1e3"]) {
      expect((await admin.del(`roles/${id}`)).status, id).toBe(404);
      expect((await admin.patch(`roles/${id}`, { name: "x", rights: [] })).json.message, id).toBe(M.notFound);
    }
  });

  it("deletes a role nobody holds; a held one is refused with the count", async () => {
    const free = await create(unique(), ["Today.viewer"]);
    expect((await admin.del(`roles/${free.id}`)).status).toBe(200);
    expect((await roles()).some((r) => r.id === free.id)).toBe(false);
    const held = await create(unique(), ["Today.viewer"]);
    for (let i = 0; i < 2; i++) await call("POST", "/__test/users", { email: `roles-held-${i}-${Date.now()}@example.com`, role: held.name, client: "eu:1" });
    const r = await admin.del(`roles/${held.id}`);
    expect([r.status, r.json.message, r.json.data]).toEqual([409, M.inUse, { count: 2 }]);
  });

  it("needs ManageUser.viewer to list and ManageUser.editor to change; nobody grants what they lack", async () => {
    const standard = await user("Standard User");
    expect((await standard.get("roles")).status).toBe(403);
    expect((await standard.post("roles", { name: unique(), rights: [] })).status).toBe(403);
    const viewerRole = await create(unique("Viewer"), ["ManageUser.viewer"]);
    const viewer = await user(viewerRole.name);
    expect((await viewer.get("roles")).status).toBe(200);
    expect((await viewer.post("roles", { name: unique(), rights: [] })).status).toBe(403);
    const editorRole = await create(unique("Editor"), ["ManageUser.viewer", "ManageUser.editor", "Today.viewer"]);
    const editor = await user(editorRole.name);
    const up1 = await editor.post("roles", { name: unique(), rights: ["Today.viewer", "History.viewer"] });
    expect([up1.status, up1.json.errors]).toEqual([422, { rights: [M.escalation] }]);
    const ok = await editor.post("roles", { name: unique(), rights: ["Today.viewer"] });
    expect(ok.status).toBe(200);
    // Editing a role that holds a right the editor lacks: kept, but not added to.
    const rich = await create(unique(), ["History.viewer"]);
    expect((await editor.patch(`roles/${rich.id}`, { name: rich.name, rights: ["History.viewer", "Today.viewer"] })).status).toBe(200);
    expect((await editor.patch(`roles/${rich.id}`, { name: rich.name, rights: ["History.viewer", "AuditLog.viewer"] })).json.errors).toEqual({ rights: [M.escalation] });
    // …nor taken from (issue 24): its holders would be demoted by someone they outrank.
    const demote = await editor.patch(`roles/${rich.id}`, { name: rich.name, rights: ["Today.viewer"] });
    expect([demote.status, demote.json.errors]).toEqual([422, { rights: [M.removal] }]);
    expect((await admin.get("roles")).json.find((r: { id: number }) => r.id === rich.id).rights).toEqual(["Today.viewer", "History.viewer"]);
  });

  it("is not active-only (ADR 034): an expired client's administrator lists, creates and deletes roles", async () => {
    const expired = await as("expired@example.com");
    const list = await expired.get("roles");
    expect(list.status, JSON.stringify(list.json)).toBe(200);
    expect((list.json as RoleSummary[]).some((r) => r.name === "Administrator")).toBe(true);
    const made = await expired.post("roles", { name: unique("Expired"), rights: ["Today.viewer"] });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect((await expired.del(`roles/${RoleSummary.parse(made.json).id}`)).status).toBe(200);
  });
});

describe("a user restricted to some sites (ADR 031)", () => {
  it("changes only roles whose holders are all within their sites; others are read-only (403 role_out_of_scope)", async () => {
    const site = async (name: string) => (await up.app.db.query<{ id: number }>("SELECT s.id FROM sites s JOIN clients c ON c.id = s.client_id WHERE c.region = 'eu' AND c.number = 1 AND s.name = $1", [name]))[0].id;
    const [hq, wh] = [await site("Head Office"), await site("Warehouse")];
    const restricted = await user("Administrator", { site_ids: [wh] });
    const held = async (siteIds: number[] | null) => {
      const role = await create(unique("Held"), ["Today.viewer"]);
      expect((await call("POST", "/__test/users", { email: `holder-${++n}-${Date.now()}@example.com`, role: role.name, client: "eu:1", site_ids: siteIds ?? undefined })).status).toBe(201);
      return role;
    };
    const everySite = await held(null);
    const headOffice = await held([hq]);
    const both = await held([hq, wh]);
    const warehouse = await held([wh]);
    const nobody = await create(unique("Nobody"), ["Today.viewer"]);
    const listed = await roles(restricted);
    const reach = (id: number) => listed.find((r) => r.id === id)!.holders_reach;
    expect([reach(everySite.id), reach(headOffice.id), reach(both.id), reach(warehouse.id), reach(nobody.id)]).toEqual([null, [hq], [hq, wh].sort((a, b) => a - b), [wh], []]);
    for (const role of [everySite, headOffice, both]) {
      const r = await restricted.patch(`roles/${role.id}`, { name: role.name, rights: ["Today.viewer", "History.viewer"] });
      expect([r.status, r.json.code, r.json.message], role.name).toEqual([403, "role_out_of_scope", M.outOfScope]);
      const d = await restricted.del(`roles/${role.id}`);
      expect([d.status, d.json.code], role.name).toEqual([403, "role_out_of_scope"]);
      // Unchanged, and still the administrator's to change.
      expect((await roles()).find((x) => x.id === role.id)!.rights).toEqual(["Today.viewer"]);
      expect((await admin.patch(`roles/${role.id}`, { name: role.name, rights: ["Today.viewer"] })).status).toBe(200);
    }
    for (const role of [warehouse, nobody]) {
      const r = await restricted.patch(`roles/${role.id}`, { name: role.name, rights: ["Today.viewer", "History.viewer"] });
      expect(r.status, role.name).toBe(200);
    }
    expect((await restricted.del(`roles/${nobody.id}`)).status).toBe(200);
    // What they create is theirs: nobody holds it yet.
    expect((await restricted.post("roles", { name: unique("Theirs"), rights: ["Today.viewer"] })).status).toBe(200);
  });
});
