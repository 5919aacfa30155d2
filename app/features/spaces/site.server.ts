/**
 * A spaces site for the portal's booking screens (issue 26; ADR 036): the user's sites with spaces
 * on (the config's, already the user's scope), the one a URL names (another client's, one outside
 * the user's scope or without spaces: the 404 page), and its layout flattened for the list — each
 * space with its zone path in words.
 */
import type { Site, SpaceNode, SpacesSite } from "@contract";
import type { Access } from "~/access/guard.server";
import { selectedSite } from "~/features/auth/site-selection.server";
import { upstreamLoad } from "~/upstream/load.server";

export const spacesSites = (access: Access): Site[] => access.config.sites.filter((s) => s.spaces_enabled);

export const notFound = (): never => {
  throw new Response("Not found", { status: 404, statusText: "Not Found" });
};

/** The site a URL parameter names, among the user's spaces sites; else the 404 page. */
export function siteOf(access: Access, param: string | undefined): Site {
  const id = param && /^\d{1,9}$/.test(param) ? Number(param) : NaN;
  return spacesSites(access).find((s) => s.id === id) ?? notFound();
}

/** The user's current spaces site (the one chosen in the shell when it has spaces), else the first; null: none. */
export const currentSpacesSite = (access: Access) => selectedSite(access.viewer, spacesSites(access));

export const loadSpaces = (access: Access, siteId: number): Promise<SpacesSite> => upstreamLoad(access.viewer.api("spacesOfSite", { params: { siteId } }));

export interface SpaceRow {
  id: number;
  name: string;
  category: string;
  tags: string[];
  zoneIds: number[];
  /** "Floor 1 › North wing". */
  zonePath: string;
  /** Where it sits on the floor plan of its nearest zone that has one (fractions), if placed. */
  placement: { x: number; y: number } | null;
}
export interface ZoneOption {
  id: number;
  name: string;
}

/** Every space of the layout (in the layout's order) and every zone as a filter option. */
export function flatten(layout: SpaceNode[]): { spaces: SpaceRow[]; zones: ZoneOption[] } {
  const names = new Map<number, string>();
  const spaces: SpaceRow[] = [];
  const zones: ZoneOption[] = [];
  const pathOf = (ids: number[]) => ids.map((id) => names.get(id) ?? "").join(" › ");
  const walk = (nodes: SpaceNode[]) => {
    for (const n of nodes) {
      if (n.type === "zone") {
        names.set(n.id, n.name);
        zones.push({ id: n.id, name: pathOf([...n.zone_path, n.id]) });
        walk(n.children);
      } else spaces.push({ id: n.id, name: n.name, category: n.category ?? "other", tags: n.tags, zoneIds: n.zone_path, zonePath: pathOf(n.zone_path), placement: n.placement });
    }
  };
  walk(layout);
  return { spaces, zones };
}
