/**
 * GET /reports/bookings/export?format=csv|xlsx and the report's filters — the bookings report as a
 * spreadsheet (issue 26 item 7; ADR 036), streamed from the upstream (formula cells escaped there);
 * a bad filter is a 400 with the message as text.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/guard.server";
import { exportProblem } from "~/features/attendance/filters.server";
import { bookingsFilters, bookingsQuery } from "~/features/spaces/report-filters.server";
import { translator } from "~/i18n/i18n.server";
import { sheetFormat, streamSheet } from "~/upstream/spreadsheet.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request);
  const format = sheetFormat(request);
  const { filters, problems } = bookingsFilters(new URL(request.url), access);
  if (problems[0]) return exportProblem((await translator(request, "spaces")).t(problems[0].key));
  return streamSheet({ access, request, context, format, fallbackName: "bookings" }, "bookingsReportExport", { query: bookingsQuery(filters) });
}
