/**
 * /manage/group/{id}/sign-in — the group's sign-in settings (groups spec §2, §3): who signs in and how: photos, badges, the safety check, scanning, QR and contactless sign-in.
 * ManageVisitorGroup.viewer to open (read-only), .editor to save; works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionTab } from "~/features/groups/section-tab";
import { sectionAction, sectionLoader } from "~/features/groups/section.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;
export const loader = (args: LoaderFunctionArgs) => sectionLoader(args, "sign_in");
export const action = (args: ActionFunctionArgs) => sectionAction(args, "sign_in");

export default function GroupSignInTab() {
  return <SectionTab section="sign_in" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
