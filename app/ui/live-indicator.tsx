/**
 * A live page's status line. With JavaScript: the realtime status, in words and an icon (never by
 * colour alone). Without: the page's self-refresh, with a button to turn it off (or on again),
 * posted to the page's own action (`REFRESH_INTENT`).
 */
import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LiveStatus } from "~/realtime/client";

const ICON: Record<LiveStatus, string> = { connecting: "…", live: "●", reconnecting: "↻", degraded: "!", refused: "✕", ended: "■" };

export function LiveIndicator({ status, refresh, refreshOff, action }: { status: LiveStatus; refresh: number; refreshOff: boolean; action: string }) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (hydrated) {
    return (
      <p className={`live live--${status}`} role="status" data-testid="live-status">
        <span aria-hidden="true">{ICON[status]}</span> {t(`live.${status}`)}
      </p>
    );
  }
  return (
    <Form method="post" action={action} className="live-refresh">
      <p className="live live--static" data-testid="live-status">
        {refreshOff ? t("live.refresh_off") : t("live.refreshes", { count: refresh })}
      </p>
      <input type="hidden" name="intent" value="auto-refresh" />
      <button type="submit" name="value" value={refreshOff ? "on" : "off"} className="button button--link">
        {refreshOff ? t("live.start_refresh") : t("live.stop_refresh")}
      </button>
    </Form>
  );
}
