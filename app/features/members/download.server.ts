/**
 * A members spreadsheet (the export, the import template) streamed from the upstream to the
 * browser without being held (ADR 018): chunks go on as the browser takes them (`context.drained`),
 * as `files.$name.ts` does for uploaded files. The content type is the format's, never the
 * upstream's word; the download's name is the upstream's when it has the expected shape.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { MEMBER_IO_FORMATS, type MemberIoFormat } from "@contract";
import { requireAccess } from "~/access/guard.server";
import { groupIdParam } from "~/features/groups/group.server";
import { refusalResponse } from "~/upstream/refusal.server";
import { pacedBody } from "~/upstream/paced-body.server";

const CONTENT_TYPES: Record<MemberIoFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};
/** `attachment; filename="…"; filename*=UTF-8''…` as the upstream writes it (no quotes, CR or LF inside). */
const DISPOSITION = /^attachment; filename="[A-Za-z0-9._ -]{1,200}"; filename\*=UTF-8''[A-Za-z0-9%._~!$&+^`|-]{1,1000}$/;

export async function streamMembersFile({ request, params, context }: LoaderFunctionArgs, route: "memberExport" | "memberTemplate") {
  const access = await requireAccess(request);
  const groupId = groupIdParam(params);
  const asked = new URL(request.url).searchParams.get("format") ?? "csv";
  if (!(MEMBER_IO_FORMATS as readonly string[]).includes(asked)) throw new Response("Bad request", { status: 400 });
  const format = asked as MemberIoFormat;
  let file;
  try {
    file = await access.viewer.download(route, { params: { groupId }, query: { format }, signal: request.signal });
  } catch (err) {
    if (err instanceof Response) throw err;
    refusalResponse(err);
  }
  const disposition = String(file.headers["content-disposition"] ?? "");
  const headers = new Headers({
    "content-type": CONTENT_TYPES[format],
    "content-disposition": DISPOSITION.test(disposition) ? disposition : `attachment; filename="members.${format}"`,
    "cache-control": "private, no-store",
  });
  const stream = pacedBody(file.body, context);
  return new Response(stream, { status: 200, headers });
}
