/**
 * A site's devices, sign-in points, attendees and settings tabs through real HTTP: malformed and
 * hostile posts to every action (missing fields, wrong types, 10,000-character strings, script,
 * another site's row ids, another client's site) get a 4xx with a visible message, never a 500, and
 * change nothing upstream; what each action does reaches the upstream; the pages are for
 * administrators (a custom view-only role and a Standard User get 403) and an administrator without
 * editor rights sees them read-only and is refused every change. Each test owns fresh sites.
 */
import { describe, expect, test } from "vitest";
import { upstreamAccess } from "../support/access";
import { messages } from "../support/client";
import { createUpstreamRole, createUpstreamSite } from "../support/hooks";
import { createUser, failuresOf, hook, newClient, signIn, uniqueEmail, upstreamUrl, type PostCase } from "./helpers";

const long = "x".repeat(10_000);
const page400 = "That request could not be used";
const notFound = "Page not found";
const tag = () => Math.random().toString(36).slice(2, 7);

/** A fresh site of Acme Ltd (eu:1: country GB, the site-settings flag) and its administrator, signed in. */
async function adminOn(type: "standard" | "event" = "standard", client = "eu:1") {
  const site = await createUpstreamSite(upstreamUrl(), { client, name: `IT devices ${tag()}`, type });
  const email = uniqueEmail("devices-it");
  await createUser({ email, role: "Administrator", client });
  const web = newClient();
  await signIn(web, email);
  const api = await upstreamAccess(upstreamUrl(), email);
  return { site, web, api, base: `/manage/site/${site.id}` };
}


