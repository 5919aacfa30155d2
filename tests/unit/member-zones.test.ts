/**
 * The member editor's permitted zones (issue 26 item 8; ADR 036): the upstream's depth-first list
 * made a tree, and stored entries read as zones — ids as they are, older names by name (any case),
 * the rest apart (listed as dropped on the next save).
 */
import { describe, expect, test } from "vitest";
import { storedZones, zoneTree } from "~/features/members/zones";

const zones = [
  { id: 1, name: "Floor 1", path: "Floor 1", depth: 0 },
  { id: 2, name: "North wing", path: "Floor 1 › North wing", depth: 1 },
  { id: 3, name: "Quiet room", path: "Floor 1 › North wing › Quiet room", depth: 2 },
  { id: 4, name: "South wing", path: "Floor 1 › South wing", depth: 1 },
  { id: 5, name: "Car park", path: "Car park", depth: 0 },
];
const sites = [
  { site_id: 10, site_name: "Head Office", zones },
  { site_id: 11, site_name: "Dublin Office", zones: [{ id: 6, name: "Floor 1", path: "Floor 1", depth: 0 }] },
];
const shape = (nodes: ReturnType<typeof zoneTree>): unknown[] => nodes.map((n) => (n.children.length ? [n.id, shape(n.children)] : n.id));

describe("permitted zones", () => {
  test("the depth-first list as a tree", () => {
    expect(shape(zoneTree(zones))).toEqual([[1, [[2, [3]], 4]], 5]);
    expect(zoneTree([])).toEqual([]);
  });

  test("stored entries: ids, older names by name (every site's zone of it), the rest apart", () => {
    const read = storedZones(["5", "floor 1", " Quiet Room ", "Second floor"], sites);
    expect([...read.ids].sort()).toEqual(["1", "3", "5", "6"]);
    expect(read.unknown).toEqual(["Second floor"]);
    expect(storedZones(["999"], sites)).toEqual({ ids: new Set(), unknown: ["999"] });
  });
});
