/**
 * The visitor's custom fields and documents on the pre-registration form (ADR 019 "Fields and
 * documents"), over HTTP: the fields the form asks (the site's, for the group, simple types; the
 * kiosk's named), their rules, the answers on the pre-registration and on the visit it becomes;
 * documents: kinds, the 30 MB limit, at most 3, read only by the pre-registration's viewers,
 * deleted on cancel, refused once the link is used.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTACHMENT_KIND_MESSAGE, MagicLinkView, PRE_REG_LIMITS, PRE_REG_MESSAGES as M, PreRegistration } from "../../contract/index.ts";
import type { TestUpstream } from "../test-support.ts";
import { startPreRegTests } from "./test-start.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
const { call, as, user } = httpTestClient(() => up.url, "prereg-docs");
let admin: As;
let hq: number;
let wh: number;
let group: number;
const f: Record<string, number> = {};
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
let n = 0;

beforeAll(async () => {
  ({ serverErrors, admin, hq, wh } = await startPreRegTests(call, as, (started) => (up = started)));
  const made = await admin.post("groups", { name: `Fielded ${Date.now()}`, type: "standard" });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  group = made.json.id;
  // The seeded fields of Head Office are not for this group (so the form asks exactly these).
  await up.app.db.query("UPDATE custom_fields SET group_ids = '[]'::jsonb WHERE site_id = $1", [hq]);
  const field = async (key: string, body: Record<string, unknown>) => {
    const r = await admin.post(`sites/${hq}/custom-fields`, { group_ids: [group], ...body });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    f[key] = r.json.id;
  };
  await field("car", { label: "Vehicle plate", type: "uppercase", required: true });
  await field("phone", { label: "Emergency phone", type: "phone" });
  await field("diet", { label: "Diet", type: "checkboxes", options: ["Vegan", "Halal"] });
  await field("day", { label: "Induction date", type: "date" });
  await field("sign", { label: "Safety signature", type: "signature" });
  // Not for this group: not asked.
  await field("other", { label: "Other group's field", type: "text", required: true, group_ids: null });
  await up.app.db.query("UPDATE custom_fields SET group_ids = '[]'::jsonb WHERE id = $1", [f.other]);
}, 120_000);

afterAll(async () => {
  await up?.stop();
  expect(serverErrors).toEqual([]);
});

/** A pre-registration in the fielded group and its form link's token. */
async function preRegistered() {
  const to = `doc-${++n}-${Date.now()}@example.org`;
  const r = await admin.post("pre-registrations", { site_id: hq, group_id: group, name: "Dora Docs", email: to, arrive_at: new Date(Date.now() + 86_400_000).toISOString() });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  const mail = (await call("GET", `/__test/outbox?to=${encodeURIComponent(to)}`)).json as { body: string };
  const token = /\/magic-link\/pre-registration-form\?token=([A-Za-z0-9_-]+)/.exec(mail.body)![1];
  return { id: r.json.id as number, token };
}
const submit = (token: string, extra: Record<string, unknown> = {}) => call("POST", "/api/v2/magic-links/submit", { token, purpose: "pre-registration-form", ...extra });
const uploadDoc = (token: string, name: string, bytes: Uint8Array, type = "application/pdf") => {
  const fd = new FormData();
  fd.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  return call("POST", `/api/v2/magic-links/documents?token=${token}`, fd);
};

