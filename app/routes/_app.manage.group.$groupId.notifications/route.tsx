/**
 * /manage/group/{id}/notifications — the group's notifications settings (groups spec §2, §3): whether hosts are told, and the only addresses notifications about this group may go to.
 * ManageVisitorGroup.viewer to open (read-only), .editor to save; works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionTab } from "~/features/groups/section-tab";
import { sectionAction, sectionLoader } from "~/features/groups/section.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;
export const loader = (args: LoaderFunctionArgs) => sectionLoader(args, "notifications");
export const action = (args: ActionFunctionArgs) => sectionAction(args, "notifications");

export default function GroupNotificationsTab() {
  return <SectionTab section="notifications" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
