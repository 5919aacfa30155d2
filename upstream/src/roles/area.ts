/** The roles area: its handlers and its test hooks (gathered by the one index, ../areas.ts). */
import type { Area } from "../runtime/area.ts";
import { roleHandlers } from "./handlers.ts";
import { testHooks } from "./testhooks.ts";

export const area = { name: "roles", handlers: roleHandlers, testHooks } satisfies Area;
