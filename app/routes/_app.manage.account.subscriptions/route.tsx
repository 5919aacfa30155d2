/**
 * /manage/account/subscriptions — subscriptions, invoices, the billing contact and cancellation
 * (platform §2, §4, §5; ADR 023). Only when the client is not on trial and not a reseller's, and
 * the user is a super, primary or billing user (the access table's `subscriptionsVisible`). Each
 * invoice downloads as a PDF. Every form works without JavaScript.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { resultFor } from "~/forms/action-result";
import { AccountPage, ListSection } from "~/features/account/account-page";
import { accountAction, accountPage, day, money } from "~/features/account/account.server";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { DataTable } from "~/ui/data-table";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { cancel, contact } from "./actions.server";
import { CancelForm, ContactForm } from "./forms";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ access, tabs }, { t, locale }] = await Promise.all([accountPage(request), translator(request, "account")]);
  const b = await upstreamLoad(access.viewer.api("billing"));
  const price = (cents: number) => money(cents, b.currency, locale);
  return data(
    {
      title: `${t("tab.subscriptions")} · Gatehouse`,
      tabs,
      subscriptions: b.subscriptions.map((s) => ({
        id: s.id,
        plan: s.plan,
        status: s.status,
        amount: price(s.amount_cents),
        renews: day(s.renews_on, locale),
        addons: s.addons.map((a) => `${a.name} (${price(a.amount_cents)})`),
      })),
      invoices: b.invoices.map((i) => ({ id: i.id, number: i.number, status: i.status, issued: day(i.issued_on, locale), due: i.due_on ? day(i.due_on, locale) : "", total: price(i.total_cents) })),
      contact: { name: b.contact?.name ?? "", email: b.contact?.email ?? "", phone: b.contact?.phone ?? "" },
    },
    { headers: access.headers },
  );
}

export const action = ({ request }: ActionFunctionArgs) => accountAction(request, { save: contact, cancel });

export default function SubscriptionsPage() {
  const { tabs, subscriptions, invoices, contact } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const active = subscriptions.filter((s) => s.status === "active");
  return (
    <AccountPage tabs={tabs} title={t("tab.subscriptions")}>
      {subscriptions.length === 0 ? (
        <p className="muted">{t("billing.no_subscriptions")}</p>
      ) : (
        <DataTable caption={t("billing.subscriptions")} columns={[t("billing.col.plan"), t("billing.col.status"), t("billing.col.amount"), t("billing.col.renews"), t("billing.col.addons")]}>
          {subscriptions.map((s) => (
            <tr key={s.id}>
              <th scope="row">{s.plan}</th>
              <td>{t(`billing.subscription_status.${s.status}`)}</td>
              <td>{s.amount}</td>
              <td>{s.renews}</td>
              <td>{s.addons.length ? s.addons.join(", ") : t("billing.no_addons")}</td>
            </tr>
          ))}
        </DataTable>
      )}

      <ListSection id="invoices" heading={t("billing.invoices")} emptyText={t("billing.no_invoices")} empty={invoices.length === 0} columns={[t("billing.col.number"), t("billing.col.status"), t("billing.col.issued"), t("billing.col.due"), t("billing.col.total"), t("billing.col.pdf")]}>
        {invoices.map((i) => (
          <tr key={i.id}>
            <th scope="row">{i.number}</th>
            <td>{t(`billing.invoice_status.${i.status}`)}</td>
            <td>{i.issued}</td>
            <td>{i.due}</td>
            <td>{i.total}</td>
            <td>
              <a href={`/manage/account/subscriptions/invoices/${i.id}`} download>
                {t("billing.download", { number: i.number })}
              </a>
            </td>
          </tr>
        ))}
      </ListSection>

      <section className="tab-section" aria-labelledby="contact-heading">
        <h3 id="contact-heading">{t("billing.contact")}</h3>
        <ContactForm values={contact} lastResult={resultFor(actionData, "save")} />
      </section>

      <section className="tab-section" aria-labelledby="cancel-heading">
        <h3 id="cancel-heading">{t("billing.cancel_heading")}</h3>
        {active.length === 0 ? <p className="muted">{t("billing.nothing_to_cancel")}</p> : <CancelForm subscriptions={active} lastResult={resultFor(actionData, "cancel")} />}
      </section>
    </AccountPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
