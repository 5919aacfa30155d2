/**
 * GET /manage/group/{id}/members/export?format=csv|xlsx — the group's members as a spreadsheet
 * (GroupMember.viewer and ManageVisitorGroup.export; groups spec §6), streamed from the upstream,
 * formula cells escaped there (ADR 018). Named for the group and the day.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { streamMembersFile } from "~/features/members/download.server";

export const loader = (args: LoaderFunctionArgs) => streamMembersFile(args, "memberExport");
