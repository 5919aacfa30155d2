/**
 * /manage/group/brivo-id/{group?} — the returning groups to connect to brivo, or one group's
 * brivo integration (groups spec §2; see features/groups/provider-page.server).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ProviderPage } from "~/features/groups/provider-page";
import { providerAction, providerLoader } from "~/features/groups/provider-page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;
export const loader = (args: LoaderFunctionArgs) => providerLoader(args, "brivo");
export const action = (args: ActionFunctionArgs) => providerAction(args, "brivo");
export default ProviderPage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
