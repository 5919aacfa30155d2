/** The frame of a magic-link page: who is expected where and when, or why the link cannot be used. */
import type { MagicLinkView } from "@contract";
import { useTranslation } from "react-i18next";
import { formatDateTimeAt } from "~/i18n/format";
import type { Locale } from "~/i18n/config";
import { Brand } from "~/ui/form";
import { NoticeBanner } from "~/ui/notice";

export function MagicLinkPage({ heading, link, locale, sent, children }: { heading: string; link: MagicLinkView; locale: Locale; sent: boolean; children: React.ReactNode }) {
  const { t } = useTranslation("pre-registrations");
  const when = formatDateTimeAt(link.arrive_at, link.timezone, locale);
  return (
    <main id="main" className="auth-page">
      <section className="card" aria-labelledby="magic-heading">
        <Brand />
        <h1 id="magic-heading">{heading}</h1>
        {sent ? (
          <NoticeBanner notice={{ key: "pre-registrations:magic.sent", tone: "success" }} />
        ) : link.state !== "open" ? (
          <NoticeBanner notice={{ key: `pre-registrations:magic.state.${link.state}`, tone: "error" }} />
        ) : (
          <>
            <p>{t("magic.expected", { name: link.name, site: link.site, when })}</p>
            {link.host ? <p className="muted">{t("magic.host", { host: link.host })}</p> : null}
            {children}
          </>
        )}
      </section>
    </main>
  );
}
