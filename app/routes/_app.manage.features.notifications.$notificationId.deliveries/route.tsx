/**
 * /manage/features/notifications/:notificationId/deliveries — one notification's delivery log
 * (ManageNotification.viewer; ADR 028 "Delivery"): newest first, 15 a page, each delivery with its
 * attempts; "Send test event" and a Replay button per delivery, plain forms (PRG) that work
 * without JavaScript. No live refresh: reloading the page shows the latest state.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageParam } from "~/forms/list-state.server";
import { pageCount } from "~/forms/paging";
import { dispatch } from "~/forms/intents.server";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { mayEdit } from "~/access/outcome";
import { pageNotice } from "~/forms/action-result";
import { postedId } from "~/forms/action-result.server";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { SubmitButton } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { Pager } from "~/ui/pager";
import { replay, sendTest, type DeliveriesAction } from "./actions.server";
import { NOTIFICATIONS_PATH, deliveriesPath } from "~/features/notifications/paths";
import { DeliveryLog, type ShownDelivery } from "./delivery-log";

export const meta: MetaFunction<typeof loader> = pageTitle;

function notificationIdOf(params: LoaderFunctionArgs["params"]): number {
  const id = postedId(params.notificationId);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t, locale }] = await Promise.all([requireAccess(request), translator(request, "notifications")]);
  const id = notificationIdOf(params);
  const page = pageParam(new URL(request.url), 100_000);
  const log = await upstreamLoad(access.viewer.api("notificationDeliveries", { params: { notificationId: id }, query: { page } }));
  const when = new Intl.DateTimeFormat(locale.replace("_", "-"), { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
  const at = (iso: string) => `${when.format(new Date(iso))} UTC`;
  const deliveries: ShownDelivery[] = log.deliveries.map((d) => ({
    id: d.id,
    message_id: d.message_id,
    event_type: d.event_type,
    status: d.status,
    test: d.test,
    replay_of: d.replay_of,
    attempt_count: d.attempt_count,
    created: at(d.created_at),
    next: d.next_attempt_at && d.status === "retrying" ? at(d.next_attempt_at) : null,
    last_error: d.last_error,
    attempts: d.attempts.map((a) => ({ ...a, at: at(a.at) })),
  }));
  return data(
    {
      title: `${t("deliveries.title")} · Gatehouse`,
      id,
      notification: log.notification,
      deliveries,
      page: log.page,
      pages: pageCount(log.total, log.per_page),
      total: log.total,
      editable: mayEdit(access.path, access.ctx),
    },
    { headers: access.headers },
  );
}

const INTENTS = { replay, test: sendTest };

export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  const notificationId = notificationIdOf(params);
  const form = await request.formData();
  return dispatch(form, INTENTS, { request, access, notificationId, form });
}

export default function NotificationDeliveries() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("notifications");
  const path = deliveriesPath(d.id);
  const n = d.notification;
  return (
    <>
      <p>
        <Link to={NOTIFICATIONS_PATH}>{t("deliveries.back")}</Link>
      </p>
      <h1>{t("deliveries.title")}</h1>
      <p className="hint">
        {t("deliveries.summary", {
          event: t(`trigger.${n.trigger}`),
          channel: t(`channel.${n.channel}`),
          target: n.target || "—",
        })}
      </p>
      {n.enabled ? null : <p className="hint">{t("deliveries.disabled")}</p>}
      <ActionNotice notice={pageNotice(answer, d.deliveries.map((x) => x.id))} />
      {d.editable ? (
        <Form method="post" action={path}>
          <p className="hint">{t("test_event.hint")}</p>
          <SubmitButton name="intent" value="test">
            {t("test_event.button")}
          </SubmitButton>
        </Form>
      ) : null}
      <h2>{t("deliveries.log_title", { total: d.total })}</h2>
      {d.deliveries.length === 0 ? <p>{t("deliveries.none")}</p> : <DeliveryLog deliveries={d.deliveries} path={path} editable={d.editable} answer={answer} />}
      <Pager label={t("deliveries.pager")} page={d.page} pages={d.pages} base={path} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
