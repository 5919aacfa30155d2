/**
 * The HTTP side of the upstream's API tests: raw calls, a signed-in user's calls (PATCH as the
 * portal sends it: POST with a method override; uploads as multipart), and a fresh user of a role
 * made through the test hooks. `url` is read at call time (the upstream starts in `beforeAll`).
 */
import { expect } from "vitest";
import { TokenPair } from "../../contract/index.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
export interface Answer {
  status: number;
  json: Json;
  headers: Headers;
}

export interface As {
  get(p: string): Promise<Answer>;
  post(p: string, body?: unknown): Promise<Answer>;
  patch(p: string, body: unknown): Promise<Answer>;
  del(p: string, body?: unknown): Promise<Answer>;
  upload(p: string, name: string, bytes: Uint8Array, type?: string): Promise<Answer>;
  /** GET an uploaded file by name (`files/{name}`) with this user's token; the raw response. */
  file(name: string, headers?: Record<string, string>): Promise<Response>;
}

/**
 * `fetch` with one retry when the connection fails before any answer (a kept-alive socket the
 * upstream has just closed: its idle timeout, or `Connection: close` after a 413 while the body was
 * still being written). The request never reached a handler; the same as tests/support/fetch.ts.
 */
async function testFetch(input: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (err) {
    const code = (err as { cause?: { code?: string } })?.cause?.code ?? "";
    if (!(err instanceof TypeError) || !["UND_ERR_SOCKET", "ECONNRESET", "EPIPE", "UND_ERR_CLOSED"].includes(code)) throw err;
    return fetch(input, init);
  }
}

export function httpTestClient(url: () => string, tag: string) {
  async function call(method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const form = body instanceof FormData;
    const res = await testFetch(`${url()}${p}`, {
      method,
      headers: { accept: "application/json", ...(body !== undefined && !form ? { "content-type": "application/json" } : {}), ...headers },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let json: Json = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = { raw: text };
    }
    return { status: res.status, json, headers: res.headers };
  }

  async function as(email: string, region = "eu"): Promise<As> {
    const r = await call("POST", "/api/v2/auth/login", { email, password: "Demo-Passw0rd!" });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const h = { authorization: `Bearer ${TokenPair.parse(r.json).access_token}` };
    const base = `/${region}/api/v2/`;
    return {
      get: (p) => call("GET", base + p, undefined, h),
      post: (p, body) => call("POST", base + p, body ?? {}, h),
      patch: (p, body) => call("POST", base + p, body, { ...h, "x-http-method-override": "PATCH" }),
      del: (p, body) => call("DELETE", base + p, body, h),
      upload: (p, name, bytes, type = "application/octet-stream") => {
        const fd = new FormData();
        fd.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
        return call("POST", base + p, fd, h);
      },
      file: (name, headers = {}) => fetch(`${url()}${base}files/${name}`, { headers: { ...h, ...headers } }),
    };
  }

  let n = 0;
  /** A new user of `role` at `client` (Acme by default), signed in. */
  async function user(role: string, opts: { client?: string; site_ids?: number[] } = {}): Promise<As> {
    const email = `${tag}-${++n}-${Date.now()}@example.com`;
    const r = await call("POST", "/__test/users", { email, role, client: opts.client ?? "eu:1", site_ids: opts.site_ids });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    return as(email, (opts.client ?? "eu:1").split(":")[0]);
  }

  return { call, as, user };
}
