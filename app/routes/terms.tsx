/** /terms — the terms of service the login's accept_terms step links to (anonymous). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { translator } from "~/i18n/i18n.server";
import { Brand } from "~/ui/form";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await translator(request, "auth");
  return { title: t("auth:terms.title") };
}

const SECTIONS = ["service", "data", "accounts", "availability"] as const;

export default function Terms() {
  useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  return (
    <main id="main" className="auth-page">
      <article className="card card--wide" aria-labelledby="terms-heading">
        <Brand />
        <h1 id="terms-heading">{t("terms.heading")}</h1>
        {SECTIONS.map((s) => (
          <section key={s}>
            <h2>{t(`terms.${s}_heading`)}</h2>
            <p>{t(`terms.${s}_body`)}</p>
          </section>
        ))}
        <p>
          <Link to="/login">{t("forgot.back")}</Link>
        </p>
      </article>
    </main>
  );
}
