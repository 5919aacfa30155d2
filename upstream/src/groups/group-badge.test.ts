/**
 * A group's badge over HTTP against a running upstream: the default layout until one is saved (with
 * the client's custom fields by site and the group's personal fields), saving and reading back
 * (normalised), the rules beyond the schema (on the label, how many of each kind, a text element's
 * text, a field of the client's, personal fields only with `beta.badge-personal-fields` and only
 * the group's), deleting a personal field taking its elements, rights (viewer, editor, standard
 * users, expired clients), other clients' groups and bad ids (404), and the seed's revision 8.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BADGE_LIMITS,
  BADGE_OUTSIDE,
  BADGE_PERSONAL_OFF,
  BADGE_TEXT_REQUIRED,
  BADGE_TOO_MANY,
  BADGE_UNKNOWN_FIELD,
  BADGE_UNKNOWN_PERSONAL,
  type BadgeElement,
  GROUP_BADGE_DEFAULT,
  GroupBadge,
  ManagedGroupList,
  ManagedGroupSummary,
  PersonalField,
} from "../../contract/index.ts";
import { SEED_REVISION, seedDemoData } from "../seed.ts";
import { STAFF_BADGE, STAFF_BADGE_PERSONAL_FIELD } from "../groups/seed.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
type Json = any;

const { call, as, user } = httpTestClient(() => up.url, "group-badge");

let admin: As;
/** Acme's seeded groups by name. */
let seeded: Record<string, ReturnType<typeof ManagedGroupSummary.parse>>;
/** A group of Northwind (us:1), and a custom field of one of its sites. */
let nwGroup: number;
let nwField: number;

function expect422(r: { status: number; json: Json }, message: string, field?: string) {
  expect(r.status, JSON.stringify(r.json)).toBe(422);
  expect(r.json.message).toBe(message);
  if (field) expect(r.json.errors[field]).toEqual([message]);
}

async function newGroup(name: string, type = "standard") {
  const r = await admin.post("groups", { name, type });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return ManagedGroupSummary.parse(r.json).id;
}

