/**
 * /manage — the manage area's landing (platform §2): the sections this user may open, drawn from
 * the access table's rules (`sections.ts`: each section's first page with a screen that the user's
 * rights allow; ADR 030), each with a short description, and the account pages.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { firstOpenChild } from "~/access/outcome";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { openSections } from "./sections";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "manage")]);
  const sections = openSections(access.ctx);
  // The account pages (ADR 023): offered when the user may open at least one of them.
  const account = firstOpenChild("/manage/account", access.ctx) !== null;
  return data({ title: `${t("landing.title")} · Gatehouse`, sections, account }, { headers: access.headers });
}

export default function ManageLanding() {
  const { sections, account } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["manage", "account"]);
  return (
    <div className="manage">
      <h1>{t("landing.title")}</h1>
      {sections.length === 0 && !account ? (
        <p className="empty-state">{t("landing.none")}</p>
      ) : (
        <ul className="report-cards">
          {sections.map((s) => (
            <li key={s.path}>
              <h2>
                <Link to={s.path}>{t(s.title)}</Link>
              </h2>
              <p>{t(s.summary)}</p>
            </li>
          ))}
          {account ? (
            <li>
              <h2>
                <Link to="/manage/account">{t("account:landing.title")}</Link>
              </h2>
              <p>{t("account:landing.summary")}</p>
            </li>
          ) : null}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
