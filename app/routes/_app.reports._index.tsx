/**
 * /reports — the reports this user may open (platform §2; active accounts only), drawn from the
 * access table: every report below /reports that has a screen, in the table's order, when the same
 * rule evaluation the portal enforces lets this user open it (a report not built yet — timesheets,
 * absences, bookings — is no link until its route is a screen). Each has a title and a one-line
 * summary (`common:reports.<name>`).
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { opensScreen } from "~/access/outcome";
import { ACCESS_TABLE } from "~/access/table";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

/** The reports: the table's entries one level below /reports (no parameters), in its order. */
const REPORTS = ACCESS_TABLE.filter((e) => /^\/reports\/[a-z-]+$/.test(e.path)).map((e) => ({ path: e.path, key: e.path.slice("/reports/".length) }));

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const reports = REPORTS.filter((r) => opensScreen(r.path, access.ctx));
  return data({ title: `${t("common:reports.title")} · Gatehouse`, reports }, { headers: access.headers });
}

export default function Reports() {
  const { reports } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="reports">
      <h1>{t("reports.title")}</h1>
      {reports.length === 0 ? (
        <p className="empty-state">{t("reports.none")}</p>
      ) : (
        <ul className="report-cards">
          {reports.map((r) => (
            <li key={r.path}>
              <h2>
                <Link to={r.path}>{t(`reports.${r.key}.title`)}</Link>
              </h2>
              <p>{t(`reports.${r.key}.summary`)}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