async function badge(id: number, as_: As = admin) {
  const r = await as_.get(`groups/${id}/badge`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return GroupBadge.parse(r.json);
}

async function save(id: number, body: unknown, as_: As = admin) {
  const r = await as_.patch(`groups/${id}/badge`, body);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return GroupBadge.parse(r.json);
}

async function addField(id: number, label: string) {
  const r = await admin.post(`groups/${id}/personal-fields`, {
    label,
    type: "text",
    visible_to_member: true,
    on_evacuation_list: false,
    on_host_notifications: false,
    ask_on_first_sign_in: false,
    sensitive: false,
    required: false,
    editable: true,
    favourite: false,
    include_in_visit_record: false,
    options: [],
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return PersonalField.parse(r.json);
}

const el = (kind: BadgeElement["kind"], over: Partial<BadgeElement> = {}): BadgeElement => ({
  kind,
  x: 2,
  y: 2,
  width: 20,
  height: 6,
  font_size: 10,
  text: null,
  field_id: null,
  personal_field_id: null,
  ...over,
});

const setFlag = (on: boolean) => call("POST", "/__test/clients/eu:1", { settings: { "beta.badge-personal-fields": on } });

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
  await call("POST", "/__test/clients/eu:1", { group_limit: null });
  const list = ManagedGroupList.parse((await admin.get("manage/groups")).json);
  seeded = Object.fromEntries(list.groups.map((g) => [g.name, g]));
  const super_ = await call("POST", "/__test/users", { email: "gb-nw@example.com", role: "Administrator", client: "us:1", is_super: true });
  expect(super_.status).toBe(201);
  const nw = await as("gb-nw@example.com", "us");
  nwGroup = ManagedGroupList.parse((await nw.get("manage/groups")).json).groups[0].id;
  [{ id: nwField }] = await up.app.db.query<{ id: number }>(
    `INSERT INTO custom_fields (site_id, label, type) VALUES ((SELECT min(id) FROM sites WHERE client_id = (SELECT id FROM clients WHERE region = 'us' AND number = 1)), 'Northwind only', 'text') RETURNING id`,
  );
}, 120_000);

afterAll(async () => {
  await up?.stop();
}, 60_000);

describe("reading and saving", () => {
  it("a new group reads the default layout, the client's custom fields by site and its personal fields", async () => {
    const id = await newGroup("Default badge group");
    const f = await addField(id, "Locker");
    const b = await badge(id);
    expect({ size: b.size, elements: b.elements }).toEqual(GROUP_BADGE_DEFAULT);
    expect(b.personal_fields_allowed).toBe(true); // the seed turns Acme's flag on
    expect(b.personal_fields).toEqual([{ id: f.id, label: "Locker" }]);
    expect(b.custom_fields).toEqual(expect.arrayContaining([
      { id: expect.any(Number), label: "Company", site: "Head Office" },
      { id: expect.any(Number), label: "Forklift licence number", site: "Warehouse" },
    ]));
    expect(b.custom_fields.map((c) => c.id)).not.toContain(nwField);
    const [{ n }] = await up.app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM custom_fields WHERE site_id IN (SELECT id FROM sites WHERE client_id = (SELECT id FROM clients WHERE region = 'eu' AND number = 1))",
    );
    expect(b.custom_fields).toHaveLength(n);
    const [{ badge: stored }] = await up.app.db.query<{ badge: unknown }>("SELECT badge FROM groups WHERE id = $1", [id]);
    expect(stored).toBeNull();
  });

  it("saves the badge whole, normalised, and reads it back", async () => {
    const id = await newGroup("Saved badge group");
    const company = (await badge(id)).custom_fields.find((c) => c.label === "Company")!;
    const elements = [
      el("logo", { x: 0, y: 0, width: 30, height: 10, text: "dropped", field_id: company.id }),
      el("name", { x: 40, y: 10, width: 60, height: 12, font_size: 18, personal_field_id: 5 }),
      el("field", { x: 40, y: 24.5, width: 40, height: 6, field_id: company.id, text: "dropped" }),
      el("text", { x: 0, y: 56, width: 50, height: 6, text: "  Hello  " }),
      el("qr", { x: 80, y: 42, width: 20, height: 20 }),
    ];
    const saved = await save(id, { size: "100x62", elements });
    const expected = [
      el("logo", { x: 0, y: 0, width: 30, height: 10 }),
      el("name", { x: 40, y: 10, width: 60, height: 12, font_size: 18 }),
      el("field", { x: 40, y: 24.5, width: 40, height: 6, field_id: company.id }),
      el("text", { x: 0, y: 56, width: 50, height: 6, text: "Hello" }),
      el("qr", { x: 80, y: 42, width: 20, height: 20 }),
    ];
    expect(saved).toMatchObject({ size: "100x62", elements: expected });
    expect(await badge(id)).toEqual(saved);
    // Saving again replaces it whole (an empty badge is a badge).
    expect((await save(id, { size: "89x36", elements: [] })).elements).toEqual([]);
    expect(await badge(id)).toMatchObject({ size: "89x36", elements: [] });
    // The schema's own rules.
    for (const body of [
      { size: "50x50", elements: [] },
      { size: "100x62", elements: [el("logo", { x: 0.3 })] },
      { size: "100x62", elements: [el("logo", { width: 2 })] },
      { size: "100x62", elements: [el("logo", { kind: "sticker" as never })] },
      { size: "100x62" },
    ]) {
      expect((await admin.patch(`groups/${id}/badge`, body)).status).toBe(422);
    }
  });
});

