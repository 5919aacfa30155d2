/**
 * A group's settings that reach beyond the group, through real HTTP and driven as a browser without
 * JavaScript would: where the group is offered (its sign-in tab), its Time & Attendance (Acme has
 * it: the tab is there, the default manager is chosen among members of groups with it on) and its
 * Central Record link (Globex has it: organisations and rating systems read from the demo Central
 * Record, "Select at least one rating system", its failures said in words); each tab only where the
 * client has the feature; read-only for a viewer; hostile input answered with a 4xx and a message.
 *
 * Acme (eu:1) and Globex (us:2) groups are each test's own; Hooli (us:3) is borrowed by the rights
 * test (its Administrator role and settings are put back after), as in forms-groups.
 */
import { describe, expect, test } from "vitest";
import type { Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { createUpstreamRole } from "../support/hooks";
import { createUser, failuresOf, hook, newBrowser, newClient, postMultipart, signIn, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const tag = () => Math.random().toString(36).slice(2, 7);
const notices = (page: Page) => page.notices().join(" ");
type Api = Awaited<ReturnType<typeof upstreamAccess>>;

async function admin(client = "eu:1") {
  const email = uniqueEmail("group-addons");
  await createUser({ email, role: "Administrator", client, name: "Ada Addons" });
  const browser = newBrowser();
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  return { browser, email, api: await upstreamAccess(upstreamUrl(), email) };
}

async function newGroup(api: Api, type: "standard" | "returning" = "returning") {
  const r = await api.send("POST", "groups", { name: `Addon Group ${tag()}`, type });
  expect(r.status).toBe(200);
  return r.json as { id: number; name: string };
}

const groupNamed = async (api: Api, name: string) => ((await api.get(`manage/groups?search=${encodeURIComponent(name)}`)).groups as { id: number; name: string }[]).find((g) => g.name === name)!;

describe("where a group is offered, without JavaScript", () => {
  test("only at the sites ticked; each site's groups tab agrees", async () => {
    const { browser, api } = await admin();
    const group = await newGroup(api, "standard");
    let page = await browser.open(`/manage/group/${group.id}/sign-in`);
    expect(page.field("Offered at every site, including sites added later").checked).toBe(true);
    page = await page.form("Save changes").uncheck("Offered at every site, including sites added later").check("Warehouse").submit("Save changes");
    expect(notices(page)).toContain("have been saved");
    page = await page.reload();
    expect([page.field("Offered at every site, including sites added later").checked, page.field("Warehouse").checked, page.field("Head Office").checked]).toEqual([false, true, false]);
    const sites = (await api.get("sites")) as { id: number; name: string }[];
    const shown = async (site: string) => ((await api.get(`sites/${sites.find((s) => s.name === site)!.id}/groups`)).groups as { id: number; shown: boolean }[]).find((g) => g.id === group.id)!.shown;
    expect([await shown("Warehouse"), await shown("Head Office")]).toEqual([true, false]);
  });
});

describe("Time & Attendance, without JavaScript", () => {
  test("the tab is there for Acme; the default manager is a member of a group with it on; the choice is kept after a refusal", async () => {
    const { browser, api } = await admin();
    const group = await newGroup(api);
    let page = await browser.open(`/manage/group/${group.id}/time-and-attendance`);
    const tabs = page.region("Group sections").links().map((l) => l.name);
    expect(tabs.slice(-2)).toEqual(["Privacy", "Time & Attendance"]);
    expect(tabs).not.toContain("Integrations");
    expect(page.field("Default group manager (optional)").options.map((o) => o.label)).toContain("Amelia Hart (Staff)");
    expect(page.field("Default group manager (optional)").options.map((o) => o.label).some((l) => l.includes("Bob Mason"))).toBe(false);

    page = await page
      .form("Save changes")
      .check("Track time and attendance for this group's members")
      .select("Default group manager (optional)", "Amelia Hart (Staff)")
      .select("Round clock times", "To 15 minutes")
      .submit("Save changes");
    expect(notices(page)).toContain("have been saved");
    page = await page.reload();
    expect(page.field("Default group manager (optional)").value).not.toBe("");
    const stored = (await api.get(`groups/${group.id}`)).settings.time_and_attendance;
    expect(stored).toMatchObject({ enabled: true, rounding: "15" });

    // A contractor (their group has no Time & Attendance) cannot manage: the upstream's words on the field.
    const contractors = await groupNamed(api, "Contractors");
    const bob = ((await api.get(`groups/${contractors.id}/members?search=Bob`)).members as { id: number }[])[0]!;
    const r = await browser.client.post(`/manage/group/${group.id}/time-and-attendance`, { intent: "save", enabled: "on", default_manager_id: String(bob.id), rounding: "5" }, { follow: false });
    expect(r.res.status).toBe(422);
    expect(r.body).toContain("A manager must belong to a group with Time &amp; Attendance enabled");
    expect((await api.get(`groups/${group.id}`)).settings.time_and_attendance).toEqual(stored);

    // A visitors' group has no members to track: the tab says so, with no form.
    const visitors = await newGroup(api, "standard");
    page = await browser.open(`/manage/group/${visitors.id}/time-and-attendance`);
    expect(page.has("Only a returning group has members whose time is tracked.")).toBe(true);
    expect(page.hasButton("Save changes")).toBe(false);
  });
});

describe("Central Record, without JavaScript", () => {
  test("Globex links a group to an organisation and its rating systems; custom needs one; a failing record is said in words", async () => {
    const { browser, api } = await admin("us:2");
    const group = await newGroup(api);
    let page = await browser.open(`/manage/group/${group.id}/integrations`);
    const tabs = page.region("Group sections").links().map((l) => l.name);
    expect(tabs).toContain("Integrations");
    expect(tabs).not.toContain("Time & Attendance");
    expect(page.field("Central Record organisation").options.map((o) => o.label)).toEqual(["Not set", "Main office", "North campus", "South campus"]);

    page = await page.form("Save changes").select("Central Record organisation", "North campus").select("Rating systems checked", "Only the ones chosen below").submit("Save changes");
    expect(page.groupErrors("Rating systems")).toEqual(["Select at least one rating system"]);
    expect(page.field("Central Record organisation").value).toBe("org-north");
    page = await page.form("Save changes").check("DBS / background check").check("Safeguarding training").submit("Save changes");
    expect(notices(page)).toContain("have been saved");
    page = await page.reload();
    expect([page.field("DBS / background check").checked, page.field("Right to work").checked, page.field("Safeguarding training").checked]).toEqual([true, false, true]);
    expect((await api.get(`groups/${group.id}`)).settings.central_record).toEqual({ organisation_id: "org-north", rating_mode: "custom", rating_systems: ["dbs", "safeguarding"] });

    // The record cannot be reached, or Wonde access was removed: the page says so; a save is refused, nothing changes.
    for (const [fault, words] of [
      ["central_record_connection", "Could not connect to Central Record."],
      ["wonde_removed", "Wonde access has been removed."],
    ] as const) {
      await hook("POST", "central-record/fault", { fault });
      try {
        page = await browser.open(`/manage/group/${group.id}/integrations`);
        expect(page.alerts().join(" ")).toContain(words);
        expect(page.field("Central Record organisation").options.map((o) => o.label)).toEqual(["Not set", "No longer available (as saved)"]);
        page = await page.form("Save changes").submit("Save changes");
        expect(page.fieldErrors("Central Record organisation")).toEqual([words]);
      } finally {
        await hook("POST", "central-record/fault", { fault: null });
      }
    }
    expect((await api.get(`groups/${group.id}`)).settings.central_record.organisation_id).toBe("org-north");

    // Acme has no Central Record: the tab is not offered there, and Globex has no Time & Attendance.
    const acme = await admin();
    const acmeGroup = await newGroup(acme.api);
    expect((await acme.browser.client.request(`/manage/group/${acmeGroup.id}/integrations`)).res.status).toBe(403);
    expect((await browser.client.request(`/manage/group/${group.id}/time-and-attendance`)).res.status).toBe(403);
  });
});

describe("importing directory groups as groups (integrated-groups-import), without JavaScript", () => {
  test("with the flag, a connected group's other directory groups become synced groups; without it, nothing is offered", async () => {
    await hook("POST", "clients/eu:1", { settings: { "beta.integrated-groups-import": true } });
    try {
      const { browser, api } = await admin();
      const group = await newGroup(api);
      let page = await browser.open(`/manage/group/${group.id}/details`);
      page = await page.form({ button: "Connect" }).select("Directory", "Azure Active Directory").submit("Connect");
      page = await page.form({ button: "Allow" }).submit("Allow");
      page = await page.form("Save and sync").select("Directory group", "Site Surveyors").submit("Save and sync");
      const offered = page.region("Import other directory groups as groups");
      // Field Engineering is the seeded Field Engineers' and Site Surveyors this group's: neither is offered.
      expect(offered.has("IT Support")).toBe(true);
      expect(offered.has("Field Engineering")).toBe(false);
      expect(offered.has("Site Surveyors")).toBe(false);
      page = await page.form("Import as new groups").submit("Import as new groups");
      expect(page.groupErrors("Import other directory groups as groups")).toEqual(["Choose at least one directory group"]);
      page = await page.form("Import as new groups").check("IT Support").submit("Import as new groups");
      expect(notices(page)).toContain("1 group imported and synced: IT Support.");
      const imported = await groupNamed(api, "IT Support");
      expect(await api.get(`groups/${imported.id}/sync`)).toMatchObject({ provider: "azure-ad", status: "connected", directory_group: { name: "IT Support" }, synced_members: 4 });
      // Imported once, it is no longer offered; a crafted second import is refused in words.
      page = await page.reload();
      expect(page.hasButton("Import as new groups")).toBe(false);
      const itSupport = (await api.get(`groups/${group.id}/sync`)).directory_groups.find((d: { name: string }) => d.name === "IT Support").id;
      const again = await browser.client.post(`/manage/group/${group.id}/details`, { intent: "import", directory_group_ids: itSupport }, { follow: false });
      expect([again.res.status, again.body.includes("A group here is already synced from one of those directory groups.")]).toEqual([422, true]);
    } finally {
      await hook("POST", "clients/eu:1", { settings: { "beta.integrated-groups-import": false } });
    }
    // Without the flag: no import form, and a crafted post is refused.
    const { browser, api } = await admin();
    const page = await browser.open("/manage/group/azure-id");
    expect(page.has("Import as new groups")).toBe(false);
    const fe = await groupNamed(api, "Field Engineers");
    const r = await browser.client.post(`/manage/group/${fe.id}/details`, { intent: "import", directory_group_ids: "x" }, { follow: false });
    expect([r.res.status, r.body.includes("Importing directory groups is not available for this organisation.")]).toEqual([422, true]);
  });
});

describe("attachments, without JavaScript", () => {
  const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
  test("a file attached on the onboarding tab is listed, downloads through the portal, and is removed after a confirmation; 30 MB and 5 files at most", async () => {
    const { browser, api } = await admin();
    const group = await newGroup(api);
    let page = await browser.open(`/manage/group/${group.id}/onboarding`);
    expect(page.has("No attachments yet.")).toBe(true);
    page = await page.form("Attach file").attach("A file to attach", { name: "Welcome pack.pdf", type: "application/pdf", data: PDF }).submit("Attach file");
    expect(notices(page)).toContain("“Welcome pack.pdf” has been attached.");
    const [a] = await api.get(`groups/${group.id}/attachments`);
    expect(page.main().link("Welcome pack.pdf")).toBe(`/files/${a.file}`);
    const file = await browser.client.request(`/files/${a.file}`);
    expect([file.res.status, file.res.headers.get("content-type")]).toEqual([200, "application/pdf"]);

    // Not a PDF or an image: refused with the rule, nothing attached.
    page = await page.form("Attach file").attach("A file to attach", { name: "notes.txt", type: "text/plain", data: Buffer.from("hello") }).submit("Attach file");
    expect(page.fieldErrors("A file to attach").join(" ")).toContain("The attachment must be a PDF");
    expect(await api.get(`groups/${group.id}/attachments`)).toHaveLength(1);

    // Up to 5: then the form gives way to the rule.
    for (let i = 2; i <= 5; i++) expect((await api.upload(`groups/${group.id}/attachments`, `doc ${i}.pdf`, PDF, "application/pdf")).status).toBe(200);
    page = await page.reload();
    expect(page.hasButton("Attach file")).toBe(false);
    expect(page.has("This group has 5 attachments, the most it can have: remove one to add another.")).toBe(true);

    // Removed after its confirmation: gone, and its file with it.
    const confirm = page.all({ tag: "details", class: "row-delete" }).find((d) => d.all({ tag: "summary" })[0]!.has("Welcome pack.pdf"))!;
    page = await page.form({ within: confirm }).submit("Remove");
    expect(notices(page)).toContain("“Welcome pack.pdf” has been removed.");
    expect((await api.get(`groups/${group.id}/attachments`)).map((x: { filename: string }) => x.filename)).not.toContain("Welcome pack.pdf");
    expect((await browser.client.request(`/files/${a.file}`)).res.status).toBe(404);
  });

  test("over 30 MB is refused before it is read whole; a viewer sees the list without controls; a standard user cannot read the files", async () => {
    const { browser, api } = await admin();
    const group = await newGroup(api);
    const big = Buffer.concat([PDF, Buffer.alloc(30 * 1024 * 1024 + 1 - PDF.length)]);
    const r = await postMultipart(browser.client, `/manage/group/${group.id}/onboarding`, [["intent", "attach"], ["file", big, "big.pdf", "application/pdf"]]);
    expect([r.res.status, r.body.includes("A PDF or an image (PNG, JPEG, GIF or WebP) of at most 30 MB.")]).toEqual([413, true]);
    expect(await api.get(`groups/${group.id}/attachments`)).toHaveLength(0);
    const up = (await api.upload(`groups/${group.id}/attachments`, "rules.pdf", PDF, "application/pdf")).json as { file: string };
    const std = uniqueEmail("attach-std");
    await createUser({ email: std, role: "Standard User" });
    const web = newClient();
    await signIn(web, std);
    expect((await web.request(`/files/${up.file}`)).res.status).toBe(404);
    expect((await web.request(`/manage/group/${group.id}/onboarding`)).res.status).toBe(403);
  });
});

describe("rights and hostile input", () => {
  test("a viewer-only administrator sees the new tabs read-only and is refused every change (403)", async () => {
    const { api } = await admin("us:3");
    const group = await newGroup(api);
    expect((await api.upload(`groups/${group.id}/attachments`, "pack.pdf", Buffer.from("%PDF-1.4\n%%EOF\n"), "application/pdf")).status).toBe(200);
    const rights = api.config.abilities as Parameters<typeof createUpstreamRole>[1]["rights"];
    const settings = (await hook("POST", "clients/us:3", {})) as { settings?: Record<string, unknown> } | undefined;
    await hook("POST", "clients/us:3", { settings: { time_and_attendance_enabled: true, central_record: { enabled: true } } });
    try {
      await createUpstreamRole(upstreamUrl(), { client: "us:3", name: "Administrator", rights: ["ManageVisitorGroup.viewer", "GroupMember.viewer"] });
      const email = uniqueEmail("group-addons-ro");
      await createUser({ email, role: "Administrator", client: "us:3" });
      const web = newClient();
      await signIn(web, email);
      const onboarding = await web.request(`/manage/group/${group.id}/onboarding`);
      expect([onboarding.res.status, onboarding.body.includes("pack.pdf"), onboarding.body.includes("Attach file"), onboarding.body.includes("row-delete")]).toEqual([200, true, false, false]);
      for (const t of ["sign-in", "time-and-attendance", "integrations"]) {
        const r = await web.request(`/manage/group/${group.id}/${t}`);
        expect([t, r.res.status, r.body.includes('name="intent"'), /<fieldset disabled=""/.test(r.body)]).toEqual([t, 200, false, true]);
        const post = await web.post(`/manage/group/${group.id}/${t}`, { intent: "save" }, { follow: false });
        expect([t, post.res.status]).toEqual([t, 403]);
      }
    } finally {
      await createUpstreamRole(upstreamUrl(), { client: "us:3", name: "Administrator", rights });
      await hook("POST", "clients/us:3", { settings: { time_and_attendance_enabled: settings?.settings?.time_and_attendance_enabled ?? false, central_record: { enabled: false } } });
    }
  });

  test("malformed and hostile posts to the new fields: a 4xx with a message, never a 500, nothing saved", async () => {
    const { browser, api } = await admin();
    const group = await newGroup(api);
    const globex = await admin("us:2");
    const gGroup = await newGroup(globex.api);
    const base = `/manage/group/${group.id}`;
    const before = await api.get(`groups/${group.id}`);
    const gBefore = await globex.api.get(`groups/${gGroup.id}`);
    const long = "x".repeat(10_000);
    const choice = "Choose one of the options shown.";
    const ta = { intent: "save", rounding: "none" };
    const signIn_ = { intent: "save", photo_mode: "never", badge_printing: "off", safety_check: "off" };
    expect(
      await failuresOf(browser.client, [
        [`${base}/time-and-attendance`, { ...ta, default_manager_id: "abc" }, 400, choice],
        [`${base}/time-and-attendance`, { ...ta, default_manager_id: "99999999999" }, 400, choice],
        [`${base}/time-and-attendance`, { ...ta, default_manager_id: "-3" }, 400, choice],
        [`${base}/time-and-attendance`, { ...ta, default_manager_id: "999999" }, 422, "A manager must belong to a group with Time &amp; Attendance enabled"],
        [`${base}/time-and-attendance`, { intent: "save", rounding: "7" }, 400, choice],
        [`${base}/time-and-attendance`, { ...ta, enabled: "maybe" }, 400, choice],
        [`${base}/sign-in`, { ...signIn_, site_ids: "1 OR 1=1" }, 400, choice],
        [`${base}/sign-in`, { ...signIn_, site_ids: "999999" }, 422, "Choose among the sites you can see."],
        [`${base}/sign-in`, [...Object.entries(signIn_), ...Array.from({ length: 1001 }, () => ["site_ids", "1"] as [string, string])], 400, "That is too long."],
        // Another client's group: not found.
        [`/manage/group/${gGroup.id}/sign-in`, signIn_, 404, ""],
      ]),
    ).toEqual([]);
    const integrations = `/manage/group/${gGroup.id}/integrations`;
    expect(
      await failuresOf(globex.browser.client, [
        [integrations, { intent: "save", rating_mode: "all", organisation_id: long }, 400, choice],
        [integrations, { intent: "save", rating_mode: "custom", rating_systems: "dbs\u0000" }, 400, ""],
        [integrations, { intent: "save", rating_mode: "custom", rating_systems: "astrology" }, 422, "Choose rating systems of your Central Record."],
        [integrations, { intent: "save", rating_mode: "all", organisation_id: "org-elsewhere" }, 422, "Choose an organisation of your Central Record."],
        [integrations, { intent: "save", rating_mode: "sometimes" }, 400, choice],
        [integrations, { intent: "drop" }, 400, "That request could not be used"],
      ]),
    ).toEqual([]);
    expect(await api.get(`groups/${group.id}`)).toEqual(before);
    expect(await globex.api.get(`groups/${gGroup.id}`)).toEqual(gBefore);

    // The upstream failing on a save: the spec's "Failed to save. Please try again." on the form, what was typed kept.
    await hook("POST", "faults", { route: "updateGroupSettings", status: 503 });
    let page = await browser.open(`${base}/time-and-attendance`);
    page = await page.form("Save changes").select("Round clock times", "To 30 minutes").submit("Save changes");
    expect(page.has("Failed to save. Please try again.")).toBe(true);
    expect(page.field("Round clock times").value).toBe("30");
    expect(await api.get(`groups/${group.id}`)).toEqual(before);
  });
});
