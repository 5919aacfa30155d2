/** /reports/history/visits/{id}/badge — the badge printed at sign-in, as it looks; loaders and screens in `features/visits/dialog/`. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { badgeLoader } from "~/features/visits/dialog/loaders.server";
import { BadgeTab } from "~/features/visits/dialog/screens";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const loader = (args: LoaderFunctionArgs) => badgeLoader(args, "history");
export default function BadgeRoute() {
  return <BadgeTab place="history" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