describe("the rules beyond the schema", () => {
  it("every element lies on the label (x on the width, y on the height); nothing saved after a 422", async () => {
    const id = await newGroup("Outside badge group");
    const r1 = await admin.patch(`groups/${id}/badge`, { size: "100x62", elements: [el("logo"), el("name", { x: 90, width: 20 })] });
    expect422(r1, BADGE_OUTSIDE, "elements.1.x");
    expect(r1.json.errors["elements.1.y"]).toBeUndefined();
    expect422(await admin.patch(`groups/${id}/badge`, { size: "100x62", elements: [el("photo", { y: 50, height: 13 })] }), BADGE_OUTSIDE, "elements.0.y");
    // The default layout does not fit the smaller card.
    const r2 = await admin.patch(`groups/${id}/badge`, { size: "86x54", elements: GROUP_BADGE_DEFAULT.elements });
    expect422(r2, BADGE_OUTSIDE);
    expect(Object.keys(r2.json.errors)).toEqual(expect.arrayContaining(["elements.1.y", "elements.2.x", "elements.5.x", "elements.5.y"]));
    // Right up to the edge is on it.
    expect((await save(id, { size: "86x54", elements: [el("qr", { x: 66, y: 34, width: 20, height: 20 })] })).elements).toHaveLength(1);
    expect((await admin.patch(`groups/${id}/badge`, { size: "86x54", elements: [el("qr", { x: 66.5, y: 34, width: 20, height: 20 })] })).status).toBe(422);
    expect((await badge(id)).elements[0].x).toBe(66);
  });

  it("at most 20 text elements (21 refused); one of each other kind (two names refused)", async () => {
    const id = await newGroup("Many badge group");
    const texts = (n: number) => Array.from({ length: n }, (_, i) => el("text", { text: `T${i}`, y: i * 2.5, height: 3 }));
    expect422(await admin.patch(`groups/${id}/badge`, { size: "100x62", elements: texts(21) }), BADGE_TOO_MANY, "elements");
    expect((await save(id, { size: "100x62", elements: texts(BADGE_LIMITS.repeatable) })).elements).toHaveLength(20);
    expect422(await admin.patch(`groups/${id}/badge`, { size: "100x62", elements: [el("name"), el("name", { y: 20 })] }), BADGE_TOO_MANY, "elements");
    expect422(await admin.patch(`groups/${id}/badge`, { size: "100x62", elements: [el("qr"), el("logo"), el("qr", { y: 30 })] }), BADGE_TOO_MANY, "elements");
    expect((await badge(id)).elements).toHaveLength(20);
  });

  it("a text element needs its text", async () => {
    const id = await newGroup("Text badge group");
    expect422(await admin.patch(`groups/${id}/badge`, { size: "100x62", elements: [el("name"), el("text", { y: 20 })] }), BADGE_TEXT_REQUIRED, "elements.1.text");
    expect422(await admin.patch(`groups/${id}/badge`, { size: "100x62", elements: [el("text", { text: "   " })] }), BADGE_TEXT_REQUIRED, "elements.0.text");
    expect((await badge(id)).elements).toEqual(GROUP_BADGE_DEFAULT.elements);
  });

  it("a field element needs a custom field of one of the client's sites", async () => {
    const id = await newGroup("Field badge group");
    expect422(await admin.patch(`groups/${id}/badge`, { size: "100x62", elements: [el("field", { field_id: nwField })] }), BADGE_UNKNOWN_FIELD, "elements.0.field_id");
    expect422(await admin.patch(`groups/${id}/badge`, { size: "100x62", elements: [el("field")] }), BADGE_UNKNOWN_FIELD, "elements.0.field_id");
    expect422(await admin.patch(`groups/${id}/badge`, { size: "100x62", elements: [el("field", { field_id: 999999 })] }), BADGE_UNKNOWN_FIELD, "elements.0.field_id");
    // Any site's field (Warehouse's too), and a field gone later is left out when read.
    const forklift = (await badge(id)).custom_fields.find((c) => c.site === "Warehouse")!;
    const [{ id: temp }] = await up.app.db.query<{ id: number }>(
      "INSERT INTO custom_fields (site_id, label, type) VALUES ((SELECT site_id FROM custom_fields WHERE id = $1), 'Temporary', 'text') RETURNING id",
      [forklift.id],
    );
    await save(id, { size: "100x62", elements: [el("field", { field_id: forklift.id }), el("field", { field_id: temp, y: 10 })] });
    await up.app.db.query("DELETE FROM custom_fields WHERE id = $1", [temp]);
    expect((await badge(id)).elements).toEqual([el("field", { field_id: forklift.id })]);
  });

  it("personal elements: refused without the client's flag; with it, only the group's own fields", async () => {
    const id = await newGroup("Personal badge group");
    const other = await newGroup("Other personal badge group");
    const mine = await addField(id, "Shift");
    const theirs = await addField(other, "Shift");
    try {
      expect((await setFlag(false)).status).toBe(200);
      expect((await badge(id)).personal_fields_allowed).toBe(false);
      expect422(await admin.patch(`groups/${id}/badge`, { size: "100x62", elements: [el("name"), el("personal", { y: 20, personal_field_id: mine.id })] }), BADGE_PERSONAL_OFF, "elements.1.kind");
    } finally {
      expect((await setFlag(true)).status).toBe(200);
    }
    expect((await badge(id)).personal_fields_allowed).toBe(true);
    const saved = await save(id, { size: "100x62", elements: [el("personal", { personal_field_id: mine.id, field_id: 1, text: "x" })] });
    expect(saved.elements).toEqual([el("personal", { personal_field_id: mine.id })]);
    expect422(await admin.patch(`groups/${id}/badge`, { size: "100x62", elements: [el("personal", { personal_field_id: theirs.id })] }), BADGE_UNKNOWN_PERSONAL, "elements.0.personal_field_id");
    expect422(await admin.patch(`groups/${id}/badge`, { size: "100x62", elements: [el("personal")] }), BADGE_UNKNOWN_PERSONAL, "elements.0.personal_field_id");
    expect((await badge(id)).elements).toEqual(saved.elements);
  });

  it("deleting a personal field removes the elements that show it, and only those", async () => {
    const id = await newGroup("Delete field badge group", "returning");
    const a = await addField(id, "Team");
    const b = await addField(id, "Floor");
    const elements = [el("name"), el("personal", { y: 10, personal_field_id: a.id }), el("personal", { y: 20, personal_field_id: b.id }), el("personal", { y: 30, personal_field_id: a.id }), el("qr", { y: 40 })];
    await save(id, { size: "100x62", elements });
    expect((await admin.del(`groups/${id}/personal-fields/${a.id}`)).json).toEqual({ deleted: true });
    expect((await badge(id)).elements).toEqual([el("name"), el("personal", { y: 20, personal_field_id: b.id }), el("qr", { y: 40 })]);
    expect((await badge(id)).personal_fields).toEqual([{ id: b.id, label: "Floor" }]);
    // A group whose badge was never saved keeps reading the default.
    const plain = await newGroup("Never saved badge group");
    const f = await addField(plain, "Gone");
    await admin.del(`groups/${plain}/personal-fields/${f.id}`);
    const [{ badge: stored }] = await up.app.db.query<{ badge: unknown }>("SELECT badge FROM groups WHERE id = $1", [plain]);
    expect(stored).toBeNull();
  });
});

