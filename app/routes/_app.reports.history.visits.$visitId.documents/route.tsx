/** /reports/history/visits/{id}/documents — the member's documents and their expiry (GroupMember.viewer); loaders and screens in `features/visits/dialog/`. */
import { documentsLoader } from "~/features/visits/dialog/loaders.server";
import { DocumentsTab } from "~/features/visits/dialog/screens";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const loader = documentsLoader;
export default DocumentsTab;

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
