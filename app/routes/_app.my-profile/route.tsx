/**
 * /my-profile — who you are signed in as, where, with which role; and what every signed-in user
 * changes about themselves (issue 16 item 6; ADR 020): their name, the language (stored on the
 * user), the password, two-factor authentication (set up at /my-profile/two-factor) and the
 * notification preferences (per organisation). Invitations from other organisations wait here, to
 * accept or decline (issue 24: nothing of an organisation applies before).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { dispatch } from "~/forms/intents.server";
import { requireAccess } from "~/access/guard.server";
import { pageNotice, resultFor } from "~/forms/action-result";
import { LOCALE_NAMES, LOCALES } from "~/i18n/config";
import { translator } from "~/i18n/i18n.server";
import { upstreamContext } from "~/session/request-context.server";
import { upstreamLoad } from "~/upstream/load.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { acceptInvitation, declineInvitation, disableTwoFactor, language, name, notifications, password, type ProfileAction } from "./actions.server";
import { InvitationsSection, LanguageSection, NameSection, NotificationsSection, PasswordSection, TwoFactorSection } from "./sections";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }, upstream] = await Promise.all([requireAccess(request), translator(request), upstreamContext(request)]);
  const { viewer, config, ctx } = access;
  const [profile, invitations] = await Promise.all([upstreamLoad(viewer.api("profile")), upstreamLoad(viewer.api("myInvitations"))]);
  const restrictedTo = viewer.claims["user:site_id"]
    .split(",")
    .filter(Boolean)
    .map((id) => config.sites.find((s) => String(s.id) === id)?.name ?? `#${id}`);
  return data({
    title: `${t("profile.title")} · Gatehouse`,
    profile,
    invitations,
    name: config.user.name,
    email: config.user.email,
    client: config.client.name,
    roles: config.roles.map((r) => r.name),
    flags: { primary: ctx.isPrimary, billing: ctx.isBilling, super: ctx.isSuper },
    restrictedTo,
    locale: upstream.locale,
    timezone: upstream.timezone,
    locales: LOCALES.map((l) => ({ id: l, name: LOCALE_NAMES[l] })),
  }, { headers: access.headers });
}

const INTENTS = {
  name,
  language,
  password,
  "disable-2fa": disableTwoFactor,
  notifications,
  "accept-invitation": acceptInvitation,
  "decline-invitation": declineInvitation,
};

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  const form = await request.formData();
  return dispatch(form, INTENTS, { request, access, form });
}

export default function MyProfile() {
  const p = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const yes = (b: boolean) => (b ? t("profile.yes") : t("profile.no"));
  return (
    <>
      <h1>{t("profile.heading")}</h1>
      <ActionNotice notice={pageNotice(answer, p.invitations.map((i) => i.id))} />
      <InvitationsSection invitations={p.invitations} answer={answer} />
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
      <NameSection name={p.profile.name} lastResult={resultFor(answer, "name")} />
      <LanguageSection locale={p.locale} locales={p.locales} lastResult={resultFor(answer, "language")} />
      <PasswordSection email={p.email} sso={p.profile.sso} lastResult={resultFor(answer, "password")} />
      <TwoFactorSection profile={p.profile} lastResult={resultFor(answer, "disable-2fa")} />
      <NotificationsSection notifications={p.profile.notifications} lastResult={resultFor(answer, "notifications")} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
