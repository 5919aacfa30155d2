/**
 * Behind a TLS proxy (issue 24 item 6, ADR 009 "Behind a TLS proxy"). Two portals of this file's
 * own, so their logs can be read: one trusting one proxy (TRUST_PROXY=1), one trusting none.
 * - With TRUST_PROXY and `X-Forwarded-Proto: https`, every cookie the portal sets is Secure (the
 *   session's named `__Host-`), and every answer carries HSTS: pages, redirects, files, refusals.
 * - Without TRUST_PROXY the same header is not believed: no Secure cookie, no HSTS; nor through
 *   the trusted proxy over plain HTTP.
 * - OPTIONS to any path answers 204 with `Allow` and no CORS header; other methods than GET, HEAD
 *   and POST are a 405 (no action runs), a post that is not a form a 415; none of it is logged as
 *   an error (OPTIONS was "unhandled error [object Object]", TRACE and a JSON post to /login 500s).
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { WebClient, h1 } from "../support/client";
import { portalEnv, startPortal, type PortalHandle } from "../support/stack";
import { DEMO_PASSWORD, createUser, uniqueEmail, upstreamUrl } from "./helpers";

const HSTS = "max-age=31536000; includeSubDomains";
const BAD_REQUEST = "That request could not be used";
let proxied: PortalHandle;
let direct: PortalHandle;

beforeAll(async () => {
  [proxied, direct] = await Promise.all([
    startPortal({ env: portalEnv(upstreamUrl(), inject("redisUrl"), { TRUST_PROXY: "1" }) }),
    startPortal({ env: portalEnv(upstreamUrl(), inject("redisUrl")) }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([proxied?.close(), direct?.close()]);
});

/**
 * A browser reaching `portal` with this X-Forwarded-Proto (as a proxy would add it), and the
 * origin its posts carry: what the browser's address bar says, https behind a TLS proxy.
 */
function browserAt(portal: PortalHandle, proto: "https" | "http" | null, scheme: "https" | "http") {
  const client = new WebClient(portal.url, { "accept-language": "en-GB", ...(proto ? { "x-forwarded-proto": proto } : {}) });
  return { client, origin: `${scheme}://localhost:${portal.port}` };
}

/**
 * Every kind of answer, each checked for HSTS by `expectHsts`, and every cookie the portal sets:
 * the pre-login session, the session at sign-in, the language, the self-refresh choice, the
 * session cleared at logout. Returns the failures (an empty list when all is as expected).
 */
async function journey(portal: PortalHandle, proto: "https" | "http" | null, scheme: "https" | "http", expectHsts: boolean) {
  const { client, origin } = browserAt(portal, proto, scheme);
  const email = uniqueEmail("tls");
  await createUser({ email, role: "Administrator" });
  const failures: string[] = [];
  const seen = async (label: string, p: Promise<{ res: Response }>, status?: number) => {
    const { res } = await p;
    if (status !== undefined && res.status !== status) failures.push(`${label}: status ${res.status}, expected ${status}`);
    const hsts = res.headers.get("strict-transport-security");
    if (expectHsts ? hsts !== HSTS : hsts !== null) failures.push(`${label}: Strict-Transport-Security ${hsts}`);
  };
  const form = (body: Record<string, string>) => ({
    method: "POST",
    body: new URLSearchParams(body).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    origin,
  });
  await seen("the sign-in page", client.request("/login"), 200);
  await seen("a page that redirects", client.request("/today"), 302);
  await seen("the email step", client.request("/login", form({ email, redirectTo: "" })), 302);
  await seen("the password step", client.request("/login", form({ password: DEMO_PASSWORD, redirectTo: "" })), 302);
  await seen("Today, signed in", client.request("/today"), 200);
  await seen("the language", client.request("/language", form({ locale: "de", redirectTo: "/today" })), 303);
  await seen("the self-refresh choice", client.request("/today", form({ intent: "auto-refresh", value: "off" })), 303);
  await seen("a static file", client.request("/favicon.svg"), 200);
  await seen("an unknown page", client.request("/no/such/page"), 404);
  await seen("a refused body", client.request("/login", { ...form({ email: "x".repeat(2 * 1024 * 1024) }) }), 413);
  await seen("OPTIONS", client.request("/today", { method: "OPTIONS" }), 204);
  await seen("logout", client.request("/logout", form({})), 302);
  return { failures, setCookies: client.setCookies };
}

const names = (setCookies: string[]) => [...new Set(setCookies.map((c) => c.slice(0, c.indexOf("="))))].sort();
const isSecure = (c: string) => /;\s*secure\s*(;|$)/i.test(c);

describe("behind a TLS proxy", () => {
  test("with TRUST_PROXY and X-Forwarded-Proto: https, every cookie is Secure (the session's __Host-) and every answer sends HSTS", async () => {
    const { failures, setCookies } = await journey(proxied, "https", "https", true);
    expect(failures).toEqual([]);
    expect(names(setCookies)).toEqual(["__Host-gh_session", "gh_lng", "gh_refresh"]);
    expect(setCookies.filter((c) => !isSecure(c))).toEqual([]);
  });

  test("without TRUST_PROXY a browser's own X-Forwarded-Proto: https is not believed: no Secure cookie, no HSTS", async () => {
    const { failures, setCookies } = await journey(direct, "https", "http", false);
    expect(failures).toEqual([]);
    expect(names(setCookies)).toEqual(["gh_lng", "gh_refresh", "gh_session"]);
    expect(setCookies.filter(isSecure)).toEqual([]);
  });

  test("through the trusted proxy over plain HTTP: no Secure cookie, no HSTS", async () => {
    const { failures, setCookies } = await journey(proxied, "http", "http", false);
    expect(failures).toEqual([]);
    expect(names(setCookies)).toEqual(["gh_lng", "gh_refresh", "gh_session"]);
    expect(setCookies.filter(isSecure)).toEqual([]);
  });
});

