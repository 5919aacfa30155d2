/** /manage/group/callback/azure-ad — the azure-ad directory's return page (see features/groups/sync-callback.server). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { callbackLoader } from "~/features/groups/sync-callback.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const loader = (args: LoaderFunctionArgs) => callbackLoader(args, "azure-ad");

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
