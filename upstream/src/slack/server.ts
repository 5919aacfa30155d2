/**
 * The demo Slack: a small stand-in for Slack, served by the upstream at `{PUBLIC_URL}/slack/…` as
 * the demo directory is at `/directory`. One workspace (`data.ts`) and enough of Slack's OAuth v2
 * and Web API for a group's notifications:
 *
 *   GET  oauth/v2/authorize?client_id&scope&redirect_uri&state   the consent page (Allow / Deny, a plain form)
 *   POST oauth/v2/authorize        Allow → redirect_uri?code&state; Deny → redirect_uri?error=access_denied&state
 *   POST api/oauth.v2.access       code → bot token and team (single-use code, 10 minutes, same redirect_uri)
 *   GET|POST api/conversations.list    the workspace's public channels (Bearer)
 *   POST api/chat.postMessage      {channel, text}: recorded in `slack_messages` (Bearer)
 *   GET  demo/messages?channel&limit   what was posted, newest first (for the demo and the tests)
 *
 * Answers are Slack-shaped: HTTP 200 with `{ok: true, …}` or `{ok: false, error: "invalid_auth"}`,
 * and 429 with Retry-After for `ratelimited`. A redirect_uri must lie under the portal's Slack return
 * pages (`{PORTAL_URL}/manage/group/callback/slack/{id}`, or the notifications' workspace page
 * `{PORTAL_URL}/manage/features/notifications/slack-callback`), as Slack matches a registered redirect URL
 * and its subpaths. Tokens are signed, so they outlive a restart (the seed writes one).
 *
 * Faults, through the test hooks (`setSlackFault`): `invalid_auth` (every token issued before the
 * fault was switched on is revoked; a new connection works), `channel_not_found` (posting finds no
 * channel), `ratelimited` (every API call is 429), `unreachable` (API calls get no answer: the
 * connection is dropped).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { App } from "../runtime/app.ts";
import { one } from "../db/index.ts";
import { escapeHtml, htmlPage, redirectWith } from "../http/pages.ts";
import { bearerToken, type Ctx, type Reply, type Router } from "../http/router.ts";
import { CLIENT_SLACK_REDIRECT_PATH, SLACK_CLIENT_ID, SLACK_REDIRECT_PATH, slackClientSecret } from "./client.ts";
import { DEMO_APP_ID, DEMO_BOT_USER, DEMO_CHANNELS, DEMO_TEAM } from "./data.ts";

/** Slack's authorization codes expire after ten minutes. */
export const SLACK_CODE_TTL = 600;
/** The demo keeps this many messages (older ones are dropped). */
const KEPT_MESSAGES = 2000;

export const SLACK_FAULTS = ["invalid_auth", "channel_not_found", "ratelimited", "unreachable"] as const;
export type SlackFault = (typeof SLACK_FAULTS)[number];

interface SlackState {
  codes: Map<string, { redirectUri: string; expires: number }>;
  fault: { kind: SlackFault; since: number } | null;
}
const states = new WeakMap<App, SlackState>();
function stateOf(app: App): SlackState {
  let s = states.get(app);
  if (!s) states.set(app, (s = { codes: new Map(), fault: null }));
  return s;
}

/** Test hooks: make the demo Slack fail as in `fault` (null: answer normally). */
export function setSlackFault(app: App, fault: SlackFault | null): void {
  stateOf(app).fault = fault ? { kind: fault, since: Date.now() } : null;
}

// ---------------------------------------------------------------------------------------------
// Bot tokens: `xoxb-{payload}.{signature}`, the payload naming the team and when it was issued.
// ---------------------------------------------------------------------------------------------

const sign = (app: App, body: string) => {
  const key = createHmac("sha256", app.opts.jwtSecret).update("gatehouse-demo-slack").digest();
  return createHmac("sha256", key).update(body).digest("base64url");
};