describe("custom fields on the visitor's form", () => {
  it("asks the site's fields for the group (simple types), names the kiosk's, checks the rules, and the visit gets the answers", async () => {
    const { id, token } = await preRegistered();
    const v = MagicLinkView.parse((await call("POST", "/api/v2/magic-links/view", { token, purpose: "pre-registration-form" })).json);
    expect(v.fields.map((x) => [x.label, x.type, x.required])).toEqual([
      ["Vehicle plate", "uppercase", true],
      ["Emergency phone", "phone", false],
      ["Diet", "checkboxes", false],
      ["Induction date", "date", false],
    ]);
    expect(v.kiosk_fields).toEqual(["Safety signature"]);

    const bad = await submit(token, { fields: { [f.phone]: "12", [f.diet]: ["Paleo"], [f.day]: "2030-02-30" } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({
      [`field_${f.car}`]: [M.fieldRequired],
      [`field_${f.phone}`]: [M.fieldPhone],
      [`field_${f.diet}`]: [M.fieldOption],
      [`field_${f.day}`]: [M.fieldDate],
    });
    // A refusal did not use the link.
    const ok = await submit(token, { fields: { [f.car]: "ab12 cde", [f.phone]: "07911 123456", [f.diet]: ["Vegan", "Halal"] } });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const stored = PreRegistration.parse((await admin.get(`pre-registrations/${id}`)).json);
    expect(stored.fields).toEqual([
      { label: "Vehicle plate", value: "AB12 CDE" },
      { label: "Emergency phone", value: "+447911123456" },
      { label: "Diet", value: "Vegan, Halal" },
    ]);
    const signedIn = PreRegistration.parse((await admin.post(`pre-registrations/${id}/sign-in`)).json);
    const visit = (await admin.get(`visits/${signedIn.visit_id}`)).json as { fields: { label: string; value: string }[] };
    expect(visit.fields).toEqual(stored.fields);
  });
});

describe("documents", () => {
  it("takes up to 3 PDFs or images of at most 30 MB without using the link; only the pre-registration's viewers read them; cancel deletes them", async () => {
    const { id, token } = await preRegistered();
    const first = await uploadDoc(token, "Passport.pdf", PDF);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(MagicLinkView.parse(first.json)).toMatchObject({ state: "open", documents: [{ filename: "Passport.pdf", size: PDF.length }] });
    const wrong = await uploadDoc(token, "run.exe", Buffer.from("MZ\x90\x00"), "application/octet-stream");
    expect([wrong.status, wrong.json.errors?.file]).toEqual([422, [ATTACHMENT_KIND_MESSAGE]]);
    const big = await uploadDoc(token, "big.pdf", Buffer.concat([PDF, Buffer.alloc(PRE_REG_LIMITS.documentBytes + 1 - PDF.length)]));
    expect([413, 422]).toContain(big.status);
    expect(big.json.errors.file[0]).toBe("The file must be at most 30 MB");
    expect((await uploadDoc(token, "two.pdf", PDF)).status).toBe(200);
    expect((await uploadDoc(token, "three.pdf", PDF)).status).toBe(200);
    const fourth = await uploadDoc(token, "four.pdf", PDF);
    expect([fourth.status, fourth.json.errors?.file]).toEqual([422, [M.documentsFull]]);
    // An unknown token: 404 (and nothing read).
    expect((await uploadDoc(token.slice(0, -2) + "zz", "x.pdf", PDF)).status).toBe(404);

    const stored = PreRegistration.parse((await admin.get(`pre-registrations/${id}`)).json);
    expect(stored.documents.map((d) => d.filename)).toEqual(["Passport.pdf", "two.pdf", "three.pdf"]);
    const file = stored.documents[0].file;
    const res = await admin.file(file);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF);
    // Today.viewer at its site: a user of the other site only, another client, anonymous: 404.
    expect((await (await user("Standard User", { site_ids: [wh] })).file(file)).status).toBe(404);
    expect((await (await user("Standard User", { site_ids: [hq] })).file(file)).status).toBe(200);
    expect((await (await as("globex@example.com", "us")).file(file)).status).toBe(404);
    expect((await fetch(`${up.url}/eu/api/v2/files/${file}`)).status).toBe(404);

    // Cancelled: the files go.
    expect((await admin.del(`pre-registrations/${id}`)).status).toBe(200);
    expect((await admin.file(file)).status).toBe(404);
    expect((await up.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM files WHERE pre_registration_id = $1", [id]))[0].n).toBe(0);
    // And its link is revoked: no more uploads.
    expect((await uploadDoc(token, "late.pdf", PDF)).json.code).toBe("link_revoked");
  });

  it("a used link refuses further uploads", async () => {
    const { token } = await preRegistered();
    expect((await submit(token, { fields: { [f.car]: "X1" } })).status).toBe(200);
    const late = await uploadDoc(token, "late.pdf", PDF);
    expect([late.status, late.json.code]).toEqual([409, "link_used"]);
  });
});