/** A request fetch cannot send: TRACE, or OPTIONS in the asterisk form (`OPTIONS * HTTP/1.1`). */
function raw(portal: PortalHandle, method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; allow: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: portal.port, method, path, headers: { host: `localhost:${portal.port}`, ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("methods and bodies the portal does not serve", () => {
  const ALLOW = "GET, HEAD, POST, OPTIONS";
  const PATHS = ["/", "/login", "/today", "/realtime?channels=private-Site.1", "/files/abc.png", "/build/nothing.js", "/favicon.svg", "/no/such/page", "/logout"];

  test("OPTIONS to any path answers 204 with Allow, no CORS header and no body, signed in or not, preflight or not", async () => {
    const signedIn = new WebClient(direct.url, { "accept-language": "en-GB" });
    const email = uniqueEmail("options");
    await createUser({ email, role: "Administrator" });
    await signedIn.post("/login", { email, redirectTo: "" });
    await signedIn.post("/login", { password: DEMO_PASSWORD, redirectTo: "" });
    const anonymous = new WebClient(direct.url);
    const failures: string[] = [];
    for (const [who, client] of [["anonymous", anonymous], ["signed in", signedIn]] as const) {
      for (const path of PATHS) {
        for (const preflight of [false, true]) {
          const headers: Record<string, string> = preflight ? { origin: "https://evil.example", "access-control-request-method": "POST", "access-control-request-headers": "content-type" } : {};
          const { res, body } = await client.request(path, { method: "OPTIONS", headers });
          const label = `${who} OPTIONS ${path}${preflight ? " (preflight)" : ""}`;
          if (res.status !== 204) failures.push(`${label}: status ${res.status}`);
          if (res.headers.get("allow") !== ALLOW) failures.push(`${label}: Allow ${res.headers.get("allow")}`);
          const cors = [...res.headers.keys()].filter((k) => k.startsWith("access-control-"));
          if (cors.length) failures.push(`${label}: ${cors.join(", ")}`);
          if (body !== "") failures.push(`${label}: a body of ${body.length} characters`);
        }
      }
    }
    expect(failures).toEqual([]);
    for (const portal of [direct, proxied]) expect(await raw(portal, "OPTIONS", "*")).toEqual({ status: 204, allow: ALLOW, body: "" });
  });

  test("PUT, PATCH, DELETE and TRACE are a translated 405 with Allow, and run no action", async () => {
    const client = new WebClient(direct.url, { "accept-language": "en-GB" });
    const email = uniqueEmail("methods");
    await createUser({ email, role: "Administrator" });
    await client.post("/login", { email, redirectTo: "" });
    await client.post("/login", { password: DEMO_PASSWORD, redirectTo: "" });
    const failures: string[] = [];
    for (const method of ["PUT", "PATCH", "DELETE", "TRACE"]) {
      for (const path of ["/login", "/today", "/logout", "/language", "/support"]) {
        // fetch will not send TRACE: that one goes by hand, with the session's cookie.
        const answer =
          method === "TRACE"
            ? await raw(direct, method, path, { cookie: client.cookieHeader(), "accept-language": "en-GB" })
            : await client.request(path, { method, body: "intent=auto-refresh&value=off", headers: { "content-type": "application/x-www-form-urlencoded" } }).then(({ res, body }) => ({ status: res.status, allow: res.headers.get("allow") ?? undefined, body }));
        const label = `${method} ${path}`;
        if (answer.status !== 405) failures.push(`${label}: status ${answer.status}`);
        else if (h1(answer.body) !== BAD_REQUEST) failures.push(`${label}: heading ${h1(answer.body)}`);
        if (answer.allow !== ALLOW) failures.push(`${label}: Allow ${answer.allow}`);
      }
    }
    expect(failures).toEqual([]);
    // The DELETE to /logout signed nobody out, the PUT to /today set no cookie.
    expect(h1((await client.get("/today")).body)).toBe("Today");
    expect(client.setCookies.some((c) => c.startsWith("gh_refresh="))).toBe(false);
    // In German too.
    const de = await new WebClient(direct.url, { "accept-language": "de-DE" }).request("/login", { method: "DELETE" });
    expect(de.res.status).toBe(405);
    expect(h1(de.body)).not.toBe(BAD_REQUEST);
  });

  test("a post that is not a form (JSON, text, no type) is a translated 415, not a 500", async () => {
    const client = new WebClient(direct.url, { "accept-language": "en-GB" });
    const failures: string[] = [];
    for (const [path, type, body] of [
      ["/login", "application/json", JSON.stringify({ email: "admin@example.com" })],
      ["/login", "text/plain", "email=admin@example.com"],
      ["/login", null, ""],
      ["/language", null, ""],
      ["/logout", "application/json", "{}"],
    ] as const) {
      // No body at all for "no type" (fetch would call a string body text/plain).
      const { res, body: page } = await client.request(path, { method: "POST", body: body || undefined, headers: type ? { "content-type": type } : {} });
      const label = `POST ${path} (${type ?? "no type"})`;
      if (res.status !== 415) failures.push(`${label}: status ${res.status}`);
      else if (h1(page) !== BAD_REQUEST) failures.push(`${label}: heading ${h1(page)}`);
    }
    expect(failures).toEqual([]);
  });

  test("none of it reaches the portals' logs as an error", () => {
    const errors = [proxied, direct]
      .flatMap((p) => p.proc.output.join("").split("\n"))
      .filter((line) => /"level":"(error|fatal)"|unhandled error|\[object Object\]/.test(line));
    expect(errors).toEqual([]);
  });
});
