/**
 * Security issue 12, items 4 and 6, over HTTP against the real portal and upstream:
 * - bodies over the limit (url-encoded, JSON, chunked without a length) get a small 413 and
 *   nothing reaches the upstream; a 400 never echoes more of a value than its field may hold;
 * - a control character (NUL) in any text field or search of the built pages is a translated 400
 *   and nothing is written upstream; CR/LF in a single-line field is the field's 400, while a
 *   textarea keeps its line breaks.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, inject, test } from "vitest";
import { routes } from "@contract";
import { upstreamAccess } from "../support/access";
import { WebClient, h1, messages } from "../support/client";
import { TEXT_KINDS, formPairs, parseForms, type PageForm } from "../support/forms";
import { createUpstreamSite } from "../support/hooks";
import { ROOT, portalEnv, startPortal } from "../support/stack";
import { createUser, hook, newClient, signIn, uniqueEmail, upstreamUrl } from "./helpers";

const common = (locale: string) => JSON.parse(fs.readFileSync(path.join(ROOT, "locales", locale, "common.json"), "utf8"));
const EN = common("en_GB");
const REFUSED_CONTROL = EN.refused.control_characters_body as string;
const BAD_REQUEST = EN.errors.bad_request_title as string;
const TOO_LARGE = EN.refused.too_large_title as string;
const SINGLE_LINE = EN.refused.single_line as string;

/** Upstream routes that change something (a token refresh is not a change). */
const WRITES = Object.entries(routes)
  .filter(([name, r]) => r.method !== "GET" && name !== "accessToken" && name !== "broadcastingAuth")
  .map(([name]) => name);

type Calls = Record<string, number>;
const calls = async (): Promise<Calls> => (await hook<{ calls: Calls }>("GET", "stats")).calls;
const total = (c: Calls) => Object.values(c).reduce((a, b) => a + b, 0);
const writesBetween = (before: Calls, after: Calls) => WRITES.filter((w) => (after[w] ?? 0) !== (before[w] ?? 0));

async function adminOf() {
  const email = uniqueEmail("limits-it");
  await createUser({ email, role: "Administrator", client: "eu:1" });
  const web = newClient();
  await signIn(web, email);
  return { web, upstream: await upstreamAccess(upstreamUrl(), email) };
}

const MB = 1024 * 1024;
const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closing) await close();
});
const bigForm = (bytes: number) => `email=${"a".repeat(bytes)}%40example.com&redirectTo=`;
const bigJson = (bytes: number) => JSON.stringify({ email: `${"a".repeat(bytes)}@example.com`, name: "x" });

