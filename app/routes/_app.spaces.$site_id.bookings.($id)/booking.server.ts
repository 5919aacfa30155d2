/**
 * One booking's page (issue 26 item 3; ADR 036): found among the site's bookings of its day (`?on=`,
 * the list's links carry it; else the next 62 days from yesterday: the contract has no single read),
 * in every status; its times in the site's zone; the change form's values as the site's wall clock.
 */
import { data } from "@remix-run/node";
import { requireAccess } from "~/access/guard.server";
import { flatten, loadSpaces, notFound, siteOf } from "~/features/spaces/site.server";
import { readSearch, todayIn, validDay } from "~/features/spaces/search.server";
import type { Locale } from "~/i18n/config";
import { formatDateTimeAt, wallClock } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const hhmm = (instant: string, zone: string) => {
  const w = wallClock(instant, zone);
  return `${String(w.getHours()).padStart(2, "0")}:${String(w.getMinutes()).padStart(2, "0")}`;
};

export async function bookingLoader({ request, params }: { request: Request; params: { site_id?: string; id?: string } }) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "spaces")]);
  const site = siteOf(access, params.site_id);
  const id = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : notFound();
  const zone = site.timezone || "UTC";
  const url = new URL(request.url);
  const on = url.searchParams.get("on") ?? "";
  const today = todayIn(zone);
  const [from, to] = validDay(on) ? [on, on] : [addDays(today, -1), addDays(today, 60)];
  const [spaces, list] = await Promise.all([
    loadSpaces(access, site.id),
    upstreamLoad(access.viewer.api("listBookings", { params: { siteId: site.id }, query: { from, to, status: "all" } })),
  ]);
  const b = list.bookings.find((x) => x.id === id) ?? notFound();
  const { spaces: all, zones } = flatten(spaces.layout);
  const locale = access.viewer.locale as Locale;
  const space = all.find((s) => s.id === b.space_id);
  const when = (v: string | null) => (v ? formatDateTimeAt(v, zone, locale) : null);
  const { search } = readSearch(url, zone);
  return data(
    {
      kind: "booking" as const,
      title: `${t("booking.title", { name: b.space_name })} · Gatehouse`,
      site: { id: site.id, name: site.name, timezone: zone },
      search,
      booking: {
        id: b.id,
        space: b.space_name,
        zonePath: space?.zonePath ?? "",
        category: b.category,
        start: when(b.start)!,
        end: when(b.end)!,
        person: b.person.name,
        bookedBy: b.booked_by.name,
        status: b.status,
        used: b.used_at !== null,
        usedAt: when(b.used_at),
        endedAt: when(b.ended_at),
        series: b.series_id !== null,
        note: b.note,
        canChange: b.can_change && b.status === "active",
      },
      values: { space_id: String(b.space_id), day: todayIn(zone, new Date(b.start)), from: hhmm(b.start, zone), to: hhmm(b.end, zone), note: b.note ?? "" },
      spaceOptions: all.filter((s) => s.category === b.category).map((s) => ({ id: s.id, name: s.zonePath ? `${s.name} (${s.zonePath})` : s.name })),
      zones: zones.length,
    },
    { headers: access.headers },
  );
}
