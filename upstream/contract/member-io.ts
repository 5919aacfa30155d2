// ---------------------------------------------------------------------------------------------
// Group members in and out as spreadsheets (issue 15 §3, groups spec §2 "members import"): the
// template, export (CSV, XLSX), and import with a preview before anything is written.
// ---------------------------------------------------------------------------------------------
import type { RouteDef } from "./common.ts";

export const memberIoRoutes = {} as const satisfies Record<string, RouteDef>;