describe("bounded request bodies", () => {
  test("3 MB url-encoded and JSON posts, anonymous and signed in, get a small 413 and reach nobody upstream", async () => {
    const anon = newClient();
    const { web } = await adminOf();
    const site = await createUpstreamSite(upstreamUrl(), { name: `Limits ${Math.random().toString(36).slice(2, 7)}` });
    const failures: string[] = [];
    for (const [who, client, target] of [
      ["anonymous", anon, "/login"],
      ["signed in", web, `/manage/site/${site.id}/details`],
    ] as const) {
      for (const [kind, type, body] of [
        ["url-encoded", "application/x-www-form-urlencoded", bigForm(3 * MB)],
        ["json", "application/json", bigJson(3 * MB)],
      ] as const) {
        const before = await calls();
        const r = await client.request(target, { method: "POST", body, headers: { "content-type": type } });
        const after = await calls();
        const label = `${who} ${kind} ${target}`;
        if (r.res.status !== 413) failures.push(`${label}: status ${r.res.status}`);
        if (r.body.length >= 20_000) failures.push(`${label}: reply of ${r.body.length} bytes`);
        if (h1(r.body) !== TOO_LARGE) failures.push(`${label}: heading ${h1(r.body)}`);
        if (!r.body.includes(r.res.headers.get("x-request-id") ?? "no id")) failures.push(`${label}: no request id on the page`);
        if (total(after) !== total(before)) failures.push(`${label}: ${total(after) - total(before)} upstream calls`);
      }
    }
    expect(failures).toEqual([]);
  });

  test("a chunked body without a Content-Length is stopped at the limit with a 413", async () => {
    const { web } = await adminOf();
    const site = await createUpstreamSite(upstreamUrl(), { name: `Chunked ${Math.random().toString(36).slice(2, 7)}` });
    for (const target of ["/login", `/manage/site/${site.id}/details`]) {
      const chunk = new TextEncoder().encode(`name=${"b".repeat(64 * 1024)}`);
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          // 3 MB in 64 KB chunks, no length known in advance.
          if (sent >= 3 * MB) return controller.close();
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const before = await calls();
      const r = await web.request(target, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" }, duplex: "half" } as RequestInit);
      const after = await calls();
      expect(r.res.status, target).toBe(413);
      expect(r.body.length, target).toBeLessThan(20_000);
      expect(total(after), target).toBe(total(before));
    }
  });

  test("multipart: only the pages that take a file accept a large one; a multipart body must say its length", async () => {
    const anon = newClient();
    const boundary = "----gatehouse-limits";
    const multipart = (bytes: number) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${"c".repeat(bytes)}@example.com\r\n--${boundary}--\r\n`;
    const type = `multipart/form-data; boundary=${boundary}`;
    // 2 MB to /login, length declared: above the form limit there.
    const big = await anon.request("/login", { method: "POST", body: multipart(2 * MB), headers: { "content-type": type } });
    expect(big.res.status).toBe(413);
    expect(big.body.length).toBeLessThan(20_000);
    // Chunked (no length): Remix would read it whole, so it is refused before it is read.
    const chunk = new TextEncoder().encode(multipart(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 3 * MB) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const chunked = await anon.request("/login", { method: "POST", body, headers: { "content-type": type }, duplex: "half" } as RequestInit);
    expect(chunked.res.status).toBe(411);
    expect(h1(chunked.body)).toBe("That request could not be used");
  });

  test("MAX_FORM_BYTES sets the limit", async () => {
    const portal = await startPortal({ env: portalEnv(upstreamUrl(), inject("redisUrl"), { MAX_FORM_BYTES: "4096" }) });
    closing.push(() => portal.close());
    const client = new WebClient(portal.url, { "accept-language": "en-GB" });
    const small = await client.post("/login", { email: "x".repeat(3000), redirectTo: "" }, { follow: false });
    expect(small.res.status).toBe(400); // read and validated: not a valid email
    const large = await client.post("/login", { email: "x".repeat(5000), redirectTo: "" }, { follow: false });
    expect(large.res.status).toBe(413);
  });

  test("the 413 page is in the user's language", async () => {
    const r = await newClient({ "accept-language": "de-DE,de;q=0.9" }).request("/login", { method: "POST", body: bigForm(2 * MB), headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(r.res.status).toBe(413);
    expect(h1(r.body)).toBe(common("de").refused.too_large_title);
  });

  test("a 400 re-displays no more of a value than its field may hold, and no unknown field", async () => {
    const anon = newClient();
    const email = `${"e".repeat(200_000)}@example.com`;
    const login = await anon.post("/login", { email, redirectTo: "", junk: "Z".repeat(200_000) }, { follow: false });
    expect(login.res.status).toBe(400);
    expect(login.body).not.toContain("e".repeat(255));
    expect(login.body).not.toContain("Z".repeat(100));
    expect(login.body.length).toBeLessThan(200_000);

    const { web, upstream } = await adminOf();
    const site = await createUpstreamSite(upstreamUrl(), { name: `Echo ${Math.random().toString(36).slice(2, 7)}` });
    const before = await upstream.get(`sites/${site.id}`);
    const r = await web.post(
      `/manage/site/${site.id}/details`,
      { intent: "save", name: "Echo", reply_to_email: "a@b.co", reply_to_name: "Q".repeat(500_000), timezone: "Europe/London", locale: "en_GB", junk: "Z".repeat(500_000) },
      { follow: false },
    );
    expect(r.res.status).toBe(400);
    expect(messages(r.body).join(" ")).toContain("That is too long.");
    expect(r.body).not.toContain("Q".repeat(101)); // reply_to_name holds 100
    expect(r.body).not.toContain("Z".repeat(100));
    expect(r.body.length).toBeLessThan(400_000);
    expect(await upstream.get(`sites/${site.id}`)).toEqual(before);
  });
});

/** A form's URL: its action resolved against the page it is on. */
const actionOf = (form: PageForm, pageUrl: string) => new URL(form.action || pageUrl, pageUrl);

/** Submit a form as a browser would, with these pairs: a GET's query, a url-encoded or multipart post. */
async function submit(client: WebClient, form: PageForm, pageUrl: string, pairs: [string, string][]) {
  const url = actionOf(form, pageUrl);
  if (form.method === "get") {
    url.search = new URLSearchParams(pairs).toString();
    return client.request(url.pathname + url.search);
  }
  if (form.multipart) {
    const fd = new FormData();
    for (const [k, v] of pairs) fd.append(k, v);
    return client.request(url.pathname + url.search, { method: "POST", body: fd });
  }
  return client.request(url.pathname + url.search, { method: "POST", body: new URLSearchParams(pairs).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
}

/** Fields a NUL goes into: what a person types, and the hidden ones (intents, ids) a hand-made post controls too. */
const NUL_KINDS = new Set([...TEXT_KINDS, "hidden"]);

const withNul = (value: string) => (value ? `${value.slice(0, 1)}\u0000${value.slice(1)}` : "a\u0000b");

describe("control characters", () => {
  test("NUL in every text field and search of the built pages is a translated 400, and nothing is written upstream", async () => {
    const web = newClient();
    await signIn(web, "admin@example.com");
    const linkTo = async (page: string, pattern: RegExp) => (await web.get(page)).body.match(pattern)?.[0];
    const event = await linkTo("/manage/overview/events", /\/manage\/site\/\d+\//);
    const report = await linkTo("/reports/evacuations", /\/reports\/evacuations\/\d+/);
    expect(event, "an event in the demo data").toBeTruthy();
    expect(report, "an evacuation in the demo data").toBeTruthy();
    const tabs = ["details", "groups", "branding", "messages", "evacuationpoints", "privacy", "customfields", "badges", "features", "devices", "sign-in-points", "settings"];
    const signedIn = [
      "/today",
      "/today/sign-in",
      "/today/sign-out-all",
      "/fire-list",
      "/reports/evacuations",
      report!,
      `${report}/comment`,
      "/manage/overview/sites",
      "/manage/overview/groups",
      "/manage/overview/events",
      "/manage/overview/sites/new",
      "/manage/group/add",
      ...tabs.map((t) => `/manage/site/1/${t}`),
      `${event}attendees`,
      "/my-profile",
    ];
    const anon = newClient();
    const pages: [WebClient, string][] = [...signedIn.map((p) => [web, p] as [WebClient, string]), [anon, "/login"], [anon, "/forgot"]];

    const seen = new Set<string>();
    const failures: string[] = [];
    let tried = 0;
    let multipartTried = 0;
    for (const [client, page] of pages) {
      const shown = await client.get(page);
      if (shown.res.status !== 200) {
        failures.push(`${page}: page answered ${shown.res.status}`);
        continue;
      }
      const pageUrl = shown.final || new URL(page, client.base).toString();
      for (const form of parseForms(shown.body)) {
        const target = actionOf(form, pageUrl);
        if (target.origin !== new URL(client.base).origin) continue;
        const key = `${form.method} ${target.pathname} ${form.fields.map((f) => f.name).join(",")}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const base = formPairs(form, form.submits[0]);
        for (const field of form.fields.filter((f) => NUL_KINDS.has(f.kind))) {
          const pairs = base.map(([k, v]): [string, string] => (k === field.name ? [k, withNul(v)] : [k, v]));
          if (!pairs.some(([k]) => k === field.name)) pairs.push([field.name, withNul("")]);
          const before = await calls();
          const r = await submit(client, form, pageUrl, pairs);
          const after = await calls();
          tried++;
          if (form.multipart) multipartTried++;
          const label = `${page} ${form.method.toUpperCase()} ${target.pathname}${target.search} [${field.name}]`;
          if (r.res.status !== 400) failures.push(`${label}: status ${r.res.status} ${h1(r.body)}`);
          else if (!r.body.includes(REFUSED_CONTROL) || !r.body.includes(BAD_REQUEST)) failures.push(`${label}: not the translated refusal: ${h1(r.body)}`);
          const writes = writesBetween(before, after);
          if (writes.length) failures.push(`${label}: upstream written: ${writes.join(", ")}`);
          // Refused at the front (everything but multipart): nothing at all reached the upstream.
          if (!form.multipart && total(after) !== total(before)) failures.push(`${label}: ${total(after) - total(before)} upstream calls`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The walk found the forms it is meant to cover (a broken parser must not pass by finding none).
    expect(tried).toBeGreaterThan(50);
    expect([...seen].some((k) => k.startsWith("get ") && k.includes("search"))).toBe(true);
    expect([...seen].some((k) => k.startsWith("post /manage/site/1/branding"))).toBe(true);
    expect(multipartTried).toBeGreaterThan(0);
  });

  test("a bare ?search=%00 on the overviews, and a control character in a data request, are refused", async () => {
    const web = newClient();
    await signIn(web, "admin@example.com");
    for (const overview of ["sites", "groups", "events"]) {
      for (const q of ["search=%00", "search=a%01b", "search=%7F", "page=1%00"]) {
        const before = await calls();
        const r = await web.request(`/manage/overview/${overview}?${q}`);
        const after = await calls();
        expect(r.res.status, `${overview}?${q}`).toBe(400);
        expect(r.body, `${overview}?${q}`).toContain(REFUSED_CONTROL);
        expect(r.body, `${overview}?${q}`).toContain(r.res.headers.get("x-request-id")!);
        expect(r.body).not.toMatch(/at .*\.js:\d+/); // no stack trace
        expect(total(after), `${overview}?${q}`).toBe(total(before));
      }
    }
    // Single fetch (JavaScript on): an error the client's boundary shows, not a page it cannot decode.
    const data = await web.request("/manage/overview/sites.data?search=%00");
    expect(data.res.status).toBe(400);
    expect(data.res.headers.get("content-type")).toMatch(/^text\/x-script/);
    expect(data.body).toContain("refused.control_characters");
    const action = await newClient().request("/login.data", { method: "POST", body: "email=a%00%40b.co", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(action.res.status).toBe(400);
    expect(action.body).toContain("refused.control_characters");
    // The language of the refusal follows the browser's.
    const de = await newClient({ "accept-language": "de" }).request("/forgot", { method: "POST", body: "email=a%00%40b.co", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(de.body).toContain(common("de").refused.control_characters_body);
  });

  test("CR/LF in a single-line field is that field's 400; a line break in a textarea still saves", async () => {
    const { web, upstream } = await adminOf();
    const site = await createUpstreamSite(upstreamUrl(), { name: `Lines ${Math.random().toString(36).slice(2, 7)}` });
    const details = `/manage/site/${site.id}/details`;
    const before = await upstream.get(`sites/${site.id}`);
    const valid = { intent: "save", name: before.name as string, reply_to_email: "a@b.co", timezone: "Europe/London", locale: "en_GB" };
    for (const form of [
      { ...valid, reply_to_name: "Front desk\r\nBcc: victim@example.com" },
      { ...valid, reply_to_name: "Front desk\nX" },
      { ...valid, name: "Depot\r\nTwo" },
    ]) {
      const r = await web.post(details, form, { follow: false });
      expect(r.res.status, JSON.stringify(form)).toBe(400);
      expect(messages(r.body), JSON.stringify(form)).toContain(SINGLE_LINE);
    }
    expect(await upstream.get(`sites/${site.id}`)).toEqual(before);

    const groupAdd = await web.post("/manage/group/add", { name: "Line\nbreak", type: "visitor" }, { follow: false });
    expect(groupAdd.res.status).toBe(400);
    expect(messages(groupAdd.body)).toContain(SINGLE_LINE);

    const path = `/manage/site/${site.id}/messages`;
    const saved = await web.post(path, { intent: "create", icon: "ℹ️", title: "Two lines", content: "Line one\nLine two", action: "read", redisplay: "every_time", recipients: "every" });
    expect(saved.res.status).toBe(200);
    const list = (await upstream.get(`sites/${site.id}/messages`)) as { title: string; content: string }[] | { data: { title: string; content: string }[] };
    const stored = (Array.isArray(list) ? list : list.data).find((m) => m.title === "Two lines");
    expect(stored?.content).toMatch(/Line one[\s\S]*Line two/);

    const titled = await web.post(path, { intent: "create", icon: "ℹ️", title: "Two\r\nlines", content: "x", action: "read", redisplay: "every_time", recipients: "every" }, { follow: false });
    expect(titled.res.status).toBe(400);
    expect(messages(titled.body)).toContain(SINGLE_LINE);
  });
});
