/**
 * /spaces — the spaces landing (issue 26 item 3; ADR 036): the sites where the user may use spaces
 * (the config's sites with spaces on: already the user's scope). One site: straight to its
 * bookings; several: a list to pick from (with each site's designer for a Spaces.editor); none: a word
 * saying so.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { can } from "~/access/rights";
import { spacesSites } from "~/features/spaces/site.server";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "spaces")]);
  const sites = spacesSites(access).map((s) => ({ id: s.id, name: s.name }));
  if (sites.length === 1) throw redirect(`/spaces/${sites[0]!.id}/bookings`, { headers: access.headers });
  return data({ title: `${t("landing.title")} · Gatehouse`, sites, canDesign: can(access, "Spaces.editor") }, { headers: access.headers });
}

/** Nothing is posted here: whoever may not open the page hears 403 first, anyone else 405. */
export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  throw new Response("Method not allowed", { status: 405, headers: { ...Object.fromEntries(access.headers), allow: "GET" } });
}

export default function SpacesLanding() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("spaces");
  return (
    <div className="spaces-landing">
      <div className="page-heading">
        <h1>{t("landing.heading")}</h1>
      </div>
      {d.sites.length === 0 ? (
        <p className="empty-state">{t("landing.none")}</p>
      ) : (
        <>
          <p>{t("landing.choose")}</p>
          <ul className="link-list">
            {d.sites.map((s) => (
              <li key={s.id}>
                <Link to={`/spaces/${s.id}/bookings`}>{s.name}</Link>
                {d.canDesign ? (
                  <>
                    {" · "}
                    <Link to={`/manage/spaces/${s.id}`}>
                      {t("landing.design")}
                      <span className="visually-hidden"> {s.name}</span>
                    </Link>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
