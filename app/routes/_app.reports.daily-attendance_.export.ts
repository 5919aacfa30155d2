/**
 * GET /reports/daily-attendance/export?format=csv|xlsx&from&to&site&group — daily attendance for a
 * range of at most 31 days as a spreadsheet (ADR 027), streamed from the upstream; a bad filter is
 * a 400 with the message.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { streamAttendance } from "~/features/attendance/export.server";

export const loader = (args: LoaderFunctionArgs) => streamAttendance(args, "dailyAttendanceExport");
