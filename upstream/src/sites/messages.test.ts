/**
 * A site's messages over HTTP against a running upstream: the action (acknowledge, sign, read) and
 * the label it needs, recipients (every group, or groups of the client shown at the site; others'
 * and unknown ids refused), and the attachment (a PDF or an image judged by content, at most 50 MB;
 * replaced, removed, deleted with its message), with the spec's messages and nothing saved on a
 * refusal. Setup as sites.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKBOX_LABEL_REQUIRED, MANAGE_LIMITS, RECIPIENTS_REQUIRED, RECIPIENTS_UNKNOWN, SiteDetails, SiteGroups, SiteMessage } from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];

type Json = any;

const { call, as, user } = httpTestClient(() => up.url, "messages");
let n = 0;

let admin: As;
/** A group of another client (Northwind). */
let foreignGroup: number;

/** A new site of Acme's, with the groups it shows and one group of Acme's it does not show. */
async function newSite() {
  const r = await admin.post("sites", { name: `Messages ${++n}`, type: "standard", reply_to_email: "desk@acme.example.com" });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  const site = SiteDetails.parse(r.json);
  const { groups } = SiteGroups.parse((await admin.get(`sites/${site.id}/groups`)).json);
  // Every group of the client but the last is shown here.
  const shown = groups.map((g) => g.id);
  expect(shown.length).toBeGreaterThanOrEqual(3);
  const hidden = shown.pop()!;
  expect((await admin.post(`sites/${site.id}/groups`, { group_ids: shown })).status).toBe(200);
  return { site, base: `sites/${site.id}/messages`, shown, hidden };
}

/** 422 whose message is `message`, under `field`. */
function expect422(r: { status: number; json: Json }, message: string, field: string) {
  expect(r.status, JSON.stringify(r.json)).toBe(422);
  expect(r.json.message).toBe(message);
  expect(r.json.errors[field]).toEqual([message]);
}

const ok = { icon: "⚠️", title: "Safety", content: "<p>Be safe</p>", checkbox_label: "I agree" };
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n", "latin1"), Buffer.alloc(256, 0x20), Buffer.from("\n%%EOF\n", "latin1")]);
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom\0\0\0\0isomiso2", "latin1"), Buffer.alloc(2048, 1)]);

const fileCount = async (siteId: number) => (await up.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM files WHERE site_id = $1", [siteId]))[0]!.n;

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
  expect((await call("POST", "/__test/clients/eu:1", { site_limit: null })).status).toBe(200);
  const [nw] = await up.app.db.query<{ id: number }>("SELECT g.id FROM groups g JOIN clients c ON c.id = g.client_id WHERE c.region = 'us' AND c.number = 1 ORDER BY g.id LIMIT 1");
  foreignGroup = nw!.id;
}, 120_000);

afterAll(async () => {
  await up?.stop();
}, 60_000);

describe("a message's action", () => {
  it("acknowledge is the default; sign needs its prompt; read needs no label and keeps none", async () => {
    const { base } = await newSite();
    const plain = SiteMessage.parse((await admin.post(base, ok)).json);
    expect(plain).toMatchObject({ action: "acknowledge", checkbox_label: "I agree", recipient_group_ids: null, attachment: null });

    const sign = await admin.post(base, { ...ok, title: "Sign", action: "sign", checkbox_label: "Sign to confirm you have read the rules" });
    expect(sign.status, JSON.stringify(sign.json)).toBe(200);
    expect(SiteMessage.parse(sign.json)).toMatchObject({ action: "sign", checkbox_label: "Sign to confirm you have read the rules" });

    // A label is required for acknowledge and sign, blank or missing alike; not for read.
    for (const action of ["acknowledge", "sign", undefined]) {
      expect422(await admin.post(base, { ...ok, action, checkbox_label: undefined }), CHECKBOX_LABEL_REQUIRED, "checkbox_label");
      expect422(await admin.post(base, { ...ok, action, checkbox_label: "   " }), CHECKBOX_LABEL_REQUIRED, "checkbox_label");
    }
    const read = SiteMessage.parse((await admin.post(base, { ...ok, title: "Wi-Fi", action: "read", checkbox_label: undefined })).json);
    expect(read).toMatchObject({ action: "read", checkbox_label: null });
    // A label sent with read is not kept: nothing shows it.
    expect(SiteMessage.parse((await admin.post(base, { ...ok, title: "Map", action: "read", checkbox_label: "Ignored" })).json).checkbox_label).toBeNull();
    expect((await admin.post(base, { ...ok, action: "initial" })).status).toBe(422);
    expect((await admin.post(base, { ...ok, action: ["read"] })).status).toBe(422);

    // PATCH: the rules on the merged message.
    expect422(await admin.patch(`${base}/${read.id}`, { action: "sign" }), CHECKBOX_LABEL_REQUIRED, "checkbox_label");
    expect(SiteMessage.parse((await admin.patch(`${base}/${read.id}`, { action: "sign", checkbox_label: "Sign here" })).json)).toMatchObject({ action: "sign", checkbox_label: "Sign here" });
    expect422(await admin.patch(`${base}/${plain.id}`, { checkbox_label: "" }), CHECKBOX_LABEL_REQUIRED, "checkbox_label");
    expect(SiteMessage.parse((await admin.patch(`${base}/${plain.id}`, { action: "read" })).json)).toMatchObject({ action: "read", checkbox_label: null });
    const all = (await admin.get(base)).json.map((m: Json) => [m.title, m.action, m.checkbox_label]);
    expect(all).toEqual([
      ["Safety", "read", null],
      ["Sign", "sign", "Sign to confirm you have read the rules"],
      ["Wi-Fi", "sign", "Sign here"],
      ["Map", "read", null],
    ]);
  });

  it("the database refuses a label-less message that asks for one", async () => {
    const { site } = await newSite();
    await expect(up.app.db.query("INSERT INTO site_messages (site_id, icon, title, content, action, checkbox_label) VALUES ($1, '!', 'T', '<p>x</p>', 'sign', NULL)", [site.id])).rejects.toThrow();
    await expect(up.app.db.query("INSERT INTO site_messages (site_id, icon, title, content, action, checkbox_label) VALUES ($1, '!', 'T', '<p>x</p>', 'dance', 'x')", [site.id])).rejects.toThrow();
  });
});

