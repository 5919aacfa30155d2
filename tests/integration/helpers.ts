import { expect, inject } from "vitest";
import { WebClient, decodeEntities, h1, messages } from "../support/client";
import { totp } from "../support/totp";
import { HttpBrowser, type Page } from "../support/browser";
import { createUpstreamUser, uniqueEmail, upstreamHook } from "../support/hooks";

export const DEMO_PASSWORD = "Demo-Passw0rd!";
export const portalUrl = () => inject("portalUrl");
export const upstreamUrl = () => inject("upstreamUrl");

export const hook = <T = any>(method: string, path: string, body?: unknown, base = upstreamUrl()) => upstreamHook<T>(base, method, path, body);
export const createUser = (body: Record<string, unknown> & { email: string }) => createUpstreamUser(upstreamUrl(), body);
export { uniqueEmail };

export async function refreshCalls(base = upstreamUrl()): Promise<number> {
  const stats = await hook<{ calls: Record<string, number> }>("GET", "stats", undefined, base);
  return stats.calls.accessToken ?? 0;
}

/** Sign in through the portal's form, answering a one-time-password step when a secret is given. */
export async function signIn(client: WebClient, email: string, password = DEMO_PASSWORD, opts: { totpSecret?: string; redirectTo?: string } = {}) {
  const redirectTo = opts.redirectTo ?? "";
  let r = await client.post("/login", { email, redirectTo });
  if (!r.body.includes('id="login-password"')) throw new Error(`expected password step, got ${h1(r.body)} (${r.res.status})`);
  r = await client.post("/login", { password, redirectTo });
  if (opts.totpSecret && r.body.includes('id="login-one_time_password"')) {
    r = await client.post("/login", { oneTimePassword: totp(opts.totpSecret), redirectTo });
  }
  return r;
}

export function newClient(headers: Record<string, string> = {}) {
  return new WebClient(portalUrl(), { "accept-language": "en-GB", ...headers });
}

/** A post, what it should answer and a text its page must show: [path, form, status, text]. */
export type PostCase = [path: string, form: Record<string, string> | [string, string][], status: number, text: string];

/** Posts every case; returns those whose status or visible message (heading, messages, or the text itself) differ from what was expected. */
export async function failuresOf(web: WebClient, cases: readonly PostCase[]): Promise<string[]> {
  const failures: string[] = [];
  for (const [path, form, status, text] of cases) {
    const r = await web.post(path, form, { follow: false });
    const shown = `${h1(r.body)} ${messages(r.body).join(" ")} ${r.body.includes(text) ? text : ""}`;
    if (r.res.status !== status || !shown.includes(text)) failures.push(`${path} ${JSON.stringify(form).slice(0, 90)}: ${r.res.status} ${shown.slice(0, 160)}`);
  }
  return failures;
}

/** A multipart part: a field, or a file (its bytes, name and type). */
export type Part = [name: string, value: string] | [name: string, data: Buffer, filename: string, type?: string];

/** A multipart post with the parts in this order (as a browser sends a form: in document order). */
export function postMultipart(client: WebClient, path: string, parts: Part[]) {
  const fd = new FormData();
  for (const part of parts) {
    if (part.length === 2) fd.append(part[0], part[1]);
    else fd.append(part[0], new Blob([new Uint8Array(part[1])], { type: part[3] ?? "application/octet-stream" }), part[2]);
  }
  return client.request(path, { method: "POST", body: fd });
}

/** What a page says: its headings (an error inside a layout has its own) and its messages. */
export const shownText = (body: string) =>
  `${[...body.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => decodeEntities(m[1]!.replace(/<[^>]+>/g, "").trim())).join(" ")} ${messages(body).join(" ")}`;

// ---------------------------------------------------------------------------------------------
// The HTML form driver (a browser without JavaScript): tests/support/browser.ts
// ---------------------------------------------------------------------------------------------

/** A browser without JavaScript on the portal (its own cookie jars), in British English unless told. */
export function newBrowser(headers: Record<string, string> = {}) {
  const h = { "accept-language": "en-GB", ...headers };
  return new HttpBrowser(new WebClient(portalUrl(), h), h);
}

/**
 * The stepped sign-in through the pages' own forms, from /login (opened unless `from` is the
 * login page already): email, password, and a one-time password when a secret is given.
 * Returns the page it lands on.
 */
export async function signInWithForms(browser: HttpBrowser, email: string, opts: { password?: string; totpSecret?: string; from?: Page } = {}): Promise<Page> {
  let page = opts.from ?? (await browser.open("/login"));
  if (page.heading() !== "Sign in") throw new Error(`expected the email step, got ${page.heading()} at ${page.path}`);
  page = await page.form("Continue").fill("Email address", email).submit("Continue");
  if (page.heading() !== "Enter your password") throw new Error(`expected the password step, got ${page.heading()} (${page.status}) at ${page.path}: ${page.notices().join(" ")}`);
  page = await page.form("Sign in").fill("Password", opts.password ?? DEMO_PASSWORD).submit("Sign in");
  if (opts.totpSecret) {
    if (page.heading() !== "Two-factor authentication") throw new Error(`expected the one-time password step, got ${page.heading()}`);
    page = await page.form("Verify").fill("Authentication code", totp(opts.totpSecret)).submit("Verify");
  }
  return page;
}

/**
 * Start SSO at the portal, sign in at the identity provider as `email`, and return the portal
 * callback URL the provider redirects to.
 */
export async function throughIdentityProvider(portal: WebClient, email: string, action: "login" | "cancel" = "login"): Promise<URL> {
  const start = await portal.post("/login", { email }, { follow: false });
  expect(start.res.status).toBe(302);
  let location = new URL(start.res.headers.get("location")!);
  expect(location.origin).not.toBe(new URL(portal.base).origin);
  const idp = new WebClient(location.origin);
  for (let i = 0; i < 10; i++) {
    const { res, body } = await idp.request(location.pathname + location.search);
    if (res.status >= 300 && res.status < 400) {
      location = new URL(res.headers.get("location")!, location);
      if (location.origin === new URL(portal.base).origin) return location;
      continue;
    }
    expect(res.status).toBe(200);
    expect(body).toContain("Demo identity provider");
    const formAction = body.match(/<form method="post" action="([^"]+)"/)![1]!;
    const posted = await idp.request(formAction.replace(/&amp;/g, "&"), {
      method: "POST",
      body: new URLSearchParams({ email, action }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      origin: location.origin,
    });
    expect(posted.res.status).toBeGreaterThanOrEqual(300);
    location = new URL(posted.res.headers.get("location")!, location);
    if (location.origin === new URL(portal.base).origin) return location;
  }
  throw new Error("the identity provider never sent the browser back");
}
