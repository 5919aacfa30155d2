/**
 * /manage/group/azure-id/{group?} — the returning groups to connect to azure-ad, or one group's
 * azure-ad integration (groups spec §2; see features/groups/provider-page.server).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ProviderPage } from "~/features/groups/provider-page";
import { providerAction, providerLoader } from "~/features/groups/provider-page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;
export const loader = (args: LoaderFunctionArgs) => providerLoader(args, "azure-ad");
export const action = (args: ActionFunctionArgs) => providerAction(args, "azure-ad");
export default ProviderPage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
