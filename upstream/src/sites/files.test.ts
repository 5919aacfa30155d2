/**
 * Uploaded files over HTTP: served only to a caller entitled to them (issue 12, item 9). A user of
 * the file's client who may see its site (Bearer), a kiosk of its site (Device), or a signed URL
 * the upstream minted (the kiosk's media answer) gets the file as `private`; anyone else —
 * anonymous, another client's user, a user restricted to other sites, another site's kiosk, an
 * expired or tampered signature, the old public `/files/…` path — gets 404, as for a file that
 * does not exist. Byte ranges still work.
 */
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Config, SiteDetails, SiteMessage } from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";
import { KioskMedia } from "../devices/kiosk.ts";
import { signedFileUrl } from "./uploads.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
const { call, as, user } = httpTestClient(() => up.url, "files");

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom\0\0\0\0isomiso2", "latin1"), Buffer.alloc(2048, 1)]);
const PDF = Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");

let admin: As;
let hq: number;
let warehouse: number;
/** File names at Head Office. */
let logo: string;
let video: string;
let attachment: string;

const fileUrl = (name: string, region = "eu") => `${up.url}/${region}/api/v2/files/${name}`;
const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });
const device = (token: string) => ({ authorization: `Device ${token}` });

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
  const sites = Config.parse((await admin.get("config")).json).sites;
  hq = sites.find((s) => s.name === "Head Office")!.id;
  warehouse = sites.find((s) => s.name === "Warehouse")!.id;
  logo = SiteDetails.parse((await admin.upload(`sites/${hq}/branding-image`, "logo.png", PNG, "image/png")).json).branding_image!;
  video = SiteDetails.parse((await admin.upload(`sites/${hq}/welcome-video`, "welcome.mp4", MP4, "video/mp4")).json).welcome_video!;
  const m = SiteMessage.parse((await admin.post(`sites/${hq}/messages`, { icon: "⚠️", title: "Rules", content: "<p>Read them</p>", checkbox_label: "I agree" })).json);
  attachment = SiteMessage.parse((await admin.upload(`sites/${hq}/messages/${m.id}/attachment`, "rules.pdf", PDF, "application/pdf")).json).attachment!.name;
}, 120_000);

afterAll(async () => {
  await up?.stop();
}, 60_000);

async function expectNotFound(res: Response) {
  expect(res.status).toBe(404);
  const text = await res.text();
  expect(text).not.toContain("PNG");
  expect(JSON.parse(text)).toEqual({ message: "File not found." });
}

