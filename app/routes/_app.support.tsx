/** /support — how to get help, with the details support staff will ask for. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { formatLongDate } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ config, ctx }, { t, locale }] = await Promise.all([requireAccess(request), translator(request)]);
  const trialDate = config.client.trial_ends_on ? formatLongDate(config.client.trial_ends_on, locale) : "";
  return {
    title: `${t("support.title")} · Gatehouse`,
    details: [
      [t("profile.name"), config.user.name],
      [t("profile.email"), config.user.email],
      [t("profile.organisation"), config.client.name],
      [t("support.client_id"), config.client.global_client_id],
      [t("support.account_status"), t(`support.status.${config.client.settings.account_status}`)],
      [t("support.trial"), ctx.onTrial ? (ctx.expired ? t("support.trial_ended", { date: trialDate }) : t("support.trial_until", { date: trialDate })) : t("support.not_on_trial")],
      [t("support.app_version"), config.latest_app_version],
    ] as [string, string][],
  };
}

export default function Support() {
  const { details } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("support.heading")}</h1>
      <p>{t("support.intro")}</p>
      <h2>{t("support.details_heading")}</h2>
      <p className="muted">{t("support.details_intro")}</p>
      <dl className="details">
        {details.map(([k, v]) => (
          <div key={k} className="details__row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
