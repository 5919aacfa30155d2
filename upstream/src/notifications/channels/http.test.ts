/**
 * The guarded POST against a local server: the socket goes to the address the check resolved
 * (a host that no DNS knows reaches the server through the pinned lookup), a refused address is
 * never connected to, redirects are not followed, 4xx/5xx/408/429 classified, the excerpt bounded.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUSED_PRIVATE } from "./ssrf.ts";
import { postGuarded } from "./http.ts";

let server: Server;
let port: number;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.headers.host} ${req.url}`);
    const status = Number(new URL(req.url ?? "/", "http://x").searchParams.get("status") ?? 200);
    res.writeHead(status, status >= 300 && status < 400 ? { location: "http://169.254.169.254/" } : { "content-type": "text/plain" });
    res.end("y".repeat(2000));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((r) => server.close(r)));

describe("postGuarded", () => {
  it("connects to the checked address, whatever the name (DNS rebinding cannot move it)", async () => {
    const resolve = async () => [{ address: "127.0.0.1", family: 4 as const }];
    const r = await postGuarded(`http://hooks.rebind.invalid:${port}/pinned`, "{}", {}, `hooks.rebind.invalid:${port}`, resolve);
    expect(r).toMatchObject({ outcome: "delivered", status_code: 200 });
    expect(r.excerpt).toHaveLength(500);
    expect(seen).toContain(`hooks.rebind.invalid:${port} /pinned`);
  });

  it("refuses a private address before connecting, and unresolvable names are retried", async () => {
    const before = seen.length;
    expect(await postGuarded(`http://127.0.0.1:${port}/no`, "{}", {}, "")).toMatchObject({ outcome: "failed", error: REFUSED_PRIVATE });
    const resolve = async () => [{ address: "10.0.0.1", family: 4 as const }];
    expect(await postGuarded(`http://inside.invalid:${port}/no`, "{}", {}, "", resolve)).toMatchObject({ outcome: "failed", error: REFUSED_PRIVATE });
    expect(await postGuarded(`http://nowhere.invalid:${port}/no`, "{}", {}, "", async () => [])).toMatchObject({ outcome: "retry" });
    expect(seen.length).toBe(before);
  });

  it.each([
    [302, "failed", /Redirect/],
    [404, "failed", /not retried/],
    [408, "retry", /HTTP 408/],
    [429, "retry", /HTTP 429/],
    [503, "retry", /HTTP 503/],
  ])("HTTP %i → %s", async (status, outcome, error) => {
    const r = await postGuarded(`http://127.0.0.1:${port}/s?status=${status}`, "{}", {}, `127.0.0.1:${port}`);
    expect(r.outcome).toBe(outcome);
    expect(r.error).toMatch(error);
    expect(r.status_code).toBe(status);
  });

  it("a refused connection is retried", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const p = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    expect(await postGuarded(`http://127.0.0.1:${p}/`, "{}", {}, `127.0.0.1:${p}`)).toMatchObject({ outcome: "retry", error: expect.stringMatching(/Could not connect/) });
  });
});
