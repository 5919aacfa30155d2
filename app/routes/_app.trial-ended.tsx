/** /trial-ended — where active-only routes send an expired client's users (not super users). */
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { formatLongDate } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ config, ctx }, { t, locale }] = await Promise.all([requireAccess(request), translator(request)]);
  if (!ctx.expired) throw redirect("/today");
  const endedOn = formatLongDate(config.client.trial_ends_on!, locale);
  return {
    title: `${t("trial_ended.title")} · Gatehouse`,
    client: config.client.name,
    endedOn,
    canBuy: ctx.isPrimary || ctx.isBilling,
    multiClient: ctx.clientCount > 1,
  };
}

export default function TrialEnded() {
  const { client, endedOn, canBuy, multiClient } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="trial-heading" className="card card--wide">
      <h1 id="trial-heading">{t("trial_ended.heading")}</h1>
      <p>{t("trial_ended.body", { client, date: endedOn })}</p>
      <p>{canBuy ? t("trial_ended.buy") : t("trial_ended.ask_admin")}</p>
      <p className="muted">{t("trial_ended.still_available")}</p>
      <ul className="actions">
        <li>
          <Link to="/today">{t("trial_ended.to_today")}</Link>
        </li>
        <li>
          <Link to="/support">{t("shell.support")}</Link>
        </li>
        {multiClient ? (
          <li>
            <Link to="/client-switcher">{t("shell.switch_client")}</Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
