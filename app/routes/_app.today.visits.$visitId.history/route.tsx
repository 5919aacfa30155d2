/** /today/visits/{id}/history — the same person's other visits (History.viewer); loaders and screens in `features/visits/dialog/`. */
import { historyLoader } from "~/features/visits/dialog/loaders.server";
import { HistoryTab } from "~/features/visits/dialog/screens";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const loader = historyLoader;
export default HistoryTab;

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
