/**
 * The attendance exports (ADR 027): the filter of the query checked as the page checks it (a bad
 * range, site or group is a 400 with the message as text, before anything is asked of the
 * upstream), then the upstream's spreadsheet streamed on (`streamSheet`; formula cells escaped there).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/guard.server";
import { translator } from "~/i18n/i18n.server";
import { sheetFormat, streamSheet } from "~/upstream/spreadsheet.server";
import { exportProblem, groupFilter, rangeFilter, siteFilter } from "./filters.server";

export async function streamAttendance({ request, context }: LoaderFunctionArgs, route: "siteAttendanceExport" | "dailyAttendanceExport") {
  const access = await requireAccess(request);
  const format = sheetFormat(request);
  const url = new URL(request.url);
  const range = rangeFilter(url);
  const site = siteFilter(url, access);
  const group = route === "dailyAttendanceExport" ? groupFilter(url) : { group: null, problem: null };
  const problem = range.problem ?? site.problem ?? group.problem;
  if (problem) return exportProblem((await translator(request, "attendance")).t(problem.key));
  return streamSheet({ access, request, context, format, fallbackName: route === "siteAttendanceExport" ? "site-attendance" : "daily-attendance" }, route, {
    query: { from: range.from, to: range.to, site_id: site.site ?? undefined, group_id: group.group ?? undefined },
  });
}
