/**
 * The safety check (issue 18; ADR 029) through real HTTP, driven as a browser without JavaScript:
 * the block list (list, search, add, edit, delete after confirming), its CSV import (upload →
 * preview with refused rows by line and reason → apply) and template; hostile input answered with
 * a 4xx and a message (a missing name, a bad match count, a file without the header, 50 MB, a
 * formula cell, bad encoding); a Standard User gets 403 on every page and action; health
 * certificates are 403 for everybody; the Central Record page is for clients with Central Record.
 */
import { describe, expect, test } from "vitest";
import type { Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { createUpstreamSite } from "../support/hooks";
import { createUser, failuresOf, hook, newBrowser, newClient, postMultipart, shownText, signIn, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const LIST = "/manage/safety-check/block-list";
const notices = (page: Page) => page.notices().join(" ");
const tag = () => Math.random().toString(36).slice(2, 8);

async function admin(client = "eu:1") {
  const email = uniqueEmail("safety-check");
  await createUser({ email, role: "Administrator", client, name: "Sam Safety" });
  const browser = newBrowser();
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  return { browser, email, api: await upstreamAccess(upstreamUrl(), email) };
}

describe("the block list without JavaScript", () => {
  test("add (with a custom field and a count), search, edit, delete after confirming; what the upstream stored", async () => {
    const { browser, api } = await admin();
    const name = `Bella Blocked ${tag()}`;
    let page = await (await browser.open("/manage")).click("Safety check");
    expect(page.path).toBe(LIST);
    expect(page.links().map((l) => l.name)).toContain("Block list");
    page = await page.follow("Add to the block list");
    expect(page.path).toBe(`${LIST}/new`);
    page = await page
      .form("Add")
      .fill("Name", name)
      .fill("Reason or notes", "Shouted at reception")
      .fill("Field 1: label", "Company")
      .fill("Field 1: value", "Loud Ltd")
      .fill("Field 2: label", "Vehicle registration")
      .fill("Field 2: value", "LD12 OUD")
      .select("Match", "The name and a number of the fields")
      .fill("Number of fields that must match", "1")
      .submit("Add");
    expect(page.path).toBe(LIST);
    expect(notices(page)).toContain(`${name} was added to the block list.`);
    const stored = (await api.get(`block-list?search=${encodeURIComponent(name)}`)).entries;
    expect(stored).toMatchObject([{ name, reason: "Shouted at reception", match_rule: "count", match_count: 1, fields: [{ label: "Company", value: "Loud Ltd" }, { label: "Vehicle registration", value: "LD12 OUD" }], site: null }]);

    page = await page.form("Search").fill("Search by name or reason", name.toUpperCase()).submit("Search");
    expect(page.rowHeaders()).toEqual([name]);
    expect(page.row(name).text()).toContain("The name and at least 1 of: Company: Loud Ltd · Vehicle registration: LD12 OUD");

    page = await page.follow(name);
    expect(page.path).toBe(`${LIST}/${stored[0].id}`);
    page = await page.form("Save").fill("Reason or notes", "Banned for a year").select("Where it applies", "Warehouse").submit("Save");
    expect(notices(page)).toContain(`${name} was saved.`);
    expect(await api.get(`block-list/${stored[0].id}`)).toMatchObject({ reason: "Banned for a year", site: { name: "Warehouse" } });

    page = await browser.open(`${LIST}?search=${encodeURIComponent(name)}`);
    page = await page.form({ within: page.all({ tag: "details", class: "row-delete" })[0]! }).submit("Yes, remove");
    expect(notices(page)).toContain(`${name} was removed from the block list.`);
    expect((await api.get(`block-list?search=${encodeURIComponent(name)}`)).total).toBe(0);
  });

  test("hostile input: 4xx with a message, what was typed kept, nothing stored", async () => {
    const { browser, api } = await admin();
    let page = await browser.open(`${LIST}/new`);
    page = await page.form("Add").fill("Name", "").submit("Add");
    expect(page.status).toBe(400);
    expect(page.form("Add").fieldErrors("Name")).toEqual(["Enter the name of the person to block"]);
    const name = `Carl Count ${tag()}`;
    page = await page.form("Add").fill("Name", name).fill("Field 1: label", "Company").select("Match", "The name and a number of the fields").fill("Number of fields that must match", "3").submit("Add");
    expect(page.status).toBe(400);
    expect(page.form("Add").value("Name")).toBe(name);
    expect(page.text()).toContain("Each custom field needs a label and a value");
    expect(page.text()).toContain("The number of fields to match must be between 1 and the number of fields given");
    const client = browser.client;
    const failures = await failuresOf(client, [
      [`${LIST}/new`, { intent: "add", name: "x".repeat(101) }, 400, "at most 100 characters"],
      [`${LIST}/new`, { intent: "add", name: "Tab\tName" }, 400, ""],
      [`${LIST}/new`, { intent: "add", name: "Site", site_id: "999999" }, 422, "Choose one of your sites, or every site"],
      [`${LIST}/999999999`, { intent: "save", name: "Gone" }, 404, ""],
      [LIST, { intent: "delete", id: "999999999", name: "Gone" }, 404, "Block list entry not found"],
      [LIST, { intent: "nonsense" }, 400, ""],
    ]);
    expect(failures).toEqual([]);
    expect((await api.get(`block-list?search=${encodeURIComponent(name)}`)).total).toBe(0);
  });
});

describe("CSV import without JavaScript", () => {
  const file = (data: Buffer, name = "block-list.csv") => ({ name, type: "text/csv", data });

  test("template; upload → preview (refused rows by line and reason, nothing added) → apply", async () => {
    const { browser, api } = await admin();
    const t = tag();
    let page = await browser.open(LIST);
    page = await page.follow("Import from CSV");
    expect(page.path).toBe(`${LIST}/import`);
    const template = await browser.client.request(`${LIST}/template`);
    expect(template.res.status).toBe(200);
    expect(template.body.split("\n")[0]).toContain("Name,Match,Reason,Site");
    const csv = [`Name,Match,Reason,Site,Company`, `Ivy Import ${t},,Theft,,`, `Jon Import ${t},1,,Head Office,Jon Ltd`, `,1,,,Nobody Ltd`, `Kim Import ${t},lots,,,`, `Lea Import ${t},,,Atlantis,`].join("\n");
    page = await page.form("Upload and preview").attach("CSV file", file(Buffer.from(csv))).submit("Upload and preview");
    expect(page.path).toMatch(/\/import\?preview=/);
    expect(page.text()).toContain("block-list.csv: 2 to add, 3 refused.");
    expect(page.row("4").text()).toContain("Enter the name of the person to block");
    expect(page.row("5").text()).toContain("Match must be all or a number of fields");
    expect(page.row("6").text()).toContain("None of your sites has this name");
    expect((await api.get(`block-list?search=${t}`)).total).toBe(0);
    page = await page.form({ button: /^Add 2/ }).submit(/^Add 2/);
    expect(page.path).toBe(LIST);
    expect(notices(page)).toContain("2 added to the block list.");
    const added = (await api.get(`block-list?search=${t}`)).entries;
    expect(added.map((e: { name: string }) => e.name).sort()).toEqual([`Ivy Import ${t}`, `Jon Import ${t}`]);
    expect(added.find((e: { name: string }) => e.name.startsWith("Jon"))).toMatchObject({ match_rule: "count", match_count: 1, site: { name: "Head Office" }, fields: [{ label: "Company", value: "Jon Ltd" }] });
    for (const e of added) await api.send("DELETE", `block-list/${e.id}`);
  });

  test("a NUL in a cell refuses that row with its line and why (never a 5xx); the other rows are added", async () => {
    const { browser, api } = await admin();
    const t = tag();
    let page = await browser.open(`${LIST}/import`);
    const csv = `Name,Reason,Company\nOk Row ${t},fine,\nNul\u0000Row ${t},x,\nBel Row ${t},,Acme\u0007\n`;
    page = await page.form("Upload and preview").attach("CSV file", file(Buffer.from(csv))).submit("Upload and preview");
    expect(page.status).toBe(200);
    expect(page.text()).toContain("block-list.csv: 1 to add, 2 refused.");
    expect(page.row("3").text()).toContain(`Nul\uFFFDRow ${t}`);
    expect(page.row("3").text()).toContain("The row holds a control character (such as NUL): remove it");
    expect(page.row("4").text()).toContain("The row holds a control character (such as NUL): remove it");
    page = await page.form({ button: /^Add 1/ }).submit(/^Add 1/);
    expect(notices(page)).toContain("1 added to the block list.");
    const added = (await api.get(`block-list?search=${t}`)).entries;
    expect(added.map((e: { name: string }) => e.name)).toEqual([`Ok Row ${t}`]);
    for (const e of added) await api.send("DELETE", `block-list/${e.id}`);
  });

  test("hostile files get a 4xx and a message, never a 500", async () => {
    const client = newClient();
    const email = uniqueEmail("safety-h");
    await createUser({ email, role: "Administrator", client: "eu:1" });
    await signIn(client, email);
    const post = (data: Buffer) => postMultipart(client, `${LIST}/import`, [["intent", "upload"], ["file", data, "x.csv", "text/csv"]]);
    const cases: [string, Buffer, number, string][] = [
      ["missing header", Buffer.from("Who,Why\nA,B\n"), 422, "with a Name column"],
      ["50 MB", Buffer.alloc(50 * 1024 * 1024, 0x61), 413, "The file must be at most 2 MB"],
      ["formula cell", Buffer.from('Name,Reason\n"=HYPERLINK(""http://x.example"",""y"")",x\n'), 422, "The file holds a formula"],
      ["bad encoding", Buffer.concat([Buffer.from("Name\nRen"), Buffer.from([0xe9, 0xff]), Buffer.from("\n")]), 422, "The file is not UTF-8 text"],
      ["empty", Buffer.alloc(0), 422, "The file is empty"],
    ];
    const wrong: string[] = [];
    for (const [name, data, status, text] of cases) {
      const { res, body } = await post(data);
      const shown = shownText(body);
      if (res.status !== status || !shown.includes(text)) wrong.push(`${name}: ${res.status} ${shown.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
    // A control character in the header refuses the file.
    const header = await post(Buffer.from("Name,Comp\u0000any\nAda,Acme\n"));
    expect([header.res.status, shownText(header.body)]).toEqual([422, expect.stringContaining("The header row holds a control character (such as NUL): remove it")]);
    // A preview that is gone, applied again.
    expect((await client.post(`${LIST}/import`, { intent: "apply", preview: "AAAAAAAAAAAAAAAAAAAAAAAA" }, { follow: false })).res.status).toBe(404);
  });
});

describe("sign-ins checked, shown on Today, in the dialog and in the history", () => {
  test("the portal's own sign-in in hard mode: refused with the words for the person; Today, the dialog and the history show the reason; soft: flagged", async () => {
    const t = tag();
    const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT safety ${t}`, all_groups: true });
    const email = uniqueEmail("safety-today");
    await createUser({ email, role: "Administrator", client: "eu:1", site_ids: [site.id], name: "Tom Today" });
    const api = await upstreamAccess(upstreamUrl(), email);
    const groupName = `Checked ${t}`;
    const group = (await api.send("POST", "groups", { name: groupName, type: "standard" })).json as { id: number };
    await hook("POST", `groups/${group.id}/safety-check`, { mode: "hard" });
    const browser = newBrowser();
    let page = await signInWithForms(browser, email);
    page = await browser.open("/today/sign-in");
    page = await page.form({ button: "Sign in" }).select("Group", groupName).fill("Full name", "Eve Shady").fill("Company (optional)", "Shady Deliveries Ltd").submit("Sign in");
    expect(page.status).toBe(422);
    // The dialog says only the words for the person (the list behind it now shows the rejection).
    expect(page.form({ button: "Sign in" }).fieldErrors("Full name")).toEqual(["Sorry, we cannot sign you in here. Please speak to reception."]);
    page = await browser.open("/today");
    const rejected = page.region("Rejected sign-ins today 1");
    expect(rejected.row("Eve Shady").text()).toContain("Sign-in rejected: on the block list");
    expect(rejected.row("Eve Shady").text()).toContain(groupName);
    const id = (await api.get(`sites/${site.id}/visits/today`)).visits.find((v: { name: string }) => v.name === "Eve Shady").id;
    page = await browser.open(`/today/visits/${id}/details`);
    expect(page.text()).toContain("Sign-in rejected: on the block list");
    page = await browser.open(`/reports/history?site_id=${site.id}`);
    expect(page.row("Eve Shady").text()).toContain("Sign-in rejected: on the block list");

    await hook("POST", `groups/${group.id}/safety-check`, { mode: "soft" });
    page = await browser.open("/today/sign-in");
    page = await page.form({ button: "Sign in" }).select("Group", groupName).fill("Full name", "Eve Shady").fill("Company (optional)", "Shady Deliveries Ltd").submit("Sign in");
    expect(page.path).toBe("/today");
    expect(page.region(new RegExp(`^${groupName}`)).text()).toContain("Flagged by the safety check: on the block list");
  });
});

describe("who may", () => {
  test("a Standard User gets 403 on every page and action", async () => {
    const client = newClient();
    await signIn(client, "standard@example.com");
    const pages = ["/manage/safety-check/block-list", `${LIST}/new`, `${LIST}/1`, `${LIST}/import`, `${LIST}/template`, "/manage/safety-check/sign-in-central-record", "/manage/safety-check/health-certificates"];
    const wrong: string[] = [];
    for (const p of pages) {
      const { res } = await client.request(p);
      if (res.status !== 403) wrong.push(`GET ${p}: ${res.status}`);
    }
    const posts: [string, Record<string, string>][] = [
      [`${LIST}/new`, { intent: "add", name: "Nope" }],
      [`${LIST}/1`, { intent: "save", name: "Nope" }],
      [LIST, { intent: "delete", id: "1", name: "Nope" }],
      [`${LIST}/import`, { intent: "apply", preview: "AAAAAAAAAAAAAAAAAAAAAAAA" }],
      ["/manage/safety-check/sign-in-central-record", { intent: "save", groups: "linked", minimum_rating: "pass", when_unreachable: "reject" }],
    ];
    for (const [p, form] of posts) {
      const { res } = await client.post(p, form, { follow: false });
      if (res.status !== 403) wrong.push(`POST ${p}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  test("health certificates: 403 for everybody, the administrator included, with a page that says so", async () => {
    for (const email of ["admin@example.com", "globex@example.com", "super@example.com"]) {
      const client = newClient();
      await signIn(client, email);
      const { res, body } = await client.request("/manage/safety-check/health-certificates");
      expect(res.status, email).toBe(403);
      expect(shownText(body)).toContain("Health certificates are not available");
    }
  });

  test("Central Record at sign-in: 403 without Central Record; Globex saves its requirement", async () => {
    const acme = newClient();
    await signIn(acme, "admin@example.com");
    expect((await acme.request("/manage/safety-check/sign-in-central-record")).res.status).toBe(403);
    const { browser, api } = await admin("us:2");
    let page = await browser.open("/manage/safety-check/sign-in-central-record");
    expect(page.status).toBe(200);
    expect(page.links().map((l) => l.name)).toContain("Central Record at sign-in");
    page = await page.form("Save").select("Minimum rating", "Pass or warning").check("DBS / background check").select("When the Central Record cannot be reached", "Let them in, flagged").submit("Save");
    expect(notices(page)).toContain("The Central Record check at sign-in was saved.");
    expect((await api.get("safety-check/central-record")).settings).toMatchObject({ enabled: true, minimum_rating: "warning", rating_systems: ["dbs"], when_unreachable: "allow_flagged" });
    // Put the demo's requirement back.
    await api.send("PATCH", "safety-check/central-record", { enabled: true, groups: "linked", group_ids: [], rating_systems: [], minimum_rating: "pass", when_unreachable: "reject" });
  });
});
