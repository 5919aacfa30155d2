/**
 * The custom fields, messages, privacy, features and badges tabs through real HTTP: malformed and
 * hostile posts to every action get a 4xx with a visible message, never a 500, and the upstream
 * keeps what it had; rows and badges of another site or organisation are refused with a message;
 * script in rich text never reaches the upstream nor the page; each action does what it says; a
 * view-only custom role and a Standard User get 403 (the site pages are for administrators).
 */
import { beforeAll, describe, expect, test } from "vitest";
import { upstreamAccess } from "../support/access";
import { h1, messages, type WebClient } from "../support/client";
import { createUpstreamRole, createUpstreamSite } from "../support/hooks";
import { createUser, newClient, signIn, uniqueEmail, upstreamUrl } from "./helpers";

const tag = () => Math.random().toString(36).slice(2, 7);
const page400 = "That request could not be used";
const long = "x".repeat(10_000);

type Admin = Awaited<ReturnType<typeof upstreamAccess>>;

/** A fresh site of Acme's with its groups, and a signed-in administrator (portal and upstream). */
async function freshSite() {
  const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT fields ${tag()}`, all_groups: true });
  const email = uniqueEmail("fields-it");
  await createUser({ email, role: "Administrator" });
  const admin = await upstreamAccess(upstreamUrl(), email);
  const client = newClient();
  await signIn(client, email);
  return { site, admin, client, base: `/manage/site/${site.id}` };
}

/** A form post with repeated names (ticked checkboxes), not followed. */
function postEntries(client: WebClient, path: string, entries: [string, string][]) {
  return client.request(path, { method: "POST", body: new URLSearchParams(entries).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
}

/** Everything the upstream holds for the site that these tabs change. */
async function stored(admin: Admin, siteId: number) {
  const [site, fields, msgs, badges] = await Promise.all([admin.get(`sites/${siteId}`), admin.get(`sites/${siteId}/custom-fields`), admin.get(`sites/${siteId}/messages`), admin.get(`sites/${siteId}/badges`)]);
  const { updated_at: _u, ...rest } = site;
  return { site: rest, fields, msgs, badges };
}

/** The heading of the tab's error card (below the site's own heading). */
const errorTitle = (html: string) => /<h1 id="error-title">([^<]*)<\/h1>/.exec(html)?.[1] ?? "";

type Case = [path: string, form: Record<string, string> | [string, string][], status: number, text: string];

async function expectRefused(client: WebClient, cases: Case[]) {
  const failures: string[] = [];
  for (const [path, form, status, text] of cases) {
    const r = Array.isArray(form) ? await postEntries(client, path, form) : await client.post(path, form, { follow: false });
    const shown = `${h1(r.body)} ${errorTitle(r.body)} ${messages(r.body).join(" ")}`;
    if (r.res.status !== status || !shown.includes(text)) failures.push(`${path} ${JSON.stringify(form).slice(0, 100)}: ${r.res.status} ${shown.slice(0, 160)}`);
  }
  expect(failures).toEqual([]);
}

// Rows of another site of the same organisation, and a badge and a site of another organisation.
let other: { fieldId: number; messageId: number };
let foreign: { badgeId: number; siteId: number };
beforeAll(async () => {
  const { site, admin } = await freshSite();
  const field = await admin.send("POST", `sites/${site.id}/custom-fields`, { label: "Elsewhere", type: "text" });
  const message = await admin.send("POST", `sites/${site.id}/messages`, { icon: "!", title: "Elsewhere", content: "<p>Hi</p>", checkbox_label: "OK" });
  other = { fieldId: field.json.id, messageId: message.json.id };
  const initechEmail = uniqueEmail("fields-it-initech");
  await createUser({ email: initechEmail, role: "Administrator", client: "eu:5" });
  const initech = await upstreamAccess(upstreamUrl(), initechEmail);
  const siteId = (initech.config.sites[0] as { id: number }).id;
  foreign = { siteId, badgeId: (await initech.get(`sites/${siteId}/badges`)).badges[0].id };
});

describe("bad input", () => {
  test("custom fields: malformed and hostile posts get a 4xx with a message, and nothing changes", async () => {
    const { site, admin, client, base } = await freshSite();
    const field = (await admin.send("POST", `sites/${site.id}/custom-fields`, { label: "Company", type: "text" })).json;
    const before = await stored(admin, site.id);
    const path = `${base}/customfields`;
    await expectRefused(client, [
      [path, {}, 400, page400],
      [path, { intent: "drop-table" }, 400, page400],
      [path, { intent: "create", type: "text" }, 400, "A field label is required"],
      [path, { intent: "create", type: "text", label: "   " }, 400, "A field label is required"],
      [path, { intent: "create", type: "hologram", label: "Aura" }, 400, "Choose a field type"],
      [path, { intent: "create", type: "text", label: long }, 400, "That is too long."],
      [path, { intent: "create", type: "dropdown", label: "Visitor type" }, 400, "Add at least one option"],
      [path, { intent: "create", type: "dropdown", label: "Visitor type", options: "A\na" }, 400, "Options must be unique"],
      [path, { intent: "create", type: "dropdown", label: "Visitor type", options: `${long}\nB` }, 400, "That is too long."],
      [path, { intent: "create", type: "dropdown", label: "Visitor type", options: "A\nB", reject_options: "A" }, 400, "A reject message is required when a reject option is set"],
      [path, { intent: "create", type: "text", label: "Badge no.", default_option: "x" }, 400, "Only dropdown and yes/no fields have a default option"],
      [path, { intent: "create", type: "signature", label: "Sign", show_on_evacuation_list: "on" }, 400, "Signature and photo fields cannot be shown on the evacuation list"],
      [path, { intent: "create", type: "text", label: "Badge no.", required: "definitely" }, 400, "Choose one of the options shown."],
      [path, [["intent", "create"], ["type", "text"], ["label", "Badge no."], ["group_ids", "x; DROP TABLE groups"]], 400, "Choose one of the options shown."],
      // Rules only the upstream knows: its message on the form (422).
      [path, { intent: "create", type: "text", label: "company" }, 422, "A field with this label already exists at this site"],
      [path, [["intent", "create"], ["type", "text"], ["label", "Badge no."], ["group_ids", "999999"]], 422, "One of these groups no longer exists. Reload the page and try again."],
      [path, { intent: "update", id: "abc", type: "text", label: "X" }, 400, page400],
      [path, { intent: "update", id: long, type: "text", label: "X" }, 400, page400],
      [path, { intent: "update", id: String(other.fieldId), type: "text", label: "Mine now" }, 404, "That field is not one of this site's custom fields"],
      [path, { intent: "update", id: String(field.id), type: "text", label: "" }, 400, "A field label is required"],
      [path, { intent: "delete" }, 400, page400],
      [path, { intent: "delete", id: String(other.fieldId) }, 404, "That field is not one of this site's custom fields"],
      [path, { intent: "move", id: String(field.id), direction: "sideways" }, 400, page400],
      [path, { intent: "move", id: String(other.fieldId), direction: "up" }, 404, "That field is not one of this site's custom fields"],
      [path, [["intent", "favourites"], ...["1", "2", "3", "4", "5"].map((id): [string, string] => ["field_ids", id])], 400, "You can choose at most 4 favourite fields"],
      [path, [["intent", "favourites"], ["field_ids", "abc"]], 400, "Choose one of the options shown."],
      [path, [["intent", "favourites"], ["field_ids", String(other.fieldId)]], 422, "Choose fields of this site"],
      // Another organisation's site: not found.
      [`/manage/site/${foreign.siteId}/customfields`, { intent: "create", type: "text", label: "Sneaky" }, 404, "Page not found"],
    ]);
    expect(await stored(admin, site.id)).toEqual(before);
    // What was typed is kept on a refusal, and a label with markup is shown as text.
    const r = await client.post(path, { intent: "create", type: "dropdown", label: "<b>Visitor</b> type", options: "Guest\nguest" }, { follow: false });
    expect(r.res.status).toBe(400);
    expect(r.body).toContain("&lt;b&gt;Visitor&lt;/b&gt; type");
    expect(r.body).not.toContain("<b>Visitor</b>");
  });

  test("messages: malformed and hostile posts get a 4xx with a message; a script alone is no content", async () => {
    const { site, admin, client, base } = await freshSite();
    const message = (await admin.send("POST", `sites/${site.id}/messages`, { icon: "⚠️", title: "Safety", content: "<p>Be safe</p>", checkbox_label: "I will" })).json;
    const before = await stored(admin, site.id);
    const path = `${base}/messages`;
    const ok = { intent: "create", icon: "⚠️", title: "Fire", content: "Leave by the **nearest exit**.", checkbox_label: "I understand", redisplay: "when_updated" };
    await expectRefused(client, [
      [path, {}, 400, page400],
      [path, { intent: "create" }, 400, "A message title is required"],
      [path, { intent: "create" }, 400, "Message content is required"],
      [path, { intent: "create" }, 400, "An icon character is required"],
      [path, { intent: "create" }, 400, "A checkbox label is required"],
      [path, { ...ok, icon: "ab" }, 400, "Enter one character or emoji"],
      [path, { ...ok, title: long }, 400, "That is too long."],
      [path, { ...ok, content: `${long}x` }, 400, "That is too long."],
      [path, { ...ok, checkbox_label: long }, 400, "That is too long."],
      [path, { ...ok, redisplay: "forever" }, 400, "Choose one of the options shown."],
      [path, { ...ok, content: "<script>alert(document.cookie)</script>" }, 400, "Message content is required"],
      [path, { ...ok, content: "<p><br></p><style>body{display:none}</style>" }, 400, "Message content is required"],
      [path, { ...ok, intent: "update", id: "1e3" }, 400, page400],
      [path, { ...ok, intent: "update", id: String(other.messageId) }, 404, "That message is not one of this site's messages"],
      [path, { intent: "delete", id: String(other.messageId) }, 404, "That message is not one of this site's messages"],
      [path, { intent: "move", id: String(other.messageId), direction: "down" }, 404, "That message is not one of this site's messages"],
      [path, { intent: "move", id: String(message.id), direction: "" }, 400, page400],
      [`/manage/site/${foreign.siteId}/messages`, ok, 404, "Page not found"],
    ]);
    expect(await stored(admin, site.id)).toEqual(before);
  });

  test("privacy, features and badges: malformed and hostile posts get a 4xx with a message, and nothing changes", async () => {
    const { site, admin, client, base } = await freshSite();
    const before = await stored(admin, site.id);
    const features = `${base}/features`;
    const f = { intent: "save", lat: "51.5072", lng: "-0.1276", radius: "200" };
    await expectRefused(client, [
      [`${base}/privacy`, {}, 400, page400],
      [`${base}/privacy`, { intent: "save", autocomplete: "yes" }, 400, "Choose one of the options shown."],
      [`${base}/privacy`, { intent: "save", store_badges: long }, 400, "Choose one of the options shown."],
      [`/manage/site/${foreign.siteId}/privacy`, { intent: "save" }, 404, "Page not found"],
      [features, { intent: "explode" }, 400, page400],
      [features, { ...f, radius: "20" }, 400, "The geofence radius must be between 50 and 10000 metres"],
      [features, { ...f, radius: long }, 400, "That is too long."],
      [features, { ...f, lat: "north" }, 400, "Enter a latitude between -90 and 90"],
      [features, { ...f, lng: "200" }, 400, "Enter a longitude between -180 and 180"],
      [features, { intent: "save", geofence_sign_in: "on" }, 400, "Set the site's location before turning on the geofence"],
      [features, { ...f, contactless: "true" }, 400, "Choose one of the options shown."],
      [features, { ...f, "schedules[0].time": "09:00", "schedules[0].emails": "a@acme.example.com", "schedules[1].time": "09:00", "schedules[1].emails": "b@acme.example.com" }, 400, "Each on-site report time must be unique"],
      [features, { ...f, "schedules[0].time": "09:05", "schedules[0].emails": "a@acme.example.com" }, 400, "On-site report times must be HH:mm in 10-minute steps"],
      [features, { ...f, "schedules[0].time": "25:00", "schedules[0].emails": "a@acme.example.com" }, 400, "On-site report times must be HH:mm in 10-minute steps"],
      [features, { ...f, "schedules[0].time": "09:00", "schedules[0].emails": "a@acme.example.com; b" }, 400, "Emails must be a valid comma-separated list"],
      [features, { ...f, "schedules[0].time": "09:00" }, 400, "Emails must be a valid comma-separated list"],
      [features, { ...f, "schedules[0].emails": "a@acme.example.com" }, 400, "Choose a time for this report"],
      [features, { ...f, "schedules[0].time": "09:00", "schedules[0].emails": long }, 400, "That is too long."],
      [features, { ...f, emails: "ops@acme.example.com, nope" }, 400, "Emails must be a valid comma-separated list"],
      [features, { ...f, emails: long }, 400, "That is too long."],
      [`${base}/badges`, { intent: "save" }, 400, "Choose a badge, or no badge"],
      [`${base}/badges`, { intent: "save", badge_id: "visitor" }, 400, "Choose one of the options shown."],
      [`${base}/badges`, { intent: "save", badge_id: String(foreign.badgeId) }, 422, "Choose one of your badges"],
      [`/manage/site/${foreign.siteId}/badges`, { intent: "save", badge_id: "none" }, 404, "Page not found"],
    ]);
    expect(await stored(admin, site.id)).toEqual(before);
  });

  test("a message with bold and a script: the upstream stores the bold and no script, and the page shows it safely", async () => {
    const { site, admin, client, base } = await freshSite();
    const r = await client.post(`${base}/messages`, {
      intent: "create",
      icon: "🔥",
      title: "Fire drill",
      content: '**Leave now** <script>alert("x")</script><img src=x onerror="alert(1)"> [map](javascript:alert(1)) <a href="https://acme.example.com/map" onclick="steal()">map</a>',
      checkbox_label: "I will leave",
      redisplay: "every_time",
    });
    expect(messages(r.body).join(" ")).toContain("“Fire drill” has been added.");
    const [saved] = (await stored(admin, site.id)).msgs;
    expect(saved.content).toContain("<strong>Leave now</strong>");
    expect(saved.content).not.toMatch(/<script|alert\("x"\)|<img|onerror|onclick|href="javascript/i);
    expect(saved.content).toContain('href="https://acme.example.com/map"');
    expect(r.body).toContain("<strong>Leave now</strong>");
    expect(r.body).not.toMatch(/<script>alert|onerror=|onclick=/);
    // Editing shows the message in the textarea's syntax.
    const edit = await client.get(`${base}/messages?edit=${saved.id}`);
    expect(edit.body).toContain("**Leave now**");
  });
});

describe("what each action does", () => {
  test("custom fields: add, edit, move, favourites and delete reach the upstream", async () => {
    const { site, admin, client, base } = await freshSite();
    const path = `${base}/customfields`;
    const visitors = site.groups.find((g) => g.name === "Visitors")!.id;
    let r = await client.post(path, { intent: "create", type: "dropdown", label: "Visitor type", options: "Contractor\n\nGuest\n", default_option: "Guest", required: "on", group_ids: String(visitors) });
    expect(messages(r.body).join(" ")).toContain("“Visitor type” has been added.");
    r = await client.post(path, { intent: "create", type: "yes_no", label: "First visit?", reject_options: "No", reject_message: "Please book first", show_on_pdf_agreements: "on" });
    expect(messages(r.body).join(" ")).toContain("“First visit?” has been added.");
    let fields = (await stored(admin, site.id)).fields as { id: number; label: string; options: string[]; group_ids: number[] | null; required: boolean; favourite: boolean; reject_options: string[] }[];
    expect(fields.map((f) => f.label)).toEqual(["Visitor type", "First visit?"]);
    expect(fields[0]).toMatchObject({ options: ["Contractor", "Guest"], required: true, group_ids: [visitors] });
    expect(fields[1]).toMatchObject({ options: ["Yes", "No"], reject_options: ["No"] });
    const [dropdown, yesNo] = fields as [(typeof fields)[number], (typeof fields)[number]];
    // Edit, as a checkboxes field now (its default goes: checkboxes have none).
    expect((await client.get(`${path}?edit=${dropdown.id}&type=checkboxes`)).body).toContain("Contractor\nGuest");
    r = await client.post(path, { intent: "update", id: String(dropdown.id), type: "checkboxes", label: "Needs", options: "Parking\nWheelchair access" });
    expect(messages(r.body).join(" ")).toContain("“Needs” has been saved.");
    r = await client.post(path, { intent: "move", id: String(yesNo.id), direction: "up" });
    expect(messages(r.body).join(" ")).toContain("“First visit?” has been moved.");
    const favourites = await postEntries(client, path, [["intent", "favourites"], ["field_ids", String(dropdown.id)], ["field_ids", String(yesNo.id)]]);
    expect(favourites.res.status).toBe(303);
    fields = (await stored(admin, site.id)).fields;
    expect(fields.map((f) => [f.label, f.favourite, f.required])).toEqual([
      ["First visit?", true, false],
      ["Needs", true, false],
    ]);
    r = await client.post(path, { intent: "delete", id: String(dropdown.id) });
    expect(messages(r.body).join(" ")).toContain("“Needs” has been deleted.");
    expect((await stored(admin, site.id)).fields.map((f: { label: string }) => f.label)).toEqual(["First visit?"]);
  });

  test("messages: add, edit, move and delete reach the upstream", async () => {
    const { site, admin, client, base } = await freshSite();
    const path = `${base}/messages`;
    const add = (title: string) => client.post(path, { intent: "create", icon: "ℹ️", title, content: `About ${title}`, checkbox_label: "Got it", redisplay: "1_week" });
    expect(messages((await add("Parking")).body).join(" ")).toContain("“Parking” has been added.");
    expect(messages((await add("Wi-Fi")).body).join(" ")).toContain("“Wi-Fi” has been added.");
    let msgs = (await stored(admin, site.id)).msgs as { id: number; title: string; content: string; redisplay: string }[];
    expect(msgs.map((m) => [m.title, m.content, m.redisplay])).toEqual([
      ["Parking", "<p>About Parking</p>", "1_week"],
      ["Wi-Fi", "<p>About Wi-Fi</p>", "1_week"],
    ]);
    const [parking, wifi] = msgs as [(typeof msgs)[number], (typeof msgs)[number]];
    let r = await client.post(path, { intent: "update", id: String(wifi.id), icon: "📶", title: "Wi-Fi", content: "Network: _Guest_\nPassword at [reception](https://acme.example.com/desk)", checkbox_label: "Got it", redisplay: "every_time" });
    expect(messages(r.body).join(" ")).toContain("“Wi-Fi” has been saved.");
    r = await client.post(path, { intent: "move", id: String(wifi.id), direction: "up" });
    expect(messages(r.body).join(" ")).toContain("“Wi-Fi” has been moved.");
    msgs = (await stored(admin, site.id)).msgs;
    expect(msgs.map((m) => [m.title, m.content, m.redisplay])).toEqual([
      ["Wi-Fi", '<p>Network: <em>Guest</em><br />Password at <a href="https://acme.example.com/desk" rel="noopener noreferrer">reception</a></p>', "every_time"],
      ["Parking", "<p>About Parking</p>", "1_week"],
    ]);
    r = await client.post(path, { intent: "delete", id: String(parking.id) });
    expect(messages(r.body).join(" ")).toContain("“Parking” has been deleted.");
    expect((await stored(admin, site.id)).msgs.map((m: { title: string }) => m.title)).toEqual(["Wi-Fi"]);
  });

  test("privacy, features and badges are saved; a radius under 150 m is allowed with the advice", async () => {
    const { site, admin, client, base } = await freshSite();
    let r = await client.post(`${base}/privacy`, { intent: "save", autocomplete: "on", hide_sign_outs: "on" });
    expect(messages(r.body).join(" ")).toContain(`The privacy settings of ${site.name} have been saved.`);
    expect((await stored(admin, site.id)).site.privacy).toMatchObject({ autocomplete: true, hide_sign_outs: true, store_badges: false, full_name_reveal: false });
    r = await client.post(`${base}/features`, {
      intent: "save",
      contactless: "on",
      lat: "53.3498",
      lng: "-6.2603",
      radius: "120",
      geofence_sign_in: "on",
      "schedules[0].time": "17:30",
      "schedules[0].emails": "Ops@Acme.example.com,desk@acme.example.com",
      "schedules[1].time": "",
      "schedules[1].emails": "",
      "schedules[2].time": "09:00",
      "schedules[2].emails": "x@acme.example.com",
      "schedules[2].remove": "on",
      send_empty: "on",
      emails: "alerts@acme.example.com",
    });
    expect(messages(r.body).join(" ")).toContain(`The features of ${site.name} have been saved.`);
    expect(r.body).toContain("We recommend at least 150 m");
    const s = (await stored(admin, site.id)).site;
    expect(s).toMatchObject({
      contactless: true,
      visitor_photos: false,
      geofence_sign_in: true,
      geofence_sign_out: false,
      location: { lat: 53.3498, lng: -6.2603, radius: 120 },
      on_site_report_schedules: [{ time: "17:30", emails: "ops@acme.example.com, desk@acme.example.com" }],
      send_empty: true,
      emails: "alerts@acme.example.com",
    });
    const badges = (await stored(admin, site.id)).badges as { badges: { id: number; name: string }[] };
    const contractor = badges.badges.find((b) => b.name === "Contractor badge")!;
    r = await client.post(`${base}/badges`, { intent: "save", badge_id: String(contractor.id) });
    expect(messages(r.body).join(" ")).toContain(`The badge of ${site.name} has been saved.`);
    expect((await stored(admin, site.id)).site.badge_id).toBe(contractor.id);
    r = await client.post(`${base}/badges`, { intent: "save", badge_id: "none" });
    expect((await stored(admin, site.id)).site.badge_id).toBeNull();
  });
});

describe("rights", () => {
  test("a view-only custom role and a Standard User get 403 on every tab and every action; nothing changes", async () => {
    const { site, admin } = await freshSite();
    const before = await stored(admin, site.id);
    await createUpstreamRole(upstreamUrl(), { client: "eu:1", name: "Site viewer (fields it)", rights: ["ManageSite.viewer"] });
    for (const role of ["Site viewer (fields it)", "Standard User"]) {
      const email = uniqueEmail("fields-it-viewer");
      await createUser({ email, role });
      const client = newClient();
      await signIn(client, email);
      for (const tab of ["customfields", "messages", "privacy", "features", "badges"]) {
        const path = `/manage/site/${site.id}/${tab}`;
        expect([role, tab, (await client.request(path)).res.status]).toEqual([role, tab, 403]);
        const forms: Record<string, string>[] = [{ intent: "save" }, { intent: "create", type: "text", label: "X", icon: "!", title: "X", content: "X", checkbox_label: "X", redisplay: "every_time" }, { intent: "delete", id: "1" }];
        for (const form of forms) {
          const r = await client.post(path, form, { follow: false });
          expect([role, tab, form.intent, r.res.status, h1(r.body)]).toEqual([role, tab, form.intent, 403, "Forbidden"]);
        }
      }
    }
    expect(await stored(admin, site.id)).toEqual(before);
  });
});
