/**
 * Attendance reports (ADR 027).
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { attendanceRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { clearAttendanceOverride, exportDailyAttendance, exportSiteAttendance, getDailyAttendance, getSiteAttendance, setAttendanceOverride } from "./report.ts";

export const attendanceHandlers = {
  // Attendance reports (attendance/; ADR 027).
  siteAttendance: ({ app, principal, ctx }) => getSiteAttendance(app, principal, ctx.url),
  siteAttendanceExport: ({ app, principal, ctx }) => exportSiteAttendance(app, principal, ctx),
  dailyAttendance: ({ app, principal, ctx }) => getDailyAttendance(app, principal, ctx.url),
  dailyAttendanceExport: ({ app, principal, ctx }) => exportDailyAttendance(app, principal, ctx),
  setAttendanceOverride: ({ app, principal, ctx, body }) => setAttendanceOverride(app, principal, ctx, body),
  clearAttendanceOverride: ({ app, principal, ctx }) => clearAttendanceOverride(app, principal, ctx),
} satisfies Handlers<keyof typeof attendanceRoutes>;
