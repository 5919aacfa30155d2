/**
 * The selected site, remembered per user and client (not per session), so switching client or
 * signing in again brings back the last used site, else the first one.
 */
import type { Config, Site } from "@contract";
import { isExpired } from "~/access/context";
import { store } from "~/session/store.server";
import type { Viewer } from "~/session/auth.server";

const YEAR = 60 * 60 * 24 * 365;
const prefKey = (v: Viewer) => `pref:site:${v.claims.sub}:${v.claims.aud}`;

export async function selectedSite(viewer: Viewer, sites: Site[]): Promise<Site | null> {
  const stored = Number(await store().get(prefKey(viewer)));
  return sites.find((s) => s.id === stored) ?? sites[0] ?? null;
}


/**
 * Store a site choice. Spec §2: selecting a site is ignored when the client is expired and the
 * user is not a super user. Returns whether the choice was kept.
 */
export async function selectSite(viewer: Viewer, config: Config, siteId: number): Promise<boolean> {
  if (isExpired(config.client) && !viewer.claims["user:is_super"]) return false;
  if (!config.sites.some((s) => s.id === siteId)) return false;
  await store().set(prefKey(viewer), String(siteId), YEAR);
  return true;
}
