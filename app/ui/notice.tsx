import { useTranslation } from "react-i18next";
import type { Notice } from "~/forms/action-result";

/** A message with its tone (the one notice type: an action's, a flash's). */
export type ToneNotice = Notice;

/** A message with its tone spelled out in words and an icon, never by colour alone. */
export function NoticeBanner({ notice, global = false }: { notice: ToneNotice; global?: boolean }) {
  const { t } = useTranslation();
  const text = notice.key ? t(notice.key, notice.values ?? {}) : (notice.text ?? "");
  const label = t(`common:tone.${notice.tone}`);
  return (
    <div
      className={`notice notice--${notice.tone}${global ? " notice--global" : ""}`}
      role={notice.tone === "error" ? "alert" : "status"}
      aria-live={notice.tone === "error" ? "assertive" : "polite"}
    >
      <span className="notice__icon" aria-hidden="true">
        {notice.tone === "error" ? "!" : notice.tone === "success" ? "✓" : "i"}
      </span>
      <span className="notice__label">{label}:</span> <span>{text}</span>
    </div>
  );
}

/**
 * An action's message that no form holds (`pageNotice` / `rowNotice` of an ActionResult), or a
 * loader's (an item asked for that is not there): announced, its tone in words.
 */
export function ActionNotice({ notice }: { notice: ToneNotice | null | undefined }) {
  return notice ? <NoticeBanner notice={notice} /> : null;
}
