/**
 * /manage/features/notifications/new — a new notification (ManageNotification.viewer; ADR 028):
 * the notification form; saved, back to the list (or, when a webhook secret was generated, the
 * secret shown this once). Works without JavaScript.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { resultFor } from "~/forms/action-result";
import { NotificationForm } from "~/features/notifications/notification-form";
import { loadOptions } from "~/features/notifications/notifications.server";
import { NOTIFICATIONS_PATH } from "~/features/notifications/paths";
import { saveNotification } from "~/features/notifications/save.server";
import { NEW_VALUES } from "~/features/notifications/schema";
import { isSecretShown, SecretPanel } from "~/features/notifications/secret-panel";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "notifications")]);
  const options = await loadOptions(access);
  return data({ title: `${t("form.new_title")} · Gatehouse`, options }, { headers: access.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  return saveNotification({ request, access, form: await request.formData(), id: null });
}

export default function NewNotification() {
  const { options } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("notifications");
  return (
    <>
      <p>
        <Link to={NOTIFICATIONS_PATH}>{t("form.back")}</Link>
      </p>
      <h1>{t("form.new_title")}</h1>
      {isSecretShown(answer) ? (
        <SecretPanel id={answer.id} secret={answer.secret} />
      ) : (
        <NotificationForm
          id="notification-new"
          action={`${NOTIFICATIONS_PATH}/new`}
          intent="create"
          values={NEW_VALUES}
          options={options}
          hasSecret={false}
          lastResult={resultFor(answer as never, "create")}
          saveLabel={t("form.create")}
          isNew
        />
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
