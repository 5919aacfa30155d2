/**
 * The members tab and the member editor through real HTTP, driven as a browser without JavaScript
 * would (issue 15, ADR 017): every editor tab saves what the upstream then holds; the spec's
 * validation messages; the list's filter, search, selection (archive, invite, multi-edit) and
 * delete; a standard user and a viewer-only role are refused (403) every change.
 *
 * Each test makes its own returning group and members through the upstream (Acme, eu:1; Globex,
 * us:2, for the Central Record tab), so the demo rows other tests read are not changed.
 */
import { describe, expect, test } from "vitest";
import type { Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { createUpstreamRole } from "../support/hooks";
import { createUser, failuresOf, hook, newBrowser, newClient, postMultipart, signIn, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const tag = () => Math.random().toString(36).slice(2, 7);
const notices = (page: Page) => page.notices().join(" ");
type Api = Awaited<ReturnType<typeof upstreamAccess>>;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

async function admin(client = "eu:1") {
  const email = uniqueEmail("members");
  await createUser({ email, role: "Administrator", client, name: "Mia Members" });
  const browser = newBrowser();
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  return { browser, email, api: await upstreamAccess(upstreamUrl(), email) };
}

/** A returning group with these members (created through the upstream). */
async function groupWith(api: Api, names: string[]) {
  const g = await api.send("POST", "groups", { name: `Members ${tag()}`, type: "returning" });
  expect(g.status).toBe(200);
  const ids: number[] = [];
  for (const name of names) {
    const r = await api.send("POST", `groups/${g.json.id}/members`, { name, email: `${name.toLowerCase().replace(/\W/g, ".")}.${tag()}@example.com` });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    ids.push(r.json.id);
  }
  return { id: g.json.id as number, name: g.json.name as string, ids };
}

const member = (api: Api, groupId: number, id: number) => api.get(`groups/${groupId}/members/${id}`);

describe("the member editor, without JavaScript", () => {
  test("every tab saves, and the upstream holds it", async () => {
    const { browser, api } = await admin();
    const g = await groupWith(api, ["Nora Field"]);
    const id = g.ids[0]!;
    const base = `/manage/group/${g.id}/members/${id}`;

    // Details: the core fields (mobile stored E.164), emergency contacts, personal fields.
    let page = await browser.open(`${base}/details`);
    expect(page.region("Member tabs").links().map((l) => l.name)).toEqual(["Details", "Notifications", "Security", "Documents", "Evacuation", "QR/RFID", "Companion", "Spaces", "Time & Attendance"]);
    page = await page.form("Save").fill("Mobile", "07911 123456").fill("PIN", "4321").fill("End date", "2031-12-31").submit("Save");
    expect(notices(page)).toContain("Nora Field saved");
    page = await page.form("Save contacts").fill("Name of contact 1", "Olly Field").fill("Phone of contact 1", "020 7946 0001").select("Phone type of contact 1", "Work").select("Relationship of contact 1", "Sibling").submit("Save contacts");
    expect(notices(page)).toContain("saved");
    let m = await member(api, g.id, id);
    expect([m.mobile, m.pin, m.ends_on]).toEqual(["+447911123456", "4321", "2031-12-31"]);
    expect(m.emergency_contacts).toEqual([{ name: "Olly Field", phone: "+442079460001", phone_type: "work", relationship: "sibling" }]);

    page = await browser.open(`${base}/notifications`);
    page = await page.form("Save").uncheck("Welcome email").submit("Save");
    page = await browser.open(`${base}/security`);
    expect(page.hasField("AI assistant")).toBe(false); // Acme has no ai-chat
    page = await page.form("Save").check("Mobile sign in").check("Today view").submit("Save");
    page = await browser.open(`${base}/evacuation`);
    page = await page.form("Save").select("Help needed to evacuate", "Hearing").fill("Notes for the fire list", "Flashing beacon in room 3").check("First aider").submit("Save");
    page = await browser.open(`${base}/spaces`);
    page = await page.form("Save").check("Floor 2 › Open plan").check("Car park").submit("Save");
    page = await browser.open(`${base}/time-and-attendance`);
    page = await page.form("Save").fill("Monday", "7.5").fill("Leave allowance (days a year)", "25.5").fill("Days (adjustment 1)", "2").fill("Reason (adjustment 1)", "Carried over").submit("Save");
    expect(notices(page)).toContain("saved");
    m = await member(api, g.id, id);
    expect(m.notifications.welcome_email).toBe(false);
    expect([m.permissions.mobile_sign_in, m.permissions.today_view, m.permissions.pre_register]).toEqual([true, true, false]);
    expect(m.evacuation).toEqual({ assistance: "hearing", notes: "Flashing beacon in room 3", warden: false, first_aider: true });
    const zoneId = (name: string) => String(m.spaces.sites.flatMap((s: { zones: { id: number; name: string }[] }) => s.zones).find((z: { name: string }) => z.name === name)!.id);
    expect(m.spaces.zones).toEqual([zoneId("Open plan"), zoneId("Car park")]);
    expect(m.time_and_attendance).toMatchObject({ leave_allowance: 25.5, adjustments: [{ days: 2, reason: "Carried over" }] });
    expect(m.time_and_attendance.rota.mon).toBe(7.5);

    // Documents: upload with a title and expiry, download through /files, delete after confirming.
    page = await browser.open(`${base}/documents`);
    page = await page.form("Upload").fill("Title", "Driving licence").fill("Expiry date", "2030-05-01").attach("File", { name: "licence.pdf", type: "application/pdf", data: PDF }).submit("Upload");
    expect(notices(page)).toContain("“Driving licence” added");
    const doc = (await member(api, g.id, id)).documents[0];
    expect([doc.title, doc.expires_on]).toEqual(["Driving licence", "2030-05-01"]);
    expect((await browser.client.request(`/files/${doc.file}`)).res.status).toBe(200);
    const confirm = page.all({ tag: "details", class: "row-delete" }).find((d) => d.has("Driving licence"))!;
    page = await page.form({ within: confirm }).submit("Delete document");
    expect(notices(page)).toContain("Document deleted");
    expect((await member(api, g.id, id)).documents).toEqual([]);

    // QR/RFID: issue and print a QR code, register an RFID tag (unique per client), revoke.
    page = await browser.open(`${base}/credentials`);
    page = await page.form("Issue a QR code").submit("Issue a QR code");
    expect(notices(page)).toContain("QR code issued to Nora Field");
    expect(page.images().some((i) => i.name === "QR code of Nora Field")).toBe(true);
    page = await page.follow("Print");
    expect(page.has("Use your browser's print command to print this QR code.")).toBe(true);
    page = await browser.open(`${base}/credentials`);
    page = await page.form("Add tag").fill("RFID tag number", "beef1234").submit("Add tag");
    expect(notices(page)).toContain("RFID tag BEEF1234 added");
    const other = await groupWith(api, ["Other Person"]);
    let p2 = await browser.open(`/manage/group/${other.id}/members/${other.ids[0]}/credentials`);
    p2 = await p2.form("Add tag").fill("RFID tag number", "BEEF1234").submit("Add tag");
    expect(p2.form("Add tag").fieldErrors("RFID tag number")).toEqual(["This RFID tag is already in use"]);
    expect((await member(api, g.id, id)).credentials.map((c: { kind: string }) => c.kind).sort()).toEqual(["qr", "rfid"]);
    page = await page.form({ within: page.all({ tag: "details", class: "row-delete" }).find((d) => d.has("BEEF1234"))! }).submit("Revoke");
    expect((await member(api, g.id, id)).credentials).toHaveLength(1);

    // Companion: an invite (an email in the outbox).
    page = await browser.open(`${base}/companion`);
    page = await page.form("Send companion invite").submit("Send companion invite");
    expect(notices(page)).toContain("Companion invite sent to Nora Field");
    expect((await member(api, g.id, id)).companion.invited_at).not.toBeNull();
  });

  test("the spaces tab: permitted zones ticked in the zone tree of the member's sites; the upstream refuses another site's zone", async () => {
    const { browser, api } = await admin();
    const g = await groupWith(api, ["Zena Zones"]);
    const id = g.ids[0]!;
    const hq = ((await api.get("sites")) as { id: number; name: string }[]).find((s) => s.name === "Head Office")!.id;
    expect((await api.send("PATCH", `groups/${g.id}/members/${id}`, { core: { site_ids: [hq] } })).status).toBe(200);
    // A spaces site the member does not use, with a zone (another organisation's: Acme's own sites stay as the other tests know them;
    // the upstream's members test refuses a zone of another Acme site the same way).
    const other = (await hook<{ id: number }>("POST", "sites", { client: "eu:5", name: `Zones elsewhere ${tag()}` })).id;
    await hook("POST", `sites/${other}/spaces`, {});
    const elsewhere = (await hook<{ id: number }>("POST", `sites/${other}/spaces/nodes`, { name: `Elsewhere ${tag()}` })).id;

    const path = `/manage/group/${g.id}/members/${id}/spaces`;
    let page = await browser.open(path);
    const form = page.form("Save");
    // Head Office's tree only, each zone labelled with its path; nested zones in their parent's list.
    expect(form.has("Head Office")).toBe(true);
    expect(page.text()).not.toContain("Zones elsewhere");
    expect(form.field("Floor 2 › Open plan")).toMatchObject({ type: "checkbox", name: "zones", checked: false });
    expect(page.all({ tag: "li" }).find((li) => li.has("Floor 2 › Meeting rooms") && li.has("Floor 2 › Open plan"))).toBeTruthy();
    page = await form.check("Floor 2 › Meeting rooms").submit("Save");
    expect(notices(page)).toContain("Zena Zones saved");
    expect(page.form("Save").field("Floor 2 › Meeting rooms").checked).toBe(true);
    let m = await member(api, g.id, id);
    const zones = (m.spaces.sites as { zones: { id: number; name: string }[] }[]).flatMap((s) => s.zones);
    const meeting = String(zones.find((z) => z.name === "Meeting rooms")!.id);
    expect(m.spaces.zones).toEqual([meeting]);

    // A zone of another site (or an unknown id) posted by hand: the upstream's 422 and its message, nothing stored.
    const pairs = page.form("Save").uncheck("Floor 2 › Meeting rooms").check("Car park").pairs("Save");
    for (const bad of [String(elsewhere), "999999999"]) {
      const r = await browser.client.post(path, [...pairs, ["zones", bad]]);
      expect([bad, r.res.status]).toEqual([bad, 422]);
      expect(r.body).toContain("Choose zones of the sites this member may use");
    }
    const malformed = await browser.client.post(path, [...pairs, ["zones", "North wing"]]);
    expect(malformed.res.status).toBe(400);
    expect(malformed.body).toContain("Choose zones from the list");
    m = await member(api, g.id, id);
    expect(m.spaces.zones).toEqual([meeting]);
    // None ticked: anywhere.
    page = await (await browser.open(path)).form("Save").uncheck("Floor 2 › Meeting rooms").submit("Save");
    expect((await member(api, g.id, id)).spaces.zones).toEqual([]);
  });

  test("the Central Record tab is there only with Central Record (Globex), and saves the link", async () => {
    const { browser, api } = await admin("us:2");
    const g = await groupWith(api, ["Cy Record"]);
    const base = `/manage/group/${g.id}/members/${g.ids[0]}`;
    let page = await browser.open(`${base}/central-record`);
    expect(page.region("Member tabs").links()[0]!.name).toBe("Central Record link");
    page = await page.form("Save").fill("Central Record id", "CR-4711").submit("Save");
    expect(notices(page)).toContain("Cy Record saved");
    expect((await member(api, g.id, g.ids[0]!)).central_record.record_id).toBe("CR-4711");
    // Acme has none: the tab is refused.
    const acme = await admin();
    const ga = await groupWith(acme.api, ["No Record"]);
    expect((await acme.browser.client.request(`/manage/group/${ga.id}/members/${ga.ids[0]}/central-record`)).res.status).toBe(403);
  });

  test("validation: the spec's messages, a 4xx, nothing saved; the form keeps what was typed", async () => {
    const { browser, api } = await admin();
    const g = await groupWith(api, ["Val Idate", "Taken Email"]);
    const taken = (await member(api, g.id, g.ids[1]!)).email;
    const details = `/manage/group/${g.id}/members/${g.ids[0]}/details`;
    const core = { intent: "save-core", name: "Val Idate", every_site: "on" };
    expect(
      await failuresOf(browser.client, [
        [details, { ...core, pin: "12" }, 400, "Pin must be 4 digits"],
        [details, { ...core, name: "" }, 400, "The member name is required"],
        [details, { ...core, email: "not-an-email" }, 400, "A valid email is required"],
        [details, { ...core, starts_on: "2031-02-01", ends_on: "2031-01-01" }, 400, "The end date must be on or after the start date"],
        [details, { ...core, ends_on: "2040-01-01" }, 400, "Dates must be before 2038"],
        [details, { ...core, email: taken }, 422, "Another member of this group has this email"],
        [details, { ...core, mobile: "12" }, 422, "Enter a valid mobile number"],
        [details, { intent: "save-contacts", "contacts[0].name": "No Phone" }, 400, "Enter the contact&#x27;s phone number"],
        [`/manage/group/${g.id}/members/${g.ids[0]}/credentials`, { intent: "add-rfid", value: "<script>" }, 400, "Enter the RFID tag"],
        [`/manage/group/${g.id}/members/${g.ids[0]}/time-and-attendance`, { intent: "save-time", leave_allowance: "2.25" }, 400, "Use steps of 0.5 days"],
        [`/manage/group/${g.id}/members/${g.ids[0]}/documents`, { intent: "upload-document", title: "" }, 400, "The document title is required"],
        [`/manage/group/${g.id}/members/new`, { intent: "add", name: "", every_site: "on" }, 400, "The member name is required"],
        [`/manage/group/${g.id}/members/${g.ids[0]}/details`, { intent: "nonsense" }, 400, ""],
      ]),
    ).toEqual([]);
    expect((await member(api, g.id, g.ids[0]!)).pin).toBeNull();
    // Without an email there is no companion invite: the spec's words.
    await api.send("PATCH", `groups/${g.id}/members/${g.ids[0]}`, { core: { email: null } });
    const page = await browser.open(`/manage/group/${g.id}/members/${g.ids[0]}/companion`);
    expect(page.has("A member needs an email to get a welcome or companion invite")).toBe(true);
    expect(page.forms().some((f) => f.actionPath().endsWith("/companion"))).toBe(false);
  });
});

describe("the members tab, without JavaScript", () => {
  test("add, filter, search, archive from the selection, find under archived, unarchive, delete after confirming", async () => {
    const { browser, api } = await admin();
    const g = await groupWith(api, ["Alpha One", "Bravo Two", "Charlie Three"]);
    const list = `/manage/group/${g.id}/members`;
    let page = await browser.open(`${list}/new`);
    page = await page.form("Add member").fill("Name", "Delta Four").fill("Start date", "2035-01-01").submit("Add member");
    expect(notices(page)).toContain("Delta Four added");
    expect(page.path).toMatch(/\/members\/\d+\/details$/);

    page = await browser.open(list);
    expect(page.region("Member status").links().map((l) => l.name)).toEqual(["All (4)", "Current (3)", "Upcoming (1)", "Archived (0)"]);
    page = await page.follow("Upcoming (1)");
    expect(page.rowHeaders()).toEqual(["Delta Four"]);
    page = await browser.open(list);
    page = await page.form("Search").fill("Search by name or email", "bravo").submit("Search");
    expect(page.rowHeaders()).toEqual(["Bravo Two"]);

    page = await browser.open(list);
    page = await page.form("Selected members").check("Select Alpha One").check("Select Charlie Three").submit("Archive selected");
    expect(notices(page)).toContain("2 members archived");
    page = await page.follow("Archived (2)");
    expect(page.rowHeaders()).toEqual(["Alpha One", "Charlie Three"]);
    page = await page.form({ button: "Unarchive Alpha One" }).submit("Unarchive Alpha One");
    expect(notices(page)).toContain("1 member unarchived");

    page = await browser.open(list);
    const row = page.all({ tag: "details", class: "row-delete" }).find((d) => d.has("Bravo Two"))!;
    page = await page.form({ within: row }).submit("Delete member");
    expect(notices(page)).toContain("Bravo Two deleted");
    expect((await api.send("POST", `groups/${g.id}/members/archive`, { ids: [g.ids[1]], archived: true })).status).toBe(422);
  });

  test("multi-edit: the chosen members change together; a member who cannot take it is named and nothing is saved", async () => {
    const { browser, api } = await admin();
    const g = await groupWith(api, ["Multi A", "Multi B", "Multi C"]);
    await api.send("PATCH", `groups/${g.id}/members/${g.ids[1]}`, { core: { starts_on: "2031-06-01" } });
    let page = await browser.open(`/manage/group/${g.id}/members`);
    page = await page.form("Selected members").check("Select Multi A").check("Select Multi B").check("Select Multi C").submit("Edit selected");
    expect(page.path).toBe(`/manage/group/${g.id}/members/multi-edit?ids=${g.ids.join(",")}`);
    expect(page.has("Multi B")).toBe(true);
    let form = page.form("Save changes to 3 members").check("Change end date").fill("End date", "2031-01-01").select("Today view", "Turn on");
    page = await form.submit("Save changes to 3 members");
    expect(page.text()).toContain("Multi B: The end date must be on or after the start date");
    expect((await member(api, g.id, g.ids[0]!)).ends_on).toBeNull();
    form = page.form("Save changes to 3 members").fill("End date", "2031-12-31");
    page = await form.submit("Save changes to 3 members");
    expect(notices(page)).toContain("3 members changed");
    for (const id of g.ids) {
      const m = await member(api, g.id, id);
      expect([m.ends_on, m.permissions.today_view]).toEqual(["2031-12-31", true]);
    }
  });

  test("companion invites for the selection skip members invited in the last 72 hours", async () => {
    const { browser, api } = await admin();
    const g = await groupWith(api, ["Inv One", "Inv Two"]);
    await api.send("POST", `groups/${g.id}/members/companion-invite`, { ids: [g.ids[0]], bulk: false });
    let page = await browser.open(`/manage/group/${g.id}/members`);
    page = await page.form("Selected members").check("Select Inv One").check("Select Inv Two").submit("Send companion invites");
    expect(notices(page)).toContain("Companion invites sent: 1. Skipped: 1");
    // Nothing chosen: said, not a 500.
    const r = await browser.client.post(`/manage/group/${g.id}/members`, { intent: "archive" }, { follow: false });
    expect([r.res.status, r.body.includes("Choose at least one member")]).toEqual([400, true]);
  });
});

describe("rights", () => {
  test("a standard user and a viewer-only role are refused every change (403); the viewer sees the editor read-only", async () => {
    // Group screens are for administrators (groups spec §2): the viewer-only role is Hooli's (us:3)
    // Administrator with its rights cut to viewing, put back after.
    const { api } = await admin("us:3");
    const g = await groupWith(api, ["Right Person"]);
    const id = g.ids[0]!;
    const base = `/manage/group/${g.id}/members`;
    const rights = api.config.abilities as Parameters<typeof createUpstreamRole>[1]["rights"];
    const standardEmail = uniqueEmail("members-standard");
    await createUser({ email: standardEmail, role: "Standard User", client: "us:3" });
    const viewerEmail = uniqueEmail("members-viewer");
    await createUser({ email: viewerEmail, role: "Administrator", client: "us:3" });
    const posts: [string, Record<string, string>][] = [
      [base, { intent: "archive", ids: String(id) }],
      [base, { intent: "delete", id: String(id) }],
      [base, { intent: "invite", ids: String(id) }],
      [base, { intent: "multi-edit", ids: String(id) }],
      [`${base}/new`, { intent: "add", name: "Sneaky", every_site: "on" }],
      [`${base}/multi-edit`, { intent: "multi-edit", ids: String(id), change_ends_on: "on" }],
      ...["details", "notifications", "security", "evacuation", "credentials", "documents", "companion"].map((t): [string, Record<string, string>] => [`${base}/${id}/${t}`, { intent: "save-core", name: "Sneaky" }]),
    ];
    try {
      await createUpstreamRole(upstreamUrl(), { client: "us:3", name: "Administrator", rights: ["ManageVisitorGroup.viewer", "ManageVisitorGroup.editor", "GroupMember.viewer"] });
      for (const email of [viewerEmail, standardEmail]) {
        const web = newClient();
        await signIn(web, email);
        const statuses = [];
        for (const [path, form] of posts) statuses.push(`${path} ${(await web.post(path, form, { follow: false })).res.status}`);
        expect(statuses).toEqual(posts.map(([path]) => `${path} 403`));
        const doc = await postMultipart(web, `${base}/${id}/documents`, [["intent", "upload-document"], ["title", "T"], ["file", PDF, "a.pdf", "application/pdf"]]);
        expect(doc.res.status).toBe(403);
      }
      const viewer = newClient();
      await signIn(viewer, viewerEmail);
      const r = await viewer.request(`${base}/${id}/details`);
      expect([r.res.status, /<fieldset disabled=""/.test(r.body), r.body.includes('value="save-core"')]).toEqual([200, true, false]);
      const listPage = await viewer.request(base);
      expect([listPage.res.status, listPage.body.includes("Archive selected"), listPage.body.includes("row-delete")]).toEqual([200, false, false]);
      expect((await viewer.request(`${base}/new`)).res.status).toBe(403);
    } finally {
      await createUpstreamRole(upstreamUrl(), { client: "us:3", name: "Administrator", rights });
    }
    expect((await member(api, g.id, id)).name).toBe("Right Person");
  });
});
