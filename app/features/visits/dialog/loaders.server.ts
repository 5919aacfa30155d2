/**
 * The visit details dialog's loaders (groups spec §2: tabs details, absence, history, badge,
 * documents), shared by Today's dialog and the history's (`where.ts`). Each tab has its own rule in
 * the access table; tabs the user may not open are not offered. Opened from the history, the visit
 * and its badge are read under History.viewer (the user may not hold Today.viewer), and the
 * upstream leaves the personal fields out unless the flag visit-record-personal-fields is on.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/guard.server";
import { outcomeFor } from "~/access/outcome";
import { isDeparture } from "~/features/today/status";
import { todayPermissions } from "~/features/today/today.server";
import { siteZone, VISIT_TABS, visitIdParam } from "~/features/today/visit.server";
import type { Locale } from "~/i18n/config";
import { formatDateTimeAt, formatDay } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { DIALOG_PLACES, visitPath, type DialogPlace } from "./where";

export async function visitDialogLoader({ request, params }: LoaderFunctionArgs, place: DialogPlace) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "today")]);
  const visitId = visitIdParam(params);
  const visit = await upstreamLoad(access.viewer.api(DIALOG_PLACES[place].visit, { params: { visitId } }));
  const can = todayPermissions(access);
  // Actions of the Today view are Today's: from the history the dialog only shows.
  const today = place === "today";
  return {
    title: `${visit.name} · ${t("today:visit.title")} · Gatehouse`,
    place,
    visit,
    timezone: siteZone(access.config, visit.site_id),
    locale: access.viewer.locale as Locale,
    tabs: VISIT_TABS.filter((tab) => outcomeFor(visitPath(place, visitId, tab), access.ctx).kind === "view"),
    can: {
      signOut: today && can.signInOut && visit.status === "signed_in",
      approve: today && can.approve && visit.status === "pending",
      return: today && can.signInOut && visit.status === "away",
      locations: can.locations,
    },
  };
}

export async function detailsLoader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  return null;
}

export async function absenceLoader({ request, params }: LoaderFunctionArgs) {
  const { viewer } = await requireAccess(request);
  const result = await upstreamLoad(viewer.api("visitAbsences", { params: { visitId: visitIdParam(params) } }));
  return { ...result, locale: viewer.locale as Locale };
}

export async function badgeLoader({ request, params }: LoaderFunctionArgs, place: DialogPlace) {
  const { viewer } = await requireAccess(request);
  return upstreamLoad(viewer.api(DIALOG_PLACES[place].badge, { params: { visitId: visitIdParam(params) } }));
}

export async function documentsLoader({ request, params }: LoaderFunctionArgs) {
  const { viewer } = await requireAccess(request);
  const result = await upstreamLoad(viewer.api("visitDocuments", { params: { visitId: visitIdParam(params) } }));
  const today = new Date().toISOString().slice(0, 10);
  const locale = viewer.locale as Locale;
  return {
    applicable: result.applicable,
    documents: result.documents.map((d) => ({
      id: d.id,
      title: d.title,
      expires: d.expires_on ? formatDay(d.expires_on, locale) : null,
      expired: d.expires_on !== null && d.expires_on < today,
    })),
  };
}

export async function historyLoader({ request, params }: LoaderFunctionArgs) {
  const { viewer, config } = await requireAccess(request);
  const { visits } = await upstreamLoad(viewer.api("visitHistory", { params: { visitId: visitIdParam(params) } }));
  const locale = viewer.locale as Locale;
  const when = (iso: string | null, zone: string) => (iso ? formatDateTimeAt(iso, zone, locale) : null);
  return {
    visits: visits.map((v) => {
      const zone = siteZone(config, v.site_id);
      return {
        id: v.id,
        site: config.sites.find((s) => s.id === v.site_id)?.name ?? null,
        group: v.group.name,
        status: v.status,
        // A departure (ADR 015) has no sign-in before it: its signed_in_at is the return.
        signedIn: when(isDeparture(v.status) ? v.signed_in_at : (v.signed_in_at ?? v.created_at), zone),
        signedOut: when(v.signed_out_at, zone),
      };
    }),
  };
}

export type VisitDialogData = Awaited<ReturnType<typeof visitDialogLoader>>;
export type AbsenceData = Awaited<ReturnType<typeof absenceLoader>>;
export type BadgeData = Awaited<ReturnType<typeof badgeLoader>>;
export type DocumentsData = Awaited<ReturnType<typeof documentsLoader>>;
export type HistoryData = Awaited<ReturnType<typeof historyLoader>>;
