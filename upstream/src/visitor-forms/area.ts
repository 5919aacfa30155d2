/** The visitor-forms area: its handlers and its demo data's steps (gathered by the one index, ../areas.ts). */
import type { Area } from "../runtime/area.ts";
import { visitorFormHandlers } from "./handlers.ts";
import { seedSteps } from "./seed.ts";

export const area = { name: "visitor-forms", handlers: visitorFormHandlers, seedSteps } satisfies Area;
