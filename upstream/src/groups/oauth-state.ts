/**
 * The `state` of an OAuth consent round trip a group's editor starts (a directory in group-sync.ts,
 * Slack in group-slack.ts): random, stored hashed in `sync_states` (migration 011; `provider` names
 * the service, 'slack' for Slack), bound to the user, the group, the service and the portal's return
 * page that started it; found only by that user in that client, unused, under 10 minutes old, for
 * the same service and return page; used once. A state of the whole client (the notifications'
 * Slack workspace, ADR 028) has no group (`groupId` null; migration 034).
 */
import type { App } from "../runtime/app.ts";
import { randomToken, sha256 } from "../auth/crypto.ts";
import { one, type Queryable } from "../db/index.ts";
import type { Principal } from "../clients/regional.ts";
import { SLACK_ERRORS, SLACK_STATE_MESSAGE } from "../../contract/index.ts";
import { validation } from "../http/errors.ts";
import { exchangeSlackCode, SlackFailure, type SlackInstall } from "../slack/client.ts";

/** A consent round trip must come back within this many seconds. */
export const OAUTH_STATE_TTL = 600;

/** A new state for this user and group, or the user's client (`groupId` null) (old rows are swept as it goes). */
export async function newOAuthState(q: Queryable, p: Principal, groupId: number | null, provider: string, redirectUri: string): Promise<string> {
  const state = randomToken(24);
  await q.query("DELETE FROM sync_states WHERE created_at < now() - interval '1 day'");
  await q.query("INSERT INTO sync_states (state_hash, user_id, group_id, client_id, provider, redirect_uri) VALUES ($1, $2, $3, $4, $5, $6)", [
    sha256(state),
    p.user.id,
    groupId,
    p.client.id,
    provider,
    redirectUri,
  ]);
  return state;
}

/**
 * The state's row when it may finish this round trip (this user's, in this client, unused, recent,
 * for `provider` and `redirectUri`, and for `groupId` when given — null: a state of the client,
 * with no group), else undefined. Not used up yet:
 * `useOAuthState` does that once the caller has checked its rights on the group.
 */
export async function findOAuthState(app: App, p: Principal, state: string, want: { provider: string; redirectUri: string; groupId?: number | null }) {
  const st = await one<{ id: number; user_id: number; group_id: number | null; client_id: number; provider: string; redirect_uri: string; used_at: Date | null; age: number }>(
    app.db,
    `SELECT s.id, s.user_id, s.group_id, COALESCE(g.client_id, s.client_id) AS client_id, s.provider, s.redirect_uri, s.used_at,
            extract(epoch FROM now() - s.created_at)::float8 AS age
       FROM sync_states s LEFT JOIN groups g ON g.id = s.group_id WHERE s.state_hash = $1`,
    [sha256(state)],
  );
  const fits =
    st &&
    st.user_id === p.user.id &&
    st.client_id === p.client.id &&
    st.used_at === null &&
    st.age <= OAUTH_STATE_TTL &&
    st.provider === want.provider &&
    st.redirect_uri === want.redirectUri &&
    (want.groupId === undefined ? st.group_id !== null : st.group_id === want.groupId);
  return fits ? { id: st.id, group_id: st.group_id } : undefined;
}

/** Use the state up (true), or false when a concurrent call already did. */
export async function useOAuthState(app: App, id: number): Promise<boolean> {
  return Boolean(await one(app.db, "UPDATE sync_states SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id", [id]));
}

/**
 * Slack sent the browser back (a group's connection, ADR 016, or the client's for notifications,
 * ADR 028): the state must be this user's, for this provider, return page and group (null: the
 * client's), unused and under 10 minutes old; it is used up, then the code is exchanged for the
 * bot token. Refusals are 422s on `state` or `code` in the spec's words.
 */
export async function redeemSlackConsent(
  app: App,
  p: Principal,
  body: { state: string; code: string; redirect_uri: string },
  want: { provider: string; groupId: number | null },
): Promise<SlackInstall> {
  const st = await findOAuthState(app, p, body.state, { provider: want.provider, redirectUri: body.redirect_uri, groupId: want.groupId });
  if (!st || !(await useOAuthState(app, st.id))) throw validation({ state: [SLACK_STATE_MESSAGE] });
  try {
    return await exchangeSlackCode(app, body.code, body.redirect_uri);
  } catch (err) {
    if (err instanceof SlackFailure) throw validation({ code: [SLACK_ERRORS[err.code]] });
    throw err;
  }
}
