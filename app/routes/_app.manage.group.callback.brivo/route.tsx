/** /manage/group/callback/brivo — the brivo directory's return page (see features/groups/sync-callback.server). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { callbackLoader } from "~/features/groups/sync-callback.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const loader = (args: LoaderFunctionArgs) => callbackLoader(args, "brivo");

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
