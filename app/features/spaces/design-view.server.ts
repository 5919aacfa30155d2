/**
 * The designer's read model (issue 26 item 4; ADR 036): the site's layout as the tree the page
 * draws, every zone as a choice (its path in words) for the add and move forms, the files as portal
 * URLs, each floor plan with the spaces placed on it (a space sits on the plan of its nearest zone
 * that has one), and the booking rules as the settings form shows them.
 */
import type { SpaceNode, SpacesSite } from "@contract";
import { shownFileUrl } from "~/features/manage/media.server";

export interface DesignNode {
  id: number;
  type: "zone" | "space";
  name: string;
  category: string | null;
  tags: string[];
  parentId: number | null;
  /** Its place among its siblings, from 0. */
  position: number;
  placement: { x: number; y: number } | null;
  /** Zone ids it sits inside, outermost first (for a zone: and itself, which it cannot move into). */
  zonePath: number[];
  /** The zone whose floor plan it is placed on (a space), or null. */
  planZone: number | null;
  floorPlan: string | null;
  photo: string | null;
  children: DesignNode[];
}
export interface ZoneChoice {
  id: number;
  label: string;
  /** Ids of this zone and the zones above it. */
  path: number[];
}
export interface FloorPlan {
  zoneId: number;
  zoneName: string;
  url: string;
  spaces: { id: number; name: string; placement: { x: number; y: number } | null }[];
}

export function designView(spaces: SpacesSite) {
  const plans = new Map(spaces.floor_plans.map((f) => [f.zone_id, shownFileUrl(f.file)]));
  const photos = new Map(spaces.photos.map((p) => [p.space_id, shownFileUrl(p.file)]));
  const names = new Map<number, string>();
  const zones: ZoneChoice[] = [];
  const floorPlans = new Map<number, FloorPlan>();
  let count = 0;
  const build = (nodes: SpaceNode[], parentId: number | null): DesignNode[] =>
    nodes.map((n, position) => {
      count++;
      const planZone = n.type === "space" ? ([...n.zone_path].reverse().find((z) => floorPlans.has(z)) ?? null) : null;
      if (n.type === "zone") {
        names.set(n.id, n.name);
        zones.push({ id: n.id, label: [...n.zone_path, n.id].map((z) => names.get(z) ?? "").join(" › "), path: [...n.zone_path, n.id] });
        const url = plans.get(n.id);
        if (url) floorPlans.set(n.id, { zoneId: n.id, zoneName: n.name, url, spaces: [] });
      } else if (planZone !== null) floorPlans.get(planZone)!.spaces.push({ id: n.id, name: n.name, placement: n.placement });
      return {
        id: n.id,
        type: n.type,
        name: n.name,
        category: n.category,
        tags: n.tags,
        parentId,
        position,
        placement: n.placement,
        zonePath: n.type === "zone" ? [...n.zone_path, n.id] : n.zone_path,
        planZone,
        floorPlan: n.type === "zone" ? (plans.get(n.id) ?? null) : null,
        photo: n.type === "space" ? (photos.get(n.id) ?? null) : null,
        children: build(n.children, n.type === "zone" ? n.id : parentId),
      };
    });
  const tree = build(spaces.layout, null);
  const buffer = spaces.buffer_minutes;
  const inHours = buffer >= 60 && buffer % 60 === 0;
  return {
    tree,
    count,
    zones,
    floorPlans: [...floorPlans.values()],
    settings: {
      advanceUnit: spaces.booking_advance_limit.unit,
      advanceValue: spaces.booking_advance_limit.value,
      bufferValue: inHours ? buffer / 60 : buffer,
      bufferUnit: inHours ? ("hours" as const) : ("minutes" as const),
      releaseAfter: spaces.release_after_minutes,
    },
  };
}
