import crypto from "node:crypto";
import { inject } from "vitest";
import { WebClient, h1 } from "../support/client";
import { totp } from "../support/totp";

export const DEMO_PASSWORD = "Demo-Passw0rd!";
export const portalUrl = () => inject("portalUrl");
export const upstreamUrl = () => inject("upstreamUrl");

export async function hook<T = any>(method: string, path: string, body?: unknown, base = upstreamUrl()): Promise<T> {
  const res = await fetch(`${base}/__test/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`hook ${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export const uniqueEmail = (tag: string) => `${tag}-${crypto.randomBytes(4).toString("hex")}@example.com`;

export async function createUser(body: Record<string, unknown>) {
  return hook("POST", "users", { client: "eu:1", role: "Administrator", ...body });
}

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