describe("a message's recipients", () => {
  it("null is every group; chosen groups must be groups of the client shown at the site; none chosen is refused", async () => {
    const { base, shown, hidden } = await newSite();
    const every = SiteMessage.parse((await admin.post(base, { ...ok, recipient_group_ids: null })).json);
    expect(every.recipient_group_ids).toBeNull();
    const some = SiteMessage.parse((await admin.post(base, { ...ok, title: "Some", recipient_group_ids: [shown[1], shown[0], shown[1]] })).json);
    expect(some.recipient_group_ids).toEqual([shown[1], shown[0]]);

    const before = (await admin.get(base)).json;
    expect422(await admin.post(base, { ...ok, recipient_group_ids: [] }), RECIPIENTS_REQUIRED, "recipient_group_ids");
    expect422(await admin.post(base, { ...ok, recipient_group_ids: [foreignGroup] }), RECIPIENTS_UNKNOWN, "recipient_group_ids");
    expect422(await admin.post(base, { ...ok, recipient_group_ids: [shown[0], 999_999] }), RECIPIENTS_UNKNOWN, "recipient_group_ids");
    expect422(await admin.post(base, { ...ok, recipient_group_ids: [hidden] }), RECIPIENTS_UNKNOWN, "recipient_group_ids");
    expect((await admin.post(base, { ...ok, recipient_group_ids: ["1; DROP TABLE groups"] })).status).toBe(422);
    expect((await admin.post(base, { ...ok, recipient_group_ids: [-1] })).status).toBe(422);
    expect((await admin.post(base, { ...ok, recipient_group_ids: "all" })).status).toBe(422);
    expect422(await admin.patch(`${base}/${every.id}`, { recipient_group_ids: [foreignGroup] }), RECIPIENTS_UNKNOWN, "recipient_group_ids");
    expect422(await admin.patch(`${base}/${some.id}`, { recipient_group_ids: [] }), RECIPIENTS_REQUIRED, "recipient_group_ids");
    expect((await admin.get(base)).json).toEqual(before);

    // Back to every group; and a group the message has that the site stops showing does not block other changes.
    expect(SiteMessage.parse((await admin.patch(`${base}/${some.id}`, { recipient_group_ids: null })).json).recipient_group_ids).toBeNull();
    const kept = SiteMessage.parse((await admin.post(base, { ...ok, title: "Kept", recipient_group_ids: [shown[0]] })).json);
    const siteId = base.split("/")[1];
    expect((await admin.post(`sites/${siteId}/groups`, { group_ids: shown.slice(1) })).status).toBe(200);
    expect(SiteMessage.parse((await admin.patch(`${base}/${kept.id}`, { title: "Kept still", recipient_group_ids: [shown[0]] })).json)).toMatchObject({ title: "Kept still", recipient_group_ids: [shown[0]] });
  });
});

