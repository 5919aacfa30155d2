import { navigationFor } from "~/access/navigation";
import type { Access } from "~/access/guard.server";
import { LOCALE_NAMES, LOCALES } from "~/i18n/config";
import { selectedSite } from "./site-selection.server";

/**
 * What every signed-in page shows around its content: the client, the site picker, the areas the
 * user may open (from the access table) and the user menu. Nothing secret leaves here.
 */
export async function shellData(access: Access, locale: string) {
  const { viewer, config, ctx } = access;
  const site = await selectedSite(viewer, config.sites);
  return {
    user: { name: config.user.name, email: config.user.email, isSuper: ctx.isSuper },
    client: { name: config.client.name, expired: ctx.expired },
    sites: config.sites.map((s) => ({ id: s.id, name: s.name })),
    siteId: site?.id ?? null,
    multiClient: ctx.clientCount > 1,
    nav: navigationFor(ctx),
    locale,
    locales: LOCALES.map((l) => ({ id: l, name: LOCALE_NAMES[l] })),
  };
}
