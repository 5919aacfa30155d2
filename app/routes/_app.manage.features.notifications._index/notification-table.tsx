/**
 * The notifications table (ADR 028): trigger, site, group, channel, recipients (Slack channels by
 * name when Slack named them), enabled or disabled in words, and the row's actions — edit, enable
 * or disable (a one-button form), delete after the kit's confirmation.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Notification } from "@contract";
import { rowNotice, type ActionResult } from "~/forms/action-result";
import { notificationPath } from "~/features/notifications/paths";
import { DataTable } from "~/ui/data-table";
import { SubmitButton } from "~/ui/form";
import { ActionNotice } from "~/ui/notice";
import { DeleteConfirm } from "~/ui/rows";

/** A URL as the list shows it: without its query, which for a Teams workflow holds its signature (`sig=`). */
function shownUrl(raw: string | null): string {
  if (!raw) return "";
  try {
    const u = new URL(raw);
    return `${u.origin}${u.pathname}${u.search ? "?…" : ""}`;
  } catch {
    return raw;
  }
}

export function recipientsText(n: Notification, slackNames: Record<string, string> = {}): string {
  if (n.channel === "teams" || n.channel === "webhook") return shownUrl(n.url);
  if (n.channel === "slack") return n.recipients.map((id) => `#${n.recipient_names[id] ?? slackNames[id] ?? id}`).join(", ");
  return n.recipients.join(", ");
}

export function NotificationTable({
  base,
  notifications,
  total,
  list,
  slackNames,
  answer,
}: {
  base: string;
  notifications: Notification[];
  total: number;
  list: string;
  slackNames: Record<string, string>;
  answer: ActionResult | undefined | unknown;
}) {
  const { t } = useTranslation("notifications");
  const columns = [t("list.column.trigger"), t("list.column.site"), t("list.column.group"), t("list.column.channel"), t("list.column.recipients"), t("list.column.state"), t("list.column.actions")];
  return (
    <DataTable caption={t("list.caption", { total })} columns={columns}>
      {notifications.map((n) => {
        const name = `${t(`trigger.${n.trigger}`)} · ${t(`channel.${n.channel}`)}`;
        return (
          <tr key={n.id}>
            <th scope="row">
              <Link to={notificationPath(n.id)}>{t(`trigger.${n.trigger}`)}</Link>
            </th>
            <td>{n.site?.name ?? t("list.every_site")}</td>
            <td>{n.group?.name ?? t("list.every_group")}</td>
            <td>{t(`channel.${n.channel}`)}</td>
            <td className="wrap-anywhere">{recipientsText(n, slackNames)}</td>
            <td>
              <span className={`status status--${n.enabled ? "on" : "off"}`}>{t(n.enabled ? "list.enabled" : "list.disabled")}</span>
            </td>
            <td>
              <div className="row-actions__group">
                <Link className="button button--secondary" to={notificationPath(n.id)}>
                  {t("list.edit")}
                  <span className="visually-hidden"> {name}</span>
                </Link>
                <Form method="post" action={base} preventScrollReset>
                  <input type="hidden" name="id" value={n.id} />
                  <input type="hidden" name="enabled" value={n.enabled ? "false" : "true"} />
                  <input type="hidden" name="list" value={list} />
                  <SubmitButton name="intent" value="toggle" variant="secondary">
                    {t(n.enabled ? "list.disable" : "list.enable")}
                    <span className="visually-hidden"> {name}</span>
                  </SubmitButton>
                </Form>
                <DeleteConfirm action={base} id={n.id} name={name} question={t("list.delete_question", { name })} confirm={t("list.delete_confirm")} hidden={{ list }} />
              </div>
              <ActionNotice notice={rowNotice(answer as never, n.id)} />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
