/**
 * GET /manage/account/audit-log/export?user=&area=&from=&to= — the filtered entries as CSV
 * (AuditLog.viewer; ADR 022), streamed from the upstream (newest first, at most 50,000, formula
 * cells escaped there) without being held. A refused filter is a 400 with its message; the file's
 * name carries the range.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/guard.server";
import { auditFilterOf, auditQueryParams } from "~/features/audit/filter";
import { translator } from "~/i18n/i18n.server";
import { refusalResponse } from "~/upstream/refusal.server";
import { pacedBody } from "~/upstream/paced-body.server";

/** `attachment; filename="audit-log 2026-01-01 to 2026-01-31.csv"; filename*=UTF-8''…` as the upstream writes it. */
const DISPOSITION = /^attachment; filename="audit-log [A-Za-z0-9 -]{1,40}\.csv"; filename\*=UTF-8''[A-Za-z0-9%._~-]{1,200}$/;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request);
  const { query, errors } = auditFilterOf(new URL(request.url));
  if (errors) {
    const { t } = await translator(request, "audit");
    const message = Object.values(errors).flat().map((k) => t(k)).join(" ");
    return new Response(message, { status: 400, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  }
  let file;
  try {
    file = await access.viewer.download("auditExport", { query: auditQueryParams(query), signal: request.signal });
  } catch (err) {
    if (err instanceof Response) throw err;
    refusalResponse(err);
  }
  const disposition = String(file.headers["content-disposition"] ?? "");
  const headers = new Headers({
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": DISPOSITION.test(disposition) ? disposition : 'attachment; filename="audit-log.csv"',
    "cache-control": "private, no-store",
  });
  return new Response(pacedBody(file.body, context), { status: 200, headers });
}
