/** The spaces area: its handlers, its demo data's steps and its scheduled work (gathered by the one index, ../areas.ts). */
import type { Area } from "../runtime/area.ts";
import { startRelease } from "./check-in.ts";
import { spaceHandlers } from "./handlers.ts";
import { seedSteps } from "./seed.ts";
import { testHooks } from "./testhooks.ts";

export const area = { name: "spaces", handlers: spaceHandlers, seedSteps, testHooks, jobs: startRelease } satisfies Area;
