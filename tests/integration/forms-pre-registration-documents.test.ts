/**
 * The visitor's custom fields and documents on the pre-registration form, without JavaScript (ADR
 * 019 "Fields and documents"): a required custom field refused with its message and what was typed
 * kept, a document over 30 MB refused with 413 and the rule, a document added (listed, the link
 * still open), the form sent; the portal's list shows the answer and the document, which downloads
 * through /files/ for the host and for nobody else.
 */
import { describe, expect, test } from "vitest";
import { upstreamAccess } from "../support/access";
import { createUser, hook, newBrowser, newClient, postMultipart, signIn, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
const tag = () => Math.random().toString(36).slice(2, 7);

describe("the visitor's fields and documents, without JavaScript", () => {
  test("a required custom field and a document on the form; the portal shows both", async () => {
    const email = uniqueEmail("prereg-docs");
    await createUser({ email, role: "Administrator", client: "eu:1", name: "Dot Documents" });
    const browser = newBrowser();
    expect((await signInWithForms(browser, email)).path).toBe("/today");
    const api = await upstreamAccess(upstreamUrl(), email);
    const sites = (await api.get("sites")) as { id: number; name: string }[];
    const hq = sites.find((s) => s.name === "Head Office")!.id;
    const groupName = `Contractors ${tag()}`;
    const g = await api.send("POST", "groups", { name: groupName, type: "standard" });
    expect(g.status).toBe(200);
    const fieldLabel = `Insurance number ${tag()}`;
    const f = await api.send("POST", `sites/${hq}/custom-fields`, { label: fieldLabel, type: "uppercase", required: true, group_ids: [g.json.id] });
    expect(f.status, JSON.stringify(f.json)).toBe(200);

    const to = uniqueEmail("visitor-docs", "example.org");
    let page = await browser.open("/today/pre-register");
    page = await page.form("Pre-register").fill("Name", "Dana Docs").fill("Email", to).select("Group", groupName).fill("Time of arrival", "2031-04-05T09:00").submit("Pre-register");
    expect(page.path).toBe("/today/pre-registrations");
    const mail = await hook<{ body: string }>("GET", `outbox?to=${encodeURIComponent(to)}`);
    const link = /https?:\/\/[^/\s]+(\/magic-link\/pre-registration-form\?token=[A-Za-z0-9_-]+)/.exec(mail.body)![1]!;

    const visitor = newBrowser();
    let form = await visitor.open(link);
    expect(form.status).toBe(200);
    const required = `${fieldLabel} (required)`;
    // The required field left empty: its message, the company typed kept, the link still open.
    form = await form.form("Send my details").fill("Company", "Docs Ltd").submit("Send my details");
    expect(form.status).toBe(422);
    expect(form.fieldErrors(required)).toEqual(["This field is required"]);
    expect(form.form("Send my details").value("Company")).toBe("Docs Ltd");

    // Over 30 MB: 413, the rule on the form, what was typed before the file kept.
    const big = Buffer.concat([PDF, Buffer.alloc(30 * 1024 * 1024 + 1 - PDF.length)]);
    const url = new URL(form.url, "http://portal.invalid");
    const r = await postMultipart(visitor.client, `${url.pathname}${url.search}`, [["company", "Docs Ltd"], ["file", big, "big.pdf", "application/pdf"], ["intent", "upload"]]);
    expect([r.res.status, r.body.includes("A PDF or an image (PNG, JPEG, GIF or WebP), at most 30 MB.")]).toEqual([413, true]);
    expect(r.body).toContain('value="Docs Ltd"');

    // A document added: listed, the link still open, the typed company kept.
    form = await form.form("Send my details").fill("Company", "Docs Ltd").attach("Document", { name: "Insurance.pdf", type: "application/pdf", data: PDF }).submit("Add the document");
    expect(form.status).toBe(200);
    expect(form.notices().join(" ")).toContain("Insurance.pdf was received");
    expect(form.text()).toContain("Insurance.pdf");
    expect(form.form("Send my details").value("Company")).toBe("Docs Ltd");

    // Head Office's own required fields (for every group, seeded) are asked too.
    form = await form
      .form("Send my details")
      .fill(required, "ab 123")
      .fill("Company (required)", "Docs Ltd")
      .select("Have you read the safety briefing? (required)", "Yes")
      .submit("Send my details");
    expect(form.status).toBe(200);
    expect(form.notices().join(" ")).toContain("Thank you");

    page = await page.reload();
    const row = page.row("Dana Docs");
    expect(row.text()).toContain(fieldLabel);
    expect(row.text()).toContain("AB 123");
    const href = row.all({ tag: "a" }).map((a) => a.attr("href")).find((h) => h?.startsWith("/files/"))!;
    expect(row.text()).toContain("Insurance.pdf");
    const download = await browser.client.request(href);
    expect(download.res.status).toBe(200);
    // Not for a user of the other site only.
    const other = uniqueEmail("prereg-docs-wh");
    await createUser({ email: other, role: "Standard User", client: "eu:1", site_ids: [sites.find((s) => s.id !== hq)!.id] });
    const web = newClient();
    await signIn(web, other);
    expect((await web.request(href)).res.status).toBe(404);
  });
});
