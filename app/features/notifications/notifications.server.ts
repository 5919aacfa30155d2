/**
 * Notifications, server side (ADR 028): the `:notificationId` of a URL, what the form chooses
 * among (the upstream's: the user's sites, the client's groups and custom fields, the Slack
 * workspace), whether this user connects Slack (an administrator: the return page's rule).
 */
import type { Params } from "@remix-run/react";
import { opensScreen } from "~/access/outcome";
import type { Access } from "~/access/guard.server";
import { postedId } from "~/forms/action-result.server";
import { upstreamLoad } from "~/upstream/load.server";
import { SLACK_CALLBACK_PATH } from "./paths";

/** What a 404 from the upstream means on these pages. */
export const NOTIFICATION_NOT_FOUND = "notifications:errors.notFound";

/** The `:notificationId` of the URL, or a 404. */
export function notificationIdParam(params: Params): number {
  const id = postedId(params.notificationId);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

/** Sites, groups, custom field labels and the Slack workspace; one read per request. */
export const loadOptions = (access: Pick<Access, "viewer">) =>
  upstreamLoad(access.viewer.shared("notification-options", () => access.viewer.api("notificationOptions")));

/** Connecting the client's Slack workspace: whoever may open its return page (administrators, active accounts). */
export const mayConnectSlack = (access: Pick<Access, "ctx">) => opensScreen(SLACK_CALLBACK_PATH, access.ctx);

/** Slack's return page: this portal's own (the upstream allows only its portal's). */
export const slackReturnUrl = (request: Request) => `${new URL(request.url).origin}${SLACK_CALLBACK_PATH}`;
