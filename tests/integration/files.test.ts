/**
 * Uploaded files through the portal (issue 12, item 9): a logo uploaded on the branding tab is
 * shown from the portal's own `/files/{name}`, which streams it from the upstream with the
 * signed-in user's token. Signed in as a user who may see the site: the bytes, `private`,
 * `nosniff`, a sandboxing CSP, byte ranges for the video. Signed out: to the login page, no bytes.
 * Another client's user, or a user restricted to other sites: 404. The upstream itself gives the
 * file to no one without a token (404, the old public path too).
 */
import { describe, expect, test } from "vitest";
import type { WebClient } from "../support/client";
import { createUpstreamSite } from "../support/hooks";
import { createUser, newClient, postMultipart, signIn, uniqueEmail, upstreamUrl } from "./helpers";
import { upstreamAccess } from "../support/access";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
/** A 3 MB "video": enough to take several chunks through the stream. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom", "latin1"), Buffer.alloc(3 * 1024 * 1024, 7)]);

/** GET through the portal with the client's session, bytes and all, without following redirects. */
async function raw(client: WebClient, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(path, client.base), { headers: { cookie: client.cookieHeader(), ...headers }, redirect: "manual" });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("an uploaded logo, through the portal", () => {
  test("admin uploads it; the page shows the portal's URL; only users who may see the site get the bytes", async () => {
    const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT files ${Math.random().toString(36).slice(2, 7)}` });
    const admin = newClient();
    await signIn(admin, "admin@example.com");
    const branding = `/manage/site/${site.id}/branding`;
    let r = await postMultipart(admin, branding, [["intent", "upload-image"], ["file", PNG, "logo.png", "image/png"]]);
    expect(r.res.status).toBe(303);
    r = await admin.request(branding);
    const src = /<img class="media-preview" src="([^"]+)"/.exec(r.body)?.[1];
    expect(src).toMatch(/^\/files\/[A-Za-z0-9_-]+\.png$/);
    const name = src!.slice("/files/".length);
    // No upstream URL on the page, and the CSP allows images and media from the portal only.
    expect(r.body).not.toContain(`${upstreamUrl()}/`);
    const csp = r.res.headers.get("content-security-policy")!;
    expect(csp).toMatch(/img-src 'self' data:(;|$)/);
    expect(csp).toMatch(/media-src 'self'(;|$)/);

    // Signed in (the administrator): the image.
    const mine = await raw(admin, src!);
    expect(mine.res.status).toBe(200);
    expect(mine.res.headers.get("content-type")).toBe("image/png");
    expect(mine.res.headers.get("content-length")).toBe(String(PNG.length));
    expect(mine.res.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    expect(mine.res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(mine.res.headers.get("content-security-policy")).toContain("sandbox");
    expect(mine.bytes.equals(PNG)).toBe(true);

    // Signed out: to the login page (coming back here afterwards), no bytes.
    const anonymous = await raw(newClient(), src!);
    expect([302, 303]).toContain(anonymous.res.status);
    const to = new URL(anonymous.res.headers.get("location")!, "http://x");
    expect([to.pathname, to.searchParams.get("redirectTo")]).toEqual(["/login", src]);
    expect(anonymous.bytes.includes(PNG.subarray(1, 8))).toBe(false);

    // Another client's administrator: 404, no bytes.
    const globex = newClient();
    await signIn(globex, "globex@example.com");
    const theirs = await raw(globex, src!);
    expect(theirs.res.status).toBe(404);
    expect(theirs.bytes.includes(PNG.subarray(1, 8))).toBe(false);

    // A user of the same client restricted to another site: 404 (the upstream decides, the portal says so).
    const sites = (await (await upstreamAccess(upstreamUrl(), "admin@example.com")).get("config")) as { sites: { id: number; name: string }[] };
    const elsewhere = sites.sites.find((s) => s.name === "Warehouse")!.id;
    const restrictedEmail = uniqueEmail("files-it");
    await createUser({ email: restrictedEmail, role: "Administrator", site_ids: [elsewhere] });
    const restricted = newClient();
    await signIn(restricted, restrictedEmail);
    expect((await raw(restricted, src!)).res.status).toBe(404);

    // The upstream: nothing without a token, at the file's address or the old public one.
    expect((await fetch(`${upstreamUrl()}/eu/api/v2/files/${name}`)).status).toBe(404);
    expect((await fetch(`${upstreamUrl()}/files/${name}`)).status).toBe(404);

    // A name that is not a file's, or a path trick: 404.
    for (const path of ["/files/nope.png", "/files/..%2F..%2Fetc%2Fpasswd", `/files/${name.replace(".png", ".pdf")}`]) {
      expect((await raw(admin, path)).res.status, path).toBe(404);
    }
  });

  test("the welcome video streams through the portal, whole and by byte range", async () => {
    const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT video ${Math.random().toString(36).slice(2, 7)}` });
    const email = uniqueEmail("files-video");
    await createUser({ email, role: "Administrator" });
    const admin = newClient();
    await signIn(admin, email);
    const branding = `/manage/site/${site.id}/branding`;
    expect((await postMultipart(admin, branding, [["intent", "upload-video"], ["file", MP4, "welcome.mp4", "video/mp4"]])).res.status).toBe(303);
    // The page links to it (a <video> would need captions the upstream has no way to hold).
    const path = /href="(\/files\/[^"]+)"/.exec((await admin.request(branding)).body)?.[1];
    expect(path).toMatch(/^\/files\/[A-Za-z0-9_-]+\.mp4$/);

    const whole = await raw(admin, path!);
    expect([whole.res.status, whole.res.headers.get("content-type"), whole.res.headers.get("accept-ranges")]).toEqual([200, "video/mp4", "bytes"]);
    expect(whole.bytes.equals(MP4)).toBe(true);

    const part = await raw(admin, path!, { range: "bytes=4-11" });
    expect([part.res.status, part.res.headers.get("content-range"), part.res.headers.get("content-length")]).toEqual([206, `bytes 4-11/${MP4.length}`, "8"]);
    expect(part.bytes.toString("latin1")).toBe("ftypisom");
    expect((await raw(admin, path!, { range: `bytes=${MP4.length + 10}-` })).res.status).toBe(416);
  }, 60_000);
});
