/** The add-ons area (issue 26 item 8: the Spaces add-on and its trial; ADR 036), gathered by the one index, ../areas.ts. */
import type { Area } from "../runtime/area.ts";
import { addonHandlers } from "./handlers.ts";
import { testHooks } from "./testhooks.ts";

export const area = { name: "addons", handlers: addonHandlers, testHooks } satisfies Area;
