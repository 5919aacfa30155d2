/** The users area: its handlers and its test hooks (gathered by the one index, ../areas.ts). */
import type { Area } from "../runtime/area.ts";
import { userHandlers } from "./handlers.ts";
import { testHooks } from "./testhooks.ts";

export const area = { name: "users", handlers: userHandlers, testHooks } satisfies Area;
