/**
 * GET /manage/account/subscriptions/invoices/{id} — one invoice as a PDF (platform §4; ADR 023),
 * made by the upstream with pdfkit and streamed to the browser as it takes it (as the members
 * export is). The content type is the portal's word; the file's name is the upstream's when it has
 * the expected shape. Who may: the subscriptions page's rule (the access table).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/guard.server";
import { postedId } from "~/forms/action-result.server";
import { pacedBody } from "~/upstream/paced-body.server";
import { refusalResponse } from "~/upstream/refusal.server";

const DISPOSITION = /^attachment; filename="INV-\d{1,12}\.pdf"; filename\*=UTF-8''INV-\d{1,12}\.pdf$/;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request);
  const invoiceId = postedId(params.invoiceId);
  if (invoiceId === null) throw new Response("Not found", { status: 404 });
  let file;
  try {
    file = await access.viewer.download("invoicePdf", { params: { invoiceId }, signal: request.signal });
  } catch (err) {
    if (err instanceof Response) throw err;
    refusalResponse(err);
  }
  const disposition = String(file.headers["content-disposition"] ?? "");
  const headers = new Headers({
    "content-type": "application/pdf",
    "content-disposition": DISPOSITION.test(disposition) ? disposition : `attachment; filename="invoice-${invoiceId}.pdf"`,
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  });
  return new Response(pacedBody(file.body, context), { status: 200, headers });
}

/** Nothing is posted here: refused as the page is (403), else 405. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAccess(request);
  throw new Response("Method not allowed", { status: 405 });
}
