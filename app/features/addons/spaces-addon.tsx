/**
 * The Spaces add-on's state and its sites (issue 26 item 8; ADR 036), shared by the discover page
 * (a trial started before any space was drawn) and /manage/addons/spaces: the trial's days left and
 * its last day, or that it has ended, or that Spaces is purchased; each site with Spaces on or off
 * (a plain form per site, so it works without JavaScript), its designer and its bookings.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { rowNotice } from "~/forms/action-result";
import { SubmitButton } from "~/ui/form";
import { ActionNotice } from "~/ui/notice";
import type { AddonView } from "./spaces-addon.server";

export function AddonState({ addon }: { addon: AddonView }) {
  const { t } = useTranslation("addons");
  const text =
    addon.state === "trial" && addon.trial
      ? t("spaces.state_trial", { count: addon.trial.daysLeft, last: addon.trial.lastDay })
      : addon.state === "trial_expired" && addon.trial
        ? t("spaces.state_expired", { last: addon.trial.lastDay })
        : addon.state === "purchased"
          ? t("spaces.state_purchased")
          : t("spaces.state_not_started");
  return (
    <section className="tab-section" aria-labelledby="addon-state-heading">
      <h2 id="addon-state-heading">{t("spaces.state_heading")}</h2>
      <p className="notice notice--info" role="status" data-testid="addon-state">
        {text}
      </p>
      {addon.state === "trial_expired" ? <p className="hint">{t("spaces.expired_hint")}</p> : null}
      <p className="hint">{t("spaces.price", { price: addon.price })}</p>
    </section>
  );
}

export function AddonSites({ addon, action, answer }: { addon: AddonView; action: string; answer: Parameters<typeof rowNotice>[0] }) {
  const { t } = useTranslation("addons");
  const canTurnOn = addon.state === "trial" || addon.state === "purchased";
  return (
    <section className="tab-section" aria-labelledby="addon-sites-heading">
      <h2 id="addon-sites-heading">{t("spaces.sites_heading")}</h2>
      {addon.sites.length === 0 ? (
        <p className="empty-state">{t("spaces.no_sites")}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("spaces.col.site")}</th>
              <th scope="col">{t("spaces.col.spaces")}</th>
              <th scope="col">{t("spaces.col.designed")}</th>
              <th scope="col">{t("spaces.col.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {addon.sites.map((s) => (
              <tr key={s.id}>
                <th scope="row">{s.name}</th>
                <td>{t(s.on ? "spaces.on" : "spaces.off")}</td>
                <td>{t(s.hasSpace ? "spaces.designed_yes" : "spaces.designed_no")}</td>
                <td>
                  <ActionNotice notice={rowNotice(answer, s.id)} />
                  <div className="actions">
                    {s.on || canTurnOn ? (
                      <Form method="post" action={action} preventScrollReset aria-label={t(s.on ? "spaces.turn_off" : "spaces.turn_on", { site: s.name })}>
                        <input type="hidden" name="site_id" value={s.id} />
                        <input type="hidden" name="enabled" value={s.on ? "off" : "on"} />
                        <SubmitButton name="intent" value="site" variant="secondary">
                          {t(s.on ? "spaces.turn_off" : "spaces.turn_on", { site: s.name })}
                        </SubmitButton>
                      </Form>
                    ) : null}
                    {s.on && addon.enabled && addon.links.designer ? <Link to={`/manage/spaces/${s.id}`}>{t("spaces.design", { site: s.name })}</Link> : null}
                    {s.on && s.hasSpace && addon.enabled && addon.links.bookings ? <Link to={`/spaces/${s.id}/bookings`}>{t("spaces.bookings", { site: s.name })}</Link> : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
