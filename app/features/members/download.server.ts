/** A members spreadsheet (the export, the import template; ADR 018), streamed through the portal. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/guard.server";
import { groupIdParam } from "~/features/groups/group.server";
import { sheetFormat, streamSheet } from "~/upstream/spreadsheet.server";

export async function streamMembersFile({ request, params, context }: LoaderFunctionArgs, route: "memberExport" | "memberTemplate") {
  const access = await requireAccess(request);
  const groupId = groupIdParam(params);
  const format = sheetFormat(request);
  return streamSheet({ access, request, context, format, fallbackName: "members" }, route, { params: { groupId } });
}
