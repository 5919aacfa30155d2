/**
 * GET /manage/group/{id}/members/import/template?format=csv|xlsx — the import's header row to
 * fill in (GroupMember.viewer; ADR 018), from the upstream, which owns the columns.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { streamMembersFile } from "~/features/members/download.server";

export const loader = (args: LoaderFunctionArgs) => streamMembersFile(args, "memberTemplate");
