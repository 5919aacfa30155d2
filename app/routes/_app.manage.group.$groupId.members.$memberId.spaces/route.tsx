/** /manage/group/{id}/members/{memberId}/spaces — the member editor's spaces tab (`~/features/members/tab-page`). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { tabAction, tabLoader } from "~/features/members/tab.server";
import { MemberTabPage } from "~/features/members/tab-page";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const loader = (args: LoaderFunctionArgs) => tabLoader(args, "spaces");
export const action = (args: ActionFunctionArgs) => tabAction(args, "spaces");
export default MemberTabPage;
export const ErrorBoundary = () => <GeneralErrorBoundary inShell />;
