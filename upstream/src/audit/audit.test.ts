/**
 * The audit log against a running upstream (issue 16 §3, ADR 022): a change through the API is
 * recorded with its actor, the browser's address (X-Forwarded-For, believed from a trusted proxy
 * only), before and after; a deleted thing stays readable; secrets are never stored; a write with
 * no request context (the seed, a kiosk, a direct write) records nothing; filters, paging, refusals,
 * the CSV export and the retention sweep.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_MESSAGES, AUDIT_REDACTED, AuditEntry, AuditLogPage } from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";
import { callerAddress, withAuditActor } from "./context.ts";
import { isWrite } from "../db/index.ts";
import type { IncomingMessage } from "node:http";
import { sweepAuditLog } from "./log.ts";
import { inBackground, settleBackground } from "../runtime/background.ts";
import { SEED_AUDIT_CHANGES } from "./seed.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
type Json = any;

const { call, as, user } = httpTestClient(() => up.url, "audit");
let admin: As;
let token: string;
let siteId: number;

/** A call as the portal makes it: the admin's token and the browser's address in X-Forwarded-For. */
async function viaPortal(method: string, p: string, body?: unknown, forwardedFor = "203.0.113.7") {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, "x-forwarded-for": forwardedFor };
  if (method === "PATCH") return call("POST", `/eu/api/v2/${p}`, body, { ...headers, "x-http-method-override": "PATCH" });
  return call(method, `/eu/api/v2/${p}`, body, headers);
}
const log = async (q = "") => {
  const r = await admin.get(`audit-log${q}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return AuditLogPage.parse(r.json);
};
const entry = async (id: number) => AuditEntry.parse((await admin.get(`audit-log/${id}`)).json);
const newest = async (q = "") => (await log(q)).entries[0]!;

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  const login = await call("POST", "/api/v2/auth/login", { email: "admin@example.com", password: "Demo-Passw0rd!" });
  token = login.json.access_token;
  admin = await as("admin@example.com");
  const site = await call("POST", "/__test/sites", { client: "eu:1", name: "Audit Site", type: "standard" });
  siteId = site.json.id;
}, 120_000);

afterAll(async () => {
  expect(serverErrors).toEqual([]);
  await up?.stop();
}, 60_000);

describe("the pieces", () => {
  it("tells writes from reads", () => {
    for (const sql of ["INSERT INTO sites VALUES (1)", "  update sites SET name = 'x'", "DELETE FROM sites", "WITH x AS (SELECT 1) UPDATE sites SET name = 'y'"]) expect(isWrite(sql), sql).toBe(true);
    for (const sql of ["SELECT * FROM sites", "SELECT updated_at, deleted FROM sites", "WITH x AS (SELECT 1) SELECT * FROM x", "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"]) expect(isWrite(sql), sql).toBe(false);
  });

  it("believes X-Forwarded-For from a trusted peer only, and only an address", () => {
    const req = (peer: string, xff?: string) => ({ socket: { remoteAddress: peer }, headers: xff === undefined ? {} : { "x-forwarded-for": xff } }) as unknown as IncomingMessage;
    expect(callerAddress(req("127.0.0.1", "198.51.100.1"))).toBe("198.51.100.1");
    expect(callerAddress(req("::ffff:127.0.0.1", "10.0.0.1, 198.51.100.2"))).toBe("198.51.100.2");
    expect(callerAddress(req("127.0.0.1", "not-an-address"))).toBe("127.0.0.1");
    expect(callerAddress(req("192.0.2.5", "198.51.100.1"))).toBe("192.0.2.5");
    expect(callerAddress(req("::ffff:192.0.2.5"))).toBe("192.0.2.5");
  });
});

describe("capture", () => {
  it("records a change through the API: actor, the browser's address, before and after", async () => {
    const r = await viaPortal("PATCH", `sites/${siteId}`, { name: "Audit Site (renamed)" });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const e = await newest();
    expect(e).toMatchObject({ user: { name: "Alice Admin" }, address: "203.0.113.7", operation: "updateSite", area: "sites", entity: "sites", entity_id: String(siteId), label: "Audit Site (renamed)", action: "update" });
    expect(e.changed).toEqual(["name"]);
    const full = await entry(e.id);
    expect(full.before?.name).toBe("Audit Site");
    expect(full.after?.name).toBe("Audit Site (renamed)");
  });

  it("believes X-Forwarded-For only from a trusted proxy", async () => {
    const trusted = up.app.opts.trustedProxies;
    up.app.opts.trustedProxies = [];
    try {
      await viaPortal("PATCH", `sites/${siteId}`, { address: "1 Spoofed Street" }, "198.51.100.9");
    } finally {
      up.app.opts.trustedProxies = trusted;
    }
    expect((await newest()).address).toBe("127.0.0.1");
  });

  it("skips an update that changes nothing", async () => {
    const before = (await log()).total;
    await viaPortal("PATCH", `sites/${siteId}`, { name: "Audit Site (renamed)" });
    expect((await log()).total).toBe(before);
  });

  it("keeps a deleted thing readable", async () => {
    const made = await viaPortal("POST", `sites/${siteId}/evacuation-points`, { title: "Car park C" });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect((await viaPortal("DELETE", `sites/${siteId}/evacuation-points/${made.json.id}`)).status).toBe(200);
    const e = await newest();
    expect(e).toMatchObject({ action: "delete", entity: "evacuation_points", label: "Car park C", operation: "deleteEvacuationPoint" });
    const full = await entry(e.id);
    expect(full.before).toMatchObject({ id: made.json.id, title: "Car park C", site_id: siteId });
    expect(full.after).toBeNull();
  });

  it("never stores a secret: a PIN, a password hash, a token", async () => {
    const groups = (await admin.get("manage/groups")).json.groups as { id: number; name: string }[];
    const g = groups.find((x) => x.name === "Visitors")!;
    const detail = (await admin.get(`groups/${g.id}`)).json;
    const d = detail.details ?? detail;
    const values = { name: d.name, default_locale: d.default_locale ?? null, reply_to_name: d.reply_to_name ?? null, reply_to_email: d.reply_to_email ?? null, pin: "4817", allow_sign_out_first: d.allow_sign_out_first ?? false };
    const r = await viaPortal("PATCH", `groups/${g.id}/settings`, { section: "details", values });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const e = await newest();
    expect(e.changed).toContain("pin");
    const full = await entry(e.id);
    expect(full.after?.pin).toBe(AUDIT_REDACTED);
    // A password change made in a request's context (as my-profile's will be).
    const me = (await admin.get("config")).json.user.sub;
    await withAuditActor({ client_id: 1, user_id: Number(me), user_name: "Alice Admin", address: null, operation: "test" }, () =>
      up.app.db.query("UPDATE users SET password_hash = 'hash-of-a-secret', totp_secret = 'TOTPSECRET' WHERE id = $1", [me]),
    );
    const pw = await entry((await newest()).id);
    expect(pw.changed).toEqual(["password_hash", "totp_secret"]);
    expect([pw.before?.password_hash, pw.after?.password_hash, pw.after?.totp_secret]).toEqual([AUDIT_REDACTED, AUDIT_REDACTED, AUDIT_REDACTED]);
    const leaked = await up.app.db.query("SELECT id FROM audit_log WHERE before::text ~ '4817|hash-of-a-secret|TOTPSECRET|\\$2[aby]\\$' OR after::text ~ '4817|hash-of-a-secret|TOTPSECRET|\\$2[aby]\\$'");
    expect(leaked).toEqual([]);
  });

  it("records nothing for a write with no request context (direct, kiosk)", async () => {
    const before = (await log()).total;
    await up.app.db.query("UPDATE sites SET name = 'Quietly renamed' WHERE id = $1", [siteId]);
    const site = await call("POST", "/__test/sites", { client: "eu:1", name: "Kiosk Site", type: "standard" });
    const groupId = site.json.groups[0].id;
    const k = await call("POST", "/eu/api/v2/kiosk/sign-in", { group_id: groupId, name: "Kiosk Visitor" }, { authorization: `Device ${site.json.device_token}` });
    expect(k.status, JSON.stringify(k.json)).toBe(200);
    expect((await log()).total).toBe(before);
    // Work a request starts in the background is the system's, not the user's.
    withAuditActor({ client_id: 1, user_id: 1, user_name: "Alice Admin", address: null, operation: "test" }, () =>
      inBackground(up.app, "test", async () => void (await up.app.db.query("UPDATE sites SET name = 'Background rename' WHERE id = $1", [siteId]))),
    );
    await settleBackground(up.app);
    expect((await log()).total).toBe(before);
  });

  it("seeds the demo's changes through the same capture path, by a demo user", async () => {
    const all = await log("?area=sites");
    expect(all.users.map((u) => u.name)).toContain("Alice Admin");
    const seeded = await up.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE operation LIKE 'seed:%'");
    expect(seeded[0]!.n).toBe(SEED_AUDIT_CHANGES);
  });
});

describe("the log", () => {
  it("filters by user, area and dates; pages by 15; refuses bad filters with a message", async () => {
    for (let i = 0; i < 16; i++) await viaPortal("PATCH", `sites/${siteId}`, { address: `${i} Paging Street` });
    const page1 = await log("?area=sites");
    expect([page1.entries.length, page1.per_page, page1.page]).toEqual([15, 15, 1]);
    expect(page1.total).toBeGreaterThanOrEqual(17);
    const page2 = await log("?area=sites&page=2");
    expect(page2.entries[0]!.id).toBeLessThan(page1.entries[14]!.id);
    const today = new Date().toISOString().slice(0, 10);
    expect((await log(`?from=${today}&to=${today}`)).total).toBeGreaterThan(0);
    expect((await log("?from=2001-01-01&to=2001-01-31")).total).toBe(0);
    const alex = page1.users.find((u) => u.name === "Alice Admin")!;
    expect((await log(`?user=${alex.id}&area=groups`)).entries.every((e) => e.user.id === alex.id && e.area === "groups")).toBe(true);
    for (const [q, field, message] of [
      ["?from=2026-02-01&to=2026-01-01", "to", AUDIT_MESSAGES.range],
      ["?from=2026-02-30", "from", AUDIT_MESSAGES.date],
      ["?to=yesterday", "to", AUDIT_MESSAGES.date],
      ["?area=%3Cscript%3E", "area", AUDIT_MESSAGES.area],
      ["?user=1%20OR%201=1", "user", AUDIT_MESSAGES.user],
    ] as const) {
      const r = await admin.get(`audit-log${q}`);
      expect(r.status, q).toBe(422);
      expect(r.json.errors[field], q).toEqual([message]);
    }
    expect((await admin.get("audit-log?page=0")).status).toBe(422);
    expect((await admin.get("audit-log/999999999")).status).toBe(404);
    expect((await admin.get("audit-log/x")).status).toBe(404);
  });

  it("is for AuditLog.viewer only, and shows a client its own entries only", async () => {
    const standard = await user("Standard User");
    expect((await standard.get("audit-log")).status).toBe(403);
    expect((await standard.get("audit-log/export")).status).toBe(403);
    const e = await newest();
    const other = await as("school@example.com");
    expect((await other.get(`audit-log/${e.id}`)).status).toBe(404);
    expect((await other.get("audit-log")).json.entries.some((x: Json) => x.id === e.id)).toBe(false);
  });

  it("exports the filtered entries as CSV with formula cells escaped and the range in the name", async () => {
    await viaPortal("PATCH", `sites/${siteId}`, { name: "=HYPERLINK(\"http://evil\")" });
    const today = new Date().toISOString().slice(0, 10);
    const r = await call("GET", `/eu/api/v2/audit-log/export?area=sites&from=${today}&to=${today}`, undefined, { authorization: `Bearer ${token}` });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-disposition")).toContain(`audit-log ${today} to ${today}.csv`);
    const text = String(r.json.raw);
    expect(text.split("\r\n")[0]).toContain("Time (UTC),User,User ID,Address");
    expect(text).toContain("'=HYPERLINK");
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    expect((await admin.get("audit-log/export?from=2026-02-01&to=2026-01-01")).status).toBe(422);
  });

  it("sweeps entries older than 13 months", async () => {
    const e = await newest();
    await up.app.db.query("UPDATE audit_log SET occurred_at = now() - interval '14 months' WHERE id = $1", [e.id]);
    expect(await sweepAuditLog(up.app)).toBe(1);
    expect((await admin.get(`audit-log/${e.id}`)).status).toBe(404);
  });
});

describe("what a user restricted to some sites reads (ADR 031)", () => {
  it("their own changes and the entries about rows within their sites; nothing about other sites, every site or no site", async () => {
    const wh = (await up.app.db.query<{ id: number }>("SELECT s.id FROM sites s JOIN clients c ON c.id = s.client_id WHERE c.region = 'eu' AND c.number = 1 AND s.name = 'Warehouse'"))[0].id;
    const restricted = await user("Administrator", { site_ids: [wh] });
    expect((await viaPortal("PATCH", `sites/${siteId}`, { address: "2 Elsewhere Road" })).status).toBe(200);
    const elsewhere = await newest();
    expect((await viaPortal("PATCH", `sites/${wh}`, { address: "Unit 5, Trafford Park" })).status).toBe(200);
    const theirs = await newest();
    expect((await admin.post("roles", { name: `Audited role ${Date.now()}`, rights: ["Today.viewer"] })).status).toBe(200);
    const role = await newest();
    expect((await admin.post("groups", { name: `Everywhere ${Date.now()}`, type: "standard" })).status).toBe(200);
    const everySite = await newest();
    expect((await restricted.post("groups", { name: `Warehouse only ${Date.now()}`, type: "standard" })).status).toBe(200);
    const ownGroup = await newest();
    expect((await restricted.post("roles", { name: `Their role ${Date.now()}`, rights: ["Today.viewer"] })).status).toBe(200);
    const ownRole = await newest();

    const read = async (who: As) => {
      const ids: number[] = [];
      for (let page = 1; ; page++) {
        const r = await who.get(`audit-log?page=${page}`);
        expect(r.status).toBe(200);
        const p = AuditLogPage.parse(r.json);
        ids.push(...p.entries.map((e) => e.id));
        if (p.entries.length < p.per_page) return { ids, users: p.users };
      }
    };
    const everything = await read(admin);
    const mine = await read(restricted);
    for (const e of [elsewhere, theirs, role, everySite, ownGroup, ownRole]) expect(everything.ids, e.label ?? "").toContain(e.id);
    for (const e of [theirs, ownGroup, ownRole]) expect(mine.ids, e.label ?? "").toContain(e.id);
    for (const e of [elsewhere, role, everySite]) expect(mine.ids, e.label ?? "").not.toContain(e.id);
    // Every entry they read is theirs or within their sites (the column migration 038 fills).
    const rows = await up.app.db.query<{ id: string; user_name: string; site_ids: number[] | null }>("SELECT id, user_name, site_ids FROM audit_log WHERE id = ANY($1::bigint[])", [mine.ids]);
    const restrictedName = (await restricted.get("config")).json.user.name as string;
    for (const r of rows) expect(r.user_name === restrictedName || (r.site_ids !== null && r.site_ids.length > 0 && r.site_ids.every((id) => id === wh)), JSON.stringify(r)).toBe(true);
    expect(mine.ids.length).toBeLessThan(everything.ids.length);
    // One entry and the export alike.
    expect((await restricted.get(`audit-log/${elsewhere.id}`)).status).toBe(404);
    expect((await admin.get(`audit-log/${elsewhere.id}`)).status).toBe(200);
    expect((await restricted.get(`audit-log/${theirs.id}`)).status).toBe(200);
    const csv = String((await restricted.get("audit-log/export")).json.raw);
    expect(csv).toContain("Unit 5, Trafford Park");
    expect(csv).not.toContain("2 Elsewhere Road");
    expect(String((await admin.get("audit-log/export")).json.raw)).toContain("2 Elsewhere Road");
    // The user filter offers only the people whose entries they read.
    const authors = new Set((await up.app.db.query<{ user_id: number }>("SELECT DISTINCT user_id FROM audit_log WHERE id = ANY($1::bigint[]) AND user_id IS NOT NULL", [mine.ids])).map((r) => r.user_id));
    expect(mine.users.every((u) => authors.has(u.id))).toBe(true);
  });
});
