/**
 * A spreadsheet streamed from the upstream to the browser without being held (ADR 018; every
 * export copies this): chunks go on as the browser takes them (`context.drained`), as
 * `files.$name.ts` does for uploaded files. The content type is the format's, never the upstream's
 * word; the download's name is the upstream's when it has the expected shape. A refusal before the
 * first byte (rights, a range too long) is the catalogue's answer (`refusalResponse`).
 */
import type { AppLoadContext } from "@remix-run/node";
import { badRequest } from "~/forms/intents.server";
import { SHEET_FORMATS, type RouteName, type SheetFormat } from "@contract";
import type { Access } from "~/access/guard.server";
import { refusalResponse } from "~/upstream/refusal.server";
import { pacedBody } from "~/upstream/paced-body.server";

export const SHEET_CONTENT_TYPES: Record<SheetFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};
/** `attachment; filename="…"; filename*=UTF-8''…` as the upstream writes it (no quotes, CR or LF inside). */
const DISPOSITION = /^attachment; filename="[A-Za-z0-9._ -]{1,200}"; filename\*=UTF-8''[A-Za-z0-9%._~!$&+^`|-]{1,1000}$/;

/** `?format=` of the request: csv when absent; anything else is a 400. */
export function sheetFormat(request: Request): SheetFormat {
  const asked = new URL(request.url).searchParams.get("format") ?? "csv";
  if (!(SHEET_FORMATS as readonly string[]).includes(asked)) badRequest();
  return asked as SheetFormat;
}

export interface SheetRequest {
  access: Access;
  request: Request;
  context: AppLoadContext;
  format: SheetFormat;
  /** The file's name (without the extension) when the upstream's is missing or odd. */
  fallbackName: string;
}

/** Download `route` from the upstream as the user and stream it on. */
export async function streamSheet<N extends RouteName>(
  { access, request, context, format, fallbackName }: SheetRequest,
  route: N,
  opts: { params?: Record<string, string | number>; query?: Record<string, string | number | undefined> },
): Promise<Response> {
  let file;
  try {
    file = await access.viewer.download(route, { ...opts, query: { ...opts.query, format }, signal: request.signal } as never);
  } catch (err) {
    if (err instanceof Response) throw err;
    refusalResponse(err);
  }
  const disposition = String(file.headers["content-disposition"] ?? "");
  const headers = new Headers({
    "content-type": SHEET_CONTENT_TYPES[format],
    "content-disposition": DISPOSITION.test(disposition) ? disposition : `attachment; filename="${fallbackName}.${format}"`,
    "cache-control": "private, no-store",
  });
  return new Response(pacedBody(file.body, context), { status: 200, headers });
}
