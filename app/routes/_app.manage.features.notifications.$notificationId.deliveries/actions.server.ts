/**
 * The delivery log's buttons (ManageNotification.viewer, the table's edit right): replay one
 * delivery (a new delivery with the same payload and webhook-id, ADR 028) and send a test event.
 * A posted delivery id is parsed (hostile input: 400); a refusal (404 gone, 422 still sending) is
 * the row's notice (replay) or the page's (test event).
 */
import { done, refused, requirePostedId } from "~/forms/action-result.server";
import type { Access } from "~/access/guard.server";
import { deliveriesPath } from "~/features/notifications/paths";

export interface DeliveriesAction {
  request: Request;
  access: Access;
  notificationId: number;
  form: FormData;
}


export async function replay(a: DeliveriesAction) {
  const deliveryId = requirePostedId(a.form.get("id"));
  try {
    await a.access.viewer.api("replayNotificationDelivery", { params: { notificationId: a.notificationId, deliveryId } });
  } catch (err) {
    return refused(err, { intent: "replay", row: deliveryId, notFound: "notifications:deliveries.messages.gone" });
  }
  return done(a.request, a.access.viewer, deliveriesPath(a.notificationId), { key: "notifications:replay.sent", tone: "success" });
}

export async function sendTest(a: DeliveriesAction) {
  try {
    await a.access.viewer.api("testNotification", { params: { notificationId: a.notificationId } });
  } catch (err) {
    return refused(err, { intent: "test", row: null, notFound: "notifications:deliveries.messages.notification_gone" });
  }
  return done(a.request, a.access.viewer, deliveriesPath(a.notificationId), { key: "notifications:test_event.sent", tone: "success" });
}
