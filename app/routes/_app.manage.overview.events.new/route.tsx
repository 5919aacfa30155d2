/** /manage/overview/events/new — add one (a dialog over the overview); see app/features/manage/new-site.tsx. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NewSiteDialog } from "~/features/manage/new-site";
import { newSiteAction, newSiteLoader } from "~/features/manage/new-site.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export const loader = (args: LoaderFunctionArgs) => newSiteLoader(args, "events");
export const action = (args: ActionFunctionArgs) => newSiteAction(args, "events");

export default NewSiteDialog;

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
