/** The today area: its handlers and its demo data's steps (gathered by the one index, ../areas.ts). */
import type { Area } from "../runtime/area.ts";
import { todayHandlers } from "./handlers.ts";
import { seedSteps } from "./seed.ts";

export const area = { name: "today", handlers: todayHandlers, seedSteps } satisfies Area;
