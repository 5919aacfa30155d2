/**
 * How a safety-check outcome reads on a visit (ADR 029), in words and an icon, never by colour
 * alone: a soft check's flag ("Flagged: on the block list") and a hard check's rejection
 * ("Sign-in rejected: …", visits:rejection.*). Today, the history and the visit dialog use it.
 */
import { useTranslation } from "react-i18next";
import type { Visit } from "@contract";

export function SafetyFlag({ visit }: { visit: Pick<Visit, "safety_flag" | "rejection_reason" | "status"> }) {
  const { t } = useTranslation("safety-check");
  if (visit.status === "rejected" && visit.rejection_reason) {
    return (
      <span className="status status--rejected safety-flag" data-safety="rejected">
        {t("visits:rejection.label", { reason: t(`visits:rejection.${visit.rejection_reason}`) })}
      </span>
    );
  }
  if (!visit.safety_flag) return null;
  return (
    <span className="status status--flagged safety-flag" data-safety="flagged">
      <span aria-hidden="true">⚠ </span>
      {t("flag.label", { reason: t(`visits:rejection.${visit.safety_flag}`) })}
    </span>
  );
}
