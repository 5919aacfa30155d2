/**
 * The safety check (ADR 029): matching rules (pure), the decision per mode, the CSV import's reading
 * and planning (pure), and over HTTP: block list CRUD, import preview/apply, every sign-in path in
 * off / soft / hard (the rejected visit, the flag, the 422 that does not reveal the list, the event),
 * the revoked pre-registration links, the Central Record at sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAFETY_CHECK_MESSAGES as M, SIGN_IN_REFUSED_CODE, SiteToday, BlockListPage, BlockListImportPreview } from "../../contract/index.ts";
import { startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient } from "../http/http-test-client.ts";
import { entryMatches, firstMatch, normalise, type MatchEntry } from "./match.ts";
import { decide, ratingsPass } from "./check.ts";
import { planBlockListRows, readBlockListCsv } from "./block-list.ts";

const entry = (e: Partial<MatchEntry>): MatchEntry => ({ id: 1, name: "Mallory Blocked", fields: [], match_rule: "all", match_count: null, site_id: null, ...e });

describe("matching (pure)", () => {
  it("normalises case, accents and whitespace", () => {
    expect(normalise("  José   ÁLVAREZ ")).toBe("jose alvarez");
    expect(normalise("Straße")).toBe("strasse");
  });
  it("matches the whole name only", () => {
    expect(entryMatches(entry({}), { name: "mallory  blocked", fields: [] }, 1)).toBe(true);
    expect(entryMatches(entry({}), { name: "Mallory", fields: [] }, 1)).toBe(false);
    expect(entryMatches(entry({}), { name: "", fields: [] }, 1)).toBe(false);
  });
  it("all: every given field must match", () => {
    const e = entry({ fields: [{ label: "Company", value: "Shady Ltd" }, { label: "Car", value: "AB12" }] });
    expect(entryMatches(e, { name: "Mallory Blocked", fields: [{ label: "company", value: "SHADY  ltd" }, { label: "Car", value: "ab12" }] }, 1)).toBe(true);
    expect(entryMatches(e, { name: "Mallory Blocked", fields: [{ label: "company", value: "Shady Ltd" }] }, 1)).toBe(false);
  });
  it("count N: the name and at least N fields", () => {
    const e = entry({ match_rule: "count", match_count: 1, fields: [{ label: "Company", value: "Shady Ltd" }, { label: "Car", value: "AB12" }] });
    expect(entryMatches(e, { name: "Mallory Blocked", fields: [{ label: "Car", value: "AB12" }] }, 1)).toBe(true);
    expect(entryMatches(e, { name: "Mallory Blocked", fields: [{ label: "Car", value: "ZZ99" }] }, 1)).toBe(false);
  });
  it("site scope", () => {
    expect(entryMatches(entry({ site_id: 2 }), { name: "Mallory Blocked", fields: [] }, 1)).toBe(false);
    expect(entryMatches(entry({ site_id: 2 }), { name: "Mallory Blocked", fields: [] }, 2)).toBe(true);
    expect(firstMatch([entry({ id: 5 }), entry({ id: 3 })], { name: "Mallory Blocked", fields: [] }, 1)?.id).toBe(3);
  });
});

describe("modes and ratings (pure)", () => {
  it("off lets in, soft flags, hard rejects; unreachable-allow only flags", () => {
    expect(decide("off", "block_list_match")).toEqual({ action: "none" });
    expect(decide("soft", "block_list_match", 4)).toEqual({ action: "flag", reason: "block_list_match", entryId: 4 });
    expect(decide("hard", "block_list_match", 4)).toEqual({ action: "reject", reason: "block_list_match", entryId: 4 });
    expect(decide("hard", "failed_central_record", null, true).action).toBe("flag");
    expect(decide("hard", null)).toEqual({ action: "none" });
  });
  it("ratings: every required system at least the minimum", () => {
    expect(ratingsPass({ dbs: "pass", rtw: "pass" }, ["dbs", "rtw"], "pass")).toBe(true);
    expect(ratingsPass({ dbs: "warning" }, ["dbs"], "pass")).toBe(false);
    expect(ratingsPass({ dbs: "warning" }, ["dbs"], "warning")).toBe(true);
    expect(ratingsPass({ dbs: "fail" }, ["dbs"], "warning")).toBe(false);
    expect(ratingsPass({}, ["dbs"], "warning")).toBe(false);
  });
});

async function* bytes(s: string | Uint8Array) {
  yield typeof s === "string" ? new TextEncoder().encode(s) : s;
}

describe("import (pure)", () => {
  it("reads, plans and refuses rows with line and reason", async () => {
    const csv = await readBlockListCsv(bytes("\uFEFFName,Match,Reason,Site,Company\nAda One,,Theft,,\n,1,,,X\nBob Two,lots,,,\nCat Three,1,,Nowhere,Acme\nAda One,,,,\nDan Four,1,,Head Office,Dodgy Ltd\n"));
    const plan = planBlockListRows(csv, [{ id: 7, name: "Head Office" }], new Set());
    expect(plan.add.map((r) => [r.line, r.name, r.match_rule, r.site_id])).toEqual([
      [2, "Ada One", "all", null],
      [7, "Dan Four", "count", 7],
    ]);
    expect(plan.refused.map((r) => [r.line, r.reasons[0]])).toEqual([
      [3, M.nameRequired],
      [4, M.rowMatch],
      [5, M.rowSite],
      [6, M.rowDuplicate],
    ]);
  });
  it("a control character in a cell refuses its row with its line (shown, never kept); in the header, the file", async () => {
    const csv = await readBlockListCsv(bytes("Name,Reason,Company\nAda One,Theft,\nNul\u0000Name,x,\nBel One,ok,Acme\u0007\nDel One,\"why\u007f\",\n"));
    const plan = planBlockListRows(csv, [], new Set());
    expect(plan.add.map((r) => r.name)).toEqual(["Ada One"]);
    expect(plan.refused).toEqual([
      { line: 3, name: "Nul\uFFFDName", reasons: [M.rowControl] },
      { line: 4, name: "Bel One", reasons: [M.rowControl] },
      { line: 5, name: "Del One", reasons: [M.rowControl] },
    ]);
    await expect(readBlockListCsv(bytes("Name,Comp\u0000any\nA,B\n"))).rejects.toThrow(M.fileControl);
  });
  it("refuses the file: no Name column, a formula, bad encoding, too large", async () => {
    await expect(readBlockListCsv(bytes("Who,Reason\nA,B\n"))).rejects.toThrow(M.fileHeader);
    await expect(readBlockListCsv(bytes("Name,Reason\n=HYPERLINK(1),B\n"))).rejects.toThrow(M.fileFormula);
    await expect(readBlockListCsv(bytes(new Uint8Array([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0xff, 0xfe, 0x41])))).rejects.toThrow(M.fileEncoding);
    await expect(readBlockListCsv(bytes("Name\n" + "x".repeat(3 * 1024 * 1024)))).rejects.toThrow(M.fileTooLarge);
    await expect(readBlockListCsv(bytes(""))).rejects.toThrow(M.fileEmpty);
  });
});

describe("over HTTP", () => {
  let up: TestUpstream;
  const { call, as } = httpTestClient(() => up.url, "safety");
  beforeAll(async () => {
    up = await startTestUpstream({ log: process.env.SAFETY_LOG ? true : false } as never);
  }, 120_000);
  afterAll(async () => {
    await up?.stop();
  }, 60_000);

  const kiosk = (token: string, body: unknown) => call("POST", "/eu/api/v2/kiosk/sign-in", body, { authorization: `Device ${token}` });
  async function site() {
    const r = await call("POST", "/__test/sites", { client: "eu:1", name: `Safety ${Date.now()}-${Math.random()}` });
    expect(r.status).toBe(201);
    return r.json as { id: number; device_token: string; groups: { id: number; name: string }[] };
  }
  const mode = (groupId: number, m: string) => call("POST", `/__test/groups/${groupId}/safety-check`, { mode: m });

  it("block list CRUD; a standard user is refused", async () => {
    const admin = await as("admin@example.com");
    const list = BlockListPage.parse((await admin.get("block-list?search=mallory")).json);
    expect(list.entries.map((e) => e.name)).toContain("Mallory Blocked");
    const created = await admin.post("block-list", { name: "Zed Test", fields: [{ label: "Company", value: "Z Ltd" }], match_rule: "count", match_count: 1, reason: "r" });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const bad = await admin.post("block-list", { name: "", match_rule: "count", match_count: 3 });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.name).toEqual([M.nameRequired]);
    expect(bad.json.errors.match_count).toEqual([M.matchCount]);
    const id = created.json.id;
    const edited = await admin.patch(`block-list/${id}`, { name: "Zed Tested", fields: [], match_rule: "all" });
    expect(edited.json.name).toBe("Zed Tested");
    expect((await admin.del(`block-list/${id}`)).status).toBe(200);
    expect((await admin.get(`block-list/${id}`)).status).toBe(404);
    // An administrator restricted to Head Office does not see (or change) an entry scoped to the Warehouse.
    const hq = (await up.app.db.query<{ id: number }>("SELECT s.id FROM sites s JOIN clients c ON c.id = s.client_id WHERE c.region = 'eu' AND c.number = 1 AND s.name = 'Head Office'"))[0].id;
    const email = `safety-hq-${Date.now()}@example.com`;
    expect((await call("POST", "/__test/users", { email, role: "Administrator", client: "eu:1", site_ids: [hq] })).status).toBe(201);
    const hqAdmin = await as(email);
    const oscar = BlockListPage.parse((await admin.get("block-list?search=oscar")).json).entries[0];
    expect(oscar.site?.name).toBe("Warehouse");
    expect(BlockListPage.parse((await hqAdmin.get("block-list?search=oscar")).json).total).toBe(0);
    expect((await hqAdmin.get(`block-list/${oscar.id}`)).status).toBe(404);
    expect((await hqAdmin.del(`block-list/${oscar.id}`)).status).toBe(404);
    const standard = await as("standard@example.com");
    expect((await standard.get("block-list")).status).toBe(403);
    expect((await standard.post("block-list", { name: "X" })).status).toBe(403);
  });

  it("import: preview then apply in one go", async () => {
    const admin = await as("admin@example.com");
    const login = await call("POST", "/api/v2/auth/login", { email: "admin@example.com", password: "Demo-Passw0rd!" });
    const h = { authorization: `Bearer ${login.json.access_token}`, "content-type": "text/csv" };
    const res = await fetch(`${up.url}/eu/api/v2/block-list/imports?filename=x.csv`, { method: "POST", headers: h, body: "Name,Match,Company\nImport One,,\nImport Two,1,Two Ltd\n,,\nImport Bad,x,\n" });
    expect(res.status).toBe(200);
    const preview = BlockListImportPreview.parse(await res.json());
    expect(preview.add.map((r) => r.name)).toEqual(["Import One", "Import Two"]);
    expect(preview.refused).toEqual([{ line: 5, name: "Import Bad", reasons: [M.rowMatch] }]);
    const applied = await admin.post(`block-list/imports/${preview.id}/apply`);
    expect(applied.json).toEqual({ added: 2 });
    expect((await admin.post(`block-list/imports/${preview.id}/apply`)).status).toBe(404);
    const formula = await fetch(`${up.url}/eu/api/v2/block-list/imports`, { method: "POST", headers: h, body: "Name\n@SUM(A1)\n" });
    expect(formula.status).toBe(422);
  });

  it("every sign-in in off, soft and hard", async () => {
    const admin = await as("admin@example.com");
    const s = await site();
    const visitors = s.groups.find((g) => g.name === "Visitors")!;
    // off: Mallory signs in.
    await mode(visitors.id, "off");
    const off = await kiosk(s.device_token, { group_id: visitors.id, name: "Mallory Blocked" });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    expect(off.json.safety_flag).toBeNull();
    // soft: signed in, flagged.
    await mode(visitors.id, "soft");
    const soft = await kiosk(s.device_token, { group_id: visitors.id, name: "  mallory BLOCKED" });
    expect(soft.status).toBe(200);
    expect(soft.json.status).toBe("signed_in");
    expect(soft.json.safety_flag).toBe("block_list_match");
    // hard: 422 without the reason, the visit rejected with it, listed on Today.
    await mode(visitors.id, "hard");
    const hard = await kiosk(s.device_token, { group_id: visitors.id, name: "Mallory Blocked" });
    expect(hard.status).toBe(422);
    expect(hard.json).toMatchObject({ code: SIGN_IN_REFUSED_CODE, message: M.signInRefused });
    expect(JSON.stringify(hard.json)).not.toContain("block");
    // The portal's own sign-in is checked too; a field match (Eve Shady: Company) as well.
    const portal = await admin.post(`sites/${s.id}/visits`, { group_id: visitors.id, name: "Eve Shady", company: "Shady Deliveries Ltd" });
    expect(portal.status).toBe(422);
    const other = await admin.post(`sites/${s.id}/visits`, { group_id: visitors.id, name: "Eve Shady", company: "Honest Ltd" });
    expect(other.status).toBe(200);
    const today = SiteToday.parse((await admin.get(`sites/${s.id}/visits/today`)).json);
    const rejected = today.visits.filter((v) => v.status === "rejected");
    expect(rejected.map((v) => [v.name, v.rejection_reason])).toEqual([
      ["Mallory Blocked", "block_list_match"],
      ["Eve Shady", "block_list_match"],
    ]);
    expect(today.visits.find((v) => v.status === "signed_in" && v.safety_flag === "block_list_match")?.name).toBe("mallory BLOCKED");
    await mode(visitors.id, "off");
  });

  it("a block-list hit revokes the person's open pre-registration links", async () => {
    const admin = await as("admin@example.com");
    const s = await site();
    const visitors = s.groups.find((g) => g.name === "Visitors")!;
    const client = (await up.app.db.query<{ id: number }>("SELECT id FROM clients WHERE region = 'eu' AND number = 1"))[0];
    const [pr] = await up.app.db.query<{ id: number }>(
      `INSERT INTO pre_registrations (client_id, site_id, group_id, name, email, arrive_at, status) VALUES ($1, $2, $3, 'Nora Later', 'nora@example.com', now() + interval '1 day', 'expected') RETURNING id`,
      [client.id, s.id, visitors.id],
    );
    await up.app.db.query(`INSERT INTO magic_links (token_hash, pre_registration_id, purpose, expires_at) VALUES ($2, $1, 'visitor-change-request', now() + interval '1 day')`, [pr.id, `h-${pr.id}`]);
    const created = await admin.post("block-list", { name: "Nora  Later" });
    expect(created.status).toBe(200);
    const links = await up.app.db.query<{ revoked_at: unknown }>("SELECT revoked_at FROM magic_links WHERE pre_registration_id = $1", [pr.id]);
    expect(links[0].revoked_at).not.toBeNull();
    await admin.del(`block-list/${created.json.id}`);
  });

  it("Central Record at sign-in (Globex Staff, linked): a failing record flags (soft) or rejects (hard); unreachable rejects or lets in flagged", async () => {
    const r = await call("POST", "/__test/sites", { client: "us:2", name: `Globex safety ${Date.now()}` });
    expect(r.status).toBe(201);
    const gsite = r.json as { id: number; device_token: string; groups: { id: number; name: string }[] };
    const staff = gsite.groups.find((g) => g.name === "Staff")!;
    const [ivan] = await up.app.db.query<{ id: number }>("INSERT INTO members (group_id, name) VALUES ($1, 'Ivan Petrov') RETURNING id", [staff.id]);
    const [ok] = await up.app.db.query<{ id: number }>("INSERT INTO members (group_id, name) VALUES ($1, 'Olga Okay') RETURNING id", [staff.id]);
    const gk = (body: unknown) => call("POST", "/us/api/v2/kiosk/sign-in", body, { authorization: `Device ${gsite.device_token}` });
    const out = (id: number) => call("POST", "/us/api/v2/kiosk/sign-out", { visit_id: id }, { authorization: `Device ${gsite.device_token}` });
    // Seeded soft: Ivan fails DBS and is let in flagged; Olga passes.
    const soft = await gk({ group_id: staff.id, member_id: ivan.id });
    expect(soft.status, JSON.stringify(soft.json)).toBe(200);
    expect(soft.json.safety_flag).toBe("failed_central_record");
    await out(soft.json.id);
    const fine = await gk({ group_id: staff.id, member_id: ok.id });
    expect(fine.json.safety_flag).toBeNull();
    await out(fine.json.id);
    // Hard: rejected, kept as a rejected visit.
    await mode(staff.id, "hard");
    const hard = await gk({ group_id: staff.id, member_id: ivan.id });
    expect(hard.status).toBe(422);
    const [kept] = await up.app.db.query<{ status: string; rejection_reason: string }>("SELECT status, rejection_reason FROM visits WHERE site_id = $1 AND member_id = $2 ORDER BY id DESC LIMIT 1", [gsite.id, ivan.id]);
    expect(kept).toEqual({ status: "rejected", rejection_reason: "failed_central_record" });
    // Unreachable: the setting says reject (the seed's) ...
    await call("POST", "/__test/central-record/fault", { fault: "central_record_connection" });
    expect((await gk({ group_id: staff.id, member_id: ok.id })).status).toBe(422);
    // ... or let in flagged.
    const globex = await as("globex@example.com", "us");
    const settings = (await globex.get("safety-check/central-record")).json.settings;
    await globex.patch("safety-check/central-record", { ...settings, when_unreachable: "allow_flagged" });
    const allowed = await gk({ group_id: staff.id, member_id: ok.id });
    expect(allowed.status).toBe(200);
    expect(allowed.json.safety_flag).toBe("failed_central_record");
    await out(allowed.json.id);
    await call("POST", "/__test/central-record/fault", { fault: null });
    await globex.patch("safety-check/central-record", settings);
    await mode(staff.id, "soft");
  });

  it("a block-listed person's pre-registration gets no links while the group checks; others do", async () => {
    const admin = await as("admin@example.com");
    const s = await site();
    const visitors = s.groups.find((g) => g.name === "Visitors")!;
    await mode(visitors.id, "soft");
    const arrive = new Date(Date.now() + 86_400_000).toISOString();
    const blocked = await admin.post("pre-registrations", { site_id: s.id, group_id: visitors.id, name: "Mallory  Blocked", email: "mallory-pr@example.com", arrive_at: arrive });
    const fine = await admin.post("pre-registrations", { site_id: s.id, group_id: visitors.id, name: "Nice Person", email: "nice-pr@example.com", arrive_at: arrive });
    expect([blocked.status, fine.status], JSON.stringify(blocked.json)).toEqual([200, 200]);
    const open = async (id: number) => (await up.app.db.query("SELECT 1 FROM magic_links WHERE pre_registration_id = $1 AND revoked_at IS NULL", [id])).length;
    expect(await open(blocked.json.id)).toBe(0);
    expect(await open(fine.json.id)).toBeGreaterThan(0);
    await mode(visitors.id, "off");
  });

  it("a pre-registration's sign-in is checked too: refused, the pre-registration stays expected", async () => {
    const admin = await as("admin@example.com");
    const s = await site();
    const visitors = s.groups.find((g) => g.name === "Visitors")!;
    const client = (await up.app.db.query<{ id: number }>("SELECT id FROM clients WHERE region = 'eu' AND number = 1"))[0];
    const [pr] = await up.app.db.query<{ id: number }>(
      `INSERT INTO pre_registrations (client_id, site_id, group_id, name, email, arrive_at, status) VALUES ($1, $2, $3, 'Mallory Blocked', 'm@example.com', now(), 'expected') RETURNING id`,
      [client.id, s.id, visitors.id],
    );
    await mode(visitors.id, "hard");
    const r = await admin.post(`pre-registrations/${pr.id}/sign-in`);
    expect(r.status, JSON.stringify(r.json)).toBe(422);
    expect(r.json.code).toBe(SIGN_IN_REFUSED_CODE);
    const [row] = await up.app.db.query<{ status: string }>("SELECT status FROM pre_registrations WHERE id = $1", [pr.id]);
    expect(row.status).toBe("expected");
    await mode(visitors.id, "off");
  });

  it("the Central Record page: Globex only; a rating system the record lacks is refused", async () => {
    const globex = await as("globex@example.com", "us");
    const page = await globex.get("safety-check/central-record");
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    expect(page.json.settings.enabled).toBe(true);
    expect(page.json.groups.find((g: { name: string }) => g.name === "Staff").linked).toBe(true);
    expect((await (await as("admin@example.com")).get("safety-check/central-record")).status).toBe(403);
    const saved = await globex.patch("safety-check/central-record", { ...page.json.settings, rating_systems: ["nope"] });
    expect(saved.status).toBe(422);
  });
});