describe("bad input", () => {
  test("devices: malformed, hostile and foreign posts get a 4xx with a message and connect, rename or disconnect nothing", async () => {
    const { site, web, api, base } = await adminOn();
    const other = await adminOn();
    const [own] = (await api.get(`sites/${site.id}/devices`)) as { id: number }[];
    const [foreign] = (await other.api.get(`sites/${other.site.id}/devices`)) as { id: number }[];
    const expired = await hook<{ code: string }>("POST", "device-codes", { region: "eu", expired: true });
    const otherRegion = await hook<{ code: string }>("POST", "device-codes", { region: "us" });
    const foreignClientSite = await createUpstreamSite(upstreamUrl(), { client: "eu:5", name: `IT foreign ${tag()}` });
    const before = { own: await api.get(`sites/${site.id}/devices`), other: await other.api.get(`sites/${other.site.id}/devices`) };
    const codeMessage = "Enter the 7-digit code shown on the device";
    const list = `${base}/devices`;
    const one = `${list}/${own!.id}`;
    const cases: PostCase[] = [
      [list, {}, 400, page400],
      [list, { intent: "disconnect-everything" }, 400, page400],
      [list, { intent: "connect" }, 400, codeMessage],
      [list, { intent: "connect" }, 400, "A device name is required"],
      [list, { intent: "connect", code: "123 45", name: "Kiosk" }, 400, codeMessage],
      [list, { intent: "connect", code: "12345678", name: "Kiosk" }, 400, codeMessage],
      [list, { intent: "connect", code: "abcdefg", name: "Kiosk" }, 400, codeMessage],
      [list, { intent: "connect", code: "<script>alert(1)</script>", name: "Kiosk" }, 400, codeMessage],
      [list, { intent: "connect", code: long, name: "Kiosk" }, 400, codeMessage],
      [list, { intent: "connect", code: "1234567", name: long }, 400, "That is too long."],
      [list, { intent: "connect", code: "1234567", name: "   " }, 400, "A device name is required"],
      [list, { intent: "connect", code: expired.code, name: "Kiosk" }, 422, "This code has expired: the device will show a new one"],
      // A code shown by a kiosk of another region is not this region's.
      [list, { intent: "connect", code: otherRegion.code, name: "Kiosk" }, 422, "This code is not valid: check the code the device shows"],
      [one, {}, 400, page400],
      [one, { intent: "rename" }, 400, "A device name is required"],
      [one, { intent: "rename", name: "" }, 400, "A device name is required"],
      [one, { intent: "rename", name: long }, 400, "That is too long."],
      [`${list}/${foreign!.id}`, { intent: "rename", name: "Mine now" }, 404, notFound],
      [`${list}/${foreign!.id}`, { intent: "disconnect" }, 404, notFound],
      [`${list}/abc`, { intent: "disconnect" }, 404, notFound],
      [`${list}/-1`, { intent: "disconnect" }, 404, notFound],
      [`${list}/${long}`, { intent: "disconnect" }, 404, notFound],
      [`/manage/site/${foreignClientSite.id}/devices`, { intent: "connect", code: "1234567", name: "Kiosk" }, 404, notFound],
      [`/manage/site/${foreignClientSite.id}/devices/${foreign!.id}`, { intent: "disconnect" }, 404, notFound],
    ];
    expect(await failuresOf(web, cases)).toEqual([]);
    expect({ own: await api.get(`sites/${site.id}/devices`), other: await other.api.get(`sites/${other.site.id}/devices`) }).toEqual(before);
    expect((await web.request(`${list}/${foreign!.id}`)).res.status).toBe(404);
  });

  test("sign-in points: malformed, hostile and foreign posts get a 4xx with a message and change nothing", async () => {
    const { site, web, api, base } = await adminOn();
    const other = await adminOn();
    const own = (await api.send("POST", `sites/${site.id}/sign-in-points`, { name: "Main gate" })).json as { id: number };
    const foreign = (await other.api.send("POST", `sites/${other.site.id}/sign-in-points`, { name: "Their gate" })).json as { id: number };
    const foreignClientSite = await createUpstreamSite(upstreamUrl(), { client: "eu:5", name: `IT foreign ${tag()}` });
    const before = { own: await api.get(`sites/${site.id}/sign-in-points`), other: await other.api.get(`sites/${other.site.id}/sign-in-points`) };
    const path = `${base}/sign-in-points`;
    const required = "A sign-in point name is required";
    const cases: PostCase[] = [
      [path, {}, 400, page400],
      [path, { intent: "print" }, 400, page400],
      [path, { intent: "add" }, 400, required],
      [path, { intent: "add", name: " \t " }, 400, required],
      [path, { intent: "add", name: long }, 400, "That is too long."],
      [path, { intent: "rename", name: "North gate" }, 400, "Choose an item from the list."],
      [path, { intent: "rename", id: "abc", name: "North gate" }, 400, "Choose an item from the list."],
      [path, { intent: "rename", id: "1e3", name: "North gate" }, 400, "Choose an item from the list."],
      [path, { intent: "rename", id: long, name: "North gate" }, 400, "Choose an item from the list."],
      [path, { intent: "rename", id: String(own.id), name: "" }, 400, required],
      [path, { intent: "rename", id: String(own.id), name: long }, 400, "That is too long."],
      [path, { intent: "rename", id: String(foreign.id), name: "Mine now" }, 404, "That item is not on this page any more."],
      // Another site's row and a bad name: the form is not on this page, so the page says so.
      [path, { intent: "rename", id: String(foreign.id), name: "" }, 400, "That item is not on this page any more."],
      [path, { intent: "delete", id: String(foreign.id) }, 404, "That item is not on this page any more."],
      [path, { intent: "delete", id: "0" }, 400, "Choose an item from the list."],
      [path, { intent: "delete" }, 400, "Choose an item from the list."],
      [`/manage/site/${foreignClientSite.id}/sign-in-points`, { intent: "add", name: "Sneaky" }, 404, notFound],
      [`/manage/site/abc/sign-in-points`, { intent: "add", name: "Sneaky" }, 404, notFound],
    ];
    expect(await failuresOf(web, cases)).toEqual([]);
    expect({ own: await api.get(`sites/${site.id}/sign-in-points`), other: await other.api.get(`sites/${other.site.id}/sign-in-points`) }).toEqual(before);
  });

  test("attendees: malformed, hostile and foreign posts get a 4xx with a message and change nothing; sites that are not events have none", async () => {
    const { site, web, api, base } = await adminOn("event");
    const other = await adminOn("event");
    const own = (await api.send("POST", `sites/${site.id}/attendees`, { name: "Ada Lovelace", phone: "07911 123456" })).json as { id: number };
    const foreign = (await other.api.send("POST", `sites/${other.site.id}/attendees`, { name: "Grace Hopper" })).json as { id: number };
    const standard = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT standard ${tag()}` });
    const stored = async () => ({
      own: await api.get(`sites/${site.id}/attendees`),
      other: await other.api.get(`sites/${other.site.id}/attendees`),
    });
    const before = await stored();
    const path = `${base}/attendees`;
    const phone = "Enter a valid phone number";
    const cases: PostCase[] = [
      [path, {}, 400, page400],
      [path, { intent: "import" }, 400, page400],
      [path, { intent: "add" }, 400, "A name is required"],
      [path, { intent: "add", name: long }, 400, "That is too long."],
      [path, { intent: "add", name: "Bad phone", phone: "12345" }, 400, phone],
      [path, { intent: "add", name: "Bad phone", phone: "07911 12345a" }, 400, phone],
      [path, { intent: "add", name: "Bad phone", phone: "<script>alert(1)</script>" }, 400, phone],
      [path, { intent: "add", name: "Bad phone", phone: long }, 400, phone],
      [path, { intent: "add", name: "Bad email", email: "not an email" }, 400, "A valid email is required"],
      [path, { intent: "add", name: "Bad email", email: `${long}@example.com` }, 400, "That is too long."],
      [path, { intent: "add", name: "Long company", company: long }, 400, "That is too long."],
      [path, { intent: "edit", name: "Ada" }, 400, "Choose an item from the list."],
      [path, { intent: "edit", id: "x; DROP TABLE attendees", name: "Ada" }, 400, "Choose an item from the list."],
      [path, { intent: "edit", id: String(own.id), name: "" }, 400, "A name is required"],
      [path, { intent: "edit", id: String(own.id), name: "Ada", phone: "999" }, 400, phone],
      [path, { intent: "edit", id: String(foreign.id), name: "Mine now" }, 404, "That item is not on this page any more."],
      [path, { intent: "delete", id: String(foreign.id) }, 404, "That item is not on this page any more."],
      [path, { intent: "delete", id: "-5" }, 400, "Choose an item from the list."],
      [`/manage/site/${standard.id}/attendees`, { intent: "add", name: "Not an event" }, 404, notFound],
    ];
    expect(await failuresOf(web, cases)).toEqual([]);
    expect(await stored()).toEqual(before);
    expect((await web.request(`/manage/site/${standard.id}/attendees`)).res.status).toBe(404);
    // A hostile search is only a search.
    const searched = await web.request(`${path}?search=${encodeURIComponent(`%' OR 1=1 --${long}`)}&page=-3`);
    expect(searched.res.status).toBe(200);
    expect(searched.body).toContain("No attendee matches");
  });

  test("settings: malformed and out-of-bounds posts get a 4xx with a message and change nothing; without the flag there is no tab", async () => {
    const { site, web, api, base } = await adminOn();
    const stored = () => api.get(`sites/${site.id}/settings`);
    const before = await stored();
    const path = `${base}/settings`;
    const bounds = "The idle timeout must be between 15 and 600 seconds";
    const ok = { intent: "save", kiosk_idle_timeout: "60" };
    const cases: PostCase[] = [
      [path, {}, 400, page400],
      [path, { intent: "reset" }, 400, page400],
      [path, { intent: "save" }, 400, bounds],
      [path, { ...ok, kiosk_idle_timeout: "abc" }, 400, bounds],
      [path, { ...ok, kiosk_idle_timeout: "14" }, 400, bounds],
      [path, { ...ok, kiosk_idle_timeout: "601" }, 400, bounds],
      [path, { ...ok, kiosk_idle_timeout: "-60" }, 400, bounds],
      [path, { ...ok, kiosk_idle_timeout: "15.5" }, 400, bounds],
      [path, { ...ok, kiosk_idle_timeout: "1e3" }, 400, bounds],
      [path, { ...ok, kiosk_idle_timeout: long }, 400, bounds],
      [path, { ...ok, auto_sign_out_at: "25:00" }, 400, "Enter a time as HH:mm"],
      [path, { ...ok, auto_sign_out_at: "6pm" }, 400, "Enter a time as HH:mm"],
      [path, { ...ok, auto_sign_out_at: long }, 400, "Enter a time as HH:mm"],
      [path, { ...ok, language_selection: "yes please" }, 400, "Tick the box or leave it empty"],
      [path, { ...ok, require_host: "<script>alert(1)</script>" }, 400, "Tick the box or leave it empty"],
    ];
    expect(await failuresOf(web, cases)).toEqual([]);
    expect(await stored()).toEqual(before);

    // Initech (eu:5) has no site-settings flag: the tab is not offered and refuses (403).
    const initech = await adminOn("standard", "eu:5");
    const layout = await initech.web.request(`${initech.base}/details`);
    expect(layout.body).toContain(`href="${initech.base}/devices"`);
    expect(layout.body).not.toContain(`href="${initech.base}/settings"`);
    expect((await initech.web.request(`${initech.base}/settings`)).res.status).toBe(403);
    expect((await initech.web.post(`${initech.base}/settings`, ok, { follow: false })).res.status).toBe(403);
  });
});

describe("what each action does", () => {
  test("a device connects with its code (spaces allowed), renames, and once disconnected its token stops working", async () => {
    const { site, web, api, base } = await adminOn();
    const shown = await hook<{ code: string; token: string }>("POST", "device-codes", { region: "eu", app_version: "3.0.0" });
    const kioskStatus = async () => (await fetch(`${upstreamUrl()}/eu/api/v2/kiosk/device-codes/status`, { headers: { authorization: `Device ${shown.token}` } })).status;
    let r = await web.post(`${base}/devices`, { intent: "connect", code: ` ${shown.code.slice(0, 3)} ${shown.code.slice(3)} `, name: "<b>Hall</b> kiosk" });
    expect(messages(r.body).join(" ")).toContain("<b>Hall</b> kiosk is connected.");
    expect(r.body).toContain("&lt;b&gt;Hall&lt;/b&gt; kiosk");
    expect(r.body).not.toContain("<b>Hall</b>");
    expect(r.body).toContain("App outdated");
    const device = ((await api.get(`sites/${site.id}/devices`)) as { id: number; name: string }[]).find((d) => d.name === "<b>Hall</b> kiosk")!;
    expect(await kioskStatus()).toBe(200);

    r = await web.post(`${base}/devices/${device.id}`, { intent: "rename", name: "Hall kiosk" });
    expect(messages(r.body).join(" ")).toContain("The device is now called Hall kiosk.");
    expect((await api.get(`sites/${site.id}/devices/${device.id}`)).name).toBe("Hall kiosk");

    // The confirm step is a page of its own (no JavaScript needed); only its button disconnects.
    const confirm = await web.request(`${base}/devices/${device.id}?disconnect`);
    expect(confirm.body).toContain("Disconnect Hall kiosk?");
    expect(confirm.body).toContain('value="disconnect"');
    r = await web.post(`${base}/devices/${device.id}`, { intent: "disconnect" });
    expect(r.final).toMatch(new RegExp(`${base}/devices$`));
    expect(messages(r.body).join(" ")).toContain("Hall kiosk has been disconnected.");
    expect(((await api.get(`sites/${site.id}/devices`)) as { id: number }[]).some((d) => d.id === device.id)).toBe(false);
    expect(await kioskStatus()).toBe(401);
  });

  test("sign-in points and attendees keep script as text; a foreign number is stored E.164; settings are saved", async () => {
    const { site, web, api, base } = await adminOn("event");
    let r = await web.post(`${base}/sign-in-points`, { intent: "add", name: "<script>alert(1)</script>" });
    expect(messages(r.body).join(" ")).toContain("<script>alert(1)</script> has been added.");
    expect(r.body).not.toContain("<script>alert(1)</script>");
    expect(r.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(r.body).toMatch(/<img src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+" alt="QR code of &lt;script&gt;/);

    r = await web.post(`${base}/attendees`, { intent: "add", name: "Guest <img src=x onerror=alert(1)>", phone: "+1 650 253 0000", email: "Guest@Example.com" });
    expect(r.body).not.toContain("<img src=x");
    const [guest] = (await api.get(`sites/${site.id}/attendees`)).attendees as { id: number; phone: string; email: string }[];
    expect(guest).toMatchObject({ phone: "+16502530000", email: "guest@example.com" });
    // The list's search and page survive an action.
    r = await web.post(`${base}/attendees?search=Guest`, { intent: "edit", id: String(guest!.id), name: "Guest", phone: "020 7946 0018", email: "", company: "" });
    expect(r.final).toContain("search=Guest");
    expect((await api.get(`sites/${site.id}/attendees`)).attendees[0]).toMatchObject({ name: "Guest", phone: "+442079460018", email: null, company: null });

    r = await web.post(`${base}/settings`, { intent: "save", kiosk_idle_timeout: "600", auto_sign_out_at: "23:50", require_host: "on" });
    expect(messages(r.body).join(" ")).toContain("have been saved.");
    expect(await api.get(`sites/${site.id}/settings`)).toEqual({ auto_sign_out_at: "23:50", kiosk_idle_timeout: 600, language_selection: false, require_host: true });
  });

  test("attendees come 15 a page, with a search that the pages keep", async () => {
    const { site, web, api, base } = await adminOn("event");
    for (let i = 1; i <= 17; i++) await api.send("POST", `sites/${site.id}/attendees`, { name: `Guest ${String(i).padStart(2, "0")}` });
    const names = (body: string) => [...body.matchAll(/<th scope="row">(Guest \d\d)<\/th>/g)].map((m) => m[1]);
    let r = await web.request(`${base}/attendees`);
    expect(names(r.body)).toHaveLength(15);
    expect(r.body).toContain("Page 1 of 2");
    expect(r.body).toContain(`href="${base}/attendees?page=2"`);
    r = await web.request(`${base}/attendees?page=2`);
    expect(names(r.body)).toEqual(["Guest 16", "Guest 17"]);
    r = await web.request(`${base}/attendees?search=Guest+1`);
    expect(names(r.body)).toEqual(["Guest 10", "Guest 11", "Guest 12", "Guest 13", "Guest 14", "Guest 15", "Guest 16", "Guest 17"]);
    expect(r.body).not.toContain("Page 1 of");
    r = await web.request(`${base}/attendees?search=Guest`);
    expect(r.body).toContain(`href="${base}/attendees?search=Guest&amp;page=2"`);
    // An edit link keeps the page it was on.
    r = await web.request(`${base}/attendees?page=2`);
    expect(r.body).toMatch(new RegExp(`href="${base}/attendees\\?page=2&amp;edit=\\d+"`));
  });
});

describe("rights", () => {
  test("a custom view-only role and a Standard User get 403 on every tab and action (the site pages are for administrators)", async () => {
    const { site, base } = await adminOn();
    const [device] = (await (await upstreamAccess(upstreamUrl(), "admin@example.com")).get(`sites/${site.id}/devices`)) as { id: number }[];
    await createUpstreamRole(upstreamUrl(), { client: "eu:1", name: "Site viewer (devices it)", rights: ["ManageSite.viewer", "ManageEvent.viewer", "ManageSite.editor"] });
    for (const role of ["Site viewer (devices it)", "Standard User"]) {
      const email = uniqueEmail("devices-it-role");
      await createUser({ email, role });
      const web = newClient();
      await signIn(web, email);
      for (const tab of ["devices", `devices/${device!.id}`, "sign-in-points", "attendees", "settings"]) {
        expect([role, tab, (await web.request(`${base}/${tab}`)).res.status]).toEqual([role, tab, 403]);
      }
      for (const [tab, form] of [
        ["devices", { intent: "connect", code: "1234567", name: "Kiosk" }],
        [`devices/${device!.id}`, { intent: "disconnect" }],
        ["sign-in-points", { intent: "add", name: "Gate" }],
        ["settings", { intent: "save", kiosk_idle_timeout: "30" }],
      ] as const) {
        const r = await web.post(`${base}/${tab}`, form, { follow: false });
        expect([role, tab, r.res.status, r.body.includes("Forbidden")]).toEqual([role, tab, 403, true]);
      }
    }
    expect(((await (await upstreamAccess(upstreamUrl(), "admin@example.com")).get(`sites/${site.id}/devices`)) as unknown[]).length).toBe(1);
  });

  test("an administrator without editor rights sees the tabs read-only and every change is refused (403)", async () => {
    // Umbrella Corp (eu:6) is used by no other test: its Administrator role keeps only the viewer
    // rights for this test, and gets its rights back afterwards.
    const { site, web, api, base } = await adminOn("event", "eu:6");
    const rights = api.config.abilities;
    await hook("POST", "clients/eu:6", { settings: { "beta.site-settings": true } });
    await api.send("POST", `sites/${site.id}/sign-in-points`, { name: "Main gate" });
    await api.send("POST", `sites/${site.id}/attendees`, { name: "Ada Lovelace" });
    const [device] = (await api.get(`sites/${site.id}/devices`)) as { id: number }[];
    try {
      await createUpstreamRole(upstreamUrl(), { client: "eu:6", name: "Administrator", rights: ["ManageSite.viewer", "ManageEvent.viewer"] });
      const viewer = newClient();
      const email = uniqueEmail("devices-it-ro");
      await createUser({ email, role: "Administrator", client: "eu:6" });
      await signIn(viewer, email);
      const pages = {
        devices: await viewer.request(`${base}/devices`),
        device: await viewer.request(`${base}/devices/${device!.id}?disconnect`),
        points: await viewer.request(`${base}/sign-in-points?edit=1`),
        attendees: await viewer.request(`${base}/attendees`),
        settings: await viewer.request(`${base}/settings`),
      };
      for (const [name, p] of Object.entries(pages)) {
        expect([name, p.res.status]).toEqual([name, 200]);
        expect([name, p.body.includes('name="intent"')]).toEqual([name, false]);
      }
      expect(pages.devices.body).toContain("Test kiosk");
      expect(pages.points.body).toContain("Main gate");
      expect(pages.attendees.body).toContain("Ada Lovelace");
      expect(pages.settings.body).toMatch(/<fieldset disabled=""/);
      for (const [tab, form] of [
        ["devices", { intent: "connect", code: "1234567", name: "Kiosk" }],
        [`devices/${device!.id}`, { intent: "disconnect" }],
        [`devices/${device!.id}`, { intent: "rename", name: "Renamed" }],
        ["sign-in-points", { intent: "add", name: "Gate" }],
        ["attendees", { intent: "add", name: "Gate crasher" }],
        ["settings", { intent: "save", kiosk_idle_timeout: "30" }],
      ] as const) {
        expect([tab, (await viewer.post(`${base}/${tab}`, form, { follow: false })).res.status]).toEqual([tab, 403]);
      }
    } finally {
      await createUpstreamRole(upstreamUrl(), { client: "eu:6", name: "Administrator", rights: rights as never });
    }
    expect(((await api.get(`sites/${site.id}/devices`)) as unknown[]).length).toBe(1);
    expect((await api.get(`sites/${site.id}/sign-in-points`)).map((p: { name: string }) => p.name)).toEqual(["Main gate"]);
    expect((await api.get(`sites/${site.id}/attendees`)).total).toBe(1);
  });
});
