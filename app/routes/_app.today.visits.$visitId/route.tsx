/**
 * /today/visits/{id} — the visit details dialog (groups spec §2: tabs details, absence, history,
 * badge, documents), over the Today list. Each tab is a child route with its own loader and its
 * own rule in the access table; tabs the user may not open are not offered.
 */
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { outcomeFor } from "~/access/outcome";
import { statusKey } from "~/features/today/status";
import { todayPermissions } from "~/features/today/today.server";
import { siteZone, VISIT_TABS, visitIdParam } from "~/features/today/visit.server";
import type { Locale } from "~/i18n/config";
import { translator } from "~/i18n/i18n.server";
import { RouteDialog } from "~/ui/dialog";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { upstreamLoad } from "~/upstream/load.server";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "today")]);
  const visitId = visitIdParam(params);
  const visit = await upstreamLoad(access.viewer.api("visit", { params: { visitId } }));
  const can = todayPermissions(access);
  return {
    title: `${visit.name} · ${t("today:visit.title")} · Gatehouse`,
    visit,
    timezone: siteZone(access.config, visit.site_id),
    locale: access.viewer.locale as Locale,
    tabs: VISIT_TABS.filter((tab) => outcomeFor(`/today/visits/${visitId}/${tab}`, access.ctx).kind === "view"),
    can: {
      signOut: can.signInOut && visit.status === "signed_in",
      approve: can.approve && visit.status === "pending",
      return: can.signInOut && visit.status === "away",
      locations: can.locations,
    },
  };
}

export default function VisitDialog() {
  const { visit, tabs, can } = useLoaderData<typeof loader>();
  const { t } = useTranslation("today");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("visitId") === String(visit.id);
  return (
    <RouteDialog title={visit.name} closeTo="/today" wide>
      <p className="muted">
        {visit.group.name} · {visit.site_name} · <span className={`status status--${visit.status}`}>{t(statusKey(visit.status))}</span>
      </p>
      <nav aria-label={t("visit.tabs")} className="tabs">
        {tabs.map((tab) => (
          <NavLink key={tab} to={`/today/visits/${visit.id}/${tab}`} preventScrollReset>
            {t(`visit.tab.${tab}`)}
          </NavLink>
        ))}
      </nav>
      <div className="tab-panel">
        <Outlet />
      </div>
      {can.signOut || can.approve || can.return ? (
        <Form method="post" action="/today" className="actions">
          <input type="hidden" name="intent" value={can.signOut ? "sign-out" : can.approve ? "approve" : "return"} />
          <input type="hidden" name="visitId" value={visit.id} />
          <input type="hidden" name="name" value={visit.name} />
          <button type="submit" className="button" aria-busy={busy || undefined} disabled={busy}>
            {can.signOut
              ? t("sign_out", { name: visit.name })
              : can.approve
                ? t("approve", { name: visit.name })
                : t("sign_out_first.return", { name: visit.name })}
          </button>
        </Form>
      ) : null}
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
