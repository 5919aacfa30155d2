/**
 * Notifications, the client's Slack, and delivery: the log, replay, the test event (ADR 028).
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { notificationDeliveryRoutes, notificationRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { completeClientSlack, connectClientSlack, createNotification, deleteNotification, disconnectClientSlack, getClientSlack, getNotification, listNotifications, notificationOptions, rotateNotificationSecret, setNotificationEnabled, updateNotification } from "./api.ts";
import { listDeliveries, replayDelivery, sendTestEvent } from "./delivery-api.ts";

export const notificationHandlers = {
  notifications: ({ app, principal, ctx }) => listNotifications(app, principal, ctx.url.searchParams),
  notificationOptions: ({ app, principal }) => notificationOptions(app, principal),
  notification: ({ app, principal, ctx }) => getNotification(app, principal, ctx.params.notificationId),
  createNotification: ({ app, principal, body }) => createNotification(app, principal, body),
  updateNotification: ({ app, principal, ctx, body }) => updateNotification(app, principal, ctx.params.notificationId, body),
  setNotificationEnabled: ({ app, principal, ctx, body }) => setNotificationEnabled(app, principal, ctx.params.notificationId, body),
  rotateNotificationSecret: ({ app, principal, ctx }) => rotateNotificationSecret(app, principal, ctx.params.notificationId),
  deleteNotification: ({ app, principal, ctx }) => deleteNotification(app, principal, ctx.params.notificationId),
  clientSlack: ({ app, principal }) => getClientSlack(app, principal),
  connectClientSlack: ({ app, principal, body }) => connectClientSlack(app, principal, body),
  completeClientSlack: ({ app, principal, body }) => completeClientSlack(app, principal, body),
  disconnectClientSlack: ({ app, principal }) => disconnectClientSlack(app, principal),
  // Notification delivery: the log, replay, the test event (notifications/delivery-api.ts; ADR 028).
  notificationDeliveries: ({ app, principal, ctx }) => listDeliveries(app, principal, ctx.params.notificationId, ctx.url.searchParams.get("page")),
  replayNotificationDelivery: ({ app, principal, ctx }) => replayDelivery(app, principal, ctx.params.notificationId, ctx.params.deliveryId),
  testNotification: ({ app, principal, ctx }) => sendTestEvent(app, principal, ctx.params.notificationId),
} satisfies Handlers<keyof typeof notificationRoutes | keyof typeof notificationDeliveryRoutes>;
