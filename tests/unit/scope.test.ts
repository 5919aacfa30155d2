/**
 * The portal's mirror of the scope module (app/access/scope.ts, ADR 031), rule by rule, and
 * against the upstream's module itself (the authority) over a grid of users and rows: the portal
 * never shows as changeable what the upstream refuses, nor hides what it allows.
 */
import { describe, expect, test } from "vitest";
import type { FlagId } from "~/access/flags";
import { narrowSites, reachesScope, restrictedSites, roleInScope, scopeOf, scopeSubject, siteInScope, sitesInScope, type RowKind, type Scope } from "~/access/scope";
import * as upstream from "../../upstream/src/scope/scope.ts";

const HQ = 1;
const WH = 2;
const LAB = 3;
const flags = (...f: FlagId[]) => new Set<FlagId>(f);
const KINDS: RowKind[] = ["site", "visit", "evacuation", "pre-registration", "portal-user", "sso-user", "access-request", "notification", "delivery", "visitor-form", "api-client", "role", "audit-entry", "group"];

describe("the token's restriction", () => {
  test("user:site_id: a list of ids, or empty for every site; junk ignored", () => {
    expect(restrictedSites("")).toBeNull();
    expect(restrictedSites("2")).toEqual([2]);
    expect(restrictedSites("2,5,2")).toEqual([2, 5]);
    expect(restrictedSites(" 2 , x, 1e3, -1")).toEqual([2]);
    expect(scopeSubject({ "user:site_id": "2" }, { flags: flags() })).toEqual({ siteIds: [2], flags: flags() });
  });
});

describe("rules", () => {
  const wh: Scope = { kind: "sites", siteIds: [WH] };
  test("every site: everything; restricted: their sites, for portal and SSO users only with group-visibility", () => {
    for (const kind of KINDS) expect(scopeOf({ siteIds: null, flags: flags("group-visibility") }, kind)).toEqual({ kind: "all" });
    expect(scopeOf({ siteIds: [WH], flags: flags() }, "role")).toEqual(wh);
    expect(scopeOf({ siteIds: [WH], flags: flags() }, "portal-user")).toEqual({ kind: "all" });
    expect(scopeOf({ siteIds: [WH], flags: flags("group-visibility") }, "sso-user")).toEqual(wh);
  });
  test("one site, several sites, shown at sites, narrowing", () => {
    expect([siteInScope(wh, WH), siteInScope(wh, HQ), siteInScope(wh, null)]).toEqual([true, false, false]);
    expect([sitesInScope(wh, [WH]), sitesInScope(wh, [WH, HQ]), sitesInScope(wh, null), sitesInScope(wh, [])]).toEqual([true, false, false, false]);
    expect([reachesScope(wh, null), reachesScope(wh, [HQ, WH]), reachesScope(wh, [HQ])]).toEqual([true, true, false]);
    expect(narrowSites(wh, [HQ, WH, LAB])).toEqual([WH]);
  });
  test("a role is changeable when every holder is within the user's sites", () => {
    expect(roleInScope(wh, { holders_reach: [] })).toBe(true);
    expect(roleInScope(wh, { holders_reach: [WH] })).toBe(true);
    expect(roleInScope(wh, { holders_reach: [WH, HQ] })).toBe(false);
    expect(roleInScope(wh, { holders_reach: null })).toBe(false);
    expect(roleInScope({ kind: "all" }, { holders_reach: null })).toBe(true);
  });
});

describe("the mirror agrees with the upstream's module", () => {
  const subjects: { siteIds: number[] | null; groupVisibility: boolean }[] = [
    { siteIds: null, groupVisibility: false },
    { siteIds: null, groupVisibility: true },
    { siteIds: [WH], groupVisibility: false },
    { siteIds: [WH], groupVisibility: true },
    { siteIds: [WH, LAB], groupVisibility: true },
  ];
  const rows: (number[] | null)[] = [null, [], [HQ], [WH], [WH, LAB], [WH, HQ]];
  test("scopes, and every predicate over every row", () => {
    for (const s of subjects) {
      const mine = { siteIds: s.siteIds, flags: s.groupVisibility ? flags("group-visibility") : flags() };
      const theirs = { m: { id: 1, site_ids: s.siteIds }, client: { settings: { "beta.group-visibility": s.groupVisibility } } };
      for (const kind of KINDS) {
        const a = scopeOf(mine, kind);
        const b = upstream.scopeOf(theirs, kind);
        expect(a, `${JSON.stringify(s)} ${kind}`).toEqual(b);
        for (const row of rows) {
          expect(sitesInScope(a, row)).toBe(upstream.sitesInScope(b, row));
          expect(reachesScope(a, row)).toBe(upstream.reachesScope(b, row));
          if (row?.length === 1) expect(siteInScope(a, row[0]!)).toBe(upstream.siteInScope(b, row[0]!));
        }
        // A role's holders, as the upstream summarises them for the portal.
        for (const holders of [[], [[WH]], [[WH], null], [[WH], [HQ]], [[]], [[WH, LAB]]] as (number[] | null)[][]) {
          expect(roleInScope(a, { holders_reach: upstream.holdersReach(holders) }), JSON.stringify(holders)).toBe(upstream.roleInScope(b, holders));
        }
      }
    }
  });
});
