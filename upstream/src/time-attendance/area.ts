/** The time-and-attendance area: working hours, rotas, activity statuses — its handlers and its demo data's steps (gathered by the one index, ../areas.ts). */
import type { Area } from "../runtime/area.ts";
import { timeAttendanceHandlers } from "./handlers.ts";
import { seedSteps } from "./seed.ts";

export const area = { name: "time-attendance", handlers: timeAttendanceHandlers, seedSteps } satisfies Area;
