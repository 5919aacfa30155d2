/** Notifications' configuration API (ADR 028). Work in progress: answered 404 until built. */
import type { App } from "../app.ts";
import { notFound } from "../http/errors.ts";
import type { Principal } from "../api/regional.ts";

const pending = (): never => {
  throw notFound("Failed to find existing notification");
};
export const listNotifications = (_a: App, _p: Principal, _q: URLSearchParams) => pending();
export const notificationOptions = (_a: App, _p: Principal) => pending();
export const getNotification = (_a: App, _p: Principal, _id: string) => pending();
export const createNotification = (_a: App, _p: Principal, _b: unknown) => pending();
export const updateNotification = (_a: App, _p: Principal, _id: string, _b: unknown) => pending();
export const setNotificationEnabled = (_a: App, _p: Principal, _id: string, _b: unknown) => pending();
export const rotateNotificationSecret = (_a: App, _p: Principal, _id: string) => pending();
export const deleteNotification = (_a: App, _p: Principal, _id: string) => pending();
export const getClientSlack = (_a: App, _p: Principal) => pending();
export const connectClientSlack = (_a: App, _p: Principal, _b: unknown) => pending();
export const completeClientSlack = (_a: App, _p: Principal, _b: unknown) => pending();
export const disconnectClientSlack = (_a: App, _p: Principal) => pending();
