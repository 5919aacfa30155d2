/** The members area: its handlers and its demo data's steps (gathered by the one index, ../areas.ts). */
import type { Area } from "../runtime/area.ts";
import { memberHandlers } from "./handlers.ts";
import { seedSteps } from "./seed.ts";

export const area = { name: "members", handlers: memberHandlers, seedSteps } satisfies Area;
