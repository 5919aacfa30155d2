/**
 * /manage/account/sms — SMS tokens (platform §2, §3, §9; ManageClient.editor; ADR 023): tokens
 * available and pending, 1 token = 1 message, the orders so far, and buying more: an order is a
 * pending purchase with its invoice; its tokens become available when the invoice is paid.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ACCOUNT_LIMITS } from "@contract";
import { resultFor } from "~/forms/action-result";
import { AccountPage, ListSection } from "~/features/account/account-page";
import { accountAction, accountPage, day, money } from "~/features/account/account.server";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { NumberField } from "~/ui/fields";
import { FormErrors, SubmitButton, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { buy } from "./actions.server";
import { smsOrderSchema, type SmsOrderValues } from "./schema";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ access, tabs }, { t, locale }] = await Promise.all([accountPage(request), translator(request, "account")]);
  const sms = await upstreamLoad(access.viewer.api("smsAccount"));
  return data(
    {
      title: `${t("tab.sms")} · Gatehouse`,
      tabs,
      available: sms.available,
      pending: sms.pending,
      price: money(sms.price_cents, sms.currency, locale),
      purchases: sms.purchases.map((p) => ({ id: p.id, tokens: p.tokens, status: p.status, invoice: p.invoice_number, on: day(p.created_at.slice(0, 10), locale) })),
    },
    { headers: access.headers },
  );
}

export const action = ({ request }: ActionFunctionArgs) => accountAction(request, { buy });

export default function SmsPage() {
  const { tabs, available, pending, price, purchases } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const [form, fields] = useForm<SmsOrderValues, any>({
    id: "sms-order",
    lastResult: resultFor(actionData, "buy"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: smsOrderSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AccountPage tabs={tabs} title={t("tab.sms")}>
      <dl className="details">
        <dt>{t("sms.available")}</dt>
        <dd>{available}</dd>
        <dt>{t("sms.pending")}</dt>
        <dd>{pending}</dd>
      </dl>
      <p className="hint">{t("sms.one_token", { price })}</p>

      <section className="tab-section" aria-labelledby="sms-buy-heading">
        <h3 id="sms-buy-heading">{t("sms.buy_heading")}</h3>
        <ValidatedForm form={form} action="/manage/account/sms" preventScrollReset>
          <FormErrors formId={form.id} />
          <NumberField field={fields.tokens} label={t("sms.tokens")} hint={t("sms.tokens_hint", { min: ACCOUNT_LIMITS.smsMin, max: ACCOUNT_LIMITS.smsMax })} min={ACCOUNT_LIMITS.smsMin} max={ACCOUNT_LIMITS.smsMax} number="integer" />
          <div className="actions">
            <SubmitButton name="intent" value="buy">
              {t("sms.buy")}
            </SubmitButton>
          </div>
        </ValidatedForm>
      </section>

      <ListSection id="sms-orders" heading={t("sms.orders")} emptyText={t("sms.no_orders")} empty={purchases.length === 0} columns={[t("sms.col.invoice"), t("sms.col.date"), t("sms.col.tokens"), t("sms.col.status")]}>
        {purchases.map((p) => (
          <tr key={p.id}>
            <th scope="row">{p.invoice}</th>
            <td>{p.on}</td>
            <td>{p.tokens}</td>
            <td>{t(`sms.status.${p.status}`)}</td>
          </tr>
        ))}
      </ListSection>
    </AccountPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
