/**
 * "View as" (issue 16 item 2; ADR 021): which pages a role opens and where it may change things,
 * drawn from THE access table and evaluated by the same rules the portal enforces — never a second
 * copy of them. A role is turned into the access context a user holding it would have (its rights
 * and name, the client's flags and settings, the sites it would see: the chosen one, or all), and
 * each page of the table is asked `permissionsAt` as `requireAccess` and `requireEdit` ask it.
 *
 * What a role cannot say is set as for an ordinary user of one client: not a super user, not the
 * primary or billing contact (so "subscriptions" reads as for such a user).
 */
import type { Config, Site } from "@contract";
import { accessContextFrom } from "~/access/context";
import { resolve } from "~/access/match";
import { permissionsAt } from "~/access/outcome";
import type { AccessContext } from "~/access/rules";
import { ACCESS_TABLE, type RouteEntry } from "~/access/table";

export interface ViewAsRole {
  id: number;
  name: string;
  rights: readonly string[];
}

/** The client as the viewer's config has it: its settings and flags, and the sites to choose among. */
export type ClientView = Pick<Config, "client" | "sites">;

/** The access context of an ordinary user holding `role`, restricted to `site` when one is chosen. */
export function roleContext(role: ViewAsRole, client: ClientView, site: Site | null = null): AccessContext {
  return accessContextFrom(
    { "user:is_super": false, "user:primary": false, "user:billing": false },
    { client: client.client, sites: site ? [site] : client.sites, abilities: [...role.rights], roles: [{ id: role.id, name: role.name }] },
    1,
  );
}

/**
 * Plumbing, not pages: live updates, files, the site picker's and language's redirects, signing
 * out, the error pages, and the return pages of outside services (directories, Slack).
 */
const NOT_PAGES = new Set(["/realtime", "/files/:name", "/select-site", "/language", "/logout", "/healthz", "/trial-ended", "/403", "/404"]);
const isPlumbing = (path: string) => NOT_PAGES.has(path) || path.startsWith("/manage/group/callback/");

/** The pages "view as" lists: every signed-in screen of the table (no redirects, no plumbing). */
export const VIEW_AS_PAGES: readonly RouteEntry[] = ACCESS_TABLE.filter((e) => e.screen && !e.rule.anonymous && !e.redirect && !isPlumbing(e.path));

/** The site a site page is asked about: the chosen one, else the first the role would see. */
const siteFor = (ctxSites: readonly Site[]) => ctxSites[0] ?? null;

/** A table pattern as a path to ask about: a site page's `:id` is the site, other parameters a placeholder. */
export function samplePath(pattern: string, site: Site | null): string {
  return pattern.replace(/:(\w+)\??/g, (_, p: string) => (p === "id" && pattern.startsWith("/manage/site/") && site ? String(site.id) : "1"));
}

/** The kind of a site page's site (sites or events: the table's `kinds`). */
export const kindOf = (site: Site | null) => (site?.type === "event" ? "events" : "sites");

/**
 * "edit": opens it and may change things there (the table's `edit` and `kinds` rights); "view":
 * opens it (read-only where the table says who may change things); "none": refused.
 */
export type Access = "edit" | "view" | "none";

/** Whether the table says who may change things on this page (its chain declares `edit` or `kinds`). */
const declaresChanges = (path: string) => resolve(path).chain.some((e) => e.edit !== undefined || e.kinds !== undefined);

export interface PageAccess {
  pattern: string;
  path: string;
  access: Access;
}

/** What the role may do on every page of `VIEW_AS_PAGES`. */
export function pagesFor(role: ViewAsRole, client: ClientView, site: Site | null = null): PageAccess[] {
  const sites = site ? [site] : client.sites;
  const ctx = roleContext(role, client, site);
  const asked = siteFor(sites);
  return VIEW_AS_PAGES.map((e) => {
    const path = samplePath(e.path, asked);
    const { view, edit } = permissionsAt(path, ctx, kindOf(asked));
    return { pattern: e.path, path, access: edit && declaresChanges(path) ? "edit" : view ? "view" : "none" };
  });
}
