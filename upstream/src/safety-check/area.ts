/** The safety-check area: its handlers, its demo data's steps and its test hooks (gathered by the one index, ../areas.ts). */
import type { Area } from "../runtime/area.ts";
import { safetyCheckHandlers } from "./handlers.ts";
import { seedSteps } from "./seed.ts";
import { testHooks } from "./testhooks.ts";

export const area = { name: "safety-check", handlers: safetyCheckHandlers, seedSteps, testHooks } satisfies Area;
