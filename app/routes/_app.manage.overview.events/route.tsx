/** /manage/overview/events — see `SiteOverview` (app/features/manage/overview.tsx). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { overviewLoader } from "~/features/manage/overview.server";
import { SiteOverview } from "~/features/manage/overview";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export const loader = (args: LoaderFunctionArgs) => overviewLoader(args, "events");

export default SiteOverview;

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
