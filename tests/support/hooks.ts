/** The reference upstream's test hooks (`/__test/…`, on when UPSTREAM_TEST_HOOKS=1). */
import crypto from "node:crypto";

export async function upstreamHook<T = any>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/__test/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`test hook ${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export const uniqueEmail = (tag: string, domain = "example.com") => `${tag}-${crypto.randomBytes(4).toString("hex")}@${domain}`;

/** A fresh user (Administrator in Acme Ltd, eu:1, unless told otherwise). */
export function createUpstreamUser(base: string, body: Record<string, unknown> & { email: string }) {
  return upstreamHook(base, "POST", "users", { client: "eu:1", role: "Administrator", ...body });
}
