/**
 * The visit history and its export over HTTP against a running upstream (issue 17; ADR 025): the
 * filters (site, group, days in the site's zone, name or company, status, pages of 15, newest
 * first); the site restriction of `client_users.site_ids`; every range refusal with its message;
 * the export's rows (oldest first, CSV and XLSX) with a cell starting with `=` escaped; rights;
 * the personal-fields flag on the dialog's visit; the seed's revision 22 and the busy client.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { HISTORY_EXPORT_HEADERS, HISTORY_MESSAGES, HistoryList, RANGE_MESSAGES } from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
const { call, as } = httpTestClient(() => up.url, "history");
let admin: As;
let sites: { id: number; name: string }[];
let hq: number, other: number, visitorsId: number, contractorsId: number;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const T = "Zq"; // every name this file adds contains it

async function addVisit(site: number, group: number, name: string, company: string | null, daysAgo: number, status = "signed_out") {
  await up.app.db.query(
    `INSERT INTO visits (site_id, group_id, name, company, status, created_at, signed_in_at, signed_out_at)
     VALUES ($1, $2, $3, $4, $5, now() - make_interval(days => $6), now() - make_interval(days => $6), CASE WHEN $5 = 'signed_out' THEN now() - make_interval(days => $6) + interval '1 hour' END)`,
    [site, group, name, company, status, daysAgo],
  );
}
const list = async (q: string, who: As = admin) => {
  const r = await who.get(`reports/history?${q}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return HistoryList.parse(r.json);
};
function expect422(r: { status: number; json: { errors?: Record<string, string[]> } }, field: string, message: string) {
  expect(r.status, JSON.stringify(r.json)).toBe(422);
  expect(r.json.errors?.[field]).toEqual([message]);
}

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
  sites = (await admin.get("sites")).json;
  const standardSites = (await up.app.db.query<{ id: number; name: string }>(`SELECT s.id, s.name FROM sites s JOIN clients c ON c.id = s.client_id WHERE c.number = 1 AND c.region = 'eu' AND s.type = 'standard' ORDER BY s.position`));
  hq = standardSites[0]!.id;
  other = standardSites[1]!.id;
  const groups = await up.app.db.query<{ id: number; name: string }>(`SELECT g.id, g.name FROM groups g JOIN clients c ON c.id = g.client_id WHERE c.number = 1 AND c.region = 'eu' ORDER BY g.position`);
  visitorsId = groups.find((g) => g.name === "Visitors")!.id;
  contractorsId = groups.find((g) => g.name === "Contractors")!.id;
  await addVisit(hq, visitorsId, `Ann ${T} One`, "=HYPERLINK(1)", 2);
  await addVisit(hq, contractorsId, `Bob ${T} Two`, "Builders", 5);
  await addVisit(other, visitorsId, `Cat ${T} Three`, "Zebra Co", 3, "rejected");
  await addVisit(other, visitorsId, `Dan ${T} Four`, null, 0, "signed_in");
  await up.app.db.query(`UPDATE visits SET rejection_reason = 'block_list_match' WHERE name = $1`, [`Cat ${T} Three`]);
  await up.app.db.query(`UPDATE visits SET safety_flag = 'failed_central_record' WHERE name = $1`, [`Dan ${T} Four`]);
  for (let i = 0; i < 17; i++) await addVisit(hq, visitorsId, `Page ${T} ${i}`, null, 40 + i);
}, 120_000);

afterAll(async () => {
  expect(serverErrors).toEqual([]);
  await up?.stop();
}, 60_000);

describe("GET reports/history", () => {
  it("filters by site, group, days, name or company and status; 15 a page, newest first", async () => {
    const mine = await list(`q=${T}`);
    expect(mine.total).toBe(21);
    expect([mine.data.length, mine.per_page]).toEqual([15, 15]);
    expect(mine.data.slice(0, 4).map((v) => v.name)).toEqual([`Dan ${T} Four`, `Ann ${T} One`, `Cat ${T} Three`, `Bob ${T} Two`]);
    expect((await list(`q=${T}&page=2`)).data.length).toBe(6);
    expect((await list(`q=${T}&site_id=${other}`)).data.map((v) => v.name)).toEqual([`Dan ${T} Four`, `Cat ${T} Three`]);
    expect((await list(`q=${T}&group_id=${contractorsId}`)).data.map((v) => v.name)).toEqual([`Bob ${T} Two`]);
    expect((await list(`q=${T}&from=${day(-6)}&to=${day(-1)}`)).data.map((v) => v.name)).toEqual([`Ann ${T} One`, `Cat ${T} Three`, `Bob ${T} Two`]);
    expect((await list(`q=zebra`)).data.map((v) => v.name)).toEqual([`Cat ${T} Three`]);
    expect((await list(`q=${T}&status=rejected`)).data.map((v) => v.name)).toEqual([`Cat ${T} Three`]);
    expect((await list(`q=${T}&status=signed_in`)).data.map((v) => v.name)).toEqual([`Dan ${T} Four`]);
    expect((await list(`q=${T}&status=signed_out&from=${day(-6)}`)).data.map((v) => v.name)).toEqual([`Ann ${T} One`, `Bob ${T} Two`]);
    // A % or _ in the search is literal.
    expect((await list(`q=${encodeURIComponent("%")}`)).total).toBe(0);
    expect(mine.sites.map((s) => s.id)).toEqual(sites.map((s) => s.id));
  });

  it("a user restricted to listed sites never sees another site's visits", async () => {
    const standard = await as("standard@example.com"); // Acme's Standard User, Head Office only
    const seen = await list(`q=${T}`, standard);
    expect(seen.data.every((v) => v.site_id === hq)).toBe(true);
    expect(seen.total).toBe(19);
    expect(seen.sites.map((s) => s.id)).toEqual([hq]);
    expect422(await standard.get(`reports/history?site_id=${other}`), "site_id", HISTORY_MESSAGES.site);
    const otherVisit = (await list(`q=Cat ${T}`)).data[0]!.id;
    expect((await standard.get(`reports/history/visits/${otherVisit}`)).status).toBe(404);
  });

  it("refuses hostile filters with their messages", async () => {
    expect422(await admin.get("reports/history?from=2026-02-30"), "from", RANGE_MESSAGES.malformed);
    expect422(await admin.get("reports/history?to=yesterday"), "to", RANGE_MESSAGES.malformed);
    expect422(await admin.get("reports/history?from=2026-05-02&to=2026-05-01"), "to", RANGE_MESSAGES.reversed);
    expect422(await admin.get("reports/history?from=2038-01-01"), "from", RANGE_MESSAGES.tooLate);
    expect422(await admin.get("reports/history?to=2099-01-01"), "to", RANGE_MESSAGES.tooLate);
    expect422(await admin.get("reports/history?site_id=99999999"), "site_id", HISTORY_MESSAGES.site);
    expect422(await admin.get("reports/history?site_id=1e3"), "site_id", HISTORY_MESSAGES.site);
    expect422(await admin.get("reports/history?group_id=99999999"), "group_id", HISTORY_MESSAGES.group);
    expect422(await admin.get(`reports/history?q=${"q".repeat(101)}`), "q", HISTORY_MESSAGES.q);
    expect422(await admin.get("reports/history?status=deleted"), "status", HISTORY_MESSAGES.status);
    expect422(await admin.get("reports/history?page=0"), "page", HISTORY_MESSAGES.page);
    expect422(await admin.get("reports/history?page=99999999"), "page", HISTORY_MESSAGES.page);
  });
});

describe("GET reports/history/export", () => {
  const exportOf = (q: string, who: As = admin) => who.get(`reports/history/export?${q}`);

  it("refuses every bad range before the first byte", async () => {
    expect422(await exportOf(`format=csv&from=${day(-31)}&to=${day(0)}`), "to", RANGE_MESSAGES.tooLong);
    expect422(await exportOf(`format=csv&from=${day(-400)}&to=${day(-390)}`), "from", RANGE_MESSAGES.tooOld);
    expect422(await exportOf(`format=csv&from=${day(0)}&to=${day(-1)}`), "to", RANGE_MESSAGES.reversed);
    expect422(await exportOf("format=csv&from=2037-12-31&to=2038-01-02"), "to", RANGE_MESSAGES.tooLate);
    expect422(await exportOf("format=csv"), "from", RANGE_MESSAGES.malformed);
    expect422(await exportOf(`format=pdf&from=${day(-3)}&to=${day(0)}`), "format", "Choose csv or xlsx");
    expect422(await exportOf(`format=csv&from=${day(-3)}&to=${day(0)}&status=nope`), "status", HISTORY_MESSAGES.status);
    // History.export is its own right: the Standard User has History.viewer only.
    const standard = await as("standard@example.com");
    const r = await exportOf(`format=csv&from=${day(-3)}&to=${day(0)}`, standard);
    expect(r.status).toBe(403);
    expect(r.json.message).toBe(HISTORY_MESSAGES.export);
  });

  it("streams the rows oldest first as CSV and XLSX, a cell starting with = escaped, named for the range", async () => {
    const q = `from=${day(-10)}&to=${day(0)}&q=${T}`;
    const csv = await exportOf(`format=csv&${q}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toContain(`history-${day(-10)}-to-${day(0)}.csv`);
    const lines = String(csv.json.raw).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe(HISTORY_EXPORT_HEADERS.join(","));
    expect(lines.slice(1).map((l) => l.split(",")[3])).toEqual([`Bob ${T} Two`, `Cat ${T} Three`, `Ann ${T} One`, `Dan ${T} Four`]);
    expect(lines.find((l) => l.includes("Ann"))).toContain(",'=HYPERLINK(1),");
    expect(lines.find((l) => l.includes("Cat"))).toContain(",rejected,");
    // The safety check's outcome, in words (ADR 029): rejected, flagged, or nothing.
    expect(lines.find((l) => l.includes("Cat"))?.endsWith(",Rejected: Block list match")).toBe(true);
    expect(lines.find((l) => l.includes("Dan"))?.endsWith(",Flagged: Failed Central Record requirements")).toBe(true);
    expect(lines.find((l) => l.includes("Bob"))?.endsWith(",")).toBe(true);

    const res = await fetch(`${up.url}/eu/api/v2/reports/history/export?format=xlsx&${q}`, { headers: { authorization: (await login()).authorization } });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const rows: string[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
    expect(rows[0]).toEqual([...HISTORY_EXPORT_HEADERS]);
    expect(rows.slice(1).map((r) => r[3])).toEqual([`Bob ${T} Two`, `Cat ${T} Three`, `Ann ${T} One`, `Dan ${T} Four`]);
    expect(rows.find((r) => r[3]?.startsWith("Ann"))?.[4]).toBe("'=HYPERLINK(1)");
  });

  it("pages a large range by keyset without losing or repeating a row", async () => {
    const { EXPORT_PAGE } = await import("./history.ts");
    const n = EXPORT_PAGE + 7;
    await up.app.db.query(
      `INSERT INTO visits (site_id, group_id, name, status, created_at) SELECT $1, $2, 'Keyset ' || i, 'signed_out', date_trunc('minute', now()) - interval '20 days' FROM generate_series(1, $3::int) AS i`,
      [hq, visitorsId, n],
    );
    const csv = await exportOf(`format=csv&from=${day(-21)}&to=${day(-19)}&q=Keyset`);
    const names = String(csv.json.raw).trim().split("\r\n").slice(1).map((l) => l.split(",")[3]);
    expect(names.length).toBe(n);
    expect(new Set(names).size).toBe(n);
  });
});

describe("the dialog's visit from the history", () => {
  it("is read under History.viewer; personal fields only with the flag", async () => {
    const id = (await list(`q=Ann ${T}`)).data[0]!.id;
    await up.app.db.query(`UPDATE visits SET fields = '[{"label":"Car registration","value":"AB12 CDE"}]' WHERE id = $1`, [id]);
    const on = await admin.get(`reports/history/visits/${id}`);
    expect(on.json.fields).toEqual([{ label: "Car registration", value: "AB12 CDE" }]);
    await up.app.db.query(`UPDATE clients SET settings = settings - 'beta.visit-record-personal-fields' WHERE region = 'eu' AND number = 1`);
    const off = await (await as("admin@example.com")).get(`reports/history/visits/${id}`);
    expect(off.json.fields).toEqual([]);
    expect((await admin.get(`reports/history/visits/${id}/badge`)).json.name).toBe(`Ann ${T} One`);
    await up.app.db.query(`UPDATE clients SET settings = settings || '{"beta.visit-record-personal-fields": true}' WHERE region = 'eu' AND number = 1`);
  });
});

describe("demo data", () => {
  it("revision 22 gives Acme a past; the busy client is made on demand, once", async () => {
    const past = await list("from=" + day(-90) + "&to=" + day(-2));
    expect(past.total).toBeGreaterThan(500);
    expect((await up.app.db.query("SELECT 1 FROM clients WHERE number = 900")).length).toBe(0);
    const { seedBusyClient } = await import("./seed-busy.ts");
    const made = await seedBusyClient(up.app.db, 2000);
    expect(made).toMatchObject({ created: true, visits: 2000 });
    expect(await seedBusyClient(up.app.db, 2000)).toMatchObject({ created: false, visits: 2000 });
    const busy = await as("busy@example.com");
    expect((await list("", busy)).total).toBe(2000);
  });
});

async function login() {
  const r = await call("POST", "/api/v2/auth/login", { email: "admin@example.com", password: "Demo-Passw0rd!" });
  return { authorization: `Bearer ${r.json.access_token}` };
}
