/**
 * /today — for now the landing page after sign-in: the selected site and who is signed in there,
 * from the upstream's config. The live Today view (realtime) builds on it.
 */
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isExpired } from "~/access/context";
import { selectedSite } from "~/features/auth/site-selection.server";
import { translator } from "~/i18n/i18n.server";
import { requireAccess } from "~/access/guard.server";
import { NoticeBanner } from "~/ui/notice";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Gatehouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ viewer, config }, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const site = await selectedSite(viewer, config.sites);
  return {
    title: `${t("today.title")} · Gatehouse`,
    userName: config.user.name,
    clientName: config.client.name,
    expired: isExpired(config.client),
    site: site ? { name: site.name, signedIn: site.visitors_signed_in_count, evacuation: site.evacuation_in_progress, timezone: site.timezone } : null,
  };
}

export default function Today() {
  const { userName, clientName, site, expired } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("today.heading")}</h1>
      <p className="muted">{t("today.welcome", { name: userName, client: clientName })}</p>
      {expired ? <NoticeBanner notice={{ key: "common:today.trial_ended", tone: "info" }} /> : null}
      {site ? (
        <>
          <h2>{site.name}</h2>
          <dl className="stat-grid">
            <div className="stat">
              <dt>{t("today.signed_in")}</dt>
              <dd>{site.signedIn}</dd>
            </div>
            <div className="stat">
              <dt>{t("today.evacuation")}</dt>
              <dd>{site.evacuation ? t("today.evacuation_in_progress") : t("today.evacuation_none")}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p>{t("today.no_sites")}</p>
      )}
    </>
  );
}
