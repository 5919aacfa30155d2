/** /today/visits/{id} — the visit details dialog (groups spec §2), over the Today list; loaders and screens in `features/visits/dialog/`. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { visitDialogLoader } from "~/features/visits/dialog/loaders.server";
import { VisitDialog } from "~/features/visits/dialog/screens";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;
export const loader = (args: LoaderFunctionArgs) => visitDialogLoader(args, "today");
export default VisitDialog;

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
