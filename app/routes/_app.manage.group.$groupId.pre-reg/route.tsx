/**
 * /manage/group/{id}/pre-reg — the group's pre-reg settings (groups spec §2, §3): whether visitors must be pre-registered, whether pre-registrations need approval, and the invitation they get.
 * ManageVisitorGroup.viewer to open (read-only), .editor to save; works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionTab } from "~/features/groups/section-tab";
import { sectionAction, sectionLoader } from "~/features/groups/section.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;
export const loader = (args: LoaderFunctionArgs) => sectionLoader(args, "pre_reg");
export const action = (args: ActionFunctionArgs) => sectionAction(args, "pre_reg");

export default function GroupPreRegTab() {
  return <SectionTab section="pre_reg" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