describe("access", () => {
  it("a viewer reads but cannot save; a standard user neither; expired clients refused", async () => {
    const id = await newGroup("Badge access group");
    const r = await call("POST", "/__test/roles", { client: "eu:1", name: "Badge Viewer Only", rights: ["ManageVisitorGroup.viewer"] });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    const viewer = await user("Badge Viewer Only");
    expect((await badge(id, viewer)).size).toBe(GROUP_BADGE_DEFAULT.size);
    const p = await viewer.patch(`groups/${id}/badge`, { size: "100x62", elements: [] });
    expect([p.status, p.json.message]).toEqual([403, "You are not authorised to change groups."]);
    const std = await as("standard@example.com");
    const g = await std.get(`groups/${id}/badge`);
    expect([g.status, g.json.message]).toEqual([403, "You are not authorised to view groups."]);
    expect((await std.patch(`groups/${id}/badge`, { size: "100x62", elements: [] })).status).toBe(403);
    expect((await badge(id)).elements).toEqual(GROUP_BADGE_DEFAULT.elements);

    const expired = await as("expired@example.com");
    for (const res of [await expired.get(`groups/${id}/badge`), await expired.patch(`groups/${id}/badge`, { size: "100x62", elements: [] })]) {
      expect([res.status, res.json.code]).toEqual([403, "trial_period_over"]);
    }
  });

  it("another client's group, an unknown and a malformed id: 404 Group not found", async () => {
    for (const id of [String(nwGroup), "999999", "abc", "0", "-1", "1.5", "1e3"]) {
      for (const r of [await admin.get(`groups/${id}/badge`), await admin.patch(`groups/${id}/badge`, { size: "100x62", elements: [] })]) {
        expect([id, r.status, r.json]).toEqual([id, 404, { message: "Group not found" }]);
      }
    }
  });
});

