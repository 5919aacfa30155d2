/**
 * A group's Slack connection (groups spec §2 the return page /manage/group/callback/slack/{id}, §3
 * the Notification channel "Slack"; ADR 016): connect (Slack's OAuth v2 consent, bound to a random
 * state as a directory's is: `oauth-state.ts`), choose the channel, send a test message, disconnect;
 * and the message posted to that channel whenever someone of the group signs in (`announceSignIn`,
 * called by ../today/sign-in-out.ts after the sign-in commits).
 *
 * Rights as the group's other screens (`group-settings.ts`): ManageVisitorGroup.viewer to read,
 * .editor for everything else; active clients only; another client's group or a bad id is 404
 * "Group not found". Slack is called over HTTP (`../slack/client.ts`), never inside a database
 * transaction. The bot token is stored here and never answered.
 *
 * Failures: every call to Slack that fails is recorded on the connection (status `error` and its
 * SLACK_ERRORS code, or `reconnect` for invalid_auth, after which nothing is posted until Slack is
 * connected again) and the call still answers 200 with the connection; a message that reaches Slack
 * clears the error. A recorded outcome applies only while the connection still holds the token the
 * call was made with, so a late answer never marks a newer connection.
 */
import type { z } from "zod";
import {
  SLACK_CHANNEL_MESSAGE,
  SLACK_CHOOSE_CHANNEL_FIRST,
  SLACK_ERRORS,
  SLACK_NOT_CONNECTED,
  SLACK_REDIRECT_MESSAGE,
  type ConnectSlackRequest,
  type GroupSlack,
  type SlackCallbackRequest,
  type SlackErrorCode,
  type UpdateSlackRequest,
} from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { inBackground } from "../runtime/background.ts";
import { one, type Queryable } from "../db/index.ts";
import { validation } from "../http/errors.ts";
import { listSlackChannels, postSlackMessage, SlackFailure, slackAuthorizeUrl, slackRedirectUri, slackText } from "../slack/client.ts";
import { changeGroup, readGroup } from "./group-settings.ts";
import { newOAuthState, redeemSlackConsent } from "./oauth-state.ts";
import type { Principal } from "../clients/regional.ts";

/** The `provider` of a Slack consent's state in sync_states. */
const SLACK = "slack";

interface SlackRow {
  group_id: number;
  status: "connected" | "error" | "reconnect";
  error: SlackErrorCode | null;
  team_id: string;
  team_name: string;
  access_token: string;
  channel_id: string | null;
  channel_name: string | null;
  last_message_at: Date | string | null;
  last_error_at: Date | string | null;
}

type Channel = { id: string; name: string };

const rowOf = (q: Queryable, groupId: number, lock = false) =>
  one<SlackRow>(q, `SELECT * FROM group_slacks WHERE group_id = $1${lock ? " FOR UPDATE" : ""}`, [groupId]);

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** How a call made with the connection's token went: null a message reached Slack, else the failure's code. */
async function record(q: Queryable, row: Pick<SlackRow, "group_id" | "access_token">, failure: SlackErrorCode | null): Promise<void> {
  if (failure === null) {
    await q.query(
      "UPDATE group_slacks SET status = 'connected', error = NULL, last_message_at = now(), updated_at = now() WHERE group_id = $1 AND access_token = $2",
      [row.group_id, row.access_token],
    );
  } else {
    await q.query(
      `UPDATE group_slacks SET status = CASE WHEN $3 = 'invalid_auth' THEN 'reconnect' ELSE 'error' END, error = $3, last_error_at = now(), updated_at = now()
        WHERE group_id = $1 AND access_token = $2`,
      [row.group_id, row.access_token, failure],
    );
  }
}

/** Run a Slack call for this connection; a failure is recorded and answered as its code. */
async function withSlack<T>(app: App, row: SlackRow, fn: (token: string) => Promise<T>): Promise<{ value: T } | { failed: SlackErrorCode }> {
  try {
    return { value: await fn(row.access_token) };
  } catch (err) {
    if (!(err instanceof SlackFailure)) throw err;
    app.log({ level: "warn", msg: "slack call failed", group: row.group_id, code: err.code, slack_error: err.slackError });
    await record(app.db, row, err.code);
    return { failed: err.code };
  }
}

