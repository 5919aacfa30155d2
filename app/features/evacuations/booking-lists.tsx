/** The space bookings under way at a site, for the fire list and the evacuation report (ADR 036). */
import { useTranslation } from "react-i18next";
import type { BookingOnSite } from "@contract";

/**
 * Space bookings under way at a site (ADR 036) — on the fire list now, in an evacuation report when
 * it started: the people who had signed in, by zone, and apart the people who booked but had not;
 * whom to look for is not a colour, it is a list.
 */
export function BookingLists({ bookings }: { bookings: BookingOnSite[] }) {
  const { t } = useTranslation("evacuations");
  const inUse = bookings.filter((b) => b.used);
  const absent = bookings.filter((b) => !b.used);
  const zones = [...new Set(inUse.map((b) => b.zone))];
  return (
    <>
      {inUse.length > 0 && (
        <>
          <h3>{t("report.bookings_in_use")}</h3>
          {zones.map((zone) => (
            <section key={zone} aria-label={zone}>
              <h4>{zone}</h4>
              <ul>
                {inUse.filter((b) => b.zone === zone).map((b) => (
                  <li key={b.id}>
                    {b.name} · {b.space}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
      {absent.length > 0 && (
        <>
          <h3>{t("report.bookings_absent")}</h3>
          <ul>
            {absent.map((b) => (
              <li key={b.id}>
                {`${b.name} · ${b.space} (${b.zone})`}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
