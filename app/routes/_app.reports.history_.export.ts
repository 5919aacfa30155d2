/**
 * GET /reports/history/export?format=csv|xlsx&from=&to=&… — the filtered visit history as a
 * spreadsheet (History.export; ADR 025), streamed from the upstream through `streamSheet` without
 * being held. A range the export refuses never starts a download: it goes back to the history page
 * (`?export=`), which shows the spec's message next to the form.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/guard.server";
import { sheetFormat, streamSheet } from "~/upstream/spreadsheet.server";
import { exportProblems, filtersOf, setFilters } from "./_app.reports.history/filters.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request);
  const format = sheetFormat(request);
  const filters = filtersOf(new URL(request.url));
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