describe("a message's attachment", () => {
  it("a PDF is stored and served (to its client's users) under the name the message carries, with its kind and size; replaced by an image; removed", async () => {
    const { site, base } = await newSite();
    const m = SiteMessage.parse((await admin.post(base, ok)).json);
    const r = await admin.upload(`${base}/${m.id}/attachment`, "rules.pdf", PDF, "application/pdf");
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const withPdf = SiteMessage.parse(r.json);
    expect(withPdf.attachment).toEqual({ name: expect.stringMatching(/^[A-Za-z0-9_-]+\.pdf$/), kind: "pdf", size: PDF.length });
    expect(Date.parse(withPdf.updated_at)).toBeGreaterThanOrEqual(Date.parse(m.updated_at));
    const file = await admin.file(withPdf.attachment!.name);
    expect([file.status, file.headers.get("content-type"), file.headers.get("x-content-type-options")]).toEqual([200, "application/pdf", "nosniff"]);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await admin.get(base)).json[0].attachment).toEqual(withPdf.attachment);

    // The declared type and name do not matter; the content does.
    const withPng = SiteMessage.parse((await admin.upload(`${base}/${m.id}/attachment`, "rules.pdf", PNG, "application/pdf")).json);
    expect(withPng.attachment).toMatchObject({ kind: "png", size: PNG.length });
    expect((await admin.file(withPdf.attachment!.name)).status).toBe(404);
    expect(await fileCount(site.id)).toBe(1);

    const removed = SiteMessage.parse((await admin.del(`${base}/${m.id}/attachment`)).json);
    expect(removed.attachment).toBeNull();
    expect((await admin.file(withPng.attachment!.name)).status).toBe(404);
    expect(await fileCount(site.id)).toBe(0);
    // Removing none is harmless.
    expect((await admin.del(`${base}/${m.id}/attachment`)).status).toBe(200);
  });

  it("refuses other kinds, no file, an empty file, JSON, and a file over 50 MB; nothing is stored", async () => {
    const { site, base } = await newSite();
    const m = SiteMessage.parse((await admin.post(base, ok)).json);
    const p = `${base}/${m.id}/attachment`;
    const kind = "The attachment must be a PDF, PNG, JPEG, GIF or WebP file";
    expect422(await admin.upload(p, "welcome.mp4", MP4, "video/mp4"), kind, "file");
    expect422(await admin.upload(p, "evil.pdf", Buffer.from("<html><script>alert(1)</script></html>"), "application/pdf"), kind, "file");
    expect422(await admin.upload(p, "almost.pdf", Buffer.from("%PDF"), "application/pdf"), kind, "file");
    expect422(await admin.upload(p, "empty.pdf", Buffer.alloc(0), "application/pdf"), "The file is empty", "file");
    expect422(await admin.post(p, { file: "JVBERi0..." }), "Send the file as multipart/form-data", "file");
    expect(MANAGE_LIMITS.messageAttachmentBytes).toBe(50 * 1024 * 1024);
    const over = await admin.upload(p, "big.pdf", Buffer.concat([PDF, Buffer.alloc(MANAGE_LIMITS.messageAttachmentBytes + 1 - PDF.length)]), "application/pdf");
    expect([over.status, over.json.errors?.file]).toEqual([422, ["The file must be at most 50 MB"]]);
    // Another site's message, an unknown one: not found, before the file is read.
    const other = await newSite();
    expect((await admin.upload(`${other.base}/${m.id}/attachment`, "rules.pdf", PDF, "application/pdf")).json.message).toBe("Message not found.");
    expect((await admin.upload(`${base}/999999/attachment`, "rules.pdf", PDF, "application/pdf")).status).toBe(404);
    expect(SiteMessage.parse((await admin.get(base)).json[0]).attachment).toBeNull();
    expect(await fileCount(site.id)).toBe(0);
    expect(await fileCount(other.site.id)).toBe(0);
  }, 60_000);

  it("exactly 50 MB is accepted", async () => {
    const { site, base } = await newSite();
    const m = SiteMessage.parse((await admin.post(base, ok)).json);
    const r = await admin.upload(`${base}/${m.id}/attachment`, "big.pdf", Buffer.concat([PDF, Buffer.alloc(MANAGE_LIMITS.messageAttachmentBytes - PDF.length)]), "application/pdf");
    expect(r.status, JSON.stringify(r.json).slice(0, 200)).toBe(200);
    expect(SiteMessage.parse(r.json).attachment!.size).toBe(MANAGE_LIMITS.messageAttachmentBytes);
    expect((await admin.del(`${base}/${m.id}`)).status).toBe(200);
    expect(await fileCount(site.id)).toBe(0);
  }, 60_000);

  it("is deleted with its message; viewers cannot attach or remove", async () => {
    const { site, base } = await newSite();
    const m = SiteMessage.parse((await admin.post(base, ok)).json);
    const url = SiteMessage.parse((await admin.upload(`${base}/${m.id}/attachment`, "rules.pdf", PDF, "application/pdf")).json).attachment!.name;
    const viewer = await user("Standard User");
    expect((await viewer.upload(`${base}/${m.id}/attachment`, "rules.pdf", PDF, "application/pdf")).status).toBe(403);
    expect((await viewer.del(`${base}/${m.id}/attachment`)).status).toBe(403);
    expect(await fileCount(site.id)).toBe(1);
    expect((await admin.del(`${base}/${m.id}`)).status).toBe(200);
    expect(await fileCount(site.id)).toBe(0);
    expect((await admin.file(url)).status).toBe(404);
  });
});

describe("the contract", () => {
  it("no answer broke the contract, nothing failed on the server; OpenAPI lists the attachment upload as multipart", async () => {
    const doc = (await call("GET", "/eu/api/v2/openapi.json")).json;
    expect(Object.keys(doc.paths["/sites/{siteId}/messages/{messageId}/attachment"].post.requestBody.content)).toEqual(["multipart/form-data"]);
    expect(doc.paths["/sites/{siteId}/messages/{messageId}/attachment"].delete.operationId).toBe("deleteSiteMessageAttachment");
    expect(serverErrors).toEqual([]);
  });
});
