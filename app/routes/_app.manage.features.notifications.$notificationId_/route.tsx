/**
 * /manage/features/notifications/{id} — one notification (ManageNotification.viewer; ADR 028): its
 * form; whether it is enabled, in words, with enable/disable; for a webhook, a new secret (shown
 * once); delete after the kit's confirmation; and the link to its delivery log (the delivery
 * side's page, /manage/features/notifications/{id}/deliveries). Works without JavaScript.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { dispatch } from "~/forms/intents.server";
import { requireAccess, requireEdit, type Access } from "~/access/guard.server";
import { pageNotice, resultFor } from "~/forms/action-result";
import { done, refused } from "~/forms/action-result.server";
import { NotificationForm } from "~/features/notifications/notification-form";
import { NOTIFICATION_NOT_FOUND, loadOptions, notificationIdParam } from "~/features/notifications/notifications.server";
import { NOTIFICATIONS_PATH, deliveriesPath, notificationPath } from "~/features/notifications/paths";
import { saveNotification } from "~/features/notifications/save.server";
import { formValuesOf } from "~/features/notifications/schema";
import { isSecretShown, SecretPanel, type SecretShown } from "~/features/notifications/secret-panel";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { IntentButtons } from "~/features/groups/integration-parts";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { DeleteConfirm } from "~/ui/rows";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "notifications")]);
  const id = notificationIdParam(params);
  const [notification, options] = await Promise.all([upstreamLoad(access.viewer.api("notification", { params: { notificationId: id } })), loadOptions(access)]);
  return data({ title: `${t("form.edit_title")} · Gatehouse`, notification, options }, { headers: access.headers });
}

type Handler = (a: { request: Request; access: Access; form: FormData; id: number }) => Promise<unknown>;

const toggle: Handler = async ({ request, access, form, id }) => {
  requireEdit(access);
  const enabled = form.get("enabled") === "true";
  try {
    await access.viewer.api("setNotificationEnabled", { params: { notificationId: id }, body: { enabled } });
  } catch (err) {
    return refused(err, { intent: "toggle", row: null, notFound: NOTIFICATION_NOT_FOUND });
  }
  return done(request, access.viewer, notificationPath(id), { key: enabled ? "notifications:list.enabled_done" : "notifications:list.disabled_done", tone: "success" });
};

const remove: Handler = async ({ request, access, id }) => {
  requireEdit(access);
  try {
    await access.viewer.api("deleteNotification", { params: { notificationId: id } });
  } catch (err) {
    return refused(err, { intent: "delete", row: null, notFound: NOTIFICATION_NOT_FOUND });
  }
  return done(request, access.viewer, NOTIFICATIONS_PATH, { key: "notifications:list.deleted", tone: "success" });
};

const rotate: Handler = async ({ access, id }) => {
  requireEdit(access);
  let saved;
  try {
    saved = await access.viewer.api("rotateNotificationSecret", { params: { notificationId: id } });
  } catch (err) {
    return refused(err, { intent: "rotate-secret", row: null, notFound: NOTIFICATION_NOT_FOUND });
  }
  return data<SecretShown>({ intent: "secret", id, secret: saved.secret ?? "" }, { headers: { "Cache-Control": "no-store" } });
};

const INTENTS: Record<string, Handler> = { update: (a) => saveNotification({ ...a, id: a.id }), toggle, delete: remove, "rotate-secret": rotate };

export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  const id = notificationIdParam(params);
  const form = await request.formData();
  return dispatch(form, INTENTS, { request, access, form, id }) as ReturnType<typeof saveNotification>;
}

export default function EditNotification() {
  const { notification: n, options } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("notifications");
  const path = notificationPath(n.id);
  const name = `${t(`trigger.${n.trigger}`)} · ${t(`channel.${n.channel}`)}`;
  return (
    <>
      <p>
        <Link to={NOTIFICATIONS_PATH}>{t("form.back")}</Link>
      </p>
      <h1>{t("form.edit_heading", { name })}</h1>
      <ActionNotice notice={isSecretShown(answer) ? null : pageNotice(answer as never)} />
      {isSecretShown(answer) ? <SecretPanel id={answer.id} secret={answer.secret} /> : null}
      <section className="tab-section" aria-labelledby="state-heading">
        <h2 id="state-heading">{t("form.state_heading")}</h2>
        <p>
          <span className={`status status--${n.enabled ? "on" : "off"}`}>{t(n.enabled ? "list.enabled" : "list.disabled")}</span>
        </p>
        <IntentButtons
          action={path}
          buttons={[
            { intent: "toggle", label: t(n.enabled ? "list.disable" : "list.enable"), fields: { enabled: n.enabled ? "false" : "true" } },
            ...(n.channel === "webhook" ? [{ intent: "rotate-secret", label: t("form.rotate_secret") }] : []),
          ]}
        />
        <p>
          <Link to={deliveriesPath(n.id)}>{t("form.delivery_log")}</Link>
        </p>
      </section>
      <section className="tab-section" aria-labelledby="settings-heading">
        <h2 id="settings-heading">{t("form.settings_heading")}</h2>
        <NotificationForm
          id="notification-edit"
          action={path}
          intent="update"
          values={formValuesOf(n)}
          options={options}
          hasSecret={n.has_secret}
          lastResult={resultFor(answer as never, "update")}
          saveLabel={t("form.save")}
          isNew={false}
        />
      </section>
      <section className="tab-section" aria-labelledby="delete-heading">
        <h2 id="delete-heading">{t("form.delete_heading")}</h2>
        <DeleteConfirm action={path} id={n.id} name={name} question={t("list.delete_question", { name })} confirm={t("list.delete_confirm")} />
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
