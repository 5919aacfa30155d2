/**
 * /manage/group/{id}/companion — the group's companion settings (groups spec §2, §3): inviting members to the companion app, and how often it asks for their PIN.
 * ManageVisitorGroup.viewer to open (read-only), .editor to save; works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionTab } from "~/features/groups/section-tab";
import { sectionAction, sectionLoader } from "~/features/groups/section.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;
export const loader = (args: LoaderFunctionArgs) => sectionLoader(args, "companion");
export const action = (args: ActionFunctionArgs) => sectionAction(args, "companion");

export default function GroupCompanionTab() {
  return <SectionTab section="companion" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
