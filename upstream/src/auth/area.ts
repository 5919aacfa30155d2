/** The auth area: its handlers and its test hooks (gathered by the one index, ../areas.ts). */
import type { Area } from "../runtime/area.ts";
import { authHandlers } from "./handlers.ts";
import { testHooks } from "./testhooks.ts";

export const area = { name: "auth", handlers: authHandlers, testHooks } satisfies Area;
