/** /today/visits/{id}/details — the visit record (the dialog's parent loaded it); loaders and screens in `features/visits/dialog/`. */
import { detailsLoader } from "~/features/visits/dialog/loaders.server";
import { DetailsTab } from "~/features/visits/dialog/screens";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const loader = detailsLoader;
export default function DetailsRoute() {
  return <DetailsTab place="today" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
