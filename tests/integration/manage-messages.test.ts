/**
 * A message's action, recipients and attachment through real HTTP (the messages tab): hostile input
 * to the new fields (an unknown action, a missing label, recipients of another organisation or
 * unknown, "only these groups" with none ticked, markup in the label, files of the wrong kind, empty
 * or over 50 MB, parts in the wrong order, another site's message) gets a 4xx with the visible
 * message and nothing is saved; what each action does reaches the upstream, and the page shows the
 * action, the recipients and the attachment (a link to the portal's /files/, its kind and size).
 */
import { beforeAll, describe, expect, test } from "vitest";
import { upstreamAccess } from "../support/access";
import { messages } from "../support/client";
import { createUpstreamSite } from "../support/hooks";
import { createUser, failuresOf, newClient, type Part, type PostCase, postMultipart, shownText, signIn, uniqueEmail, upstreamUrl } from "./helpers";

const tag = () => Math.random().toString(36).slice(2, 7);
const page400 = "That request could not be used";
const MB = 1024 * 1024;
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n", "latin1"), Buffer.alloc(2000, 0x20), Buffer.from("\n%%EOF\n", "latin1")]);
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

type Message = { id: number; title: string; action: string; checkbox_label: string | null; recipient_group_ids: number[] | null; attachment: { name: string; kind: string; size: number } | null };

