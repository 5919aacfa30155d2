/**
 * The demo Central Record: a small stand-in for the Central Record service (a school's or trust's
 * record of staff checks) that the upstream runs at `{PUBLIC_URL}/central-record/api/v1/…` and calls
 * over HTTP, as it calls the demo directory. Enough for the integrations tab of a group (groups spec
 * §2, §3 "central record organisation and rating systems", §8 "Central record connection error",
 * "Wonde access removed"):
 *
 *   GET organisations    the organisations of the caller's record   `{data: [{id, name}]}`
 *   GET rating-systems   the checks the record rates people on      `{data: [{id, name}]}`
 *   GET people?name=     a person's ratings (sign-in's safety check, ADR 029)
 *                        `{data: [{id, name, ratings: {<system id>: pass|warning|fail}}]}`
 *
 * Authorised by `Authorization: Bearer <key>`: each client's key is derived from the server's
 * secret and the client's global id (`centralRecordKey`), so no key is stored; a wrong key is 401.
 * A fault set through the test hooks makes it answer as in that failure: `central_record_connection`
 * (503, as an unreachable service), `wonde_removed` (403 `{error: "wonde_removed"}`: the record's
 * school data came from Wonde, whose access was withdrawn).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { App } from "../runtime/app.ts";
import type { Router } from "../http/router.ts";

export type CentralRecordFault = "central_record_connection" | "wonde_removed";

const faults = new WeakMap<App, CentralRecordFault>();
/** Test hooks: make the demo Central Record fail as in `fault` (null: answer normally). */
export function setCentralRecordFault(app: App, fault: CentralRecordFault | null): void {
  if (fault) faults.set(app, fault);
  else faults.delete(app);
}

/** The key a client's calls carry (derived, never stored). */
export function centralRecordKey(app: App, globalClientId: string): string {
  const body = Buffer.from(globalClientId).toString("base64url");
  return `crk.${body}.${createHmac("sha256", app.opts.jwtSecret).update(`gatehouse-central-record:${globalClientId}`).digest("base64url")}`;
}

function keyValid(app: App, header: unknown): boolean {
  const m = typeof header === "string" ? /^Bearer\s+(crk\.([A-Za-z0-9_-]{1,200})\.[A-Za-z0-9_-]{43})$/.exec(header) : null;
  if (!m) return false;
  const want = Buffer.from(centralRecordKey(app, Buffer.from(m[2], "base64url").toString()));
  const got = Buffer.from(m[1]);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** What every record holds in the demo (the same for every client). */
export const DEMO_ORGANISATIONS = [
  { id: "org-main", name: "Main office" },
  { id: "org-north", name: "North campus" },
  { id: "org-south", name: "South campus" },
] as const;
export const DEMO_RATING_SYSTEMS = [
  { id: "dbs", name: "DBS / background check" },
  { id: "right-to-work", name: "Right to work" },
  { id: "prohibition", name: "Prohibition check" },
  { id: "safeguarding", name: "Safeguarding training" },
  { id: "qualifications", name: "Qualifications" },
  { id: "references", name: "References" },
] as const;

/**
 * The demo record's people: everyone is on record and passes every check, except these (matched by
 * name, case-insensitively): Ivan Petrov fails the DBS check, Wanda Warning has a warning on it.
 */
export const DEMO_RATED_PEOPLE: Record<string, Record<string, "pass" | "warning" | "fail">> = {
  "ivan petrov": { dbs: "fail" },
  "wanda warning": { dbs: "warning" },
};

export function demoRatings(name: string): Record<string, "pass" | "warning" | "fail"> {
  const special = DEMO_RATED_PEOPLE[name.trim().toLowerCase().replace(/\s+/g, " ")] ?? {};
  return Object.fromEntries(DEMO_RATING_SYSTEMS.map((s) => [s.id, special[s.id] ?? "pass"]));
}

export function registerCentralRecord(router: Router, app: App): void {
  const answer = (data: readonly { id: string; name: string }[]) => (ctx: Parameters<Parameters<Router["get"]>[1]>[0]) => {
    const fault = faults.get(app);
    if (fault === "central_record_connection") return { status: 503, body: { error: "service_unavailable" } };
    if (!keyValid(app, ctx.req.headers.authorization)) return { status: 401, body: { error: "invalid_key" } };
    if (fault === "wonde_removed") return { status: 403, body: { error: "wonde_removed", message: "Wonde access has been removed for this school." } };
    return { body: { data } };
  };
  router.get("/central-record/api/v1/organisations", answer(DEMO_ORGANISATIONS));
  router.get("/central-record/api/v1/rating-systems", answer(DEMO_RATING_SYSTEMS));
  router.get("/central-record/api/v1/people", (ctx) => {
    const fault = faults.get(app);
    if (fault === "central_record_connection") return { status: 503, body: { error: "service_unavailable" } };
    if (!keyValid(app, ctx.req.headers.authorization)) return { status: 401, body: { error: "invalid_key" } };
    if (fault === "wonde_removed") return { status: 403, body: { error: "wonde_removed", message: "Wonde access has been removed for this school." } };
    const name = (ctx.url.searchParams.get("name") ?? "").slice(0, 200);
    if (!name.trim()) return { body: { data: [] } };
    return { body: { data: [{ id: `person-${Buffer.from(name.trim().toLowerCase()).toString("hex").slice(0, 24)}`, name: name.trim(), ratings: demoRatings(name) }] } };
  });
}
