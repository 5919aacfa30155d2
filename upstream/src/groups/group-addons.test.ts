/**
 * A group's settings that reach beyond the group, over HTTP against a running upstream: where it is
 * offered (its sign-in tab: every site or a list; a user restricted to some sites changes only
 * those), Time & Attendance (clients with it only; returning groups; the default manager must be a
 * member of a group with Time & Attendance on; the managers to choose from), and Central Record (its
 * organisations and rating systems read from the demo Central Record over HTTP; the choice checked
 * against it; "at least one rating system when custom"; its failures as the spec's sync errors),
 * and the seed's revision 12.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CENTRAL_RECORD_OFF,
  CENTRAL_RECORD_ORGANISATION,
  CENTRAL_RECORD_RATING_UNKNOWN,
  CentralRecordChoices,
  GroupAttachment,
  ATTACHMENT_KIND_MESSAGE,
  GROUP_ATTACHMENT_LIMITS,
  GROUP_ATTACHMENTS_FULL,
  GroupDetail,
  GROUP_SETTINGS_DEFAULTS,
  MANAGER_MESSAGE,
  ManagedGroupList,
  ManagedGroupSummary,
  ManagerChoices,
  RATING_SYSTEMS_MESSAGE,
  SITES_MESSAGE,
  SYNC_ERRORS,
  TIME_AND_ATTENDANCE_OFF,
  TIME_AND_ATTENDANCE_RETURNING,
} from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { DEMO_ORGANISATIONS, DEMO_RATING_SYSTEMS } from "../central-record/server.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
type Json = any;

const { call, as } = httpTestClient(() => up.url, "group-addons");
let admin: As;
let globex: As;
let acmeSites: number[];

function expect422(r: { status: number; json: Json }, message: string, field: string) {
  expect(r.status, JSON.stringify(r.json)).toBe(422);
  expect(r.json.errors[field]).toEqual([message]);
}

async function newGroup(who: As, name: string, type = "returning") {
  const r = await who.post("groups", { name, type });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return ManagedGroupSummary.parse(r.json).id;
}
const group = async (id: number, who: As = admin) => GroupDetail.parse((await who.get(`groups/${id}`)).json);
async function save(id: number, section: string, values: unknown, who: As = admin) {
  const r = await who.patch(`groups/${id}/settings`, { section, values });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return GroupDetail.parse(r.json);
}
const signIn = (over: Record<string, unknown>) => ({ ...GROUP_SETTINGS_DEFAULTS.sign_in, ...over });
const ta = (over: Record<string, unknown>) => ({ ...GROUP_SETTINGS_DEFAULTS.time_and_attendance, ...over });
const cr = (over: Record<string, unknown>) => ({ ...GROUP_SETTINGS_DEFAULTS.central_record, ...over });

async function member(groupId: number, name: string): Promise<number> {
  const [{ id }] = await up.app.db.query<{ id: number }>("INSERT INTO members (group_id, name) VALUES ($1, $2) RETURNING id", [groupId, name]);
  return id;
}

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  await call("POST", "/__test/clients/eu:1", { group_limit: null });
  admin = await as("admin@example.com");
  globex = await as("globex@example.com", "us");
  acmeSites = (await admin.get("sites")).json.map((s: { id: number }) => s.id);
}, 120_000);

afterAll(async () => {
  await up?.stop();
}, 60_000);

describe("where a group is offered (its sign-in tab)", () => {
  it("every site, or exactly the sites listed; the sites' groups tab sees the same", async () => {
    const id = await newGroup(admin, "Offered group", "standard");
    expect((await group(id)).settings.sign_in).toMatchObject({ every_site: true, site_ids: [] });
    const two = acmeSites.slice(0, 2);
    expect((await save(id, "sign_in", signIn({ every_site: false, site_ids: [two[1], two[0]] }))).settings.sign_in).toMatchObject({ every_site: false, site_ids: [...two].sort((a, b) => a - b) });
    const at = async (site: number) => (await admin.get(`sites/${site}/groups`)).json.groups.find((g: { id: number }) => g.id === id).shown;
    expect([await at(two[0]), await at(two[1]), await at(acmeSites[2])]).toEqual([true, true, false]);
    expect((await save(id, "sign_in", signIn({ every_site: true, site_ids: [two[0]] }))).settings.sign_in).toMatchObject({ every_site: true, site_ids: [] });
    // Every site is every site for the queries too (SQL NULL, not a JSON null): signing in offers it at every site.
    const [{ stored }] = await up.app.db.query<{ stored: unknown }>("SELECT site_ids IS NULL AS stored FROM groups WHERE id = $1", [id]);
    expect(stored).toBe(true);
    for (const site of acmeSites.slice(0, 3)) {
      expect(((await admin.get(`sites/${site}/sign-in-options`)).json.groups as { id: number }[]).map((g) => g.id)).toContain(id);
    }
    // Another client's site, or an unknown one: refused, nothing saved.
    const theirs = (await globex.get("sites")).json[0].id;
    expect422(await admin.patch(`groups/${id}/settings`, { section: "sign_in", values: signIn({ every_site: false, site_ids: [theirs] }) }), SITES_MESSAGE, "values.site_ids");
    expect422(await admin.patch(`groups/${id}/settings`, { section: "sign_in", values: signIn({ every_site: false, site_ids: [999999] }) }), SITES_MESSAGE, "values.site_ids");
    expect((await group(id)).settings.sign_in.every_site).toBe(true);
  });

  it("a user restricted to some sites changes only theirs, and cannot make a group every-site", async () => {
    const id = await newGroup(admin, "Restricted offer", "standard");
    const [mine, other] = acmeSites;
    const r = await call("POST", "/__test/users", { email: "addons-restricted@example.com", role: "Administrator", client: "eu:1", site_ids: [mine] });
    expect(r.status).toBe(201);
    const restricted = await as("addons-restricted@example.com");
    // Every site → untick mine: every other site the client has now keeps it.
    const after = (await save(id, "sign_in", signIn({ every_site: false, site_ids: [] }), restricted)).settings.sign_in;
    expect(after.every_site).toBe(false);
    expect(after.site_ids).toEqual(acmeSites.filter((s) => s !== mine).sort((a, b) => a - b));
    // Shown at none of their sites now, the group is no longer theirs to see or change (ADR 031):
    // 404 as an unknown group, and nothing changes; an administrator of every site offers it again.
    const gone = await restricted.patch(`groups/${id}/settings`, { section: "sign_in", values: signIn({ every_site: false, site_ids: [mine] }) });
    expect(gone.status).toBe(404);
    expect((await group(id)).settings.sign_in.site_ids).not.toContain(mine);
    expect((await save(id, "sign_in", signIn({ every_site: false, site_ids: acmeSites }))).settings.sign_in.site_ids).toContain(mine);
    // Theirs again: a site they do not see, or every site, is refused.
    expect422(await restricted.patch(`groups/${id}/settings`, { section: "sign_in", values: signIn({ every_site: false, site_ids: [other] }) }), SITES_MESSAGE, "values.site_ids");
    expect422(await restricted.patch(`groups/${id}/settings`, { section: "sign_in", values: signIn({ every_site: true }) }), SITES_MESSAGE, "values.every_site");
    expect((await group(id)).settings.sign_in.site_ids).toEqual([...acmeSites].sort((a, b) => a - b));
  });
});

describe("Time & Attendance", () => {
  it("a default manager must be a member of a group with Time & Attendance on (this group counting as saved)", async () => {
    const team = await newGroup(admin, "T&A team");
    const other = await newGroup(admin, "T&A others");
    const lead = await member(team, "Tess Lead");
    const outsider = await member(other, "Otto Outside");
    // The manager's own group is off: refused; on in the same save: fine.
    expect422(await admin.patch(`groups/${team}/settings`, { section: "time_and_attendance", values: ta({ enabled: false, default_manager_id: lead }) }), MANAGER_MESSAGE, "values.default_manager_id");
    expect((await save(team, "time_and_attendance", ta({ enabled: true, default_manager_id: lead, rounding: "10" }))).settings.time_and_attendance).toEqual({ enabled: true, default_manager_id: lead, rounding: "10" });
    // Not Otto (his group is off), nor a member of another client; another group may take Tess (hers is on).
    expect422(await admin.patch(`groups/${team}/settings`, { section: "time_and_attendance", values: ta({ enabled: true, default_manager_id: outsider }) }), MANAGER_MESSAGE, "values.default_manager_id");
    expect((await save(other, "time_and_attendance", ta({ enabled: true, default_manager_id: lead }))).settings.time_and_attendance.default_manager_id).toBe(lead);
    const theirs = (await up.app.db.query<{ id: number }>("SELECT m.id FROM members m JOIN groups g ON g.id = m.group_id JOIN clients c ON c.id = g.client_id WHERE c.region = 'us' LIMIT 1"))[0].id;
    expect422(await admin.patch(`groups/${team}/settings`, { section: "time_and_attendance", values: ta({ enabled: true, default_manager_id: theirs }) }), MANAGER_MESSAGE, "values.default_manager_id");
    // Team manages "others": it cannot turn Time & Attendance off while it does.
    expect422(await admin.patch(`groups/${team}/settings`, { section: "time_and_attendance", values: ta({ enabled: false }) }), MANAGER_MESSAGE, "values.enabled");
    expect((await group(team)).settings.time_and_attendance.enabled).toBe(true);
    // Deleting the manager clears the choice.
    await up.app.db.query("DELETE FROM members WHERE id = $1", [lead]);
    expect((await group(other)).settings.time_and_attendance.default_manager_id).toBeNull();
  });

  it("the managers to choose from: members of groups with it on, searchable; Time & Attendance clients and returning groups only", async () => {
    const list = ManagerChoices.parse((await admin.get("time-and-attendance/managers")).json);
    expect(list.managers.map((m) => m.name)).toContain("Amelia Hart");
    expect(list.managers.every((m) => m.group.name !== "Visitors")).toBe(true);
    expect(ManagerChoices.parse((await admin.get("time-and-attendance/managers?search=amel")).json).managers.map((m) => m.name)).toEqual(["Amelia Hart"]);
    const visitors = await newGroup(admin, "T&A visitors", "standard");
    expect422(await admin.patch(`groups/${visitors}/settings`, { section: "time_and_attendance", values: ta({ enabled: true }) }), TIME_AND_ATTENDANCE_RETURNING, "values.enabled");
    // Globex has no Time & Attendance.
    const g = await newGroup(globex, "Globex T&A");
    expect422(await globex.patch(`groups/${g}/settings`, { section: "time_and_attendance", values: ta({ enabled: true }) }), TIME_AND_ATTENDANCE_OFF, "values.enabled");
    expect((await globex.get("time-and-attendance/managers")).status).toBe(403);
    // A user with neither group right may not list them.
    const front = await as("frontdesk@example.com");
    expect((await front.get("time-and-attendance/managers")).status).toBe(403);
  });
});

describe("Central Record", () => {
  it("reads the organisations and rating systems from the demo Central Record", async () => {
    const record = CentralRecordChoices.parse((await globex.get("central-record")).json);
    expect(record).toEqual({ organisations: DEMO_ORGANISATIONS, rating_systems: DEMO_RATING_SYSTEMS, error: null });
    // A client without Central Record: refused.
    expect([(await admin.get("central-record")).status, (await admin.get("central-record")).json.message]).toEqual([403, CENTRAL_RECORD_OFF]);
  });

  it("saves an organisation and the rating systems; custom needs at least one; unknown ones are refused", async () => {
    const id = await newGroup(globex, "Globex checked");
    const saved = await save(id, "central_record", cr({ organisation_id: "org-north", rating_mode: "custom", rating_systems: ["dbs", "safeguarding", "dbs"] }), globex);
    expect(saved.settings.central_record).toEqual({ organisation_id: "org-north", rating_mode: "custom", rating_systems: ["dbs", "safeguarding"] });
    // "All" keeps no list.
    expect((await save(id, "central_record", cr({ organisation_id: "org-north", rating_mode: "all", rating_systems: ["dbs"] }), globex)).settings.central_record.rating_systems).toEqual([]);
    expect422(await globex.patch(`groups/${id}/settings`, { section: "central_record", values: cr({ rating_mode: "custom", rating_systems: [] }) }), RATING_SYSTEMS_MESSAGE, "values.rating_systems");
    expect422(await globex.patch(`groups/${id}/settings`, { section: "central_record", values: cr({ organisation_id: "org-elsewhere" }) }), CENTRAL_RECORD_ORGANISATION, "values.organisation_id");
    expect422(await globex.patch(`groups/${id}/settings`, { section: "central_record", values: cr({ rating_mode: "custom", rating_systems: ["astrology"] }) }), CENTRAL_RECORD_RATING_UNKNOWN, "values.rating_systems");
    // Acme has no Central Record.
    const acme = await newGroup(admin, "Acme checked");
    expect422(await admin.patch(`groups/${acme}/settings`, { section: "central_record", values: cr({}) }), CENTRAL_RECORD_OFF, "values.organisation_id");
    expect((await group(id, globex)).settings.central_record).toMatchObject({ organisation_id: "org-north", rating_mode: "all" });
  });

  it("its failures are the spec's sync errors: read as an error code, a save refused, nothing saved", async () => {
    const id = await newGroup(globex, "Globex faults");
    for (const fault of ["central_record_connection", "wonde_removed"] as const) {
      await call("POST", "/__test/central-record/fault", { fault });
      try {
        expect(CentralRecordChoices.parse((await globex.get("central-record")).json)).toEqual({ organisations: [], rating_systems: [], error: fault });
        expect422(await globex.patch(`groups/${id}/settings`, { section: "central_record", values: cr({ organisation_id: "org-main" }) }), SYNC_ERRORS[fault], "values.organisation_id");
      } finally {
        await call("POST", "/__test/central-record/fault", { fault: null });
      }
    }
    expect((await group(id, globex)).settings.central_record).toEqual(GROUP_SETTINGS_DEFAULTS.central_record);
    // The demo Central Record itself refuses a wrong key.
    expect((await call("GET", "/central-record/api/v1/organisations", undefined, { authorization: "Bearer crk.eA.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" })).status).toBe(401);
  });
});

describe("attachments", () => {
  const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
  it("a group's emails carry up to 5 PDFs or images of at most 30 MB; its viewers read them, nobody else; deleted with the group", async () => {
    const id = await newGroup(admin, "Attached", "standard");
    const up1 = await admin.upload(`groups/${id}/attachments`, "Welcome pack.pdf", PDF, "application/pdf");
    expect(up1.status, JSON.stringify(up1.json)).toBe(200);
    const a = GroupAttachment.parse(up1.json);
    expect([a.filename, a.kind, a.size]).toEqual(["Welcome pack.pdf", "pdf", PDF.length]);
    expect(GroupAttachment.array().parse((await admin.get(`groups/${id}/attachments`)).json).map((x) => x.id)).toEqual([a.id]);
    // Read by the group's viewers only: not a standard user, not another client.
    expect((await admin.file(a.file)).status).toBe(200);
    expect(Buffer.from(await (await admin.file(a.file)).arrayBuffer())).toEqual(PDF);
    expect((await (await as("standard@example.com")).file(a.file)).status).toBe(404);
    expect((await globex.file(a.file)).status).toBe(404);
    expect((await fetch(`${up.url}/eu/api/v2/files/${a.file}`)).status).toBe(404);
    // Not a PDF or an image; more than 30 MB; a sixth.
    expect422(await admin.upload(`groups/${id}/attachments`, "run.exe", Buffer.from("MZ\x90\x00"), "application/octet-stream"), ATTACHMENT_KIND_MESSAGE, "file");
    const big = await admin.upload(`groups/${id}/attachments`, "big.pdf", Buffer.concat([PDF, Buffer.alloc(GROUP_ATTACHMENT_LIMITS.bytes + 1 - PDF.length)]), "application/pdf");
    expect([413, 422]).toContain(big.status);
    for (let i = 2; i <= GROUP_ATTACHMENT_LIMITS.perGroup; i++) expect((await admin.upload(`groups/${id}/attachments`, `doc ${i}.pdf`, PDF, "application/pdf")).status).toBe(200);
    expect422(await admin.upload(`groups/${id}/attachments`, "six.pdf", PDF, "application/pdf"), GROUP_ATTACHMENTS_FULL, "file");
    // Deleted: gone, and its file.
    expect((await admin.del(`groups/${id}/attachments/${a.id}`)).status).toBe(200);
    expect((await admin.file(a.file)).status).toBe(404);
    expect((await admin.del(`groups/${id}/attachments/${a.id}`)).status).toBe(404);
    // A viewer may not change them; another client's group is not found.
    const front = await as("frontdesk@example.com");
    expect((await front.upload(`groups/${id}/attachments`, "x.pdf", PDF, "application/pdf")).status).toBe(403);
    expect((await globex.get(`groups/${id}/attachments`)).status).toBe(404);
    // The group deleted: every file goes with it.
    const left = GroupAttachment.array().parse((await admin.get(`groups/${id}/attachments`)).json);
    expect((await admin.del(`groups/${id}`, { name: "Attached" })).status).toBe(200);
    for (const x of left) expect((await admin.file(x.file)).status).toBe(404);
    expect((await up.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM files WHERE group_id = $1", [id]))[0].n).toBe(0);
  });
});

describe("the seed", () => {
  it("revision 12: Acme's Staff tracks time with Amelia Hart as its manager; Globex's Staff is linked to Central Record", async () => {
    const staff = ManagedGroupList.parse((await admin.get("manage/groups?search=Staff")).json).groups.find((g) => g.name === "Staff")!;
    const ta_ = (await group(staff.id)).settings.time_and_attendance;
    expect(ta_).toMatchObject({ enabled: true, rounding: "5" });
    const manager = ManagerChoices.parse((await admin.get("time-and-attendance/managers?search=Amelia")).json).managers[0];
    expect(ta_.default_manager_id).toBe(manager.id);
    const gStaff = ManagedGroupList.parse((await globex.get("manage/groups?search=Staff")).json).groups.find((g) => g.name === "Staff")!;
    expect((await group(gStaff.id, globex)).settings.central_record).toEqual({ organisation_id: "org-main", rating_mode: "custom", rating_systems: ["dbs", "right-to-work"] });
  });

  it("no answer broke the contract, and nothing failed on the server", () => {
    expect(serverErrors).toEqual([]);
  });
});