/** A fresh site of Acme's showing all its groups, and a signed-in administrator (portal and upstream). */
async function freshSite() {
  const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT messages ${tag()}`, all_groups: true });
  const email = uniqueEmail("messages-it");
  await createUser({ email, role: "Administrator" });
  const admin = await upstreamAccess(upstreamUrl(), email);
  const client = newClient();
  await signIn(client, email);
  const path = `/manage/site/${site.id}/messages`;
  const stored = async () => (await admin.get(`sites/${site.id}/messages`)) as Message[];
  const files = async () => (await stored()).map((m) => m.attachment);
  return { site, admin, client, path, stored, files, groups: site.groups.map((g) => g.id) };
}

const shown = shownText;

/** A group of another organisation (Initech's). */
let foreignGroup: number;
beforeAll(async () => {
  const email = uniqueEmail("messages-it-initech");
  await createUser({ email, role: "Administrator", client: "eu:5" });
  const initech = await upstreamAccess(upstreamUrl(), email);
  const siteId = (initech.config.sites[0] as { id: number }).id;
  foreignGroup = ((await initech.get(`sites/${siteId}/groups`)) as { groups: { id: number }[] }).groups[0]!.id;
});

describe("bad input", () => {
  test("action, label and recipients: a 4xx with the visible message, and nothing is saved", async () => {
    const s = await freshSite();
    const ok = { intent: "create", icon: "⚠️", title: "Fire", content: "Leave by the nearest exit.", action: "sign", checkbox_label: "Sign here", redisplay: "when_updated", recipients: "every" };
    const with_ = (extra: Record<string, string>, groups: string[] = []): [string, string][] => [...Object.entries({ ...ok, ...extra }), ...groups.map((g): [string, string] => ["recipient_group_ids", g])];
    const cases: PostCase[] = [
      [s.path, { ...ok, action: "dance" }, 400, "Choose one of the options shown."],
      [s.path, { ...ok, action: "read; DROP TABLE site_messages" }, 400, "Choose one of the options shown."],
      [s.path, { ...ok, action: "acknowledge", checkbox_label: "" }, 400, "A checkbox label is required"],
      [s.path, { ...ok, action: "sign", checkbox_label: "   " }, 400, "A checkbox label is required"],
      [s.path, { ...ok, checkbox_label: "x".repeat(10_000) }, 400, "That is too long."],
      [s.path, { ...ok, recipients: "chosen" }, 400, "Choose at least one group"],
      [s.path, { ...ok, recipients: "some" }, 400, "Choose one of the options shown."],
      [s.path, with_({ recipients: "chosen" }, ["x; DROP TABLE groups"]), 400, "Choose one of the options shown."],
      [s.path, with_({ recipients: "chosen" }, Array.from({ length: 201 }, (_, i) => String(i + 1))), 400, "That is too long."],
      // Script in the label, with a rule broken: refused, and the label comes back as text.
      [s.path, { ...ok, checkbox_label: "<script>alert(1)</script>", recipients: "chosen" }, 400, "&lt;script&gt;alert(1)&lt;/script&gt;"],
      // Rules only the upstream knows: its message, in the user's language, on the list.
      [s.path, with_({ recipients: "chosen" }, [String(foreignGroup)]), 422, "Choose groups shown at this site"],
      [s.path, with_({ recipients: "chosen" }, [String(s.groups[0]), "999999"]), 422, "Choose groups shown at this site"],
      [s.path, with_({ recipients: "chosen" }, ["0"]), 422, "Choose groups shown at this site"],
    ];
    expect(await failuresOf(s.client, cases)).toEqual([]);
    expect(await s.stored()).toEqual([]);
    // What was typed is kept on a refusal: the action, the label and the groups ticked.
    const r = await s.client.post(s.path, { ...ok, action: "read", checkbox_label: "", recipients: "chosen" }, { follow: false });
    expect(r.res.status).toBe(400);
    expect(messages(r.body)).toContain("Choose at least one group");
    expect(r.body).toMatch(/<input type="radio" id="site-message-new-action-read" name="action"[^>]*checked=""/);
    expect(r.body).toMatch(/<input type="radio" id="site-message-new-recipients-chosen" name="recipients"[^>]*checked=""/);
    expect(r.body).not.toMatch(/id="site-message-new-action-acknowledge"[^>]*checked=""/);
    expect(r.body).not.toContain("<script>alert(1)</script>");
  });

  test("another site's message: update, upload and remove are refused, and nothing changes there", async () => {
    const s = await freshSite();
    const other = await freshSite();
    const theirs = (await other.admin.send("POST", `sites/${other.site.id}/messages`, { icon: "!", title: "Theirs", content: "<p>x</p>", checkbox_label: "OK" })).json as Message;
    const notOurs = "That message is not one of this site's messages";
    expect(
      await failuresOf(s.client, [
        [s.path, { intent: "update", id: String(theirs.id), icon: "!", title: "Mine", content: "x", action: "read", redisplay: "every_time" }, 404, notOurs],
        [s.path, { intent: "remove-attachment", id: String(theirs.id) }, 404, notOurs],
        [s.path, { intent: "remove-attachment", id: "1 OR 1=1" }, 400, page400],
      ]),
    ).toEqual([]);
    const r = await postMultipart(s.client, `${s.path}?edit=${theirs.id}`, [["intent", "upload-attachment"], ["id", String(theirs.id)], ["file", PDF, "rules.pdf", "application/pdf"]]);
    expect([r.res.status, shown(r.body)]).toEqual([404, expect.stringContaining(notOurs)]);
    expect(await other.stored()).toMatchObject([{ title: "Theirs", attachment: null }]);
  });

  test("attachments: wrong kind, empty, over 50 MB, parts in the wrong order: a 4xx with the message, nothing stored", async () => {
    const s = await freshSite();
    const m = (await s.admin.send("POST", `sites/${s.site.id}/messages`, { icon: "!", title: "Rules", content: "<p>x</p>", checkbox_label: "OK" })).json as Message;
    const edit = `${s.path}?edit=${m.id}`;
    const upload = (file: Part) => postMultipart(s.client, edit, [["intent", "upload-attachment"], ["id", String(m.id)], file]);
    const cases: [string, () => Promise<{ res: Response; body: string }>, number, string][] = [
      ["text renamed .pdf", () => upload(["file", Buffer.from("just some text"), "rules.pdf", "application/pdf"]), 422, "The attachment must be a PDF, PNG, JPEG, GIF or WebP file"],
      ["script as a PDF", () => upload(["file", Buffer.from("<script>alert(1)</script>"), "x.pdf", "application/pdf"]), 422, "The attachment must be a PDF, PNG, JPEG, GIF or WebP file"],
      ["an empty file", () => upload(["file", Buffer.alloc(0), "rules.pdf", "application/pdf"]), 400, "The file is empty"],
      ["no file chosen", () => upload(["file", Buffer.alloc(0), "", "application/octet-stream"]), 400, "Choose a file to upload"],
      ["a PDF just over 50 MB", () => upload(["file", Buffer.concat([PDF, Buffer.alloc(50 * MB + 1 - PDF.length)]), "big.pdf", "application/pdf"]), 413, "The attachment must be a PDF or an image (PNG, JPEG, GIF or WebP) of at most 50 MB"],
      ["the file before the intent", () => postMultipart(s.client, edit, [["file", PDF, "rules.pdf", "application/pdf"], ["intent", "upload-attachment"], ["id", String(m.id)]]), 400, page400],
      ["no message id", () => postMultipart(s.client, edit, [["intent", "upload-attachment"], ["file", PDF, "rules.pdf", "application/pdf"]]), 400, page400],
    ];
    const failures: string[] = [];
    for (const [label, send, status, text] of cases) {
      const r = await send();
      const seen = shown(r.body);
      if (r.res.status !== status || !seen.includes(text)) failures.push(`${label}: ${r.res.status} ${seen.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(await s.files()).toEqual([null]);
  }, 120_000);
});

