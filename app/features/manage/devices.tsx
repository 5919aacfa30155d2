/** A site's devices as the devices tab and a device's own page show them (platform §4 states). */
import { useTranslation } from "react-i18next";
import type { Device } from "@contract";
import type { Locale } from "~/i18n/config";
import { formatDateTimeAt } from "~/i18n/format";

/** A device as the tab shows it: states as words, times in the site's zone. */
export function shownDevice(d: Device, timezone: string, locale: Locale) {
  return {
    id: d.id,
    name: d.name,
    status: d.status,
    appStatus: d.app_status,
    appVersion: d.app_version,
    lastSeen: d.last_seen_at ? formatDateTimeAt(d.last_seen_at, timezone, locale) : null,
    connected: formatDateTimeAt(d.connected_at, timezone, locale),
  };
}
export type ShownDevice = ReturnType<typeof shownDevice>;

/** Online/offline and up to date/outdated: an icon and words (never colour alone). */
export function DeviceStatus({ status }: { status: ShownDevice["status"] }) {
  const { t } = useTranslation("sites");
  return (
    <span className={`device-state device-state--${status}`}>
      <span className="device-state__icon" aria-hidden="true">
        {status === "online" ? "●" : "○"}
      </span>
      {t(`devices.status.${status}`)}
    </span>
  );
}

export function AppStatus({ status }: { status: ShownDevice["appStatus"] }) {
  const { t } = useTranslation("sites");
  return (
    <span className={`device-state device-state--${status}`}>
      <span className="device-state__icon" aria-hidden="true">
        {status === "up_to_date" ? "✓" : "!"}
      </span>
      {t(`devices.app.${status}`)}
    </span>
  );
}
