/**
 * Add-ons (issue 26 item 8; ADR 036 "The Spaces add-on"): this area's handlers of the contract's
 * routes (the whole table is assembled in ../areas.ts).
 */
import type { addonRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { setSpacesAtSite, spacesAddon, startSpacesTrial } from "./spaces.ts";

export const addonHandlers = {
  spacesAddon: ({ app, principal }) => spacesAddon(app.db, principal),
  startSpacesTrial: ({ app, principal, body }) => startSpacesTrial(app, principal, body),
  setSpacesAtSite: ({ app, principal, ctx, body }) => setSpacesAtSite(app, principal, ctx.params.siteId!, body),
} satisfies Handlers<keyof typeof addonRoutes>;
