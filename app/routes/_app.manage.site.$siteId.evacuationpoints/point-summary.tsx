/** One evacuation point as the list shows it: its place in the order, title, icon, location (with a map link) and photo. */
import { useTranslation } from "react-i18next";
import { EVACUATION_POINT_ICONS, type EvacuationPoint } from "@contract";

/** A point as the page gets it: its photo as the portal's URL (or not shown). */
export interface ShownPoint {
  id: number;
  title: string;
  icon: EvacuationPoint["icon"];
  photo: { stored: boolean; url: string | null };
  location: EvacuationPoint["location"];
}

/** A glyph beside each icon's name (decoration only: the name is always written out). */
const ICON_GLYPHS: Record<(typeof EVACUATION_POINT_ICONS)[number], string> = {
  "assembly-point": "⚑",
  "car-park": "P",
  grass: "♣",
  building: "▦",
  door: "▯",
  road: "═",
  flag: "⚐",
  "first-aid": "✚",
};

export function PointSummary({ point, position }: { point: ShownPoint; position: number }) {
  const { t } = useTranslation("sites");
  return (
    <div className="point-summary">
      <h3>
        <span className="point-position">{t("evacuationpoints.position", { position })}</span>{" "}
        {point.title}
      </h3>
      <dl className="point-facts">
        <div>
          <dt>{t("evacuationpoints.field.icon")}</dt>
          <dd>{point.icon ? <IconLabel icon={point.icon} /> : t("evacuationpoints.icon_none")}</dd>
        </div>
        <div>
          <dt>{t("evacuationpoints.field.location")}</dt>
          <dd>
            {point.location ? (
              <>
                {t("evacuationpoints.coordinates", { latitude: String(point.location.lat), longitude: String(point.location.lng) })}{" "}
                <a
                  href={`https://www.openstreetmap.org/?mlat=${point.location.lat}&mlon=${point.location.lng}#map=18/${point.location.lat}/${point.location.lng}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t("evacuationpoints.open_map")}
                  <span className="visually-hidden"> ({point.title})</span>
                </a>
              </>
            ) : (
              t("evacuationpoints.location_none")
            )}
          </dd>
        </div>
        <div>
          <dt>{t("evacuationpoints.field.photo")}</dt>
          <dd>
            {point.photo.url ? (
              <img className="point-photo" src={point.photo.url} alt={t("evacuationpoints.photo_alt", { title: point.title })} />
            ) : point.photo.stored ? (
              t("evacuationpoints.photo_not_shown")
            ) : (
              t("evacuationpoints.photo_none")
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}

function IconLabel({ icon }: { icon: NonNullable<ShownPoint["icon"]> }) {
  const { t } = useTranslation("sites");
  return (
    <span className="point-icon">
      <span className="point-icon__glyph" aria-hidden="true">
        {ICON_GLYPHS[icon]}
      </span>
      {t(`evacuationpoints.icon.${icon}`)}
    </span>
  );
}
