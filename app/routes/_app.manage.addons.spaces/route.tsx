/**
 * /manage/addons/spaces — the Spaces add-on (platform §2: Spaces.editor and at least one site has
 * a space; issue 26 item 8; ADR 036): its state (a trial with its days left and last day, a trial
 * that has ended, or purchased), its price per site per year, and each site with Spaces on or off,
 * a link to its designer and to its bookings. Buying it is issue 29's.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { AddonSites, AddonState } from "~/features/addons/spaces-addon";
import { ADDON_PATH, addonAction, loadAddon } from "~/features/addons/spaces-addon.server";
import { pageNotice } from "~/forms/action-result";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t, locale }] = await Promise.all([requireAccess(request), translator(request, "addons")]);
  const addon = await loadAddon(access, locale);
  return data({ title: `${t("spaces.title")} · Gatehouse`, addon }, { headers: access.headers });
}

export const action = ({ request }: ActionFunctionArgs) => addonAction(request, ["site"]);

export default function SpacesAddonPage() {
  const { addon } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("addons");
  return (
    <div className="manage">
      <h1>{t("spaces.title")}</h1>
      <ActionNotice notice={pageNotice(answer, addon.sites.map((s) => s.id))} />
      <AddonState addon={addon} />
      <AddonSites addon={addon} action={ADDON_PATH} answer={answer} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
