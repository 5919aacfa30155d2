/**
 * The scope module rule by rule (issue 24 item 3), and its SQL clauses run against a real
 * PostgreSQL (PGlite in memory) so the SQL and the predicates agree row for row.
 */
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  arraySitesClause,
  auditClause,
  holdersReach,
  jsonReachesClause,
  jsonSitesClause,
  narrowSites,
  ownerInScope,
  reachesScope,
  requireSitesInScope,
  roleInScope,
  scopeOf,
  scopeSiteIds,
  siteClause,
  siteInScope,
  sitesInScope,
  type RowKind,
  type Scope,
} from "./scope.ts";

const WAREHOUSE = 2;
const HEAD_OFFICE = 1;
const LAB = 3;
const restricted = (siteIds: number[] | null, settings: Record<string, unknown> = {}) => ({ m: { id: 7, site_ids: siteIds }, client: { settings } });
const ALL_KINDS: RowKind[] = ["site", "visit", "evacuation", "pre-registration", "portal-user", "sso-user", "access-request", "notification", "delivery", "visitor-form", "api-client", "role", "audit-entry", "group"];

describe("scopeOf", () => {
  it("an unrestricted membership sees every row of every kind", () => {
    for (const kind of ALL_KINDS) expect(scopeOf(restricted(null), kind)).toEqual({ kind: "all" });
  });
  it("a membership restricted to sites is limited to them for every kind of site-bound row", () => {
    for (const kind of ALL_KINDS.filter((k) => k !== "portal-user" && k !== "sso-user")) {
      expect(scopeOf(restricted([WAREHOUSE]), kind)).toEqual({ kind: "sites", siteIds: [WAREHOUSE] });
    }
  });
  it("portal and SSO users: restricted only with the group-visibility flag (platform §8)", () => {
    expect(scopeOf(restricted([WAREHOUSE]), "portal-user")).toEqual({ kind: "all" });
    expect(scopeOf(restricted([WAREHOUSE]), "sso-user")).toEqual({ kind: "all" });
    expect(scopeOf(restricted([WAREHOUSE], { "beta.group-visibility": true }), "portal-user")).toEqual({ kind: "sites", siteIds: [WAREHOUSE] });
    expect(scopeOf(restricted([WAREHOUSE], { "beta.group-visibility": true }), "sso-user")).toEqual({ kind: "sites", siteIds: [WAREHOUSE] });
    expect(scopeOf(restricted(null, { "beta.group-visibility": true }), "portal-user")).toEqual({ kind: "all" });
  });
  it("a membership restricted to no site at all sees nothing site-bound", () => {
    const s = scopeOf(restricted([]), "visit");
    expect(siteInScope(s, HEAD_OFFICE)).toBe(false);
    expect(sitesInScope(s, [HEAD_OFFICE])).toBe(false);
    expect(narrowSites(s, [HEAD_OFFICE, WAREHOUSE])).toEqual([]);
  });
});

