/**
 * GET /reports/history/export?format=csv|xlsx&from=&to=&… — the filtered visit history as a
 * spreadsheet (History.export; ADR 025), streamed from the upstream through `streamSheet` without
 * being held. A range the export refuses never starts a download: it goes back to the history page
 * (`?export=`), which shows the spec's message next to the form. Without any range it is the
 * last 31 days (the form always sends one).
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { RANGE_LIMITS } from "@contract";
import { requireAccess } from "~/access/guard.server";
import { sheetFormat, streamSheet } from "~/upstream/spreadsheet.server";
import { exportProblems, filtersOf, setFilters } from "./_app.reports.history/filters.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request);
  const format = sheetFormat(request);
  const filters = filtersOf(new URL(request.url));
  if (!filters.from && !filters.to) {
    const today = new Date().toISOString().slice(0, 10);
    filters.to = today;
    filters.from = new Date(Date.parse(`${today}T00:00:00Z`) - (RANGE_LIMITS.exportMaxDays - 1) * 86_400_000).toISOString().slice(0, 10);
  }
  const back = () => redirect(`/reports/history?${new URLSearchParams({ ...setFilters(filters), export: format })}`, 303);
  if (exportProblems(format, filters)) throw back();
  try {
    return await streamSheet({ access, request, context, format, fallbackName: `history-${filters.from}-to-${filters.to}` }, "historyExport", { query: setFilters(filters) });
  } catch (err) {
    // A filter the upstream refuses (422 → 400 here): the page says which.
    if (err instanceof Response && err.status === 400) throw back();
    throw err;
  }
}
