/** GET /manage/safety-check/block-list/template — the block list import's CSV template (BlockList.viewer; ADR 029), from the upstream, which owns the columns. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/guard.server";
import { streamSheet } from "~/upstream/spreadsheet.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request);
  return streamSheet({ access, request, context, format: "csv", fallbackName: "block-list-template" }, "blockListTemplate", {});
}
