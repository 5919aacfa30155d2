/** The pre-registrations area: its handlers and its demo data's steps (gathered by the one index, ../areas.ts). */
import type { Area } from "../runtime/area.ts";
import { preRegistrationHandlers } from "./handlers.ts";
import { seedSteps } from "./seed.ts";

export const area = { name: "pre-registrations", handlers: preRegistrationHandlers, seedSteps } satisfies Area;
