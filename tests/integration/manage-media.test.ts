/**
 * The branding and evacuation points tabs through real HTTP: uploads reach the upstream as
 * multipart and come back as images the page shows from the portal's `/files/{name}` (CSP img-src
 * 'self'; files.test.ts covers who may read them); malformed and hostile posts
 * (missing fields, wrong types, 10,000-character strings, script in names, foreign site and row
 * ids, files of the wrong kind, empty or oversized files, parts in the wrong order) get a 4xx with
 * a message, never a 500, and change nothing upstream; the site's pages are for administrators
 * (a view-only custom role and a Standard User get 403). Each test owns a fresh site.
 */
import { describe, expect, test } from "vitest";
import { upstreamAccess } from "../support/access";
import { decodeEntities, h1, messages } from "../support/client";
import { createUpstreamRole, createUpstreamSite } from "../support/hooks";
import { createUser, newClient, postMultipart, shownText, signIn, uniqueEmail, upstreamUrl } from "./helpers";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom", "latin1"), Buffer.alloc(64)]);
const MB = 1024 * 1024;
const long = "x".repeat(10_000);
const tag = () => Math.random().toString(36).slice(2, 7);

/** A fresh site (with evacuation points if given), an administrator of it signed in, and the upstream as that administrator. */
async function siteWithAdmin(points: string[] = []) {
  const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT media ${tag()}`, evacuation_points: points });
  const email = uniqueEmail("media-it");
  await createUser({ email, role: "Administrator" });
  const admin = await upstreamAccess(upstreamUrl(), email);
  const client = newClient();
  await signIn(client, email);
  const stored = async () => {
    const s = (await admin.get(`sites/${site.id}`)) as { branding_image: string | null; welcome_video: string | null };
    return { branding_image: s.branding_image, welcome_video: s.welcome_video, points: (await admin.get(`sites/${site.id}/evacuation-points`)) as { id: number; title: string; icon: string | null; photo: string | null; location: { lat: number; lng: number } | null }[] };
  };
  return { site, client, admin, stored, branding: `/manage/site/${site.id}/branding`, points: `/manage/site/${site.id}/evacuationpoints` };
}

const shown = shownText;

describe("branding", () => {
  test("an image and a video are uploaded as multipart, shown from the portal's /files/ (the CSP allows no other origin), and removed", async () => {
    const s = await siteWithAdmin();
    let r = await postMultipart(s.client, s.branding, [["intent", "upload-image"], ["file", PNG, "logo.png", "image/png"], ["intent", "upload-image"]]);
    expect(r.res.status).toBe(303);
    const image = (await s.stored()).branding_image!;
    expect(image).toMatch(/^[A-Za-z0-9_-]+\.png$/);
    r = await s.client.request(s.branding);
    expect(r.body).toContain(`src="/files/${image}"`);
    expect(messages(r.body).join(" ")).toContain(`The branding image of ${s.site.name} has been saved.`);
    const csp = r.res.headers.get("content-security-policy")!;
    expect(csp).toMatch(/img-src 'self' data:(;|$)/);
    expect(csp).toMatch(/media-src 'self'(;|$)/);

    r = await postMultipart(s.client, s.branding, [["intent", "upload-video"], ["file", MP4, "welcome.mp4", "video/mp4"]]);
    expect(r.res.status).toBe(303);
    const video = (await s.stored()).welcome_video!;
    expect(video).toMatch(/^[A-Za-z0-9_-]+\.mp4$/);
    expect((await s.client.request(s.branding)).body).toContain(`href="/files/${video}"`);

    r = await s.client.post(s.branding, { intent: "remove-image" }, { follow: false });
    expect(r.res.status).toBe(303);
    r = await s.client.post(s.branding, { intent: "remove-video" }, { follow: false });
    expect(r.res.status).toBe(303);
    expect(await s.stored()).toMatchObject({ branding_image: null, welcome_video: null });
    expect((await s.client.request(s.branding)).body).toContain("No branding image yet.");
  });

  test("malformed, hostile and oversized posts: a 4xx with a message, never a 500, nothing stored", async () => {
    const s = await siteWithAdmin();
    const bad = "That request could not be used";
    const image = "upload-image";
    const cases: [string, () => Promise<{ res: Response; body: string }>, number, string][] = [
      ["urlencoded, no intent", () => s.client.post(s.branding, {}, { follow: false }), 400, bad],
      ["unknown intent", () => s.client.post(s.branding, { intent: "remove-everything" }, { follow: false }), 400, bad],
      ["10,000-character intent", () => s.client.post(s.branding, { intent: long }, { follow: false }), 400, bad],
      ["multipart without intent", () => postMultipart(s.client, s.branding, [["file", PNG, "logo.png", "image/png"]]), 400, bad],
      ["the file before the intent", () => postMultipart(s.client, s.branding, [["file", PNG, "logo.png", "image/png"], ["intent", image]]), 400, bad],
      ["two files", () => postMultipart(s.client, s.branding, [["intent", image], ["file", PNG, "a.png", "image/png"], ["other", PNG, "b.png", "image/png"]]), 400, bad],
      ["a 100 KB text field", () => postMultipart(s.client, s.branding, [["intent", image], ["note", "y".repeat(100_000)], ["file", PNG, "logo.png", "image/png"]]), 400, bad],
      ["not multipart at all", () => s.client.request(s.branding, { method: "POST", body: "--x\r\n", headers: { "content-type": "multipart/form-data; boundary=x" } }), 400, bad],
      ["no file", () => postMultipart(s.client, s.branding, [["intent", image]]), 400, "Choose a file to upload"],
      ["no file chosen", () => postMultipart(s.client, s.branding, [["intent", image], ["file", Buffer.alloc(0), "", "application/octet-stream"]]), 400, "Choose a file to upload"],
      ["the file as text", () => postMultipart(s.client, s.branding, [["intent", image], ["file", "iVBORw0KGgo"]]), 400, "Choose a file to upload"],
      ["an empty file", () => postMultipart(s.client, s.branding, [["intent", image], ["file", Buffer.alloc(0), "logo.png", "image/png"]]), 400, "The file is empty"],
      ["text renamed .png", () => postMultipart(s.client, s.branding, [["intent", image], ["file", Buffer.from("just some text"), "notes.png", "image/png"]]), 422, "The image must be a PNG, JPEG, GIF or WebP file"],
      ["script as an image", () => postMultipart(s.client, s.branding, [["intent", image], ["file", Buffer.from("<svg onload=alert(1)></svg>"), "x.svg", "image/svg+xml"]]), 422, "The image must be a PNG, JPEG, GIF or WebP file"],
      ["an image just over 10 MB", () => postMultipart(s.client, s.branding, [["intent", image], ["file", Buffer.concat([PNG, Buffer.alloc(10 * MB)]), "big.png", "image/png"]]), 413, "The image must be at most 10 MB"],
      ["an image of 30 MB", () => postMultipart(s.client, s.branding, [["intent", image], ["file", Buffer.concat([PNG, Buffer.alloc(30 * MB)]), "huge.png", "image/png"]]), 413, "The image must be at most 10 MB"],
      ["a video named .avi", () => postMultipart(s.client, s.branding, [["intent", "upload-video"], ["file", MP4, "welcome.avi", "video/mp4"]]), 400, "The video must be a .mov or .mp4 file of at most 50 MB"],
      ["an image as the video", () => postMultipart(s.client, s.branding, [["intent", "upload-video"], ["file", PNG, "welcome.mp4", "video/mp4"]]), 422, "The video must be a .mov or .mp4 file"],
      ["a video over 50 MB", () => postMultipart(s.client, s.branding, [["intent", "upload-video"], ["file", Buffer.concat([MP4, Buffer.alloc(50 * MB)]), "long.mp4", "video/mp4"]]), 413, "The video must be a .mov or .mp4 file of at most 50 MB"],
      ["an unknown site", () => postMultipart(s.client, "/manage/site/999999/branding", [["intent", image], ["file", PNG, "logo.png", "image/png"]]), 404, "Page not found"],
      ["a site id that is not a number", () => s.client.post("/manage/site/1;drop/branding", { intent: "remove-image" }, { follow: false }), 404, "Page not found"],
    ];
    const failures: string[] = [];
    for (const [label, send, status, text] of cases) {
      const r = await send();
      const seen = shown(r.body);
      if (r.res.status !== status || !seen.includes(text)) failures.push(`${label}: ${r.res.status} ${seen.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
    expect(await s.stored()).toEqual({ branding_image: null, welcome_video: null, points: [] });
  }, 120_000);

  test("another client's site is not found, and nothing is stored there", async () => {
    const s = await siteWithAdmin();
    const other = await createUpstreamSite(upstreamUrl(), { client: "eu:6", name: `IT foreign ${tag()}` });
    const r = await postMultipart(s.client, `/manage/site/${other.id}/branding`, [["intent", "upload-image"], ["file", PNG, "logo.png", "image/png"]]);
    expect([r.res.status, h1(r.body)]).toEqual([404, "Page not found"]);
    const d = await s.client.post(`/manage/site/${other.id}/evacuationpoints`, { intent: "add", title: "Intruder" }, { follow: false });
    expect([d.res.status, h1(d.body)]).toEqual([404, "Page not found"]);
  });
});

