/** The devices area: its handlers and its test hooks (gathered by the one index, ../areas.ts). */
import type { Area } from "../runtime/area.ts";
import { deviceHandlers } from "./handlers.ts";
import { testHooks } from "./testhooks.ts";

export const area = { name: "devices", handlers: deviceHandlers, testHooks } satisfies Area;
