/** The closure days area (issue 27 item 2): its handlers and its demo data's steps (gathered by the one index, ../areas.ts). */
import type { Area } from "../runtime/area.ts";
import { closureHandlers } from "./handlers.ts";
import { seedSteps } from "./seed.ts";

export const area = { name: "closures", handlers: closureHandlers, seedSteps } satisfies Area;
