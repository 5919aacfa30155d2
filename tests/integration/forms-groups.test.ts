/**
 * A group's own screens through real HTTP, driven as a browser without JavaScript would (the HTML
 * form driver): the tab bar from the access table, every settings tab saved and read back from the
 * upstream, the spec's messages ("Pin must be 4 digits", "A valid email is required", 15 personal
 * fields and 4 favourites), personal fields added, edited, moved and deleted, the members listed,
 * and the group deleted by typing its name. Then rights (a Standard User gets 403 everywhere; an
 * administrator with only the viewer rights sees read-only forms and is refused every change) and
 * malformed and hostile posts (a 4xx with a message, never a 500, nothing half-saved).
 *
 * Each test makes its own groups in Acme (eu:1); Hooli (us:3) is used by no other test: its
 * Administrator role keeps only the viewer rights for the rights test, and gets them back after.
 */
import { describe, expect, test } from "vitest";
import { PERSONAL_FIELD_LIMITS } from "@contract";
import type { HttpBrowser, Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { createUpstreamRole } from "../support/hooks";
import { messages } from "../support/client";
import { createUser, failuresOf, hook, newBrowser, newClient, signIn, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const tag = () => Math.random().toString(36).slice(2, 7);
const notices = (page: Page) => page.notices().join(" ");
const confirmOf = (page: Page, summary: string) => page.all({ tag: "details", class: "row-delete" }).find((d) => d.all({ tag: "summary" })[0]!.has(summary))!;

/** A fresh administrator of `client`, signed in through the forms, with the upstream as them. */
async function admin(client = "eu:1"): Promise<{ browser: HttpBrowser; email: string; api: Awaited<ReturnType<typeof upstreamAccess>> }> {
  const email = uniqueEmail("groups-nojs");
  await createUser({ email, role: "Administrator", client, name: "Gail Groups" });
  const browser = newBrowser();
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  return { browser, email, api: await upstreamAccess(upstreamUrl(), email) };
}

async function newGroup(api: Awaited<ReturnType<typeof upstreamAccess>>, type: "standard" | "returning" | "delivery" = "returning") {
  const r = await api.send("POST", "groups", { name: `IT Group ${tag()}`, type });
  expect(r.status).toBe(200);
  return r.json as { id: number; name: string };
}

describe("an administrator, without JavaScript", () => {
  test("opens a group from the overview and saves its details; the PIN and reply-to rules hold; the name and input survive a refusal", async () => {
    const { browser, api } = await admin();
    const group = await newGroup(api);
    let page = await browser.open(`/manage/overview/groups?search=${encodeURIComponent(group.name)}`);
    page = await page.go(page.main().link(group.name));
    expect(page.path).toBe(`/manage/group/${group.id}/details`);
    expect(page.heading()).toBe(group.name);
    expect(page.region("Group sections").links().map((l) => l.name)).toEqual([
      "Members", "Details", "Personal fields", "Sign in", "Sign out", "Badges", "Notifications", "Companion app", "Pre-registration", "Onboarding", "Privacy", "Time & Attendance",
    ]);

    page = await page.form("Save changes").fill("Group PIN (optional)", "12a").fill("Reply-to email (optional)", "not-an-email").submit("Save changes");
    expect(page.fieldErrors("Group PIN (optional)")).toEqual(["Pin must be 4 digits"]);
    expect(page.fieldErrors("Reply-to email (optional)")).toEqual(["A valid email is required"]);
    expect(page.field("Group PIN (optional)").value).toBe("12a");
    expect((await api.get(`groups/${group.id}`)).details.pin).toBeNull();

    const renamed = `${group.name} renamed`;
    page = await page
      .form("Save changes")
      .fill("Group name", renamed)
      .fill("Group PIN (optional)", "1357")
      .fill("Reply-to email (optional)", "desk@acme.example.com")
      .select("Default language", "Deutsch")
      .check("Members sign out first")
      .submit("Save changes");
    expect(notices(page)).toContain(`The changes to ${renamed} have been saved.`);
    page = await page.reload();
    expect(page.heading()).toBe(renamed);
    expect(page.field("Group PIN (optional)").value).toBe("1357");
    expect((await api.get(`groups/${group.id}`)).details).toMatchObject({ name: renamed, pin: "1357", reply_to_email: "desk@acme.example.com", default_locale: "de", allow_sign_out_first: true });
  });

  test("saves the sign-in, sign-out, companion, pre-registration, onboarding, notifications and privacy tabs", async () => {
    const { browser, api } = await admin();
    const group = await newGroup(api);
    const tab = (name: string) => browser.open(`/manage/group/${group.id}/${name}`);

    let page = await (await tab("sign-in")).form("Save changes").select("Take a photo", "When there is no photo yet").check("Facial recognition").select("Safety check", "Check, and turn people away").fill("Welcome message (optional)", "<script>alert(1)</script> Welcome").submit("Save changes");
    expect(notices(page)).toContain("have been saved");
    expect((await page.reload()).field("Welcome message (optional)").value).toBe("<script>alert(1)</script> Welcome");

    // Sign out: "at a time of day" needs the time.
    page = await (await tab("sign-out")).form("Save changes").select("Sign out automatically", "At a time of day").submit("Save changes");
    expect(page.fieldErrors("At (site time)")).toEqual(["Choose a time"]);
    page = await page.form("Save changes").fill("At (site time)", "22:30").submit("Save changes");
    expect(notices(page)).toContain("have been saved");

    page = await (await tab("companion")).form("Save changes").check("Invite new members to the companion app").select("Ask for the PIN", "Every week").submit("Save changes");
    page = await (await tab("pre-reg")).form("Save changes").check("Pre-registrations need approval").fill("Invitation subject (optional)", "Your visit").submit("Save changes");
    page = await (await tab("onboarding")).form("Save changes").check("Send a welcome email to new members").submit("Save changes");
    page = await (await tab("notifications")).form("Save changes").fill("Only notify these addresses (optional)", "a@acme.example.com, nope").submit("Save changes");
    expect(page.fieldErrors("Only notify these addresses (optional)")).toEqual(["Enter valid email addresses, separated by commas"]);
    page = await page.form("Save changes").fill("Only notify these addresses (optional)", "a@acme.example.com, b@acme.example.com").uncheck("Tell the host when their visitor signs in").submit("Save changes");
    page = await (await tab("privacy")).form("Save changes").select("Keep visit records for", "7 years").select("Keep archived members for", "6 years").submit("Save changes");
    expect(notices(page)).toContain("have been saved");

    const stored = (await api.get(`groups/${group.id}`)).settings;
    expect(stored).toMatchObject({
      sign_in: { photo_mode: "when_missing", facial_recognition: true, safety_check: "hard", welcome_message: "<script>alert(1)</script> Welcome" },
      sign_out: { auto_clear: "at_time", auto_clear_time: "22:30", auto_clear_hours: null },
      companion: { companion_invite: true, companion_pin_prompt: "weekly" },
      pre_reg: { approval_required: true, pre_registration_subject: "Your visit" },
      onboarding: { welcome_email: true },
      notifications: { notify_host: false, allowed_recipients: ["a@acme.example.com", "b@acme.example.com"] },
      privacy: { data_retention: "7y", member_retention: "6y" },
    });
  });

  test("personal fields: added up to 15 and the 16th refused, 4 favourites, edited, moved and deleted", async () => {
    const { browser, api } = await admin();
    const group = await newGroup(api);
    let page = await browser.open(`/manage/group/${group.id}/personal-fields`);
    expect(page.has("This group has no personal fields yet.")).toBe(true);

    // A dropdown needs options; then one with options.
    page = await page.form("Add field").fill("Label", "Department").select("Type", "Dropdown").submit("Add field");
    expect(page.fieldErrors("Options")).toEqual(["Add at least one option"]);
    expect(page.field("Label").value).toBe("Department");
    page = await page.form("Add field").fill("Options", "Sales\nFinance\n").check("Favourite").submit("Add field");
    expect(notices(page)).toContain("“Department” has been added.");
    for (let i = 2; i <= 4; i++) page = await page.form("Add field").fill("Label", `Badge ${i}`).check("Favourite").submit("Add field");
    // A 5th favourite is refused by the upstream, on the form.
    page = await page.form("Add field").fill("Label", "Badge 5").check("Favourite").submit("Add field");
    expect(page.fieldErrors("Favourite")).toEqual(["At most 4 personal fields can be favourites"]);
    expect(page.field("Label").value).toBe("Badge 5");
    for (let i = 5; i <= PERSONAL_FIELD_LIMITS.perGroup; i++) {
      const r = await api.send("POST", `groups/${group.id}/personal-fields`, { label: `Field ${i}`, type: "text", options: [], visible_to_member: false, on_evacuation_list: false, on_host_notifications: false, ask_on_first_sign_in: false, sensitive: false, required: false, editable: true, favourite: false, include_in_visit_record: false });
      expect(r.status).toBe(200);
    }
    page = await page.reload();
    expect(page.has("15 of 15 personal fields · 4 of 4 favourites")).toBe(true);
    page = await page.form("Add field").fill("Label", "One too many").submit("Add field");
    expect(page.fieldErrors("Label")).toEqual(["A group has at most 15 personal fields"]);
    expect((await api.get(`groups/${group.id}/personal-fields`)).length).toBe(15);

    // Edit, move, delete.
    page = await page.click("Edit “Badge 2”");
    page = await page.form("Save field").fill("Label", "Visitor badge").uncheck("Favourite").check("Required").submit("Save field");
    expect(notices(page)).toContain("“Visitor badge” has been saved.");
    page = await page.click("Move up “Visitor badge”");
    expect(notices(page)).toContain("“Visitor badge” has been moved.");
    page = await page.form({ within: confirmOf(page, "Delete “Department”"), button: "Delete field" }).submit("Delete field");
    expect(notices(page)).toContain("“Department” has been deleted.");
    const fields = (await api.get(`groups/${group.id}/personal-fields`)) as { label: string; favourite: boolean; required: boolean }[];
    expect(fields.slice(0, 2).map((f) => f.label)).toEqual(["Visitor badge", "Badge 3"]);
    expect(fields[0]).toMatchObject({ favourite: false, required: true });
    expect(fields.length).toBe(14);
  });

  test("the members tab lists a returning group's members, 15 a page, with a search; a standard group has none", async () => {
    const { browser, api } = await admin();
    const staff = ((await api.get("manage/groups?search=Staff")).groups as { id: number; name: string; type: string }[]).find((g) => g.name === "Staff")!;
    let page = await browser.open(`/manage/group/${staff.id}/members`);
    expect(page.heading(2)).toBe("Members");
    const listed = page.rowHeaders();
    expect(listed.length).toBeGreaterThan(0);
    page = await page.form({ button: "Search" }).fill("Search by name or email", listed[0]!).submit("Search");
    expect(page.rowHeaders()).toContain(listed[0]);
    const visitors = await newGroup(api, "standard");
    expect((await browser.client.request(`/manage/group/${visitors.id}/members`)).res.status).toBe(404);
    expect((await browser.open(`/manage/group/${visitors.id}/details`)).region("Group sections").links().map((l) => l.name)).not.toContain("Members");
  });

  test("deletes a group by typing its name; a wrong name is refused and nothing goes", async () => {
    const { browser, api } = await admin();
    const group = await newGroup(api, "standard");
    let page = await browser.open(`/manage/group/${group.id}/details`);
    const confirm = `Type “${group.name}” to confirm`;
    page = await page.form("Delete this group").fill(confirm, "something else").submit("Delete this group");
    expect(page.fieldErrors(confirm)).toEqual(["Type the name exactly as shown to delete it"]);
    expect((await api.get(`groups/${group.id}`)).name).toBe(group.name);
    page = await page.form("Delete this group").fill(confirm, group.name).submit("Delete this group");
    expect(page.path).toBe("/manage/overview/groups");
    expect(notices(page)).toContain(`${group.name} has been deleted.`);
    expect((await browser.client.request(`/manage/group/${group.id}/details`)).res.status).toBe(404);
  });
});

describe("the badge builder, without JavaScript", () => {
  test("adds, places by numbers and removes elements on a label of a real size; the rules hold; the print view is the label alone", async () => {
    const { browser, api } = await admin();
    const group = await newGroup(api);
    const base = `/manage/group/${group.id}/badges`;
    let page = await browser.open(base);
    const svg = (p: Page) => p.all({ tag: "svg" }).find((el) => el.attr("role") === "img")!;
    expect([svg(page).attr("width"), svg(page).attr("height"), svg(page).attr("aria-label")]).toEqual(["100mm", "62mm", `The badge of ${group.name}, 100 × 62 mm`]);
    const stored = async () => (await api.get(`groups/${group.id}/badge`)) as { size: string; elements: { kind: string; x: number; y: number; width: number; text: string | null; personal_field_id: number | null }[] };
    expect((await stored()).elements.map((e) => e.kind)).toEqual(["logo", "photo", "name", "group", "date", "qr"]);

    // A text element needs its words; a second name is one too many.
    page = await page.form("Add element").select("Element", "Text").submit("Add element");
    expect(page.fieldErrors("Text (for a text element)")).toEqual(["A text element needs its text"]);
    page = await page.form("Add element").select("Element", "Text").fill("Text (for a text element)", "VISITOR").submit("Add element");
    expect(notices(page)).toContain("Text has been added to the badge.");
    page = await page.form("Add element").select("Element", "Name").submit("Add element");
    expect(notices(page)).toContain("The badge already has as many of these as it may hold (1)");

    // Place the text by numbers: off the label is refused (and kept as typed), on it is saved.
    page = await browser.open(base);
    const text = "7. Text “VISITOR”";
    page = await page.form("Save badge").fill(`From the left (mm) — ${text}`, "95").submit("Save badge");
    expect(page.fieldErrors(`From the left (mm) — ${text}`)).toEqual(["Every element must lie on the badge"]);
    expect(page.field(`From the left (mm) — ${text}`).value).toBe("95");
    page = await page.form("Save badge").fill(`From the left (mm) — ${text}`, "12.5").fill(`From the top (mm) — ${text}`, "50").fill(`Text — ${text}`, "GUEST").submit("Save badge");
    expect(notices(page)).toContain(`The badge of ${group.name} has been saved.`);
    expect((await stored()).elements[6]).toMatchObject({ kind: "text", x: 12.5, y: 50, text: "GUEST" });

    // A personal field (Acme has the badge-personal-fields flag), then the label size.
    const field = (await api.send("POST", `groups/${group.id}/personal-fields`, { label: "Department", type: "text", options: [], visible_to_member: true, on_evacuation_list: false, on_host_notifications: false, ask_on_first_sign_in: false, sensitive: false, required: false, editable: true, favourite: false, include_in_visit_record: false })).json as { id: number };
    page = await (await browser.open(base)).form("Add element").select("Element", "Personal field").select("Personal field (for a personal field element)", "Department").submit("Add element");
    expect(notices(page)).toContain("Personal field has been added to the badge.");
    expect((await stored()).elements.at(-1)).toMatchObject({ kind: "personal", personal_field_id: field.id });

    // Remove the text after confirming.
    page = await browser.open(base);
    page = await page.form({ within: confirmOf(page, "Delete “7. Text “GUEST””"), button: "Remove element" }).submit("Remove element");
    expect(notices(page)).toContain("Text has been removed from the badge.");
    expect((await stored()).elements.map((e) => e.kind)).toEqual(["logo", "photo", "name", "group", "date", "qr", "personal"]);

    // The print view: the label alone, at its size.
    page = await browser.open(`${base}?print`);
    expect(page.heading(2)).toBe("Print preview");
    expect(page.all({ class: "badge-print" }).length).toBe(1);
    expect(page.hasButton("Save badge")).toBe(false);
  });
});

describe("directory sync, without JavaScript", () => {
  test("connect Azure AD through the demo directory, choose its group, see the synced members; its errors and turning it off are said in words", async () => {
    const { browser, api } = await admin();
    const group = await newGroup(api);
    let page = await browser.open(`/manage/group/${group.id}/details`);
    expect(page.region("Directory sync").has("Not connected: members are added by hand.")).toBe(true);

    // Connect: the portal sends the browser to the directory's consent page, and Allow brings it back.
    page = await page.form({ button: "Connect" }).select("Directory", "Azure Active Directory").submit("Connect");
    expect(page.heading()).toBe("Microsoft Azure Active Directory (demo)");
    page = await page.form({ button: "Allow" }).submit("Allow");
    expect(page.path).toBe(`/manage/group/azure-id/${group.id}`);
    expect(notices(page)).toContain("Connected. Now choose the directory group whose people become members.");

    // Choose the directory group: its people become members, marked as synced.
    page = await page.form("Save and sync").select("Directory group", "Field Engineering").submit("Save and sync");
    expect(notices(page)).toContain(`The directory group of ${group.name} has been saved and synced.`);
    expect(page.has("5 from the directory, 0 added by hand")).toBe(true);
    const members = await browser.open(`/manage/group/${group.id}/members`);
    expect(members.rowHeaders()).toEqual(expect.arrayContaining(["Olivia Grant", "Ethan Brooks", "Amara Okonkwo", "Lukas Meyer", "Sofia Rossi"]));

    // The directory takes back API access: the next sync says so, and the state shows it.
    await hook("POST", "directory/faults", { provider: "azure-ad", fault: "invalid_grant" });
    try {
      page = await page.form({ button: "Sync now" }).submit("Sync now");
      expect(notices(page)).toContain("API access is no longer available. Connect the directory again.");
      expect(page.has("Failed: API access is no longer available. Connect the directory again.")).toBe(true);
    } finally {
      await hook("POST", "directory/faults", { provider: "azure-ad", fault: null });
    }

    // Turned off, a sync is refused with the spec's words; the members stay.
    page = await page.form({ button: "Turn syncing off" }).submit("Turn syncing off");
    expect(notices(page)).toContain("The group synchronisation has been disabled");
    page = await page.form({ button: "Sync now" }).submit("Sync now");
    expect(notices(page)).toContain("The group synchronisation has been disabled");
    expect((await api.get(`groups/${group.id}/sync`)).synced_members).toBe(5);

    // Disconnect: the members stay, as members added by hand.
    page = await page.form({ button: "Disconnect" }).submit("Disconnect");
    expect(notices(page)).toContain(`${group.name} is no longer connected to a directory.`);
    expect(await api.get(`groups/${group.id}/sync`)).toMatchObject({ status: "none", synced_members: 0, manual_members: 5 });
  });

  test("a consent denied, or a return with a state not started here, connects nothing", async () => {
    const { browser, api } = await admin();
    const group = await newGroup(api);
    let page = await browser.open(`/manage/group/${group.id}/details`);
    page = await page.form({ button: "Connect" }).select("Directory", "Google Workspace").submit("Connect");
    expect(page.heading()).toBe("Google Workspace (demo)");
    // Another administrator arrives at the return page: denied, or with a state that is not theirs.
    const other = await admin();
    const deny = await other.browser.open(`/manage/group/callback/google-apps?error=access_denied&state=x`);
    expect(deny.path).toBe("/manage/overview/groups");
    expect(notices(deny)).toContain("Connecting Google Workspace was cancelled: nothing has changed.");
    const forged = await other.browser.open(`/manage/group/callback/google-apps?code=abc&state=${"s".repeat(40)}`);
    expect(forged.path).toBe("/manage/overview/groups");
    expect(notices(forged)).toContain("This sign-in to the directory has expired or was not started here. Connect again.");
    expect((await api.get(`groups/${group.id}/sync`)).status).toBe("none");
    expect((await other.browser.client.request("/manage/group/callback/dropbox?code=a&state=b")).res.status).toBe(404);
  });

  test("Brivo: the facility code is 0–255; a standard group cannot be synchronised", async () => {
    const { browser, api } = await admin();
    const group = await newGroup(api);
    let page = await browser.open(`/manage/group/${group.id}/details`);
    page = await page.form({ button: "Connect" }).select("Directory", "Brivo").submit("Connect");
    page = await page.form({ button: "Allow" }).submit("Allow");
    expect(page.path).toBe(`/manage/group/brivo-id/${group.id}`);
    page = await page.form("Save and sync").select("Directory group", "Night shift").fill("Facility code", "256").submit("Save and sync");
    expect(page.fieldErrors("Facility code")).toEqual(["The facility code must be a whole number from 0 to 255"]);
    page = await page.form("Save and sync").select("Directory group", "Night shift").fill("Facility code", "42").submit("Save and sync");
    expect(notices(page)).toContain("has been saved and synced");
    expect(await api.get(`groups/${group.id}/sync`)).toMatchObject({ provider: "brivo", facility_code: 42, synced_members: 4 });
    const visitors = await newGroup(api, "standard");
    expect((await browser.open(`/manage/group/${visitors.id}/details`)).has("Directory sync")).toBe(false);
    const r = await browser.client.post(`/manage/group/${visitors.id}/details`, { intent: "connect", provider: "azure-ad" }, { follow: false });
    expect(r.res.status).toBe(422);
    expect(messages(r.body).join(" ")).toContain("Only a returning group can be synchronised with a directory.");
  });
});

describe("rights", () => {
  test("a Standard User gets 403 on every group page and action", async () => {
    const { api } = await admin();
    const group = await newGroup(api);
    const email = uniqueEmail("groups-std");
    await createUser({ email, role: "Standard User" });
    const web = newClient();
    await signIn(web, email);
    const tabs = ["details", "members", "personal-fields", "sign-in", "sign-out", "badges", "notifications", "companion", "pre-reg", "onboarding", "privacy"];
    for (const t of ["", ...tabs]) expect([t, (await web.request(`/manage/group/${group.id}${t ? `/${t}` : ""}`)).res.status]).toEqual([t, 403]);
    for (const t of tabs.filter((x) => x !== "members")) expect([t, (await web.post(`/manage/group/${group.id}/${t}`, { intent: "save" }, { follow: false })).res.status]).toEqual([t, 403]);
  });

  test("an administrator with only the viewer rights sees every tab read-only, and every change is refused (403)", async () => {
    const { api } = await admin("us:3");
    const group = await newGroup(api);
    await api.send("POST", `groups/${group.id}/personal-fields`, { label: "Shoe size", type: "number", options: [], visible_to_member: true, on_evacuation_list: false, on_host_notifications: false, ask_on_first_sign_in: false, sensitive: false, required: false, editable: true, favourite: false, include_in_visit_record: false });
    const rights = api.config.abilities as Parameters<typeof createUpstreamRole>[1]["rights"];
    try {
      await createUpstreamRole(upstreamUrl(), { client: "us:3", name: "Administrator", rights: ["ManageVisitorGroup.viewer", "GroupMember.viewer"] });
      const email = uniqueEmail("groups-ro");
      await createUser({ email, role: "Administrator", client: "us:3" });
      const web = newClient();
      await signIn(web, email);
      for (const t of ["details", "personal-fields", "sign-in", "sign-out", "badges", "notifications", "companion", "pre-reg", "onboarding", "privacy", "members"]) {
        const r = await web.request(`/manage/group/${group.id}/${t}`);
        expect([t, r.res.status, r.body.includes('name="intent"')]).toEqual([t, 200, false]);
        if (t !== "members" && t !== "personal-fields" && t !== "badges") expect([t, /<fieldset disabled=""/.test(r.body)]).toEqual([t, true]);
      }
      expect((await web.request(`/manage/group/${group.id}/personal-fields`)).body).toContain("Shoe size");
      const before = await api.get(`groups/${group.id}`);
      for (const [t, form] of [
        ["details", { intent: "save", name: "Mine now" }],
        ["details", { intent: "delete", confirm: group.name }],
        ["sign-in", { intent: "save", photo_mode: "never" }],
        ["privacy", { intent: "save", data_retention: "1d", member_retention: "7d" }],
        ["personal-fields", { intent: "add", label: "X", type: "text" }],
        ["badges", { intent: "add", kind: "text", text: "Mine" }],
        ["badges", { intent: "delete", id: "1" }],
      ] as const) {
        const r = await web.post(`/manage/group/${group.id}/${t}`, form, { follow: false });
        expect([t, form.intent, r.res.status, r.body.includes("Forbidden")]).toEqual([t, form.intent, 403, true]);
      }
      expect(await api.get(`groups/${group.id}`)).toEqual(before);
      expect((await api.get(`groups/${group.id}/badge`)).elements.length).toBe(6);
    } finally {
      await createUpstreamRole(upstreamUrl(), { client: "us:3", name: "Administrator", rights });
    }
  });
});

describe("malformed and hostile input", () => {
  test("every action: a 4xx with a message, never a 500, nothing saved", async () => {
    const { browser, api } = await admin();
    const web = browser.client;
    const group = await newGroup(api);
    const other = await admin("us:3");
    const foreign = await newGroup(other.api);
    const base = `/manage/group/${group.id}`;
    const before = await api.get(`groups/${group.id}`);
    const long = "x".repeat(10_000);
    const bad = "That request could not be used";
    const failures = await failuresOf(web, [
      [`${base}/details`, {}, 400, bad],
      [`${base}/details`, { intent: "drop-table" }, 400, bad],
      [`${base}/details`, { intent: "save", name: "" }, 400, "The group name is required"],
      [`${base}/details`, { intent: "save", name: long }, 400, "That is too long."],
      [`${base}/details`, { intent: "save", name: "Evil\u0000Name" }, 400, ""],
      [`${base}/details`, { intent: "save", name: "Fine", pin: "12345" }, 400, "Pin must be 4 digits"],
      [`${base}/details`, { intent: "save", name: "Fine", default_locale: "xx" }, 400, "Choose one of the options shown."],
      [`${base}/details`, { intent: "delete", confirm: "" }, 400, "Type the name exactly as shown to delete it"],
      [`${base}/sign-in`, { intent: "save", photo_mode: "sometimes" }, 400, "Choose one of the options shown."],
      [`${base}/sign-in`, { intent: "save", photo_mode: "never", badge_printing: "off", safety_check: "off", welcome_message: long }, 400, "That is too long."],
      [`${base}/sign-out`, { intent: "save", auto_clear: "after_duration", auto_clear_hours: "999" }, 400, "Enter a whole number of hours from 1 to 72"],
      [`${base}/sign-out`, { intent: "save", auto_clear: "after_duration", auto_clear_hours: "two" }, 400, "Enter a whole number of hours from 1 to 72"],
      [`${base}/privacy`, { intent: "save", data_retention: "forever", member_retention: "1y" }, 400, "Choose one of the options shown."],
      [`${base}/personal-fields`, { intent: "add", label: "", type: "text" }, 400, "The label is required"],
      [`${base}/personal-fields`, { intent: "add", label: "X", type: "hologram" }, 400, "Choose a field type"],
      [`${base}/personal-fields`, { intent: "edit", id: "1 OR 1=1", label: "X", type: "text" }, 400, bad],
      [`${base}/personal-fields`, { intent: "delete", id: "999999999" }, 404, "That personal field is not in this group any more."],
      [`${base}/personal-fields`, { intent: "move", id: "1" }, 400, bad],
      [`${base}/badges`, { intent: "add", kind: "hologram" }, 400, "Choose an element"],
      [`${base}/badges`, { intent: "add", kind: "field" }, 400, "Choose a custom field of this organisation"],
      [`${base}/badges`, { intent: "add", kind: "field", field_id: "999999" }, 422, "Choose a custom field of this organisation"],
      [`${base}/badges`, { intent: "add", kind: "text", text: long }, 400, "That is too long."],
      [`${base}/badges`, { intent: "save", size: "1x1" }, 400, "Choose one of the options shown."],
      [`${base}/badges`, [["intent", "save"], ["size", "100x62"], ["elements[0].kind", "name"], ["elements[0].x", "-5"], ["elements[0].y", "1"], ["elements[0].width", "10"], ["elements[0].height", "5"], ["elements[0].font_size", "10"]], 400, "Enter millimetres in steps of 0.5"],
      [`${base}/badges`, [["intent", "save"], ["size", "100x62"], ["elements[0].kind", "name"], ["elements[0].x", "1.3"], ["elements[0].y", "1"], ["elements[0].width", "10"], ["elements[0].height", "5"], ["elements[0].font_size", "10"]], 400, "Enter millimetres in steps of 0.5"],
      [`${base}/badges`, [["intent", "save"], ["size", "100x62"], ["elements[0].kind", "name"], ["elements[0].x", "1"], ["elements[0].y", "1"], ["elements[0].width", "10"], ["elements[0].height", "5"], ["elements[0].font_size", "500"]], 400, "Enter a font size from 6 to 72 pt"],
      [`${base}/badges`, { intent: "delete", id: "99" }, 404, "That element is not on the badge any more."],
      [`/manage/group/${foreign.id}/badges`, { intent: "add", kind: "text", text: "Mine" }, 404, ""],
      [`/manage/group/${foreign.id}/details`, { intent: "save", name: "Mine now" }, 404, ""],
      [`/manage/group/abc/details`, { intent: "save", name: "Mine now" }, 404, ""],
      [`/manage/group/${group.id}%00/details`, { intent: "save", name: "Mine now" }, 400, "It contained characters that are not allowed"],
    ]);
    expect(failures).toEqual([]);
    expect(await api.get(`groups/${group.id}`)).toEqual(before);
    expect((await api.get(`groups/${group.id}/badge`)).elements.length).toBe(6);
    expect((await other.api.get(`groups/${foreign.id}`)).name).toBe(foreign.name);
  }, 60_000);
});
