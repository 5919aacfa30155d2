/**
 * The OpenAPI document the upstream serves reads right to other tools (issue 25 item 8): Redocly's
 * recommended lint finds no error in it, and every operation lists the 4xx answers the contract
 * knows. The document is fetched from a running upstream, which is stopped before the lint (the
 * lint is CPU-bound and would stall the server's sockets).
 */
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { expect, it } from "vitest";
import { startTestUpstream } from "./test-support.ts";

it("the served OpenAPI passes Redocly's recommended lint: no error, and every operation lists its 4xx answers", { timeout: 120_000 }, async () => {
  const up = await startTestUpstream();
  let source: string;
  try {
    source = await (await fetch(`${up.url}/api/v2/openapi.json`)).text();
  } finally {
    await up.stop();
  }
  const problems = await lintFromString({ source, absoluteRef: "openapi.json", config: await createConfig({ extends: ["recommended"] }) });
  const found = (p: (typeof problems)[number]) => `${p.ruleId} ${p.location[0]?.pointer ?? ""}`;
  expect(problems.filter((p) => p.severity === "error").map(found)).toEqual([]);
  expect(problems.filter((p) => p.ruleId === "operation-4xx-response").map(found)).toEqual([]);
  const doc = JSON.parse(source);
  // Public calls say so; signed-in calls name the bearer token and answer 401 and 403.
  expect(doc.paths["/auth/login"].post.security).toEqual([]);
  expect(doc.paths["/auth/login"].post.responses).toHaveProperty("429");
  expect(doc.paths["/kiosk/device-codes"].post.security).toEqual([]);
  expect(doc.paths["/sites/{siteId}"].get.security).toEqual([{ bearer: [] }]);
  expect(Object.keys(doc.paths["/sites/{siteId}"].get.responses)).toEqual(expect.arrayContaining(["200", "401", "403", "404"]));
});