export function issueSlackToken(app: App): string {
  const payload = Buffer.from(JSON.stringify({ t: DEMO_TEAM.id, i: Date.now(), n: randomBytes(9).toString("base64url") })).toString("base64url");
  return `xoxb-${payload}.${sign(app, payload)}`;
}

/** The token's issue time when it is one of ours and not revoked, else null. */
function tokenIssuedAt(app: App, token: string | null): number | null {
  const m = token ? /^xoxb-([\w-]+)\.([\w-]+)$/.exec(token) : null;
  if (!m) return null;
  const expected = Buffer.from(sign(app, m[1]));
  const given = Buffer.from(m[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(m[1], "base64url").toString("utf8")) as { t?: unknown; i?: unknown };
    return payload.t === DEMO_TEAM.id && typeof payload.i === "number" ? payload.i : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const ok = (body: Record<string, unknown> = {}, headers: Record<string, string> = {}): Reply => ({ status: 200, body: { ok: true, ...body }, headers });
const slackError = (error: string, status = 200, headers: Record<string, string> = {}): Reply => ({ status, body: { ok: false, error }, headers });

/** The redirect_uri is one of the portal's Slack return pages. */
export function isSlackRedirect(app: App, uri: string): boolean {
  if (uri === `${app.opts.portalUrl}${CLIENT_SLACK_REDIRECT_PATH}`) return true; // the notifications' workspace (ADR 028)
  const prefix = `${app.opts.portalUrl}${SLACK_REDIRECT_PATH}`;
  return uri.startsWith(prefix) && /^\d{1,9}$/.test(uri.slice(prefix.length));
}

const SCOPES_NEEDED = ["channels:read", "chat:write"];

const TITLE = "Slack (demo)";
const badRequest = (message: string) => htmlPage(TITLE, `<h1>${TITLE}</h1>\n<p role="alert">${escapeHtml(message)}</p>`, 400);

const str = (src: Record<string, unknown>, k: string) => (typeof src[k] === "string" ? (src[k] as string) : "");

/** The authorize request's parameters, checked (a reason when they cannot be redirected back to). */
function authorizeParams(app: App, src: Record<string, unknown>): { redirectUri: string; state: string; scope: string } | { error: string } {
  if (str(src, "client_id") !== SLACK_CLIENT_ID) return { error: "invalid_client_id: this app is not known to the workspace." };
  if (!isSlackRedirect(app, str(src, "redirect_uri"))) return { error: "bad_redirect_uri: the redirect_uri does not match the app's redirect URLs." };
  const scopes = str(src, "scope").split(",").map((s) => s.trim());
  if (!SCOPES_NEEDED.every((s) => scopes.includes(s))) return { error: "invalid_scope: the app must ask for channels:read and chat:write." };
  if (!str(src, "state") || str(src, "state").length > 500) return { error: "The state parameter is required." };
  return { redirectUri: str(src, "redirect_uri"), state: str(src, "state"), scope: scopes.join(",") };
}

const SCOPE_WORDS: Record<string, string> = {
  "channels:read": "View basic information about public channels in your workspace",
  "chat:write": "Send messages as Gatehouse",
  "chat:write.public": "Send messages to public channels Gatehouse isn't a member of",
};

function consentPage(q: { redirectUri: string; state: string; scope: string }): Reply {
  const hidden = { client_id: SLACK_CLIENT_ID, scope: q.scope, redirect_uri: q.redirectUri, state: q.state };
  const can = q.scope
    .split(",")
    .map((s) => SCOPE_WORDS[s])
    .filter(Boolean);
  return htmlPage(
    `${TITLE}: allow access`,
    `<h1>${TITLE}</h1>
<p>Gatehouse is asking for access to the <strong>${escapeHtml(DEMO_TEAM.name)}</strong> Slack workspace.</p>
<h2>What will Gatehouse be able to do?</h2>
<ul>
${can.map((c) => `  <li>${escapeHtml(c)}</li>`).join("\n")}
</ul>
<form method="post" action="/slack/oauth/v2/authorize">
${Object.entries(hidden).map(([k, v]) => `  <input type="hidden" name="${k}" value="${escapeHtml(v)}">`).join("\n")}
  <div class="actions">
    <button type="submit" name="action" value="allow">Allow</button>
    <button type="submit" name="action" value="deny" class="secondary">Deny</button>
  </div>
</form>`,
  );
}

/** The body of an API call: query string, form or JSON, as Slack takes any of them. */
async function argsOf(ctx: Ctx): Promise<Record<string, unknown>> {
  const fromQuery = Object.fromEntries(ctx.url.searchParams);
  if (ctx.method !== "POST") return fromQuery;
  const body = await ctx.readBody();
  return { ...fromQuery, ...(body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {}) };
}

function clientAuthenticated(app: App, ctx: Ctx, args: Record<string, unknown>): "ok" | "invalid_client_id" | "bad_client_secret" {
  let id = str(args, "client_id");
  let secret = str(args, "client_secret");
  const basic = /^Basic\s+(\S+)$/i.exec(String(ctx.req.headers.authorization ?? ""));
  if (basic) {
    const [u, s] = Buffer.from(basic[1], "base64").toString("utf8").split(":");
    id = decodeURIComponent(u ?? "");
    secret = decodeURIComponent(s ?? "");
  }
  if (id !== SLACK_CLIENT_ID) return "invalid_client_id";
  return secret === slackClientSecret(app) ? "ok" : "bad_client_secret";
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

const MessagesQuery = z.object({
  channel: z.string().max(80).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export function registerSlack(router: Router, app: App): void {
  const st = () => stateOf(app);

  router.get("/slack/oauth/v2/authorize", (ctx) => {
    const q = authorizeParams(app, Object.fromEntries(ctx.url.searchParams));
    return "error" in q ? badRequest(q.error) : consentPage(q);
  });

  router.post("/slack/oauth/v2/authorize", async (ctx) => {
    const form = (await ctx.readBody()) as Record<string, unknown>;
    const q = authorizeParams(app, form);
    if ("error" in q) return badRequest(q.error);
    if (form.action !== "allow") return redirectWith(q.redirectUri, { error: "access_denied", state: q.state });
    const code = `${DEMO_TEAM.id}.${randomBytes(24).toString("base64url")}`;
    const codes = st().codes;
    for (const [k, v] of codes) if (v.expires < Date.now()) codes.delete(k);
    codes.set(code, { redirectUri: q.redirectUri, expires: Date.now() + SLACK_CODE_TTL * 1000 });
    return redirectWith(q.redirectUri, { code, state: q.state });
  });

  /** An API method: the fault switched on applies first (unreachable drops the connection). */
  function api(method: string, fn: (ctx: Ctx, args: Record<string, unknown>) => Promise<Reply> | Reply, authed = true) {
    const handler = async (ctx: Ctx): Promise<Reply | undefined> => {
      const fault = st().fault;
      if (fault?.kind === "unreachable") {
        ctx.req.socket.destroy();
        return undefined;
      }
      if (fault?.kind === "ratelimited") return slackError("ratelimited", 429, { "retry-after": "30" });
      const args = await argsOf(ctx);
      if (authed) {
        const token = bearerToken(ctx.req) ?? (str(args, "token") || null);
        if (!token) return slackError("not_authed");
        const issued = tokenIssuedAt(app, token);
        if (issued === null || (fault?.kind === "invalid_auth" && issued <= fault.since)) return slackError("invalid_auth");
      }
      return fn(ctx, args);
    };
    router.get(`/slack/api/${method}`, handler);
    router.post(`/slack/api/${method}`, handler);
  }

  api(
    "oauth.v2.access",
    (ctx, args) => {
      const client = clientAuthenticated(app, ctx, args);
      if (client !== "ok") return slackError(client);
      const code = str(args, "code");
      const entry = st().codes.get(code);
      st().codes.delete(code); // single use, even when refused
      if (!entry || entry.expires < Date.now()) return slackError("invalid_code");
      if (str(args, "redirect_uri") !== entry.redirectUri) return slackError("bad_redirect_uri");
      return ok({
        access_token: issueSlackToken(app),
        token_type: "bot",
        scope: "channels:read,chat:write,chat:write.public",
        bot_user_id: DEMO_BOT_USER,
        app_id: DEMO_APP_ID,
        team: { id: DEMO_TEAM.id, name: DEMO_TEAM.name },
        enterprise: null,
        is_enterprise_install: false,
        authed_user: { id: "U0DEMOADMIN" },
      });
    },
    false,
  );

  api("conversations.list", () =>
    ok({
      channels: DEMO_CHANNELS.map((c, i) => ({
        id: c.id,
        name: c.name,
        is_channel: true,
        is_private: false,
        is_archived: false,
        is_general: c.name === "general",
        is_member: i === 0,
        created: 1_700_000_000 + i,
        topic: { value: c.topic, creator: "", last_set: 0 },
        num_members: 3 + i,
      })),
      response_metadata: { next_cursor: "" },
    }),
  );

  api("chat.postMessage", async (_ctx, args) => {
    if (st().fault?.kind === "channel_not_found") return slackError("channel_not_found");
    const wanted = str(args, "channel").replace(/^#/, "");
    const channel = DEMO_CHANNELS.find((c) => c.id === wanted || c.name === wanted);
    if (!channel) return slackError("channel_not_found");
    const text = str(args, "text");
    if (text.trim() === "") return slackError("no_text");
    if (text.length > 40_000) return slackError("msg_too_long");
    const ts = `${(Date.now() / 1000).toFixed(6)}`;
    await app.db.query("INSERT INTO slack_messages (team_id, channel_id, text, ts) VALUES ($1, $2, $3, $4)", [DEMO_TEAM.id, channel.id, text, ts]);
    const cut = await one<{ id: number }>(app.db, "SELECT id FROM slack_messages ORDER BY id DESC OFFSET $1 LIMIT 1", [KEPT_MESSAGES]);
    if (cut) await app.db.query("DELETE FROM slack_messages WHERE id <= $1", [cut.id]);
    return ok({ channel: channel.id, ts, message: { type: "message", text, user: DEMO_BOT_USER, bot_id: "B0GATEHOUSE", app_id: DEMO_APP_ID, ts } });
  });

  // What the workspace's channels show: the demo's (and the tests') window into Slack.
  router.get("/slack/demo/messages", async (ctx) => {
    const q = MessagesQuery.safeParse(Object.fromEntries(ctx.url.searchParams));
    if (!q.success) return { status: 400, body: { message: "channel is a channel's name or id; limit 1–200." } };
    const wanted = q.data.channel?.replace(/^#/, "");
    const channel = wanted === undefined ? undefined : DEMO_CHANNELS.find((c) => c.id === wanted || c.name === wanted);
    if (wanted !== undefined && !channel) return { status: 404, body: { message: "No such channel in the demo workspace." } };
    const rows = await app.db.query<{ channel_id: string; text: string; ts: string; created_at: Date | string }>(
      `SELECT channel_id, text, ts, created_at FROM slack_messages WHERE ($1::text IS NULL OR channel_id = $1) ORDER BY id DESC LIMIT $2`,
      [channel?.id ?? null, q.data.limit],
    );
    return {
      body: {
        workspace: DEMO_TEAM.name,
        messages: rows.map((r) => ({
          channel: DEMO_CHANNELS.find((c) => c.id === r.channel_id)?.name ?? r.channel_id,
          channel_id: r.channel_id,
          text: r.text,
          ts: r.ts,
          posted_at: new Date(r.created_at).toISOString(),
        })),
      },
    };
  });
}
