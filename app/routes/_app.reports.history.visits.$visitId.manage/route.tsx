/** /reports/history/visits/{id}/manage — the history's visit dialog's Manage tab (`~/features/visits/manage`; ADR 026). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { manageAction, manageLoader } from "~/features/visits/manage/manage.server";
import { VisitManageTab } from "~/features/visits/manage/manage-tab";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

const OPTIONS = { closeTo: "/reports/history" };
export const loader = (args: LoaderFunctionArgs) => manageLoader(args, OPTIONS);
export const action = (args: ActionFunctionArgs) => manageAction(args, OPTIONS);
export default VisitManageTab;
export const ErrorBoundary = () => <GeneralErrorBoundary inShell />;
