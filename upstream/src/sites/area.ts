/** The sites area: its handlers, its demo data's steps and its test hooks (gathered by the one index, ../areas.ts). */
import type { Area } from "../runtime/area.ts";
import { siteHandlers } from "./handlers.ts";
import { seedSteps } from "./seed.ts";
import { testHooks } from "./testhooks.ts";

export const area = { name: "sites", handlers: siteHandlers, seedSteps, testHooks } satisfies Area;
