/**
 * /manage/group/{id}/privacy — the group's privacy settings (groups spec §2, §3): how long visit records and members are kept (1 day to 15 years; members 7 days to 6 years).
 * ManageVisitorGroup.viewer to open (read-only), .editor to save; works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionTab } from "~/features/groups/section-tab";
import { sectionAction, sectionLoader } from "~/features/groups/section.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;
export const loader = (args: LoaderFunctionArgs) => sectionLoader(args, "privacy");
export const action = (args: ActionFunctionArgs) => sectionAction(args, "privacy");

export default function GroupPrivacyTab() {
  return <SectionTab section="privacy" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
