import { expect, test } from "vitest";
import type { Request } from "express";
import { isCrossOriginWrite } from "~/server/origin";

function req(method: string, headers: Record<string, string>): Request {
  const h = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { method, protocol: "http", get: (name: string) => (name.toLowerCase() === "host" ? "portal.test" : h[name.toLowerCase()]) } as unknown as Request;
}

test.each([
  ["GET from anywhere", req("GET", { origin: "http://evil.example" }), false],
  ["POST same origin", req("POST", { origin: "http://portal.test" }), false],
  ["POST other origin", req("POST", { origin: "http://evil.example" }), true],
  ["POST other port", req("POST", { origin: "http://portal.test:8080" }), true],
  ["POST Origin null, browser says same-origin (no-referrer page)", req("POST", { origin: "null", "sec-fetch-site": "same-origin" }), false],
  ["POST Origin null from a sandboxed frame", req("POST", { origin: "null", "sec-fetch-site": "cross-site" }), true],
  ["POST Origin null, no fetch metadata", req("POST", { origin: "null" }), true],
  ["POST no Origin, cross-site", req("POST", { "sec-fetch-site": "cross-site" }), true],
  ["POST no Origin, same-site (sibling port/subdomain)", req("POST", { "sec-fetch-site": "same-site" }), true],
  ["POST without browser headers (curl)", req("POST", {}), false],
])("%s → refused: %s", (_name, r, refused) => {
  expect(isCrossOriginWrite(r)).toBe(refused);
});