describe("who may read an uploaded file", () => {
  it("the owning client's user: 200, the bytes, private (never public or immutable), nosniff, a sandboxing CSP", async () => {
    const res = await admin.file(logo);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    expect(res.headers.get("cache-control")).not.toMatch(/public|immutable/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    // Every kind: the video and the message attachment too.
    expect((await admin.file(video)).status).toBe(200);
    expect((await admin.file(attachment)).headers.get("content-type")).toBe("application/pdf");
  });

  it("anonymous, a made-up token, the old public path: 404 like a file that does not exist", async () => {
    await expectNotFound(await get(fileUrl(logo)));
    await expectNotFound(await get(fileUrl(logo), { authorization: "Bearer not-a-token" }));
    await expectNotFound(await get(fileUrl(logo), { authorization: "Basic YWRtaW46YWRtaW4=" }));
    await expectNotFound(await get(fileUrl("AAAAAAAAAAAAAAAAAAAAAAAA.png")));
    expect((await get(`${up.url}/files/${logo}`)).status).toBe(404);
    // The file's client is in eu: the us API does not serve it, even to its own users' tokens.
    expect((await get(fileUrl(logo, "us"), { authorization: `Bearer ${await tokenOf("admin@example.com")}` })).status).toBe(404);
  });

  it("another client's user (same region, and another region): 404", async () => {
    const oak = await as("school@example.com");
    expect(Config.parse((await oak.get("config")).json).client.name).toBe("Oakfield Academy");
    await expectNotFound(await oak.file(logo));
    const otherClient = await user("Administrator", { client: "us:1" });
    await expectNotFound(await otherClient.file(logo));
    expect((await get(fileUrl(logo, "us"), { authorization: `Bearer ${await tokenOf("globex@example.com")}` })).status).toBe(404);
  });

  it("a user restricted to other sites: 404; restricted to the file's site: 200", async () => {
    await expectNotFound(await (await user("Standard User", { site_ids: [warehouse] })).file(logo));
    expect((await (await user("Standard User", { site_ids: [hq] })).file(logo)).status).toBe(200);
  });

  it("a kiosk of the file's site: 200; another site's kiosk, another client's: 404", async () => {
    const res = await get(fileUrl(logo), device("demo-kiosk-acme-hq"));
    expect([res.status, res.headers.get("cache-control")?.startsWith("private")]).toEqual([200, true]);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    await expectNotFound(await get(fileUrl(logo), device("demo-kiosk-acme-wh")));
    await expectNotFound(await get(fileUrl(logo), device("demo-kiosk-oak-main")));
    await expectNotFound(await get(fileUrl(logo), device("no-such-kiosk")));
  });

  it("byte ranges still work for an entitled caller (video players), and not for others", async () => {
    const part = await admin.file(video, { range: "bytes=4-11" });
    expect([part.status, part.headers.get("content-range"), part.headers.get("cache-control")?.startsWith("private")]).toEqual([206, `bytes 4-11/${MP4.length}`, true]);
    expect(Buffer.from(await part.arrayBuffer()).toString("latin1")).toBe("ftypisom");
    expect((await admin.file(video, { range: "bytes=999999-" })).status).toBe(416);
    expect((await get(fileUrl(video), { range: "bytes=4-11" })).status).toBe(404);
  });
});

describe("signed URLs", () => {
  it("the kiosk's media answer carries signed URLs of its site's files, which load without headers (ranges too)", async () => {
    const r = await get(`${up.url}/eu/api/v2/kiosk/media`, device("demo-kiosk-acme-hq"));
    expect(r.status).toBe(200);
    const media = KioskMedia.parse(await r.json());
    expect(media.branding_image).toMatch(new RegExp(`^${up.url}/eu/api/v2/files/${logo}\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`));
    const left = (Date.parse(media.expires_at) - Date.now()) / 1000;
    expect(left).toBeGreaterThan(60);
    expect(left).toBeLessThanOrEqual(3600);
    const img = await get(media.branding_image!);
    expect([img.status, img.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect(img.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
    const part = await get(media.welcome_video!, { range: "bytes=4-11" });
    expect([part.status, Buffer.from(await part.arrayBuffer()).toString("latin1")]).toEqual([206, "ftypisom"]);
    expect(media.messages.find((m) => m.attachment)?.attachment).toContain(attachment);
    // Only with a device token.
    expect((await get(`${up.url}/eu/api/v2/kiosk/media`)).status).toBe(401);
    // Another site's kiosk gets its own site's files (none here), never Head Office's.
    const wh = KioskMedia.parse(await (await get(`${up.url}/eu/api/v2/kiosk/media`, device("demo-kiosk-acme-wh"))).json());
    expect([wh.branding_image, wh.welcome_video]).toEqual([null, null]);
  });

  it("expired, tampered, for another file, or living longer than an hour: 404", async () => {
    const url = new URL(signedFileUrl(up.app, "eu", logo, 60));
    expect((await get(url.toString())).status).toBe(200);

    const expired = new URL(signedFileUrl(up.app, "eu", logo, 60, Date.now() - 120_000));
    await expectNotFound(await get(expired.toString()));

    const tampered = new URL(url);
    const sig = tampered.searchParams.get("signature")!;
    tampered.searchParams.set("signature", (sig[0] === "A" ? "B" : "A") + sig.slice(1));
    await expectNotFound(await get(tampered.toString()));

    const later = new URL(url);
    later.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 600));
    await expectNotFound(await get(later.toString()));

    // The same signature on another file of the same site.
    await expectNotFound(await get(`${fileUrl(video)}${url.search}`));
    // The same signature under the other region.
    expect((await get(`${fileUrl(logo, "us")}${url.search}`)).status).toBe(404);

    // A signature made with the right key but an expiry beyond the hour is refused too.
    const far = Math.floor(Date.now() / 1000) + 2 * 3600;
    const key = createHmac("sha256", up.app.opts.jwtSecret).update("gatehouse:signed-file-url:v1").digest();
    const farSig = createHmac("sha256", key).update(`eu\n${logo}\n${far}`).digest("base64url");
    await expectNotFound(await get(`${fileUrl(logo)}?expires=${far}&signature=${farSig}`));
    // …while the same construction within the hour works (so the refusal above is the expiry's).
    const near = Math.floor(Date.now() / 1000) + 1800;
    const nearSig = createHmac("sha256", key).update(`eu\n${logo}\n${near}`).digest("base64url");
    expect((await get(`${fileUrl(logo)}?expires=${near}&signature=${nearSig}`)).status).toBe(200);

    // A URL the upstream is asked to mint for longer than an hour lives an hour at most.
    const capped = new URL(signedFileUrl(up.app, "eu", logo, 24 * 3600));
    expect(Number(capped.searchParams.get("expires")) - Date.now() / 1000).toBeLessThanOrEqual(3600);
    // Garbage parameters.
    await expectNotFound(await get(`${fileUrl(logo)}?expires=soon&signature=x`));
    await expectNotFound(await get(`${fileUrl(logo)}?signature=`));
  });

  it("a deleted file: 404 even with a valid signature", async () => {
    const url = signedFileUrl(up.app, "eu", attachment, 60);
    expect((await get(url)).status).toBe(200);
    const messages = (await admin.get(`sites/${hq}/messages`)).json as { id: number }[];
    for (const m of messages) expect((await admin.del(`sites/${hq}/messages/${m.id}`)).status).toBe(200);
    await expectNotFound(await get(url));
  });
});

it("no server errors", () => {
  expect(serverErrors).toEqual([]);
});

async function tokenOf(email: string) {
  const r = await call("POST", "/api/v2/auth/login", { email, password: "Demo-Passw0rd!" });
  expect(r.status).toBe(200);
  return r.json.access_token as string;
}
