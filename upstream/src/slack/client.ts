/**
 * The upstream's Slack client: the consent URL, the code exchange (oauth.v2.access), the
 * workspace's channels (conversations.list) and posting a message (chat.postMessage), over HTTP to
 * the demo Slack at the upstream's own base (`app.internalUrl`), as it would to slack.com. Every
 * failure becomes a `SlackFailure` carrying one of the contract's SLACK_ERRORS codes, decided in one
 * place: `slackErrorOf`. Nothing here touches the database, so callers decide what a failure means
 * for what they hold (a group's connection today; any notification posting to Slack later).
 */
import { SLACK_ERRORS, type SlackErrorCode } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";

/** The Slack app the upstream is (its secret is the SSO client's, as the demo directory's). */
export const SLACK_CLIENT_ID = "4242424242.1717171717";
export const slackClientSecret = (app: App) => app.opts.ssoClientSecret;
/** What the app asks for: list public channels, post, and post to public channels it has not joined. */
export const SLACK_SCOPES = "channels:read,chat:write,chat:write.public";
/** The portal's return pages lie below this path: `{PORTAL_URL}/manage/group/callback/slack/{groupId}`. */
export const SLACK_REDIRECT_PATH = "/manage/group/callback/slack/";

/** The portal's return page for the client's notifications workspace (ADR 028), exactly. */
export const CLIENT_SLACK_REDIRECT_PATH = "/manage/features/notifications/slack-callback";
/** The one redirect_uri the client's notifications workspace accepts. */
export const clientSlackRedirectUri = (app: App) => `${app.opts.portalUrl}${CLIENT_SLACK_REDIRECT_PATH}`;

/** The one redirect_uri a group's connection accepts: the portal's return page for that group. */
export const slackRedirectUri = (app: App, groupId: number) => `${app.opts.portalUrl}${SLACK_REDIRECT_PATH}${groupId}`;

/** Where the browser goes for Slack's consent (absolute, on the upstream's public URL). */
export function slackAuthorizeUrl(app: App, redirectUri: string, state: string): string {
  const params = new URLSearchParams({ client_id: SLACK_CLIENT_ID, scope: SLACK_SCOPES, redirect_uri: redirectUri, state });
  return `${app.opts.publicUrl}/slack/oauth/v2/authorize?${params.toString()}`;
}

export class SlackFailure extends Error {
  constructor(
    public code: SlackErrorCode,
    /** Slack's own error name, when it gave one (for the log). */
    public slackError: string | null = null,
  ) {
    super(SLACK_ERRORS[code]);
  }
}

const REVOKED = new Set(["invalid_auth", "not_authed", "token_revoked", "token_expired", "account_inactive", "no_permission", "missing_scope", "team_access_not_granted"]);
const CHANNEL_GONE = new Set(["channel_not_found", "is_archived", "not_in_channel"]);

/**
 * A failed Slack answer as a code (status null: no answer at all). The one place where Slack's
 * answers become codes: 429 or `ratelimited` → ratelimited; a revoked or missing grant → invalid_auth;
 * a channel deleted, archived or not joined → channel_not_found; no answer, a 5xx or anything that
 * is not Slack's JSON → unreachable; any other `{ok: false}` → refused.
 */
export function slackErrorOf(status: number | null, body: unknown): SlackErrorCode {
  const error = body && typeof body === "object" && typeof (body as { error?: unknown }).error === "string" ? (body as { error: string }).error : null;
  if (status === 429 || error === "ratelimited" || error === "rate_limited") return "ratelimited";
  if (status === null || status >= 500 || error === null) return "unreachable";
  if (REVOKED.has(error)) return "invalid_auth";
  if (CHANNEL_GONE.has(error)) return "channel_not_found";
  return "refused";
}

type Obj = Record<string, unknown>;

/** One Web API call; its `{ok: true}` body, else a SlackFailure. */
async function call(app: App, method: string, init: { token?: string; form?: Record<string, string>; json?: Obj }): Promise<Obj> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | URLSearchParams | undefined;
  if (init.json) {
    headers["content-type"] = "application/json; charset=utf-8";
    body = JSON.stringify(init.json);
  } else if (init.form) {
    body = new URLSearchParams(init.form);
  }
  let status: number | null = null;
  let answer: unknown = null;
  try {
    const res = await fetch(`${app.internalUrl}/slack/api/${method}`, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
    status = res.status;
    answer = await res.json().catch(() => null);
  } catch (err) {
    app.log({ level: "warn", msg: "slack unreachable", method, error: String(err) });
  }
  const b = answer as Obj | null;
  if (status === 200 && b && b.ok === true) return b;
  const code = slackErrorOf(status, b);
  throw new SlackFailure(code, typeof b?.error === "string" ? b.error : null);
}

/** Slack's mrkdwn control characters escaped, so a visitor's name cannot mention @channel or link anywhere. */
export const slackText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export interface SlackInstall {
  token: string;
  teamId: string;
  teamName: string;
  botUserId: string | null;
}

/** The code's bot token and workspace (oauth.v2.access). */
export async function exchangeSlackCode(app: App, code: string, redirectUri: string): Promise<SlackInstall> {
  const b = await call(app, "oauth.v2.access", { form: { code, redirect_uri: redirectUri, client_id: SLACK_CLIENT_ID, client_secret: slackClientSecret(app) } });
  const team = (b.team ?? {}) as Obj;
  if (typeof b.access_token !== "string" || typeof team.id !== "string") throw new SlackFailure("unreachable");
  return { token: b.access_token, teamId: team.id, teamName: typeof team.name === "string" ? team.name : team.id, botUserId: typeof b.bot_user_id === "string" ? b.bot_user_id : null };
}

/** The workspace's public, unarchived channels, by name (conversations.list, every page up to 1,000 channels). */
export async function listSlackChannels(app: App, token: string): Promise<{ id: string; name: string }[]> {
  const out: { id: string; name: string }[] = [];
  let cursor = "";
  for (let page = 0; page < 5; page++) {
    const b = await call(app, "conversations.list", { token, form: { types: "public_channel", exclude_archived: "true", limit: "200", ...(cursor ? { cursor } : {}) } });
    for (const c of Array.isArray(b.channels) ? (b.channels as Obj[]) : []) {
      if (typeof c.id === "string" && typeof c.name === "string" && c.is_archived !== true) out.push({ id: c.id, name: c.name });
    }
    cursor = String(((b.response_metadata ?? {}) as Obj).next_cursor ?? "");
    if (!cursor) break;
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** Post `text` (already escaped with `slackText` where it holds others' words) to a channel (chat.postMessage). */
export async function postSlackMessage(app: App, token: string, channel: string, text: string): Promise<{ ts: string }> {
  const b = await call(app, "chat.postMessage", { token, json: { channel, text, unfurl_links: false, unfurl_media: false } });
  return { ts: typeof b.ts === "string" ? b.ts : "" };
}