describe("evacuation points", () => {
  test("add, edit, move, photo and delete reach the upstream; names are shown as text", async () => {
    const s = await siteWithAdmin(["Car park"]);
    let r: { res: Response; body: string } = await s.client.post(s.points, { intent: "add", title: "<script>alert(1)</script> Lawn", icon: "grass", lat: "51.5074", lng: "-0.1278" });
    expect(messages(r.body).join(" ")).toContain("<script>alert(1)</script> Lawn has been added.");
    expect(r.body).not.toContain("<script>alert(1)</script>");
    expect(r.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Lawn");
    let points = (await s.stored()).points;
    expect(points.map((p) => [p.title, p.icon, p.location])).toEqual([
      ["Car park", null, null],
      ["<script>alert(1)</script> Lawn", "grass", { lat: 51.5074, lng: -0.1278 }],
    ]);
    const lawn = points[1]!;

    r = await s.client.get(`${s.points}?edit=${lawn.id}`);
    expect(r.body).toContain('value="51.5074"');
    r = await s.client.post(`${s.points}?edit=${lawn.id}`, { intent: "edit", id: String(lawn.id), title: "Front lawn", icon: "", lat: "", lng: "" });
    expect(messages(r.body).join(" ")).toContain("Front lawn has been saved.");
    expect((await s.stored()).points[1]).toMatchObject({ title: "Front lawn", icon: null, location: null });

    r = await s.client.post(s.points, { intent: "move", direction: "up", id: String(lawn.id) });
    expect(messages(r.body).join(" ")).toContain("Front lawn has moved up to position 1.");
    expect((await s.stored()).points.map((p) => p.title)).toEqual(["Front lawn", "Car park"]);

    r = await postMultipart(s.client, `${s.points}?edit=${lawn.id}`, [["intent", "upload-photo"], ["id", String(lawn.id)], ["file", PNG, "lawn.png", "image/png"]]);
    expect(r.res.status).toBe(303);
    expect(r.res.headers.get("location")).toBe(`${s.points}?edit=${lawn.id}`);
    const photo = (await s.stored()).points[0]!.photo!;
    expect((await s.client.request(s.points)).body).toContain(`src="/files/${photo}"`);
    r = await s.client.post(`${s.points}?edit=${lawn.id}`, { intent: "remove-photo", id: String(lawn.id) });
    expect(messages(r.body).join(" ")).toContain("The photo of Front lawn has been removed.");
    expect((await s.stored()).points[0]!.photo).toBeNull();

    // The row asks first (the kit's confirmation, a disclosure without JavaScript); the post deletes.
    r = await s.client.get(s.points);
    expect(decodeEntities(r.body)).toContain("Delete Front lawn? The point is removed from this site for good.");
    r = await s.client.post(s.points, { intent: "delete", id: String(lawn.id) });
    expect(messages(r.body).join(" ")).toContain("Front lawn has been deleted.");
    points = (await s.stored()).points;
    expect(points.map((p) => p.title)).toEqual(["Car park"]);
  });

  test("malformed and hostile posts to every action: a 4xx with a message, never a 500, nothing changed", async () => {
    const s = await siteWithAdmin(["Car park", "Front lawn"]);
    const other = await siteWithAdmin(["Elsewhere"]);
    const foreign = String((await other.stored()).points[0]!.id);
    const before = await s.stored();
    const [first, second] = before.points.map((p) => String(p.id)) as [string, string];
    const bad = "That request could not be used";
    const gone = "That evacuation point does not exist at this site. It may have been deleted.";
    const add = (form: Record<string, string>) => () => s.client.post(s.points, { intent: "add", ...form }, { follow: false });
    const row = (form: Record<string, string>) => () => s.client.post(s.points, form, { follow: false });
    const cases: [string, () => Promise<{ res: Response; body: string }>, number, string][] = [
      ["nothing", row({}), 400, bad],
      ["unknown intent", row({ intent: "drop-table", id: first }), 400, bad],
      ["add without a name", add({}), 400, "An evacuation point name is required"],
      ["add a blank name", add({ title: "   " }), 400, "An evacuation point name is required"],
      ["add a 10,000-character name", add({ title: long }), 400, "That is too long."],
      ["add an unknown icon", add({ title: "Gate", icon: "skull" }), 400, "Choose an icon from the list"],
      ["add a latitude that is not a number", add({ title: "Gate", lat: "north", lng: "1" }), 400, "Enter a latitude between -90 and 90"],
      ["add a latitude out of bounds", add({ title: "Gate", lat: "91", lng: "1" }), 400, "Enter a latitude between -90 and 90"],
      ["add a longitude out of bounds", add({ title: "Gate", lat: "1", lng: "-180.5" }), 400, "Enter a longitude between -180 and 180"],
      ["add a 10,000-digit longitude", add({ title: "Gate", lat: "1", lng: "9".repeat(10_000) }), 400, "Enter a longitude between -180 and 180"],
      ["add one coordinate only", add({ title: "Gate", lat: "51.5" }), 400, "Enter both latitude and longitude, or neither"],
      ["add a name that exists", add({ title: "car PARK" }), 422, "An evacuation point with this name already exists at this site"],
      ["edit without a point", row({ intent: "edit", title: "X" }), 400, bad],
      ["edit a point id that is not a number", row({ intent: "edit", id: "1 OR 1=1", title: "X" }), 400, bad],
      ["edit a 10,000-character point id", row({ intent: "edit", id: long, title: "X" }), 400, bad],
      ["edit another site's point", row({ intent: "edit", id: foreign, title: "Mine now" }), 404, gone],
      ["edit without a name", () => s.client.post(`${s.points}?edit=${first}`, { intent: "edit", id: first, title: "" }, { follow: false }), 400, "An evacuation point name is required"],
      ["edit to another point's name", row({ intent: "edit", id: first, title: "Front lawn" }), 422, "An evacuation point with this name already exists at this site"],
      ["delete another site's point", row({ intent: "delete", id: foreign }), 404, gone],
      ["delete a negative id", row({ intent: "delete", id: "-4" }), 400, bad],
      ["move the first up", row({ intent: "move", direction: "up", id: first }), 400, "That evacuation point cannot move any further."],
      ["move the last down", row({ intent: "move", direction: "down", id: second }), 400, "That evacuation point cannot move any further."],
      ["move another site's point", row({ intent: "move", direction: "down", id: foreign }), 404, gone],
      ["remove another site's photo", row({ intent: "remove-photo", id: foreign }), 404, gone],
      ["photo for another site's point", () => postMultipart(s.client, s.points, [["intent", "upload-photo"], ["id", foreign], ["file", PNG, "x.png", "image/png"]]), 404, gone],
      ["photo without a point", () => postMultipart(s.client, s.points, [["intent", "upload-photo"], ["file", PNG, "x.png", "image/png"]]), 400, bad],
      ["photo with another intent", () => postMultipart(s.client, s.points, [["intent", "add"], ["title", "Sneaky"], ["file", PNG, "x.png", "image/png"]]), 400, bad],
      ["photo that is text", () => postMultipart(s.client, `${s.points}?edit=${first}`, [["intent", "upload-photo"], ["id", first], ["file", Buffer.from("hello"), "x.png", "image/png"]]), 422, "The image must be a PNG, JPEG, GIF or WebP file"],
      ["photo over 10 MB", () => postMultipart(s.client, `${s.points}?edit=${first}`, [["intent", "upload-photo"], ["id", first], ["file", Buffer.concat([PNG, Buffer.alloc(11 * MB)]), "x.png", "image/png"]]), 413, "The image must be at most 10 MB"],
      ["photo without a file", () => postMultipart(s.client, `${s.points}?edit=${first}`, [["intent", "upload-photo"], ["id", first]]), 400, "Choose a file to upload"],
      ["edit an unknown point (page)", () => s.client.request(`${s.points}?edit=999999`), 404, gone],
      ["edit a point id that is not a number (page)", () => s.client.request(`${s.points}?edit=abc`), 404, gone],
      ["move without a direction", row({ intent: "move", id: first }), 400, bad],
    ];
    const failures: string[] = [];
    for (const [label, send, status, text] of cases) {
      const r = await send();
      const seen = shown(r.body);
      if (r.res.status !== status || !seen.includes(text)) failures.push(`${label}: ${r.res.status} ${seen.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
    expect(await s.stored()).toEqual(before);
    expect((await other.stored()).points.map((p) => [p.title, p.photo])).toEqual([["Elsewhere", null]]);
  }, 120_000);

  test("what was typed is kept on a 400", async () => {
    const s = await siteWithAdmin();
    const r = await s.client.post(s.points, { intent: "add", title: "Side gate", icon: "door", lat: "95", lng: "2" }, { follow: false });
    expect(r.res.status).toBe(400);
    expect(decodeEntities(r.body)).toContain('value="Side gate"');
    expect(r.body).toMatch(/<option value="door" selected/);
  });
});

describe("rights", () => {
  test("a view-only custom role and a Standard User get 403 on the pages and every action; nothing changes", async () => {
    const s = await siteWithAdmin(["Car park"]);
    const before = await s.stored();
    const pointId = String(before.points[0]!.id);
    await createUpstreamRole(upstreamUrl(), { client: "eu:1", name: "Site viewer (media it)", rights: ["ManageSite.viewer"] });
    for (const role of ["Site viewer (media it)", "Standard User"]) {
      const email = uniqueEmail("media-it-role");
      await createUser({ email, role });
      const client = newClient();
      await signIn(client, email);
      for (const path of [s.branding, s.points]) expect([role, path, (await client.request(path)).res.status]).toEqual([role, path, 403]);
      const posts: [string, () => Promise<{ res: Response }>][] = [
        ["upload", () => postMultipart(client, s.branding, [["intent", "upload-image"], ["file", PNG, "logo.png", "image/png"]])],
        ["remove", () => client.post(s.branding, { intent: "remove-image" }, { follow: false })],
        ["add", () => client.post(s.points, { intent: "add", title: "Viewer's point" }, { follow: false })],
        ["edit", () => client.post(s.points, { intent: "edit", id: pointId, title: "Renamed" }, { follow: false })],
        ["delete", () => client.post(s.points, { intent: "delete", id: pointId }, { follow: false })],
        ["move", () => client.post(s.points, { intent: "move", direction: "down", id: pointId }, { follow: false })],
        ["photo", () => postMultipart(client, s.points, [["intent", "upload-photo"], ["id", pointId], ["file", PNG, "x.png", "image/png"]])],
      ];
      for (const [label, send] of posts) expect([role, label, (await send()).res.status]).toEqual([role, label, 403]);
    }
    expect(await s.stored()).toEqual(before);
  });
});
