/**
 * What the site tabs share on the server: the groups shown at the site.
 */
import type { Access } from "~/access/guard.server";
import { UpstreamError } from "~/upstream/errors";



/**
 * The groups shown at the site, for "shown for these groups" (the site's own groups call: the
 * viewer right of its kind, which every tab's loader has checked); null when they cannot be listed:
 * the form then keeps the stored choice.
 */
export async function siteGroups(access: Pick<Access, "viewer">, siteId: number): Promise<{ id: number; name: string }[] | null> {
  try {
    const { groups } = await access.viewer.api("siteGroups", { params: { siteId } });
    return groups.filter((g) => g.shown).map((g) => ({ id: g.id, name: g.name }));
  } catch (err) {
    if (err instanceof UpstreamError) return null;
    throw err;
  }
}
