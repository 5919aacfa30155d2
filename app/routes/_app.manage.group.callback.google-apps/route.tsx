/** /manage/group/callback/google-apps — the google-apps directory's return page (see features/groups/sync-callback.server). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { callbackLoader } from "~/features/groups/sync-callback.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const loader = (args: LoaderFunctionArgs) => callbackLoader(args, "google-apps");

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
