/** /my-profile — who you are signed in as, where, with which role and language. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { LOCALE_NAMES, LOCALES } from "~/i18n/config";
import { translator } from "~/i18n/i18n.server";
import { upstreamContext } from "~/session/request-context.server";
import { LanguagePicker } from "~/ui/language-picker";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ viewer, config, ctx }, { t }, upstream] = await Promise.all([requireAccess(request), translator(request), upstreamContext(request)]);
  const restrictedTo = viewer.claims["user:site_id"]
    .split(",")
    .filter(Boolean)
    .map((id) => config.sites.find((s) => String(s.id) === id)?.name ?? `#${id}`);
  return {
    title: `${t("profile.title")} · Gatehouse`,
    name: config.user.name,
    email: config.user.email,
    client: config.client.name,
    roles: config.roles.map((r) => r.name),
    flags: { primary: ctx.isPrimary, billing: ctx.isBilling, super: ctx.isSuper },
    restrictedTo,
    locale: upstream.locale,
    timezone: upstream.timezone,
    locales: LOCALES.map((l) => ({ id: l, name: LOCALE_NAMES[l] })),
  };
}

export default function MyProfile() {
  const p = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  const yes = (b: boolean) => (b ? t("profile.yes") : t("profile.no"));
  return (
    <>
      <h1>{t("profile.heading")}</h1>
      <dl className="details">
        <dt>{t("profile.name")}</dt>
        <dd>{p.name}</dd>
        <dt>{t("profile.email")}</dt>
        <dd>{p.email}</dd>
        <dt>{t("profile.organisation")}</dt>
        <dd>{p.client}</dd>
        <dt>{t("profile.roles")}</dt>
        <dd>{p.roles.length ? p.roles.join(", ") : t("profile.none")}</dd>
        <dt>{t("profile.sites")}</dt>
        <dd>{p.restrictedTo.length ? p.restrictedTo.join(", ") : t("profile.all_sites")}</dd>
        <dt>{t("profile.primary")}</dt>
        <dd>{yes(p.flags.primary)}</dd>
        <dt>{t("profile.billing")}</dt>
        <dd>{yes(p.flags.billing)}</dd>
        {p.flags.super ? (
          <>
            <dt>{t("profile.super")}</dt>
            <dd>
              <span className="badge badge--super">{t("shell.super_user")}</span>
            </dd>
          </>
        ) : null}
        <dt>{t("profile.timezone")}</dt>
        <dd>{p.timezone}</dd>
      </dl>
      <h2>{t("profile.language_heading")}</h2>
      <LanguagePicker locale={p.locale} locales={p.locales} redirectTo={location.pathname} idPrefix="profile" />
    </>
  );
}
