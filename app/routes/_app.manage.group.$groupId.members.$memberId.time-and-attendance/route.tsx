/** /manage/group/{id}/members/{memberId}/time-and-attendance — the member editor's time-and-attendance tab (`~/features/members/tab-page`). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { tabAction, tabLoader } from "~/features/members/tab.server";
import { MemberTabPage } from "~/features/members/tab-page";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const loader = (args: LoaderFunctionArgs) => tabLoader(args, "time-and-attendance");
export const action = (args: ActionFunctionArgs) => tabAction(args, "time-and-attendance");
export default MemberTabPage;
export const ErrorBoundary = () => <GeneralErrorBoundary inShell />;
