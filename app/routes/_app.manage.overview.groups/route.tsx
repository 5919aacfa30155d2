/** /manage/overview/groups — the organisation's groups; see `GroupOverview` (app/features/manage/overview.tsx). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { groupOverviewLoader } from "~/features/manage/overview.server";
import { GroupOverview } from "~/features/manage/overview";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export const loader = (args: LoaderFunctionArgs) => groupOverviewLoader(args);

export default GroupOverview;

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