describe("predicates", () => {
  const all: Scope = { kind: "all" };
  const wh: Scope = { kind: "sites", siteIds: [WAREHOUSE, LAB] };
  it("one site: in scope only when it is one of the user's", () => {
    expect(siteInScope(all, HEAD_OFFICE)).toBe(true);
    expect(siteInScope(all, null)).toBe(true);
    expect(siteInScope(wh, WAREHOUSE)).toBe(true);
    expect(siteInScope(wh, HEAD_OFFICE)).toBe(false);
    expect(siteInScope(wh, null)).toBe(false);
  });
  it("several sites: every one must be the user's; every site (NULL) and none are outside", () => {
    expect(sitesInScope(all, null)).toBe(true);
    expect(sitesInScope(wh, [WAREHOUSE])).toBe(true);
    expect(sitesInScope(wh, [WAREHOUSE, LAB])).toBe(true);
    expect(sitesInScope(wh, [WAREHOUSE, HEAD_OFFICE])).toBe(false);
    expect(sitesInScope(wh, null)).toBe(false);
    expect(sitesInScope(wh, [])).toBe(false);
  });
  it("narrowing keeps only the user's sites", () => {
    expect(narrowSites(all, [HEAD_OFFICE, WAREHOUSE])).toEqual([HEAD_OFFICE, WAREHOUSE]);
    expect(narrowSites(wh, [HEAD_OFFICE, WAREHOUSE])).toEqual([WAREHOUSE]);
    expect(scopeSiteIds(all)).toBeNull();
    expect(scopeSiteIds(wh)).toEqual([WAREHOUSE, LAB]);
  });
  it("ownership: own sees only its own rows, managed also its people's, site scopes do not decide it", () => {
    expect(ownerInScope({ kind: "own", membershipId: 7 }, 7)).toBe(true);
    expect(ownerInScope({ kind: "own", membershipId: 7 }, 8)).toBe(false);
    expect(ownerInScope({ kind: "own", membershipId: 7 }, null)).toBe(false);
    expect(ownerInScope({ kind: "managed", membershipId: 7, managedMembershipIds: [8] }, 8)).toBe(true);
    expect(ownerInScope({ kind: "managed", membershipId: 7, managedMembershipIds: [8] }, 9)).toBe(false);
    expect(ownerInScope(wh, 9)).toBe(true);
  });
  it("a write covering sites outside the scope is a 422 on its field", () => {
    expect(() => requireSitesInScope(wh, [WAREHOUSE], "site_ids", "Not yours.")).not.toThrow();
    for (const bad of [null, [HEAD_OFFICE], [WAREHOUSE, HEAD_OFFICE]]) {
      let thrown: unknown;
      try {
        requireSitesInScope(wh, bad, "site_ids", "Not yours.");
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toMatchObject({ status: 422, body: { errors: { site_ids: ["Not yours."] } } });
    }
  });
});

describe("rows shown at sites, roles and the audit log (ADR 031)", () => {
  const all: Scope = { kind: "all" };
  const wh: Scope = { kind: "sites", siteIds: [WAREHOUSE] };
  it("a row shown at sites reaches a site scope when it is shown at one of its sites at least; every site does", () => {
    expect(reachesScope(all, [HEAD_OFFICE])).toBe(true);
    expect(reachesScope(all, [])).toBe(true);
    expect(reachesScope(wh, null)).toBe(true);
    expect(reachesScope(wh, [HEAD_OFFICE, WAREHOUSE])).toBe(true);
    expect(reachesScope(wh, [HEAD_OFFICE])).toBe(false);
    expect(reachesScope(wh, [])).toBe(false);
    // A user with no site sees nothing, not even what is shown everywhere.
    expect(reachesScope({ kind: "sites", siteIds: [] }, null)).toBe(false);
  });
  it("a role is in scope only when every holder is; nobody holding it is in every scope", () => {
    expect(roleInScope(wh, [])).toBe(true);
    expect(roleInScope(wh, [[WAREHOUSE], [WAREHOUSE]])).toBe(true);
    expect(roleInScope(wh, [[WAREHOUSE], null])).toBe(false);
    expect(roleInScope(wh, [[WAREHOUSE], [WAREHOUSE, HEAD_OFFICE]])).toBe(false);
    expect(roleInScope(wh, [[]])).toBe(false);
    expect(roleInScope(all, [null, [HEAD_OFFICE]])).toBe(true);
  });
  it("the holders' reach mirrors roleInScope: their sites together, null when one is not limited to listed sites", () => {
    expect(holdersReach([])).toEqual([]);
    expect(holdersReach([[LAB, WAREHOUSE], [WAREHOUSE]])).toEqual([WAREHOUSE, LAB]);
    expect(holdersReach([[WAREHOUSE], null])).toBeNull();
    expect(holdersReach([[WAREHOUSE], []])).toBeNull();
    // The mirror's rule (app/access/scope.ts): in scope when the reach is a list within the scope.
    for (const holders of [[], [[WAREHOUSE]], [[WAREHOUSE], null], [[WAREHOUSE, HEAD_OFFICE]], [[]]] as (number[] | null)[][]) {
      const reach = holdersReach(holders);
      expect(reach !== null && reach.every((id) => siteInScope(wh, id))).toBe(roleInScope(wh, holders));
    }
  });
});

describe("SQL clauses agree with the predicates", () => {
  let db: PGlite;
  const rows: { id: number; site: number | null; sites: number[] | null }[] = [
    { id: 1, site: HEAD_OFFICE, sites: [HEAD_OFFICE] },
    { id: 2, site: WAREHOUSE, sites: [WAREHOUSE] },
    { id: 3, site: LAB, sites: [WAREHOUSE, LAB] },
    { id: 4, site: null, sites: null },
    { id: 5, site: WAREHOUSE, sites: [WAREHOUSE, HEAD_OFFICE] },
    { id: 6, site: WAREHOUSE, sites: [] },
  ];
  // user_id: who made an audit entry about the row (7 is the restricted user of `restricted`).
  const authors: Record<number, number> = { 1: 7, 2: 8, 3: 8, 4: 8, 5: 8, 6: 8 };
  beforeAll(async () => {
    db = new PGlite();
    await db.exec("CREATE TABLE t (id int, site int, sites_json jsonb, sites_arr int[], user_id int, site_ids int[])");
    for (const r of rows) {
      await db.query("INSERT INTO t VALUES ($1, $2, $3, $4, $5, $4)", [r.id, r.site, r.sites === null ? null : JSON.stringify(r.sites), r.sites, authors[r.id]]);
    }
  }, 60_000);
  afterAll(() => db.close());

  const ids = async (where: string, params: unknown[]) => (await db.query<{ id: number }>(`SELECT id FROM t WHERE ${where} ORDER BY id`, params)).rows.map((r) => r.id);

  for (const scope of [{ kind: "all" }, { kind: "sites", siteIds: [WAREHOUSE] }, { kind: "sites", siteIds: [WAREHOUSE, LAB] }, { kind: "sites", siteIds: [] }] as Scope[]) {
    it(`${JSON.stringify(scope)}`, async () => {
      const p1: unknown[] = [];
      expect(await ids(siteClause(scope, "site", p1), p1)).toEqual(rows.filter((r) => siteInScope(scope, r.site)).map((r) => r.id));
      const p2: unknown[] = [];
      expect(await ids(jsonSitesClause(scope, "sites_json", p2), p2)).toEqual(rows.filter((r) => sitesInScope(scope, r.sites)).map((r) => r.id));
      const p3: unknown[] = ["unused"];
      expect(await ids(`$1::text IS NOT NULL AND ${arraySitesClause(scope, "sites_arr", p3)}`, p3)).toEqual(rows.filter((r) => sitesInScope(scope, r.sites)).map((r) => r.id));
      const p4: unknown[] = [];
      expect(await ids(jsonReachesClause(scope, "sites_json", p4), p4)).toEqual(rows.filter((r) => reachesScope(scope, r.sites)).map((r) => r.id));
      // The audit log: one's own entries, and those about rows within one's sites.
      const p5: unknown[] = [];
      expect(await ids(auditClause(scope, 7, p5), p5)).toEqual(rows.filter((r) => scope.kind === "all" || authors[r.id] === 7 || sitesInScope(scope, r.sites)).map((r) => r.id));
    });
  }
});
