/**
 * The notifications list's actions (ADR 028): enable or disable a row, delete a row (after the
 * kit's confirmation), and the client's Slack workspace — connect (to Slack's consent page; the
 * browser comes back to /manage/features/notifications/slack-callback) and disconnect, for
 * administrators. Each: requireEdit → upstream → refused | done, back on the list as it was.
 */
import { redirect } from "@remix-run/node";
import { requireEdit, type Access } from "~/access/guard.server";
import { done, refused, requirePostedId } from "~/forms/action-result.server";
import { NOTIFICATION_NOT_FOUND, mayConnectSlack, slackReturnUrl } from "~/features/notifications/notifications.server";
import { NOTIFICATIONS_PATH } from "~/features/notifications/paths";

export interface ListAction {
  request: Request;
  access: Access;
  form: FormData;
}

/** The list as it was (its filters and page, posted back as `list`). */
const back = (form: FormData) => {
  const list = String(form.get("list") ?? "");
  return `${NOTIFICATIONS_PATH}${/^\?[\w=&%+.@:-]*$/.test(list) ? list : ""}`;
};

export async function toggle({ request, access, form }: ListAction) {
  requireEdit(access);
  const id = requirePostedId(form.get("id"));
  const enabled = form.get("enabled") === "true";
  try {
    await access.viewer.api("setNotificationEnabled", { params: { notificationId: id }, body: { enabled } });
  } catch (err) {
    return refused(err, { intent: "toggle", row: id, notFound: NOTIFICATION_NOT_FOUND });
  }
  return done(request, access.viewer, back(form), { key: enabled ? "notifications:list.enabled_done" : "notifications:list.disabled_done", tone: "success" });
}

export async function remove({ request, access, form }: ListAction) {
  requireEdit(access);
  const id = requirePostedId(form.get("id"));
  try {
    await access.viewer.api("deleteNotification", { params: { notificationId: id } });
  } catch (err) {
    return refused(err, { intent: "delete", row: id, notFound: NOTIFICATION_NOT_FOUND });
  }
  return done(request, access.viewer, back(form), { key: "notifications:list.deleted", tone: "success" });
}

function requireSlackAdmin(access: Access) {
  requireEdit(access);
  if (!mayConnectSlack(access)) throw new Response("Forbidden", { status: 403, statusText: "Forbidden", headers: access.headers });
}

export async function connectSlack({ request, access }: ListAction) {
  requireSlackAdmin(access);
  try {
    const { authorize_url } = await access.viewer.api("connectClientSlack", { body: { redirect_uri: slackReturnUrl(request) } });
    return redirect(authorize_url);
  } catch (err) {
    return refused(err, { intent: "connect-slack", row: null });
  }
}

export async function disconnectSlack({ request, access }: ListAction) {
  requireSlackAdmin(access);
  try {
    await access.viewer.api("disconnectClientSlack");
  } catch (err) {
    return refused(err, { intent: "disconnect-slack", row: null });
  }
  return done(request, access.viewer, `${NOTIFICATIONS_PATH}#slack`, { key: "notifications:slack.disconnected", tone: "success" });
}