/** The workspace's channels, live; none while Slack refuses the connection or fails now. */
async function channelsOf(app: App, row: SlackRow): Promise<Channel[]> {
  if (row.status === "reconnect") return [];
  const r = await withSlack(app, row, (token) => listSlackChannels(app, token));
  return "value" in r ? r.value : [];
}

/** The connection as the contract's GroupSlack; the channels when already listed, else listed live. */
async function present(app: App, groupId: number, listed?: Channel[]): Promise<z.input<typeof GroupSlack>> {
  let row = await rowOf(app.db, groupId);
  let channels: Channel[] = [];
  if (row) {
    channels = listed ?? (await channelsOf(app, row));
    if (!listed) row = await rowOf(app.db, groupId); // listing may have recorded a failure
  }
  if (!row) return { status: "none", workspace: null, channel: null, channels: [], error: null, last_message_at: null, last_error_at: null };
  return {
    status: row.status,
    workspace: row.team_name,
    channel: row.channel_id ? { id: row.channel_id, name: row.channel_name ?? row.channel_id } : null,
    channels,
    error: row.error,
    last_message_at: iso(row.last_message_at),
    last_error_at: iso(row.last_error_at),
  };
}

/** The group's connection for an editor's change (rights and group checked), or 422 "Connect Slack first". */
async function connectedRow(app: App, p: Principal, idParam: string): Promise<SlackRow> {
  const row = await readGroup(app, p, idParam, "ManageVisitorGroup.editor", (q, g) => rowOf(q, g.id));
  if (!row) throw validation({ channel_id: [SLACK_NOT_CONNECTED] });
  // Slack refused this token: no call is made with it again; connecting again is the way on.
  if (row.status === "reconnect") throw validation({ channel_id: [SLACK_ERRORS.invalid_auth] });
  return row;
}

/** GET groups/{groupId}/slack. */
export const getGroupSlack = (app: App, p: Principal, idParam: string) => readGroup(app, p, idParam, "ManageVisitorGroup.viewer", (_q, g) => present(app, g.id));

/** POST groups/{groupId}/slack/connect: a state bound to this user, group and return page; the consent URL. */
export function connectGroupSlack(app: App, p: Principal, idParam: string, body: z.infer<typeof ConnectSlackRequest>) {
  return changeGroup(app, p, idParam, "ManageVisitorGroup.editor", async (q, g) => {
    if (body.redirect_uri !== slackRedirectUri(app, g.id)) throw validation({ redirect_uri: [SLACK_REDIRECT_MESSAGE] });
    const state = await newOAuthState(q, p, g.id, SLACK, body.redirect_uri);
    return { authorize_url: slackAuthorizeUrl(app, body.redirect_uri, state) };
  });
}

/**
 * POST groups/{groupId}/slack/callback: the state must be this user's (in this client), for this
 * group and return page, unused and under 10 minutes old; it is used up before the code is
 * exchanged. Reconnecting the same workspace keeps the chosen channel; another workspace starts
 * without one.
 */
export async function completeGroupSlack(app: App, p: Principal, idParam: string, body: z.infer<typeof SlackCallbackRequest>) {
  const groupId = await readGroup(app, p, idParam, "ManageVisitorGroup.editor", async (_q, g) => g.id);
  const install = await redeemSlackConsent(app, p, body, { provider: SLACK, groupId });
  await changeGroup(app, p, idParam, "ManageVisitorGroup.editor", async (q, g) => {
    const existing = await rowOf(q, g.id, true);
    if (existing && existing.team_id === install.teamId) {
      await q.query(
        `UPDATE group_slacks SET access_token = $2, team_name = $3, bot_user_id = $4, connected_by = $5, status = 'connected', error = NULL, updated_at = now()
          WHERE group_id = $1`,
        [g.id, install.token, install.teamName, install.botUserId, p.user.id],
      );
    } else {
      await q.query("DELETE FROM group_slacks WHERE group_id = $1", [g.id]);
      await q.query("INSERT INTO group_slacks (group_id, team_id, team_name, access_token, bot_user_id, connected_by) VALUES ($1, $2, $3, $4, $5, $6)", [
        g.id,
        install.teamId,
        install.teamName,
        install.token,
        install.botUserId,
        p.user.id,
      ]);
    }
  });
  return present(app, groupId);
}

