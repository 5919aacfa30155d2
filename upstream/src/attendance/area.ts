/** The attendance area: its handlers and its demo data's steps (gathered by the one index, ../areas.ts). */
import type { Area } from "../runtime/area.ts";
import { attendanceHandlers } from "./handlers.ts";
import { seedSteps } from "./seed.ts";

export const area = { name: "attendance", handlers: attendanceHandlers, seedSteps } satisfies Area;
