/**
 * /manage/account/refer — referrals (platform §2, §4, §9; Referral.manager; ADR 023): the client's
 * referral link, the companies referred (on a trial, or purchased), and for each purchased one its
 * reward — 50 GBP, 60 EUR or 60 USD by the client's currency — as a donation or a discount.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { REFERRAL_REWARD_KINDS } from "@contract";
import { pageNotice, rowNotice } from "~/forms/action-result";
import { AccountPage, ListSection } from "~/features/account/account-page";
import { accountAction, accountPage, day, money } from "~/features/account/account.server";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { SubmitButton } from "~/ui/form";
import { ActionNotice } from "~/ui/notice";
import { pageTitle } from "~/ui/meta";
import { reward } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ access, tabs }, { t, locale }] = await Promise.all([accountPage(request), translator(request, "account")]);
  const r = await upstreamLoad(access.viewer.api("referrals"));
  return data(
    {
      title: `${t("tab.refer")} · Gatehouse`,
      tabs,
      link: r.link,
      amount: money(r.reward_amount * 100, r.currency, locale),
      referrals: r.referrals.map((x) => ({ ...x, referred_on: day(x.referred_on, locale) })),
    },
    { headers: access.headers },
  );
}

export const action = ({ request }: ActionFunctionArgs) => accountAction(request, { reward });

export default function ReferPage() {
  const { tabs, link, amount, referrals } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  return (
    <AccountPage tabs={tabs} title={t("tab.refer")}>
      {/* A row holds its own message only where it has a form (a purchased referral). */}
      <ActionNotice notice={pageNotice(actionData, referrals.filter((r) => r.status === "purchased").map((r) => r.id))} />
      <p>{t("refer.intro", { amount })}</p>
      <div className="field">
        <label htmlFor="referral-link">{t("refer.link")}</label>
        <input id="referral-link" type="text" readOnly value={link} aria-describedby="referral-link-hint" />
        <p className="hint" id="referral-link-hint">
          {t("refer.link_hint")}
        </p>
      </div>
      <ListSection id="referrals" heading={t("refer.referrals")} emptyText={t("refer.none")} empty={referrals.length === 0} columns={[t("refer.col.company"), t("refer.col.referred_on"), t("refer.col.status"), t("refer.col.reward")]}>
        {referrals.map((r) => (
          <tr key={r.id}>
            <th scope="row">{r.company}</th>
            <td>{r.referred_on}</td>
            <td>{t(`refer.status.${r.status}`)}</td>
            <td>
              {r.status === "purchased" ? (
                <Form method="post" action="/manage/account/refer" className="inline-form" preventScrollReset>
                  <input type="hidden" name="id" value={r.id} />
                  <label htmlFor={`reward-${r.id}`}>{t("refer.reward_for", { company: r.company, amount })}</label>
                  <select id={`reward-${r.id}`} name="reward" defaultValue={r.reward ?? ""}>
                    {r.reward ? null : <option value="">{t("refer.choose")}</option>}
                    {REFERRAL_REWARD_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {t(`refer.kind.${k}`)}
                      </option>
                    ))}
                  </select>
                  <SubmitButton name="intent" value="reward" variant="secondary">
                    {t("refer.save", { company: r.company })}
                  </SubmitButton>
                  <ActionNotice notice={rowNotice(actionData, r.id)} />
                </Form>
              ) : (
                <span className="muted">{t("refer.after_purchase")}</span>
              )}
            </td>
          </tr>
        ))}
      </ListSection>
    </AccountPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
