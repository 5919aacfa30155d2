/**
 * /manage/group/{id}/time-and-attendance — the group's Time & Attendance (groups spec §2, §3, §5):
 * whether its members clock in and out, the default group manager who approves their timesheets and
 * absences ("A manager must belong to a group with Time & Attendance enabled"), and how clock times
 * are rounded. Only with the time-and-attendance flag (the access table). ManageVisitorGroup.viewer
 * to open (read-only), .editor to save; works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionTab } from "~/features/groups/section-tab";
import { sectionAction, sectionLoader } from "~/features/groups/section.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;
export const loader = (args: LoaderFunctionArgs) => sectionLoader(args, "time_and_attendance");
export const action = (args: ActionFunctionArgs) => sectionAction(args, "time_and_attendance");

export default function GroupTimeAndAttendanceTab() {
  return <SectionTab section="time_and_attendance" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
