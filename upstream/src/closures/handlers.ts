/**
 * Closure days (issue 27 item 2): this area's handlers of the contract's routes (the whole table
 * is assembled in ../areas.ts).
 */
import type { closureRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { createClosure, deleteClosure, importHolidays, listClosures, listHolidays, updateClosure } from "./closures.ts";

export const closureHandlers = {
  listClosurePeriods: ({ app, principal, ctx }) => listClosures(app, principal, ctx.url),
  createClosurePeriod: ({ app, principal, body }) => createClosure(app, principal, body),
  updateClosurePeriod: ({ app, principal, ctx, body }) => updateClosure(app, principal, ctx.params.closureId!, body),
  deleteClosurePeriod: ({ app, principal, ctx }) => deleteClosure(app, principal, ctx.params.closureId!),
  listPublicHolidays: ({ app, principal, ctx }) => listHolidays(app, principal, ctx.url),
  importPublicHolidays: ({ app, principal, body }) => importHolidays(app, principal, body),
} satisfies Handlers<keyof typeof closureRoutes>;
