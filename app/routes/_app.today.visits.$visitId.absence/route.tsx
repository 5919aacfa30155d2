/** /today/visits/{id}/absence — the member's absences around today (AbsenceReport.view); loaders and screens in `features/visits/dialog/`. */
import { absenceLoader } from "~/features/visits/dialog/loaders.server";
import { AbsenceTab } from "~/features/visits/dialog/screens";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const loader = absenceLoader;
export default AbsenceTab;

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
