/**
 * What the site tabs share on the server: rows moved up or down as the full id list the upstream
 * wants, and the groups shown at the site.
 */
import type { Access } from "~/access/guard.server";
import { UpstreamError } from "~/upstream/errors";


/**
 * The full order after moving one row up or down, or null when the row is not in the list (it
 * belongs elsewhere or is gone). Moving the first row up or the last down changes nothing.
 */
export function movedOrder(ids: readonly number[], id: number, direction: FormDataEntryValue | null): number[] | null {
  if (direction !== "up" && direction !== "down") throw new Response("Bad request", { status: 400 });
  const at = ids.indexOf(id);
  if (at < 0) return null;
  const to = direction === "up" ? at - 1 : at + 1;
  const out = [...ids];
  if (to < 0 || to >= ids.length) return out;
  [out[at], out[to]] = [out[to]!, out[at]!];
  return out;
}

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
