/**
 * /manage/group/{id}/onboarding — the group's onboarding settings (groups spec §2, §3): the welcome email new members get.
 * ManageVisitorGroup.viewer to open (read-only), .editor to save; works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionTab } from "~/features/groups/section-tab";
import { sectionAction, sectionLoader } from "~/features/groups/section.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;
export const loader = (args: LoaderFunctionArgs) => sectionLoader(args, "onboarding");
export const action = (args: ActionFunctionArgs) => sectionAction(args, "onboarding");

export default function GroupOnboardingTab() {
  return <SectionTab section="onboarding" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