/**
 * PATCH groups/{groupId}/slack: the channel, one of the workspace's (checked live). When Slack
 * cannot be asked, the failure is recorded and nothing is saved.
 */
export async function updateGroupSlack(app: App, p: Principal, idParam: string, body: z.infer<typeof UpdateSlackRequest>) {
  const row = await connectedRow(app, p, idParam);
  const listed = await withSlack(app, row, (token) => listSlackChannels(app, token));
  if ("failed" in listed) return present(app, row.group_id, []);
  const chosen = listed.value.find((c) => c.id === body.channel_id);
  if (!chosen) throw validation({ channel_id: [SLACK_CHANNEL_MESSAGE] });
  await changeGroup(app, p, idParam, "ManageVisitorGroup.editor", async (q, g) => {
    const cur = await rowOf(q, g.id, true);
    if (!cur || cur.access_token !== row.access_token) throw validation({ channel_id: [SLACK_NOT_CONNECTED] });
    await q.query("UPDATE group_slacks SET channel_id = $2, channel_name = $3, status = 'connected', error = NULL, updated_at = now() WHERE group_id = $1", [
      g.id,
      chosen.id,
      chosen.name,
    ]);
  });
  return present(app, row.group_id, listed.value);
}

/** POST groups/{groupId}/slack/test: a test message to the channel; how it went is recorded and answered. */
export async function testGroupSlack(app: App, p: Principal, idParam: string) {
  const row = await connectedRow(app, p, idParam);
  if (!row.channel_id) throw validation({ channel_id: [SLACK_CHOOSE_CHANNEL_FIRST] });
  const group = await one<{ name: string }>(app.db, "SELECT name FROM groups WHERE id = $1", [row.group_id]);
  await deliver(app, row, `This is a test message from Gatehouse: sign-ins of ${slackText(group?.name ?? "")} will be posted here.`);
  return present(app, row.group_id);
}

/** DELETE groups/{groupId}/slack: the token is forgotten (and any Slack consent in progress for the group). */
export async function disconnectGroupSlack(app: App, p: Principal, idParam: string) {
  const id = await changeGroup(app, p, idParam, "ManageVisitorGroup.editor", async (q, g) => {
    await q.query("DELETE FROM group_slacks WHERE group_id = $1", [g.id]);
    await q.query("DELETE FROM sync_states WHERE group_id = $1 AND provider = $2", [g.id, SLACK]);
    return g.id;
  });
  return present(app, id);
}

/** Post `text` to the connection's channel and record how it went. */
async function deliver(app: App, row: SlackRow, text: string): Promise<void> {
  const sent = await withSlack(app, row, (token) => postSlackMessage(app, token, row.channel_id!, text));
  if ("value" in sent) await record(app.db, row, null);
}

/** The message a sign-in posts: "<name> has signed in at <site>", with the host when given. */
export const signInText = (v: { name: string; site_name: string; host: string | null }) =>
  `${slackText(v.name)} has signed in at ${slackText(v.site_name)}${v.host ? ` to see ${slackText(v.host)}` : ""}.`;

/**
 * After a sign-in has committed: when the person's group has a Slack connection with a channel (and
 * Slack has not refused it), post the sign-in there, in the background: the sign-in is answered
 * without waiting, and a failure is recorded on the connection, never on the sign-in.
 */
export function announceSignIn(app: App, visit: { group_id: number; name: string; site_name: string; host: string | null }): void {
  inBackground(app, "slack sign-in message", async () => {
    const row = await one<SlackRow>(app.db, "SELECT * FROM group_slacks WHERE group_id = $1 AND channel_id IS NOT NULL AND status <> 'reconnect'", [visit.group_id]);
    if (row) await deliver(app, row, signInText(visit));
  });
}