describe("what each action does", () => {
  test("add with sign and chosen groups, edit to read and every group; the list shows the action and recipients", async () => {
    const s = await freshSite();
    const [first, second] = s.site.groups;
    let r: { res: Response; body: string } = await s.client.post(s.path, [
      ["intent", "create"],
      ["icon", "✍️"],
      ["title", "Induction"],
      ["content", "Read the rules."],
      ["action", "sign"],
      ["checkbox_label", "Sign to say you have read them <b>now</b>"],
      ["recipients", "chosen"],
      ["recipient_group_ids", String(second!.id)],
      ["recipient_group_ids", String(first!.id)],
      ["redisplay", "1_week"],
    ]);
    expect(messages(r.body).join(" ")).toContain("“Induction” has been added.");
    let [m] = await s.stored();
    expect(m).toMatchObject({ action: "sign", checkbox_label: "Sign to say you have read them <b>now</b>", recipient_group_ids: [second!.id, first!.id], attachment: null });
    r = await s.client.request(s.path);
    expect(r.body).toContain("Sign with a finger");
    expect(r.body).toContain(`${second!.name}, ${first!.name}`);
    expect(r.body).toContain("Sign to say you have read them &lt;b&gt;now&lt;/b&gt;");
    expect(r.body).toContain("No attachment");

    // The edit form starts as stored; then only read, for every group (a label sent is not kept).
    r = await s.client.request(`${s.path}?edit=${m!.id}`);
    expect(r.body).toMatch(/id="site-message-\d+-action-sign"[^>]*checked=""/);
    expect(r.body).toMatch(/id="site-message-\d+-recipients-chosen"[^>]*checked=""/);
    for (const g of s.site.groups) expect([g.name, new RegExp(`id="site-message-\\d+-group-${g.id}"[^>]*checked=""`).test(r.body)]).toEqual([g.name, g === first || g === second]);
    r = await s.client.post(`${s.path}?edit=${m!.id}`, { intent: "update", id: String(m!.id), icon: "✍️", title: "Induction", content: "Read the rules.", action: "read", checkbox_label: "Ignored", recipients: "every", redisplay: "1_week" });
    expect(messages(r.body).join(" ")).toContain("“Induction” has been saved.");
    [m] = await s.stored();
    expect(m).toMatchObject({ action: "read", checkbox_label: null, recipient_group_ids: null });
    expect(r.body).toContain("Only read it");
    expect(r.body).toContain("Every group");

    // A form without the new fields (as before they existed): acknowledge, every group.
    r = await s.client.post(s.path, { intent: "create", icon: "ℹ️", title: "Parking", content: "Park at the back.", checkbox_label: "OK", redisplay: "every_time" });
    expect(messages(r.body).join(" ")).toContain("“Parking” has been added.");
    expect((await s.stored())[1]).toMatchObject({ action: "acknowledge", checkbox_label: "OK", recipient_group_ids: null });
  });

  test("an attachment is uploaded as multipart, linked at the portal's /files/ with its kind and size, replaced, and removed; deleting the message deletes it", async () => {
    const s = await freshSite();
    const m = (await s.admin.send("POST", `sites/${s.site.id}/messages`, { icon: "!", title: "Rules", content: "<p>x</p>", checkbox_label: "OK" })).json as Message;
    const edit = `${s.path}?edit=${m.id}`;
    let r = await postMultipart(s.client, edit, [["intent", "upload-attachment"], ["id", String(m.id)], ["file", PDF, "rules.pdf", "application/pdf"]]);
    expect(r.res.status).toBe(303);
    expect(r.res.headers.get("location")).toBe(edit);
    let [a] = await s.files();
    expect(a).toEqual({ name: expect.stringMatching(/^[A-Za-z0-9_-]+\.pdf$/), kind: "pdf", size: PDF.length });
    r = await s.client.request(edit);
    expect(messages(r.body).join(" ")).toContain("The attachment of “Rules” has been saved.");
    expect(r.body).toContain(`href="/files/${a!.name}"`);
    expect(r.body).toContain("PDF document, 2 kB");
    // The link is the portal's: signed in, the PDF comes as a download; the upstream gives it to no one without a token.
    const file = await s.client.request(`/files/${a!.name}`);
    expect([file.res.status, file.res.headers.get("content-type"), file.res.headers.get("content-disposition")]).toEqual([200, "application/pdf", `attachment; filename="${a!.name}"`]);
    expect(file.body.startsWith("%PDF-")).toBe(true);
    expect((await fetch(`${upstreamUrl()}/eu/api/v2/files/${a!.name}`)).status).toBe(404);

    r = await postMultipart(s.client, edit, [["intent", "upload-attachment"], ["id", String(m.id)], ["file", PNG, "map.png", "image/png"]]);
    expect(r.res.status).toBe(303);
    [a] = await s.files();
    expect(a).toMatchObject({ kind: "png", size: PNG.length });
    expect((await s.client.request(s.path)).body).toContain(`PNG image, ${PNG.length} byte`);

    r = await s.client.post(s.path, { intent: "remove-attachment", id: String(m.id) });
    expect(messages(r.body).join(" ")).toContain("The attachment of “Rules” has been removed.");
    expect(await s.files()).toEqual([null]);
    expect((await s.client.request(`/files/${a!.name}`)).res.status).toBe(404);

    // Deleting a message deletes its file.
    await postMultipart(s.client, edit, [["intent", "upload-attachment"], ["id", String(m.id)], ["file", PDF, "rules.pdf", "application/pdf"]]);
    [a] = await s.files();
    r = await s.client.post(s.path, { intent: "delete", id: String(m.id) });
    expect(messages(r.body).join(" ")).toContain("“Rules” has been deleted.");
    expect((await s.client.request(`/files/${a!.name}`)).res.status).toBe(404);
  });
});
