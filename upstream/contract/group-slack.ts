// ---------------------------------------------------------------------------------------------
// A group's Slack connection (groups spec §2 the return page /manage/group/callback/slack/{id},
// §3 Notification channel "Slack"; platform §7 "the Slack callback takes an id in its path").
// Connect → Slack's consent (OAuth v2) → the portal's return page for this group → the upstream
// exchanges the code for a bot token (kept on the upstream, never answered) → choose the channel.
// From then on, whenever someone of the group signs in, the upstream posts "<name> has signed in
// at <site>" to that channel; a failure is recorded on the connection and shown in words.
// The reference upstream runs a small demo Slack speaking enough of Slack's Web API.
// Rights: ManageVisitorGroup.viewer to read, .editor to connect, choose, test, disconnect.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import type { RouteDef } from "./common.ts";
import { SLACK_ERROR_CODES } from "./slack-messages.ts";

const Channel = z.object({ id: z.string(), name: z.string() });

export const GroupSlack = z.object({
  /**
   * none: not connected; connected: posting (or waiting for a channel); error: the last call to
   * Slack failed (`error`), the next sign-in tries again; reconnect: Slack no longer accepts the
   * connection (invalid_auth): nothing is posted until it is connected again.
   */
  status: z.enum(["none", "connected", "error", "reconnect"]),
  /** The Slack workspace (team) connected. */
  workspace: z.string().nullable(),
  /** The channel sign-ins are posted to (chosen after connecting). */
  channel: Channel.nullable(),
  /** The workspace's public channels to choose from (empty when not connected or Slack failed just now). */
  channels: z.array(Channel),
  /** The last failure's code (SLACK_ERRORS), or null. */
  error: z.enum(SLACK_ERROR_CODES).nullable(),
  /** When the last message reached Slack. */
  last_message_at: z.string().nullable(),
  /** When the last failure happened. */
  last_error_at: z.string().nullable(),
});
export type GroupSlack = z.infer<typeof GroupSlack>;

/** POST groups/{groupId}/slack/connect: where to send the browser for Slack's consent. */
export const ConnectSlackRequest = z.object({
  /** The portal's return page for this group, /manage/group/callback/slack/{groupId} (checked against the upstream's allow-list). */
  redirect_uri: z.string().url().max(500),
});
export const ConnectSlackResponse = z.object({ authorize_url: z.string().url() });

/** POST groups/{groupId}/slack/callback: Slack sent the browser back with `code` and `state`. */
export const SlackCallbackRequest = z.object({
  code: z.string().min(1).max(500),
  state: z.string().min(1).max(500),
  redirect_uri: z.string().url().max(500),
});

/** PATCH groups/{groupId}/slack: the channel sign-ins are posted to (one of the workspace's, checked live). */
export const UpdateSlackRequest = z.object({ channel_id: z.string().min(1).max(50) });

export const groupSlackRoutes = {
  groupSlack: { method: "GET", path: "groups/{groupId}/slack", base: "regional", auth: "bearer", response: GroupSlack, summary: "The group's Slack connection, its state and the workspace's channels (ManageVisitorGroup.viewer); never its token" },
  connectGroupSlack: { method: "POST", path: "groups/{groupId}/slack/connect", base: "regional", auth: "bearer", body: ConnectSlackRequest, response: ConnectSlackResponse, summary: "Start connecting Slack: the consent URL, with a state bound to this user, group and return page, single use, 10 minutes (ManageVisitorGroup.editor)" },
  completeGroupSlack: { method: "POST", path: "groups/{groupId}/slack/callback", base: "regional", auth: "bearer", body: SlackCallbackRequest, response: GroupSlack, summary: "Finish connecting: the state must be this user's, for this group and return page, unused and under 10 minutes old; the code is exchanged for a bot token kept on the upstream" },
  updateGroupSlack: { method: "PATCH", path: "groups/{groupId}/slack", base: "regional", auth: "bearer", body: UpdateSlackRequest, response: GroupSlack, summary: "Choose the channel sign-ins are posted to; a Slack failure while checking it is recorded and answered 200 with the connection (nothing saved)" },
  testGroupSlack: { method: "POST", path: "groups/{groupId}/slack/test", base: "regional", auth: "bearer", response: GroupSlack, summary: "Post a test message to the channel; a Slack failure is recorded on the connection and answered 200 with it" },
  disconnectGroupSlack: { method: "DELETE", path: "groups/{groupId}/slack", base: "regional", auth: "bearer", response: GroupSlack, summary: "Disconnect Slack: the token is forgotten and nothing more is posted" },
} as const satisfies Record<string, RouteDef>;
