import { useTranslation } from "react-i18next";
import type { Visit } from "@contract";

/** Where a visit signed in, as coordinates that open a map (Today.locations). */
export function LocationLink({ location }: { location: NonNullable<Visit["location"]> }) {
  const { t } = useTranslation("today");
  const lat = location.lat.toFixed(5);
  const lng = location.lng.toFixed(5);
  return (
    <a href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`} rel="noopener noreferrer" target="_blank">
      {t("location", { lat, lng, accuracy: Math.round(location.accuracy) })}
      <span className="visually-hidden"> {t("opens_new_tab")}</span>
    </a>
  );
}

