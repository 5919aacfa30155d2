/**
 * /manage/group/{id}/sign-out — the group's sign-out settings (groups spec §2, §3): the sign-out message, and clearing who is in at a time of day or after some hours.
 * ManageVisitorGroup.viewer to open (read-only), .editor to save; works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionTab } from "~/features/groups/section-tab";
import { sectionAction, sectionLoader } from "~/features/groups/section.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;
export const loader = (args: LoaderFunctionArgs) => sectionLoader(args, "sign_out");
export const action = (args: ActionFunctionArgs) => sectionAction(args, "sign_out");

export default function GroupSignOutTab() {
  return <SectionTab section="sign_out" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
