/**
 * The scope walk of the feature areas (issue 24 item 3; ADRs 028, 030): `grace.lee@` (Administrator
 * of Acme restricted to the Warehouse, with `group-visibility`) signs in through the portal's forms
 * and walks every list and action of notifications (and their deliveries), visitor forms and API
 * clients, as a browser without JavaScript and with raw posts for what no form of hers offers. Each
 * probe of the issue is refused (403/404/422, never 200) and nothing of Head Office is in any list,
 * page or payload; what the upstream stores is read back as admin@ and is unchanged. Her own
 * Warehouse rows still work. The client API is called with a key she creates (visits, sites and
 * groups of the Warehouse only) against one admin@ creates (which reads Head Office's).
 */
import { beforeAll, describe, expect, test } from "vitest";
import type { HttpBrowser, Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { hook, newBrowser, signInWithForms, upstreamUrl } from "./helpers";

const NOTIFICATIONS = "/manage/features/notifications";
const FORMS = "/manage/features/forms";
const CLIENTS = "/manage/features/api-clients";
const GRACE = "grace.lee@example.com";
const tag = () => Math.random().toString(36).slice(2, 7);
const notices = (page: Page) => page.notices().join(" ");

type Api = Awaited<ReturnType<typeof upstreamAccess>>;
let grace: HttpBrowser;
let admin: Api;
let HQ: number;
let WH: number;

beforeAll(async () => {
  admin = await upstreamAccess(upstreamUrl(), "admin@example.com");
  const sites = (await admin.get("notification-options")).sites as { id: number; name: string }[];
  HQ = sites.find((s) => s.name === "Head Office")!.id;
  WH = sites.find((s) => s.name === "Warehouse")!.id;
  grace = newBrowser();
  expect((await signInWithForms(grace, GRACE)).path).toBe("/today");
});

/** A post as Grace without following redirects: its status and what its page says. */
async function post(path: string, form: Record<string, string> | [string, string][]) {
  const r = await grace.client.post(path, form, { follow: false });
  return { status: r.res.status, body: r.body };
}

/** Nothing of Head Office on a page of hers (its name, its seeded rows). */
function expectNothingOfHeadOffice(page: Page | string, what: string) {
  const text = typeof page === "string" ? page : page.text();
  for (const word of ["Head Office", "reception@acme.example", "Contractor sign-up", "Reception display", "Alice Admin"]) expect(text.includes(word), `${what}: ${word}`).toBe(false);
}

describe("notifications and their deliveries as grace.lee@", () => {
  test("the list, the pickers and every action on Head Office's webhook or a notification for every site: 404, nothing changed", async () => {
    // Head Office's webhook (the seed's, or one made here) with a delivery whose payload names Head Office.
    const hq = (await admin.get(`notifications?site_id=${HQ}&channel=webhook`)).notifications as { id: number }[];
    const hookId = hq[0]?.id ?? (await hook<{ id: number }>("POST", "notifications", { client: "eu:1", site_id: HQ, trigger: "sign_in", channel: "webhook", url: "https://hooks.example.com/hq", secret: `whsec_${Buffer.from("head-office-secret-0123456789abcd").toString("base64")}` })).id;
    const sent = await admin.send("POST", `notifications/${hookId}/test`);
    expect(sent.status).toBe(200);
    expect(JSON.stringify(sent.json.payload)).toContain("Head Office");
    const everySite = ((await admin.get("notifications")).notifications as { id: number; site: unknown }[]).find((n) => n.site === null)!;
    expect(everySite).toBeDefined();
    const before = await admin.get(`notifications/${hookId}`);

    // The list: only the Warehouse's (with one of hers to show), its filters offer her sites only.
    const subject = `Warehouse arrivals ${tag()}`;
    let page = await grace.open(`${NOTIFICATIONS}/new`);
    const create = page.form("Create notification");
    expect(create.field("Site").options.map((o) => o.label)).toEqual(["Warehouse"]);
    expect(create.field("Group").options.map((o) => o.label)).not.toContain("Field Engineers");
    page = await create.select("When", "Sign-in").select("Send by", "Email").fill("Recipients", "goods-in@acme.example").fill("Subject", subject).submit("Create notification");
    expect(notices(page)).toContain("The notification has been created.");
    page = await grace.open(NOTIFICATIONS);
    expect(page.status).toBe(200);
    expect(page.has("goods-in@acme.example")).toBe(true);
    expectNothingOfHeadOffice(page, "notifications list");
    // Not the seed's notifications for every site (the SMS for evacuations; the Slack one's channel is the workspace's, listed below the table).
    expect(page.has("+447911123456")).toBe(false);
    expect(page.all({ tag: "tbody" }).flatMap((b) => b.all({ tag: "tr" })).every((row) => row.has("Warehouse"))).toBe(true);
    expect(page.form("Filter notifications").field("Site").options.map((o) => o.label)).toEqual(["Any", "Warehouse"]);
    expect(page.hasButton("Disconnect Slack")).toBe(false);

    // Every page and action on Head Office's webhook and on a notification for every site.
    for (const id of [hookId, everySite.id]) {
      for (const path of [`${NOTIFICATIONS}/${id}`, `${NOTIFICATIONS}/${id}/deliveries`]) {
        const r = await grace.client.request(path);
        expect(r.res.status, path).toBe(404);
        expectNothingOfHeadOffice(r.body, path);
        expect(r.body).not.toContain("whsec_");
      }
      const mine = await grace.open(`${NOTIFICATIONS}/new`);
      const move = mine.form("Create notification").select("Send by", "Email").fill("Recipients", "x@acme.example").pairs("Create notification").map(([k, v]) => [k, k === "intent" ? "update" : v] as [string, string]);
      for (const [path, form] of [
        [NOTIFICATIONS, { intent: "toggle", id: String(id), enabled: "false" }],
        [NOTIFICATIONS, { intent: "delete", id: String(id) }],
        [`${NOTIFICATIONS}/${id}`, { intent: "toggle", enabled: "false" }],
        [`${NOTIFICATIONS}/${id}`, { intent: "rotate-secret" }],
        [`${NOTIFICATIONS}/${id}`, { intent: "delete" }],
        [`${NOTIFICATIONS}/${id}`, move],
        [`${NOTIFICATIONS}/${id}/deliveries`, { intent: "test" }],
        [`${NOTIFICATIONS}/${id}/deliveries`, { intent: "replay", id: String(sent.json.id) }],
      ] as const) {
        const r = await post(path, form as Record<string, string>);
        expect(r.status, `${path} ${JSON.stringify(form).slice(0, 60)}`).toBe(404);
        expect(r.body).not.toContain("whsec_");
        expectNothingOfHeadOffice(r.body, path);
      }
    }
    // Slack serves every site: not hers to connect or disconnect.
    for (const intent of ["connect-slack", "disconnect-slack"]) expect((await post(NOTIFICATIONS, { intent })).status, intent).toBe(403);

    // Nothing changed: the webhook is enabled at Head Office with its secret and its one delivery; Slack is connected.
    const after = await admin.get(`notifications/${hookId}`);
    expect(after).toMatchObject({ enabled: before.enabled, site: { id: HQ }, has_secret: true, updated_at: before.updated_at });
    expect((await admin.get(`notifications/${everySite.id}`)).site).toBeNull();
    expect((await admin.get(`notifications/${hookId}/deliveries`)).deliveries.some((d: { id: number }) => d.id === sent.json.id)).toBe(true);
    expect((await admin.get("notification-slack")).status).not.toBe("none");
    const made = (await admin.get(`notifications?search=${encodeURIComponent(subject)}`)).notifications as { id: number }[];
    expect(made).toHaveLength(1);
    await admin.send("DELETE", `notifications/${made[0]!.id}`);
  });

  test("she cannot make one for every site or Head Office, nor move hers there (translated 422); her own: edit, disable, test event, log, delete", async () => {
    const subject = `Yard ${tag()}`;
    let page = await grace.open(`${NOTIFICATIONS}/new`);
    const filled = page.form("Create notification").select("When", "Sign-in").select("Send by", "Email").fill("Recipients", "yard@acme.example").fill("Subject", subject);
    const pairs = filled.pairs("Create notification");
    const withSite = (site: string) => pairs.map(([k, v]) => [k, k === "site_id" ? site : v] as [string, string]);
    let r = await post(`${NOTIFICATIONS}/new`, withSite(""));
    expect(r.status).toBe(422);
    expect(r.body).toContain("A notification for every site would also reach sites that are not yours: choose one of your sites.");
    r = await post(`${NOTIFICATIONS}/new`, withSite(String(HQ)));
    expect(r.status).toBe(422);
    expect(r.body).toContain("Choose among the sites you can see.");

    page = await filled.submit("Create notification");
    expect(notices(page)).toContain("The notification has been created.");
    const id = ((await admin.get(`notifications?search=${encodeURIComponent(subject)}`)).notifications as { id: number }[])[0]!.id;
    page = await grace.open(`${NOTIFICATIONS}/${id}`);
    const save = page.form("Save notification").pairs("Save notification");
    for (const [site, message] of [
      [String(HQ), "Choose among the sites you can see."],
      ["", "A notification for every site would also reach sites that are not yours: choose one of your sites."],
    ]) {
      r = await post(`${NOTIFICATIONS}/${id}`, save.map(([k, v]) => [k, k === "site_id" ? site : v] as [string, string]));
      expect(r.status, site).toBe(422);
      expect(r.body).toContain(message);
    }
    expect((await admin.get(`notifications/${id}`)).site).toEqual({ id: WH, name: "Warehouse" });

    page = await (await grace.open(`${NOTIFICATIONS}/${id}`)).form({ button: "Disable" }).submit("Disable");
    expect((await admin.get(`notifications/${id}`)).enabled).toBe(false);
    page = await grace.open(`${NOTIFICATIONS}/${id}/deliveries`);
    page = await page.form({ button: "Send test event" }).submit("Send test event");
    expect(notices(page)).toContain("Test event queued");
    expect(page.has("Delivery log (1)")).toBe(true);
    expectNothingOfHeadOffice(page, "her delivery log");
    page = await grace.open(`${NOTIFICATIONS}/${id}`);
    page = await page.form({ button: "Delete notification" }).submit("Delete notification");
    expect(notices(page)).toContain("The notification has been deleted.");
    expect((await admin.send("PATCH", `notifications/${id}/enabled`, { enabled: true })).status).toBe(404);
  });
});

describe("visitor forms as grace.lee@", () => {
  test("the list and the pickers are the Warehouse's; Head Office's form (and one of both sites) cannot be read, changed, moved or deleted", async () => {
    const options = await admin.get("form-options");
    const visitors = options.groups.find((g: { name: string }) => g.name === "Visitors").id as number;
    const seeded = (await admin.get("forms?search=Contractor%20sign-up")).forms[0] as { id: number };
    const both = await admin.send("POST", "forms", { name: `Both sites ${tag()}`, site_ids: [HQ, WH], group_ids: [visitors], intro: null, enabled: true });
    expect(both.status).toBe(200);

    // Her own first, through the form.
    const name = `Warehouse walk-ins ${tag()}`;
    let page = await grace.open(`${FORMS}/new`);
    expect(page.hasField("Head Office")).toBe(false);
    expect(page.hasField("Field Engineers")).toBe(false);
    page = await page.form("Create form").fill("Name", name).check("Warehouse").check("Visitors").submit("Create form");
    expect(notices(page)).toContain(`Form “${name}” created`);
    page = await grace.open(FORMS);
    expect(page.row(name).has("Warehouse")).toBe(true);
    expect(page.has(both.json.name)).toBe(false);
    expectNothingOfHeadOffice(page, "forms list");

    const good = { intent: "save", name: "Moved here", site_ids: String(WH), group_ids: String(visitors) };
    for (const id of [seeded.id, both.json.id]) {
      const r = await grace.client.request(`${FORMS}/${id}`);
      expect(r.res.status, `${FORMS}/${id}`).toBe(404);
      expectNothingOfHeadOffice(r.body, `form ${id}`);
      for (const [path, form] of [
        [`${FORMS}/${id}`, good],
        [FORMS, { intent: "delete", id: String(id), name: "x" }],
      ] as const) {
        const p = await post(path, form);
        expect(p.status, `${path} ${form.intent}`).toBe(404);
        expect(p.body).toContain("Form not found.");
      }
    }
    expect(await admin.get(`forms/${seeded.id}`)).toMatchObject({ name: "Contractor sign-up", site_ids: [HQ], enabled: true });
    expect((await admin.get(`forms/${both.json.id}`)).site_ids).toEqual([HQ, WH]);

    // Her own: Head Office refused (translated), a rename works, delete works.
    const mine = (await admin.get(`forms?search=${encodeURIComponent(name)}`)).forms[0] as { id: number };
    let p = await post(`${FORMS}/${mine.id}`, [["intent", "save"], ["name", name], ["site_ids", String(WH)], ["site_ids", String(HQ)], ["group_ids", String(visitors)]]);
    expect(p.status).toBe(422);
    expect(p.body).toContain("Choose among your standard sites.");
    p = await post(`${FORMS}/new`, { intent: "create", name: "Head Office", site_ids: String(HQ), group_ids: String(visitors) });
    expect(p.status).toBe(422);
    page = await (await grace.open(`${FORMS}/${mine.id}`)).form("Save").fill("Name", `${name} (yard)`).submit("Save");
    expect(notices(page)).toContain("saved");
    page = await grace.open(FORMS);
    page = await page.form({ within: page.row(`${name} (yard)`), button: "Delete form" }).submit("Delete form");
    expect(notices(page)).toContain("deleted");
    await admin.send("DELETE", `forms/${both.json.id}`);
  });
});

describe("API clients and the client API as grace.lee@", () => {
  const api = (path: string, id: string, secret: string) =>
    fetch(`${upstreamUrl()}/eu/api/client/v1/${path}`, { headers: { accept: "application/json", authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}` } });
  const day = 86_400_000;
  const window = `from=${new Date(Date.now() - 30 * day).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`;
  async function visits(id: string, secret: string) {
    const data: { site_id: number; name: string }[] = [];
    for (let page = 1; ; page++) {
      const r = await api(`visits?${window}&page=${page}`, id, secret);
      expect(r.status).toBe(200);
      const body = (await r.json()) as { data: { site_id: number; name: string }[]; total: number };
      data.push(...body.data);
      if (data.length >= body.total || body.data.length === 0) return { total: body.total, data };
    }
  }

  test("admin's keys are not hers to see or revoke; hers reads the Warehouse only, where admin's reads Head Office too", async () => {
    const theirs = await admin.send("POST", "api-clients", { name: `Admin's everything ${tag()}`, scopes: ["visits:read", "sites:read", "members:read"] });
    expect(theirs.status).toBe(200);
    const reception = ((await admin.get("api-clients")).clients as { id: number; name: string; revoked_at: string | null }[]).find((c) => c.name === "Reception display")!;

    let page = await grace.open(CLIENTS);
    expect(page.status).toBe(200);
    expect(page.has(theirs.json.name)).toBe(false);
    expectNothingOfHeadOffice(page, "API clients list");
    expect(page.has("An API client reads only the sites of the person who created it")).toBe(true);
    for (const id of [reception.id, theirs.json.id]) {
      const r = await post(CLIENTS, { intent: "revoke", id: String(id), name: "x" });
      expect(r.status, `revoke ${id}`).toBe(404);
      expect(r.body).toContain("API client not found.");
    }
    expect(((await admin.get("api-clients")).clients as { id: number; revoked_at: string | null }[]).filter((c) => c.id === reception.id || c.id === theirs.json.id).map((c) => c.revoked_at)).toEqual([null, null]);

    // Hers, through the form: it says it reads the Warehouse.
    const name = `Yard screen ${tag()}`;
    page = await page.form("Create API client").fill("Name", name).check("visits:read").check("sites:read").check("members:read").submit("Create API client");
    expect(page.has(`API client “${name}” created`)).toBe(true);
    const id = page.byId("created-client-id")?.attribs?.value ?? "";
    const secret = page.byId("created-secret")?.attribs?.value ?? "";
    expect(id).toMatch(/^gh_/);
    expect(page.row(name).has("Warehouse")).toBe(true);

    const sites = (await (await api("sites", id, secret)).json()) as { data: { id: number; name: string }[] };
    expect(sites.data.map((s) => s.name)).toEqual(["Warehouse"]);
    const allSites = (await (await api("sites", theirs.json.client_id, theirs.json.secret)).json()) as { data: { name: string }[] };
    expect(allSites.data.map((s) => s.name)).toContain("Head Office");

    const [hers, all] = [await visits(id, secret), await visits(theirs.json.client_id, theirs.json.secret)];
    expect(hers.total).toBeGreaterThan(0);
    expect(hers.data.every((v) => v.site_id === WH)).toBe(true);
    expect(all.data.some((v) => v.site_id === HQ)).toBe(true);
    expect(all.total).toBeGreaterThan(hers.total);
    expect(hers.total).toBe(all.data.filter((v) => v.site_id === WH).length);

    const groups = (await (await api("groups", theirs.json.client_id, theirs.json.secret)).json()) as { data: { id: number; name: string; site_ids: number[] | null }[] };
    const fieldEngineers = groups.data.find((g) => g.name === "Field Engineers")!;
    const hersGroups = (await (await api("groups", id, secret)).json()) as { data: { name: string; site_ids: number[] | null }[] };
    expect(hersGroups.data.every((g) => JSON.stringify(g.site_ids) === JSON.stringify([WH]))).toBe(true);
    expect(hersGroups.data.some((g) => g.name === "Field Engineers")).toBe(false);
    expect((await api(`members?group_id=${fieldEngineers.id}`, id, secret)).status).toBe(404);
    expect((await api(`members?group_id=${fieldEngineers.id}`, theirs.json.client_id, theirs.json.secret)).status).toBe(200);

    // Hers is hers to revoke.
    page = await grace.open(CLIENTS);
    page = await page.form({ within: page.row(name), button: "Revoke API client" }).submit("Revoke API client");
    expect(notices(page)).toContain(`API client “${name}” revoked`);
    expect((await api("sites", id, secret)).status).toBe(401);
    await admin.send("DELETE", `api-clients/${theirs.json.id}`);
  });
});
