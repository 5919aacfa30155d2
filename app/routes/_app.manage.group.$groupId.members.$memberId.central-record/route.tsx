/** /manage/group/{id}/members/{memberId}/central-record — the member editor's central-record tab (`~/features/members/tab-page`). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { tabAction, tabLoader } from "~/features/members/tab.server";
import { MemberTabPage } from "~/features/members/tab-page";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const loader = (args: LoaderFunctionArgs) => tabLoader(args, "central-record");
export const action = (args: ActionFunctionArgs) => tabAction(args, "central-record");
export default MemberTabPage;
export const ErrorBoundary = () => <GeneralErrorBoundary inShell />;
