/** /manage/group/{id}/members/{memberId}/credentials — the member editor's credentials tab (`~/features/members/tab-page`). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { tabAction, tabLoader } from "~/features/members/tab.server";
import { MemberTabPage } from "~/features/members/tab-page";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const loader = (args: LoaderFunctionArgs) => tabLoader(args, "credentials");
export const action = (args: ActionFunctionArgs) => tabAction(args, "credentials");
export default MemberTabPage;
export const ErrorBoundary = () => <GeneralErrorBoundary inShell />;
