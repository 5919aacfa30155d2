/**
 * GET /manage/account/audit-log/export?user=&area=&from=&to= — the filtered entries as CSV
 * (`&format=xlsx` for Excel; AuditLog.viewer; ADR 022), streamed from the upstream (newest first, at
 * most 50,000, formula cells escaped there) without being held. A refused filter is a 400 with its
 * message; the file's name carries the range.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/guard.server";
import { auditFilterOf, auditQueryParams } from "~/features/audit/filter";
import { translator } from "~/i18n/i18n.server";
import { sheetFormat, streamSheet } from "~/upstream/spreadsheet.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request);
  const format = sheetFormat(request);
  const { query, errors } = auditFilterOf(new URL(request.url));
  if (errors) {
    const { t } = await translator(request, "audit");
    const message = Object.values(errors).flat().map((k) => t(k)).join(" ");
    return new Response(message, { status: 400, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  }
  return streamSheet({ access, request, context, format, fallbackName: "audit-log" }, "auditExport", { query: auditQueryParams(query) });
}
