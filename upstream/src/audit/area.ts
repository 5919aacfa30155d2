/** The audit area: its handlers and its demo data's steps (gathered by the one index, ../areas.ts). */
import type { Area } from "../runtime/area.ts";
import { auditHandlers } from "./handlers.ts";
import { seedSteps } from "./seed.ts";

export const area = { name: "audit", handlers: auditHandlers, seedSteps } satisfies Area;