describe("the seed", () => {
  it("revision 8: Staff's badge with its Department field; Acme has the flag", async () => {
    const staff = await badge(seeded.Staff.id);
    const department = staff.personal_fields.find((f) => f.label === STAFF_BADGE_PERSONAL_FIELD)!;
    expect(department).toBeTruthy();
    expect(staff.size).toBe("86x54");
    expect(staff.elements).toEqual(STAFF_BADGE.elements.map((e) => (e.kind === "personal" ? { ...e, personal_field_id: department.id } : e)));
    expect(staff.elements.map((e) => e.kind)).toEqual(["logo", "photo", "name", "group", "personal", "text", "qr"]);
    expect(staff.elements.find((e) => e.kind === "text")!.text).toBe("STAFF");
    expect(staff.personal_fields_allowed).toBe(true);
    // The seeded badge passes the save rules as it is.
    expect(await save(seeded.Staff.id, { size: staff.size, elements: staff.elements })).toEqual(staff);
    expect((await badge(seeded.Visitors.id)).elements).toEqual(GROUP_BADGE_DEFAULT.elements);
  });

  it("the seed's rerun from 7 keeps a changed badge; a Staff without one gets it again", async () => {
    const db = up.app.db;
    expect(SEED_REVISION).toBeGreaterThanOrEqual(8);
    expect(await seedDemoData(up.app)).toBeNull();
    const before = await badge(seeded.Staff.id);
    await save(seeded.Staff.id, { size: "86x54", elements: [el("name")] });
    await db.query("UPDATE seed_state SET revision = 7");
    expect(await seedDemoData(up.app)).toMatchObject({ from: 7, to: SEED_REVISION, clients: [], users: [] });
    expect((await badge(seeded.Staff.id)).elements).toEqual([el("name")]);
    await db.query("UPDATE groups SET badge = NULL WHERE id = $1", [seeded.Staff.id]);
    await db.query("UPDATE seed_state SET revision = 7");
    await seedDemoData(up.app);
    expect(await badge(seeded.Staff.id)).toEqual(before);
  });

  it("OpenAPI lists the calls", async () => {
    const doc = (await call("GET", "/eu/api/v2/openapi.json")).json;
    expect(doc.paths["/groups/{groupId}/badge"].get.operationId).toBe("groupBadge");
    expect(doc.paths["/groups/{groupId}/badge"].patch.operationId).toBe("updateGroupBadge");
  });

  it("no answer of this file's calls broke the contract, and nothing failed on the server", () => {
    expect(serverErrors).toEqual([]);
  });
});
