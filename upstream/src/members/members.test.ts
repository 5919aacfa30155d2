/**
 * The members tab and the member editor over HTTP against a running upstream (issue 15, ADR 017):
 * the list's filter, search and counts; adding and saving every tab with the core rules' messages;
 * sensitive personal fields; archive (credentials revoked) and unarchive; delete (visits kept);
 * multi-edit all or nothing; companion invites (72 hours, email needed); documents; QR and RFID;
 * sign-in offering only current members shown at the site; rights; the seed's revision 13.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMBER_EDITOR_MESSAGES, MEMBER_MESSAGES, MemberDetail, MemberList } from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";
import { SEEDED_MEMBERS } from "./seed.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
type Json = any;

const { call, as } = httpTestClient(() => up.url, "members");
let admin: As;
let acmeSites: number[];

function expect422(r: { status: number; json: Json }, field: string, message: string) {
  expect(r.status, JSON.stringify(r.json)).toBe(422);
  expect(r.json.errors[field]).toEqual([message]);
}

/** A returning group shown at every Acme site (stored as every site: SQL NULL). */
async function newGroup(name: string, members: string[] = []): Promise<{ id: number; members: { id: number; name: string }[] }> {
  const r = await call("POST", "/__test/groups", { client: "eu:1", name, members, site_ids: acmeSites });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  await up.app.db.query("UPDATE groups SET site_ids = NULL WHERE id = $1", [r.json.id]);
  return r.json;
}
const base = (g: number) => `groups/${g}/members`;
const read = async (g: number, m: number, who: As = admin) => {
  const r = await who.get(`${base(g)}/${m}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return MemberDetail.parse(r.json);
};
const list = async (g: number, q = "") => MemberList.parse((await admin.get(`${base(g)}${q}`)).json);

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  await call("POST", "/__test/clients/eu:1", { group_limit: null });
  admin = await as("admin@example.com");
  acmeSites = (await admin.get("sites")).json.map((s: { id: number }) => s.id);
}, 120_000);

afterAll(async () => {
  expect(serverErrors).toEqual([]);
  await up?.stop();
}, 60_000);

describe("the list", () => {
  it("filters all/current/upcoming/archived with counts, searches, and pages by 15", async () => {
    const g = await newGroup("List group", Array.from({ length: 17 }, (_, i) => `person ${String(i).padStart(2, "0")}`));
    const [a, b, c] = g.members;
    await up.app.db.query("UPDATE members SET starts_on = current_date + 3 WHERE id = $1", [a!.id]);
    await up.app.db.query("UPDATE members SET ends_on = current_date - 3 WHERE id = $1", [b!.id]);
    expect((await admin.post(`${base(g.id)}/archive`, { ids: [c!.id], archived: true })).status).toBe(200);
    const all = await list(g.id);
    expect(all.counts).toEqual({ all: 17, current: 14, upcoming: 1, archived: 1 });
    expect([all.total, all.members.length, all.per_page]).toEqual([17, 15, 15]);
    expect(all.members.slice(0, 3).map((m) => m.state)).toEqual(["upcoming", "ended", "archived"]);
    expect((await list(g.id, "?filter=upcoming")).members.map((m) => m.name)).toEqual(["person 00"]);
    expect((await list(g.id, "?filter=archived")).members.map((m) => m.name)).toEqual(["person 02"]);
    expect((await list(g.id, "?filter=current&page=1")).total).toBe(14);
    expect((await list(g.id, "?search=person%2016")).members.map((m) => m.name)).toEqual(["person 16"]);
    expect((await list(g.id, `?ids=${a!.id},${b!.id}`)).members.map((m) => m.id)).toEqual([a!.id, b!.id]);
  });
});

describe("the editor", () => {
  it("adds a member with the core rules and saves every tab", async () => {
    const g = await newGroup("Editor group");
    expect422(await admin.post(base(g.id), { name: " " }), "name", MEMBER_MESSAGES.nameRequired);
    expect422(await admin.post(base(g.id), { name: "X", pin: "12" }), "pin", MEMBER_MESSAGES.pin);
    expect422(await admin.post(base(g.id), { name: "X", starts_on: "2030-01-02", ends_on: "2030-01-01" }), "ends_on", MEMBER_MESSAGES.dates);
    const r = await admin.post(base(g.id), { name: "Ada  Lovelace", email: "ada@example.com", mobile: "07911 123456", pin: "1234" });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const m = MemberDetail.parse(r.json);
    expect([m.name, m.mobile, m.state]).toEqual(["Ada Lovelace", "+447911123456", "current"]);
    expect422(await admin.post(base(g.id), { name: "Other", email: "ADA@example.com" }), "email", MEMBER_MESSAGES.emailTaken);

    const save = async (body: unknown) => {
      const s = await admin.patch(`${base(g.id)}/${m.id}`, body);
      expect(s.status, JSON.stringify(s.json)).toBe(200);
      return MemberDetail.parse(s.json);
    };
    expect((await save({ core: { name: "Ada King", site_ids: [acmeSites[0]] } })).site_ids).toEqual([acmeSites[0]]);
    const contacts = await save({ emergency_contacts: [{ name: "Bea", phone: "020 7946 0000", phone_type: "home", relationship: "parent" }] });
    expect(contacts.emergency_contacts).toEqual([{ name: "Bea", phone: "+442079460000", phone_type: "home", relationship: "parent" }]);
    expect422(await admin.patch(`${base(g.id)}/${m.id}`, { emergency_contacts: [{ name: "Bad", phone: "12", phone_type: "home", relationship: "parent" }] }), "emergency_contacts.0.phone", MEMBER_MESSAGES.mobile);
    expect((await save({ notifications: { welcome_email: false } })).notifications).toMatchObject({ welcome_email: false, evacuation_sms: true });
    expect((await save({ permissions: { mobile_sign_in: true } })).permissions).toMatchObject({ mobile_sign_in: true, pre_register: false });
    // Acme has no `ai-chat`: the AI assistant is not offered and cannot be set.
    expect((await read(g.id, m.id)).permissions_offered).not.toContain("ai_assistant");
    expect422(await admin.patch(`${base(g.id)}/${m.id}`, { permissions: { ai_assistant: true } }), "permissions.ai_assistant", MEMBER_EDITOR_MESSAGES.aiAssistant);
    expect((await save({ evacuation: { assistance: "visual", notes: "Guide to exit B", warden: true, first_aider: false } })).evacuation).toEqual({ assistance: "visual", notes: "Guide to exit B", warden: true, first_aider: false });
    // Permitted zones: ids of zones of the member's sites (the choices come with the member), once each.
    const hq = (await admin.get("sites")).json.find((s: { name: string }) => s.name === "Head Office").id as number;
    await save({ core: { site_ids: [hq] } });
    const choices = (await read(g.id, m.id)).spaces.sites;
    expect(choices.map((s) => s.site_id)).toEqual([hq]);
    expect(choices[0]!.zones.find((z) => z.name === "Open plan")).toMatchObject({ path: "Floor 2 › Open plan", depth: 1 });
    const [floor2, openPlan] = ["Floor 2", "Open plan"].map((n) => String(choices[0]!.zones.find((z) => z.name === n)!.id));
    expect((await save({ spaces: { zones: [openPlan!, openPlan!, floor2!] } })).spaces.zones).toEqual([openPlan, floor2]);
    // Another site's zone, an unknown id, a name: 422 on the entry; nothing stored.
    const other = (await call("POST", "/__test/sites", { client: "eu:1", name: `Zones elsewhere ${Date.now()}` })).json.id as number;
    await call("POST", `/__test/sites/${other}/spaces`, {});
    const elsewhere = String((await call("POST", `/__test/sites/${other}/spaces/nodes`, { name: "Elsewhere" })).json.id);
    expect422(await admin.patch(`${base(g.id)}/${m.id}`, { spaces: { zones: [openPlan, elsewhere] } }), "spaces.zones.1", MEMBER_EDITOR_MESSAGES.zoneUnknown);
    expect422(await admin.patch(`${base(g.id)}/${m.id}`, { spaces: { zones: ["999999999"] } }), "spaces.zones.0", MEMBER_EDITOR_MESSAGES.zoneUnknown);
    expect422(await admin.patch(`${base(g.id)}/${m.id}`, { spaces: { zones: ["North"] } }), "spaces.zones.0", MEMBER_EDITOR_MESSAGES.zoneUnknown);
    expect((await read(g.id, m.id)).spaces.zones).toEqual([openPlan, floor2]);
    expect((await save({ spaces: { zones: [] } })).spaces.zones).toEqual([]);
    await save({ core: { site_ids: [acmeSites[0]] } });
    const rota = { mon: 8, tue: 8, wed: 8, thu: 8, fri: 4, sat: 0, sun: 0 };
    expect((await save({ time_and_attendance: { rota, leave_allowance: 25.5, adjustments: [{ days: -1, reason: "Bought back" }] } })).time_and_attendance.leave_allowance).toBe(25.5);
    // Central Record is off for Acme.
    expect422(await admin.patch(`${base(g.id)}/${m.id}`, { central_record: { record_id: "CR-1" } }), "central_record.record_id", MEMBER_EDITOR_MESSAGES.centralRecordOff);
    // The credential warning: a site the member is shown at that the group is not.
    await up.app.db.query("UPDATE groups SET site_ids = $2::jsonb WHERE id = $1", [g.id, JSON.stringify([acmeSites[1]])]);
    expect((await read(g.id, m.id)).credential_warnings.map((w) => w.site_id)).toEqual([acmeSites[0]]);
  });

  it("withholds sensitive personal answers without GroupMember.sensitive, and refuses writing them", async () => {
    const g = await newGroup("Sensitive group", ["Sam"]);
    const [{ id: plain }] = await up.app.db.query<{ id: number }>("INSERT INTO group_personal_fields (group_id, label, type, options) VALUES ($1, 'Team', 'dropdown', '[\"Red\",\"Blue\"]'::jsonb) RETURNING id", [g.id]);
    const [{ id: secret }] = await up.app.db.query<{ id: number }>("INSERT INTO group_personal_fields (group_id, label, type, sensitive) VALUES ($1, 'Medical', 'text', true) RETURNING id", [g.id]);
    const m = g.members[0]!.id;
    expect422(await admin.patch(`${base(g.id)}/${m}`, { personal: { [plain]: "Green" } }), `personal.${plain}`, MEMBER_EDITOR_MESSAGES.personalValue);
    expect((await admin.patch(`${base(g.id)}/${m}`, { personal: { [plain]: "Red", [secret]: "Asthma" } })).status).toBe(200);
    await call("POST", "/__test/roles", { client: "eu:1", name: "Members editor", rights: ["ManageVisitorGroup.viewer", "GroupMember.viewer", "GroupMember.editor"] });
    await call("POST", "/__test/users", { email: "members-editor@example.com", role: "Members editor", client: "eu:1" });
    const editor = await as("members-editor@example.com");
    const seen = await read(g.id, m, editor);
    expect(seen.personal.map((p) => [p.label, p.value, p.withheld])).toEqual([["Team", "Red", false], ["Medical", null, true]]);
    expect((await read(g.id, m)).personal[1]!.value).toBe("Asthma");
    const r = await editor.patch(`${base(g.id)}/${m}`, { personal: { [secret]: "None" } });
    expect([r.status, r.json.message]).toEqual([403, MEMBER_EDITOR_MESSAGES.sensitive]);
    expect((await editor.patch(`${base(g.id)}/${m}`, { personal: { [plain]: "Blue" } })).status).toBe(200);
  });
});

describe("archive, delete, multi-edit, invites", () => {
  it("archiving revokes every credential at once; unarchiving brings the member back without them", async () => {
    const g = await newGroup("Archive group", ["Ann"]);
    const m = g.members[0]!.id;
    const qr = await admin.post(`${base(g.id)}/${m}/credentials`, { kind: "qr" });
    expect(qr.status).toBe(200);
    expect(qr.json.value).toMatch(/^GHM-/);
    expect((await admin.post(`${base(g.id)}/${m}/credentials`, { kind: "rfid", value: "ab12cd34" })).json.value).toBe("AB12CD34");
    // Unique per client among live tags, in any case.
    const other = await newGroup("Archive other", ["Bo"]);
    expect422(await admin.post(`${base(other.id)}/${other.members[0]!.id}/credentials`, { kind: "rfid", value: "AB12cd34" }), "value", MEMBER_EDITOR_MESSAGES.rfidTaken);
    expect422(await admin.post(`${base(g.id)}/${m}/credentials`, { kind: "rfid", value: "<>" }), "value", MEMBER_EDITOR_MESSAGES.rfid);
    expect((await read(g.id, m)).credentials).toHaveLength(2);
    expect((await admin.post(`${base(g.id)}/archive`, { ids: [m], archived: true })).json).toEqual({ changed: 1 });
    const archived = await read(g.id, m);
    expect([archived.state, archived.credentials]).toEqual(["archived", []]);
    expect422(await admin.post(`${base(g.id)}/${m}/credentials`, { kind: "qr" }), "value", MEMBER_MESSAGES.archived);
    // Another client's member or an unknown one is not there.
    expect((await admin.post(`${base(g.id)}/archive`, { ids: [other.members[0]!.id], archived: true })).status).toBe(422);
    await admin.post(`${base(g.id)}/archive`, { ids: [m], archived: false });
    expect((await read(g.id, m)).state).toBe("current");
    // The tag is free again once revoked.
    expect((await admin.post(`${base(other.id)}/${other.members[0]!.id}/credentials`, { kind: "rfid", value: "AB12CD34" })).status).toBe(200);
  });

  it("deleting keeps the member's visits (name kept, member_id null) and needs GroupMember.delete", async () => {
    const g = await newGroup("Delete group", ["Dee"]);
    const m = g.members[0]!.id;
    await up.app.db.query("INSERT INTO visits (site_id, group_id, member_id, name, status, signed_in_at, signed_out_at) VALUES ($1, $2, $3, 'Dee', 'signed_out', now(), now())", [acmeSites[0], g.id, m]);
    await call("POST", "/__test/roles", { client: "eu:1", name: "Members no delete", rights: ["ManageVisitorGroup.viewer", "GroupMember.viewer", "GroupMember.editor"] });
    await call("POST", "/__test/users", { email: "members-nodelete@example.com", role: "Members no delete", client: "eu:1" });
    const r = await (await as("members-nodelete@example.com")).del(`${base(g.id)}/${m}`);
    expect([r.status, r.json.message]).toEqual([403, "You are not authorised to delete group members."]);
    expect((await admin.del(`${base(g.id)}/${m}`)).json).toEqual({ deleted: true });
    expect((await admin.get(`${base(g.id)}/${m}`)).status).toBe(404);
    const visits = await up.app.db.query<{ name: string; member_id: number | null }>("SELECT name, member_id FROM visits WHERE group_id = $1", [g.id]);
    expect(visits).toEqual([{ name: "Dee", member_id: null }]);
  });

  it("multi-edit changes every member or none, naming each member's problem", async () => {
    const g = await newGroup("Multi group", ["M1", "M2", "M3"]);
    const ids = g.members.map((m) => m.id);
    await up.app.db.query("UPDATE members SET starts_on = '2030-06-01' WHERE id = $1", [ids[1]]);
    const bad = await admin.post(`${base(g.id)}/multi-edit`, { ids, ends_on: "2030-01-01", permissions: { today_view: true } });
    expect422(bad, `members.${ids[1]}`, MEMBER_MESSAGES.dates);
    expect((await read(g.id, ids[0]!)).ends_on).toBeNull();
    expect((await admin.post(`${base(g.id)}/multi-edit`, { ids, permissions: {} })).status).toBe(422);
    const ok = await admin.post(`${base(g.id)}/multi-edit`, { ids, ends_on: "2031-01-01", site_ids: [acmeSites[0]], permissions: { today_view: true, mobile_sign_in: false } });
    expect(ok.json).toEqual({ changed: 3 });
    for (const id of ids) {
      const m = await read(g.id, id);
      expect([m.ends_on, m.site_ids, m.permissions.today_view]).toEqual(["2031-01-01", [acmeSites[0]], true]);
    }
    expect((await admin.post(`${base(g.id)}/multi-edit`, { ids: Array.from({ length: 501 }, (_, i) => i + 1), ends_on: null })).status).toBe(422);
  });

  it("companion invites: one needs an email; bulk skips no email, a device, or an invite in the last 72 hours", async () => {
    const g = await newGroup("Invite group", ["Ivy", "Jon", "Kai", "Lou"]);
    const [ivy, jon, kai, lou] = g.members.map((m) => m.id);
    expect422(await admin.post(`${base(g.id)}/companion-invite`, { ids: [ivy], bulk: false }), "email", MEMBER_MESSAGES.inviteNeedsEmail);
    await up.app.db.query("UPDATE members SET email = lower(name) || '@invite.example.com' WHERE id = ANY($1::int[])", [[jon, kai, lou]]);
    await up.app.db.query("UPDATE members SET companion_connected_at = now() WHERE id = $1", [kai]);
    await up.app.db.query("UPDATE members SET companion_invited_at = now() - interval '71 hours' WHERE id = $1", [lou]);
    expect((await admin.post(`${base(g.id)}/companion-invite`, { ids: [ivy, jon, kai, lou], bulk: true })).json).toEqual({ sent: 1, skipped: 3 });
    const mail = await call("GET", "/__test/outbox?to=jon@invite.example.com");
    expect(mail.json.subject).toContain("companion app");
    expect((await admin.post(`${base(g.id)}/companion-invite`, { ids: [jon], bulk: false })).json).toEqual({ sent: 1, skipped: 0 });
  });
});

describe("documents", () => {
  it("uploads a PDF with a title and expiry, reads it back, deletes it with its file", async () => {
    const g = await newGroup("Documents group", ["Doc"]);
    const m = g.members[0]!.id;
    const pdf = new TextEncoder().encode("%PDF-1.4\n%%EOF\n");
    expect422(await admin.upload(`${base(g.id)}/${m}/documents?title=`, "a.pdf", pdf), "title", MEMBER_EDITOR_MESSAGES.documentTitle);
    const r = await admin.upload(`${base(g.id)}/${m}/documents?title=Licence&expires_on=2030-01-01`, "licence.pdf", pdf);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect((await admin.file(r.json.file)).status).toBe(200);
    const doc = (await read(g.id, m)).documents[0]!;
    expect([doc.title, doc.expires_on, doc.filename]).toEqual(["Licence", "2030-01-01", "licence.pdf"]);
    expect((await admin.upload(`${base(g.id)}/${m}/documents?title=Bad`, "a.txt", new TextEncoder().encode("hello"))).status).toBe(422);
    expect((await admin.del(`${base(g.id)}/${m}/documents/${doc.id}`)).status).toBe(200);
    expect((await admin.file(r.json.file)).status).toBe(404);
    expect((await admin.del(`${base(g.id)}/${m}/documents/${doc.id}`)).status).toBe(404);
  });
});

describe("sign-in", () => {
  it("offers only members not archived, within their dates, and shown at the site", async () => {
    const g = await newGroup("Sign-in group", ["Now", "Later", "Gone", "Elsewhere", "Here"]);
    const [now, later, gone, elsewhere, here] = g.members.map((m) => m.id);
    await up.app.db.query("UPDATE members SET starts_on = current_date + 1 WHERE id = $1", [later]);
    await up.app.db.query("UPDATE members SET archived_at = now() WHERE id = $1", [gone]);
    await up.app.db.query("UPDATE members SET site_ids = $2::jsonb WHERE id = $1", [elsewhere, JSON.stringify([acmeSites[1]])]);
    await up.app.db.query("UPDATE members SET site_ids = $2::jsonb WHERE id = $1", [here, JSON.stringify([acmeSites[0]])]);
    const options = (await admin.get(`sites/${acmeSites[0]}/sign-in-options`)).json.groups.find((x: { id: number }) => x.id === g.id);
    expect(options.members.map((m: { id: number }) => m.id).sort()).toEqual([now, here].sort());
    const r = await admin.post(`sites/${acmeSites[0]}/visits`, { group_id: g.id, member_id: gone });
    expect(r.status).toBe(422);
    // Signed in, a member's evacuation needs are on the fire list beside their name.
    await admin.patch(`${base(g.id)}/${now}`, { evacuation: { assistance: "mobility", notes: "Chair at stair B", warden: false, first_aider: false } });
    expect((await admin.post(`sites/${acmeSites[0]}/visits`, { group_id: g.id, member_id: now })).status).toBe(200);
    expect((await admin.post(`sites/${acmeSites[0]}/visits`, { group_id: g.id, member_id: here })).status).toBe(200);
    const fire = (await admin.get(`sites/${acmeSites[0]}/fire-list`)).json.people as { name: string; evacuation: unknown }[];
    expect(fire.find((x) => x.name === "Now")?.evacuation).toEqual({ assistance: "mobility", notes: "Chair at stair B", warden: false, first_aider: false });
    expect(fire.find((x) => x.name === "Here")?.evacuation).toBeUndefined();
  });
});

describe("rights", () => {
  it("a viewer-only role reads but every change is 403; a standard user cannot even read", async () => {
    const g = await newGroup("Rights group", ["Rae"]);
    const m = g.members[0]!.id;
    await call("POST", "/__test/roles", { client: "eu:1", name: "Members viewer", rights: ["ManageVisitorGroup.viewer", "GroupMember.viewer"] });
    await call("POST", "/__test/users", { email: "members-viewer@example.com", role: "Members viewer", client: "eu:1" });
    const viewer = await as("members-viewer@example.com");
    const standard = await as("standard@example.com");
    expect((await viewer.get(`${base(g.id)}/${m}`)).status).toBe(200);
    expect((await standard.get(base(g.id))).status).toBe(403);
    for (const who of [viewer, standard]) {
      const answers = [
        await who.post(base(g.id), { name: "New" }),
        await who.patch(`${base(g.id)}/${m}`, { core: { name: "X" } }),
        await who.post(`${base(g.id)}/archive`, { ids: [m], archived: true }),
        await who.post(`${base(g.id)}/multi-edit`, { ids: [m], ends_on: null }),
        await who.post(`${base(g.id)}/companion-invite`, { ids: [m], bulk: true }),
        await who.post(`${base(g.id)}/${m}/credentials`, { kind: "qr" }),
        await who.del(`${base(g.id)}/${m}`),
        await who.upload(`${base(g.id)}/${m}/documents?title=T`, "a.pdf", new TextEncoder().encode("%PDF-1.4\n")),
      ];
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(403));
    }
    expect((await read(g.id, m)).name).toBe("Rae");
  });
});

describe("demo data (revision 13)", () => {
  it("Acme's Staff has members for every filter and a member with every tab filled", async () => {
    const groups = (await admin.get("manage/groups?search=Staff")).json.groups as { id: number; name: string }[];
    const staff = groups.find((x) => x.name === "Staff")!;
    const l = await list(staff.id, "?search=a");
    expect(l.counts.upcoming).toBeGreaterThanOrEqual(1);
    expect(l.counts.archived).toBeGreaterThanOrEqual(2);
    const nina = (await list(staff.id, "?search=Nina%20Brooks")).members[0]!;
    const d = await read(staff.id, nina.id);
    expect(d.manager?.name).toBe("Amelia Hart");
    expect(d.emergency_contacts).toHaveLength(2);
    expect(d.documents[0]?.file).toBeTruthy();
    expect(d.credentials.map((c) => c.kind).sort()).toEqual(["qr", "rfid"]);
    expect(SEEDED_MEMBERS.Staff).toContain("Nina Brooks");
  });
});
