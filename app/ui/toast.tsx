import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NoticeBanner, type ToneNotice } from "./notice";

/** Spec §9: toasts last 5000 ms by default. */
export const TOAST_DURATION_MS = 5000;

/**
 * A one-shot message from the server (flash). Without JavaScript it is simply shown on the page it
 * arrives with. With JavaScript it disappears after 5 s — paused while pointed at or focused, so
 * nobody loses a message they are reading — and can be dismissed.
 */
export function Toast({ notice, duration = TOAST_DURATION_MS }: { notice: ToneNotice; duration?: number }) {
  const { t } = useTranslation();
  const [enhanced, setEnhanced] = useState(false);
  const [visible, setVisible] = useState(true);
  const [paused, setPaused] = useState(false);
  const remaining = useRef(duration);

  useEffect(() => setEnhanced(true), []);
  useEffect(() => {
    if (!enhanced || paused || !visible) return;
    const started = Date.now();
    const timer = setTimeout(() => setVisible(false), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [enhanced, paused, visible]);

  if (!visible) return null;
  return (
    <div
      className="toast"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <NoticeBanner notice={notice} global />
      {enhanced ? (
        <button type="button" className="toast__close" onClick={() => setVisible(false)} aria-label={t("common:dismiss")}>
          ×
        </button>
      ) : null}
    </div>
  );
}
