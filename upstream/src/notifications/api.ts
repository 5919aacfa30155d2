/**
 * Notifications' configuration (groups spec §3 "Notification", §5; ADR 028 "Configuration",
 * "Validation", "Slack workspace"): list (15 a page; site, group, trigger, channel, search), read,
 * create, change, enable/disable, delete, rotate a webhook's secret; and the client's Slack
 * workspace (connect through Slack's consent like a group's, ADR 016; disconnect).
 *
 * ManageNotification.viewer for everything (the portal's one right for the area), active clients
 * only; connecting Slack is for administrators. A notification of another client, or a bad id, is
 * 404 "Failed to find existing notification"; a site or group not the client's (or, for a user
 * restricted to sites, not one of theirs) is 422.
 *
 * Scope (issue 24 item 3; ADR 028 "Scope"): a user restricted to sites lists, reads, changes,
 * enables, rotates and deletes only the notifications of one of their sites — one for every site
 * (site NULL) or another site is 404 like another client's; they cannot create one for every site
 * (422 `everySite`) nor move one to another site (422 `site`). The pickers offer their sites, the
 * groups offered at one of them and the custom fields of their sites only. A webhook's secret is answered once: when it is
 * generated (create, update with generate_secret, rotate); every other answer says `has_secret`.
 * The address check (`channels/ssrf.ts`) and Slack's channel list are asked outside any transaction.
 */
import type { z } from "zod";
import {
  FILTER_MATCHES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_LIMITS as L,
  NOTIFICATION_MESSAGES as M,
  NOTIFICATION_TRIGGERS,
  SLACK_ERRORS,
  SLACK_REDIRECT_MESSAGE,
  type ClientSlack,
  type ClientSlackCallbackRequest,
  type ConnectClientSlackRequest,
  type Notification,
  type NotificationFilter,
  type NotificationInput,
  type SlackErrorCode,
} from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { forbidden, notFound, validation } from "../http/errors.ts";
import { likePattern, pageParam, parseId } from "../sites/manage.ts";
import { newOAuthState, redeemSlackConsent } from "../groups/oauth-state.ts";
import type { Principal } from "../clients/regional.ts";
import { requireRight } from "../auth/policy.ts";
import { clientCountry } from "../members/core.ts";
import { visibleSites } from "../clients/model.ts";
import { jsonSitesReachClause } from "../scope/reach.ts";
import { scopeOf, scopeSiteIds, siteClause } from "../scope/scope.ts";
import { clientSlackRedirectUri, listSlackChannels, SlackFailure, slackAuthorizeUrl } from "../slack/client.ts";
import { checkFilters, checkRecipients, checkSecret, checkSubject, checkUrlShape, newWebhookSecret, type Problems } from "./rules.ts";
import { checkTarget, type ResolvedAddress } from "./channels/ssrf.ts";

const RIGHT = "ManageNotification.viewer";
/** The `provider` of the client's Slack consent state in sync_states (no group: migration 034). */
const SLACK_CLIENT = "slack:client";
const DNS_TIMEOUT_MS = 3000;

/** One right to read and to change, active accounts only (ADR 028; the access table's `activeOnly`). */
const RULE = { activeOnly: true, message: "You are not authorised to manage notifications." } as const;

/** The client's Slack workspace serves every site's notifications: an administrator of every site changes it. */
function requireAdmin(p: Principal): void {
  requireRight(p, RIGHT, RULE);
  if (p.m.role_name !== "Administrator" && !p.user.is_super) throw forbidden("Only administrators can connect Slack.");
  if (scopeSiteIds(scopeOf(p, "notification")) !== null) throw forbidden("Only administrators of every site can connect or disconnect Slack.");
}

interface Row {
  id: number;
  client_id: number;
  site_id: number | null;
  site_name: string | null;
  group_id: number | null;
  group_name: string | null;
  trigger: (typeof NOTIFICATION_TRIGGERS)[number];
  channel: (typeof NOTIFICATION_CHANNELS)[number];
  recipients: string[];
  url: string | null;
  secret: string | null;
  subject: string | null;
  filters: NotificationFilter[];
  filter_match: (typeof FILTER_MATCHES)[number];
  enabled: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

const SELECT = `SELECT n.*, s.name AS site_name, g.name AS group_name
  FROM notifications n LEFT JOIN sites s ON s.id = n.site_id LEFT JOIN groups g ON g.id = n.group_id`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toNotification(r: Row, names: Record<string, string> = {}): z.input<typeof Notification> {
  return {
    id: r.id,
    site: r.site_id === null ? null : { id: r.site_id, name: r.site_name ?? "" },
    group: r.group_id === null ? null : { id: r.group_id, name: r.group_name ?? "" },
    trigger: r.trigger,
    channel: r.channel,
    recipients: r.recipients ?? [],
    recipient_names: r.channel === "slack" ? Object.fromEntries((r.recipients ?? []).filter((id) => names[id]).map((id) => [id, names[id]])) : {},
    url: r.url,
    has_secret: r.secret !== null,
    subject: r.subject,
    filters: r.filters ?? [],
    filter_match: r.filter_match,
    enabled: r.enabled,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

/** A notification of the client within the user's scope (else 404, as another client's). */
async function rowOf(q: Queryable, p: Principal, idParam: string, lock = false): Promise<Row> {
  const id = parseId(idParam);
  const params: unknown[] = [p.client.id, id];
  const inScope = siteClause(scopeOf(p, "notification"), "n.site_id", params);
  const row = Number.isNaN(id) ? undefined : await one<Row>(q, `${SELECT} WHERE n.client_id = $1 AND n.id = $2 AND ${inScope}${lock ? " FOR UPDATE OF n" : ""}`, params);
  if (!row) throw notFound(M.notFound);
  return row;
}

// --- The client's Slack workspace -----------------------------------------------------------------

interface SlackRow {
  client_id: number;
  status: "connected" | "error" | "reconnect";
  error: SlackErrorCode | null;
  team_id: string;
  team_name: string;
  access_token: string;
  last_message_at: Date | string | null;
  last_error_at: Date | string | null;
}

const slackRowOf = (q: Queryable, clientId: number) => one<SlackRow>(q, "SELECT * FROM client_slacks WHERE client_id = $1", [clientId]);

/** The workspace's channels, live; a failure is recorded on the connection and answered as its code. */
async function slackChannels(app: App, row: SlackRow): Promise<{ channels: { id: string; name: string }[] } | { failed: SlackErrorCode }> {
  if (row.status === "reconnect") return { failed: "invalid_auth" };
  try {
    return { channels: await listSlackChannels(app, row.access_token) };
  } catch (err) {
    if (!(err instanceof SlackFailure)) throw err;
    app.log({ level: "warn", msg: "slack call failed", client: row.client_id, code: err.code, slack_error: err.slackError });
    await app.db.query(
      `UPDATE client_slacks SET status = CASE WHEN $3 = 'invalid_auth' THEN 'reconnect' ELSE 'error' END, error = $3, last_error_at = now(), updated_at = now()
        WHERE client_id = $1 AND access_token = $2`,
      [row.client_id, row.access_token, err.code],
    );
    return { failed: err.code };
  }
}

async function presentSlack(app: App, clientId: number): Promise<z.input<typeof ClientSlack>> {
  const first = await slackRowOf(app.db, clientId);
  if (!first) return { status: "none", workspace: null, channels: [], error: null, last_message_at: null, last_error_at: null };
  const listed = await slackChannels(app, first);
  const row = (await slackRowOf(app.db, clientId)) ?? first;
  return {
    status: row.status,
    workspace: row.team_name,
    channels: "channels" in listed ? listed.channels : [],
    error: row.error,
    last_message_at: iso(row.last_message_at),
    last_error_at: iso(row.last_error_at),
  };
}

/** GET notification-slack */
export async function getClientSlack(app: App, p: Principal) {
  requireRight(p, RIGHT, RULE);
  return presentSlack(app, p.client.id);
}

/** POST notification-slack/connect: a state bound to this user, the client and the return page; the consent URL. */
export async function connectClientSlack(app: App, p: Principal, body: z.infer<typeof ConnectClientSlackRequest>) {
  requireAdmin(p);
  if (body.redirect_uri !== clientSlackRedirectUri(app)) throw validation({ redirect_uri: [SLACK_REDIRECT_MESSAGE] });
  const state = await app.db.tx((q) => newOAuthState(q, p, null, SLACK_CLIENT, body.redirect_uri));
  return { authorize_url: slackAuthorizeUrl(app, body.redirect_uri, state) };
}

/** POST notification-slack/callback: the state must be this user's, in this client, unused, under 10 minutes old; used up first. */
export async function completeClientSlack(app: App, p: Principal, body: z.infer<typeof ClientSlackCallbackRequest>) {
  requireAdmin(p);
  const install = await redeemSlackConsent(app, p, body, { provider: SLACK_CLIENT, groupId: null });
  await app.db.tx(async (q) => {
    await q.query("DELETE FROM client_slacks WHERE client_id = $1", [p.client.id]);
    await q.query("INSERT INTO client_slacks (client_id, team_id, team_name, access_token, bot_user_id, connected_by) VALUES ($1, $2, $3, $4, $5, $6)", [
      p.client.id,
      install.teamId,
      install.teamName,
      install.token,
      install.botUserId,
      p.user.id,
    ]);
  });
  return presentSlack(app, p.client.id);
}

/** DELETE notification-slack: the token is forgotten; Slack notifications stay, and wait for a workspace. */
export async function disconnectClientSlack(app: App, p: Principal) {
  requireAdmin(p);
  await app.db.tx(async (q) => {
    await q.query("DELETE FROM client_slacks WHERE client_id = $1", [p.client.id]);
    await q.query("DELETE FROM sync_states WHERE client_id = $1 AND group_id IS NULL AND provider = $2", [p.client.id, SLACK_CLIENT]);
  });
  return presentSlack(app, p.client.id);
}

// --- Notifications ---------------------------------------------------------------------------------

/** The custom field labels of the client's sites within the user's scope, for filters on `custom:<label>`. */
async function customLabels(q: Queryable, p: Principal): Promise<string[]> {
  const params: unknown[] = [p.client.id];
  const inScope = siteClause(scopeOf(p, "notification"), "cf.site_id", params);
  const rows = await q.query<{ label: string }>(
    `SELECT DISTINCT cf.label FROM custom_fields cf JOIN sites s ON s.id = cf.site_id WHERE s.client_id = $1 AND ${inScope} ORDER BY cf.label`,
    params,
  );
  return rows.map((r) => r.label);
}

/** The client's groups a notification of this user may name: those offered at one of their sites. */
function groupsInReach(q: Queryable, p: Principal): Promise<{ id: number; name: string }[]> {
  const params: unknown[] = [p.client.id];
  const reach = jsonSitesReachClause(scopeOf(p, "notification"), "site_ids", params);
  return q.query<{ id: number; name: string }>(`SELECT id, name FROM groups WHERE client_id = $1 AND ${reach} ORDER BY position, id`, params);
}

/** GET notifications?page=&search=&site_id=&group_id=&trigger=&channel= */
export async function listNotifications(app: App, p: Principal, query: URLSearchParams) {
  requireRight(p, RIGHT, RULE);
  const search = (query.get("search") ?? "").trim().slice(0, L.search);
  const page = pageParam(query);
  const num = (k: string) => {
    const n = parseId(query.get(k));
    return Number.isNaN(n) ? null : n;
  };
  const trigger = (NOTIFICATION_TRIGGERS as readonly string[]).includes(query.get("trigger") ?? "") ? query.get("trigger") : null;
  const channel = (NOTIFICATION_CHANNELS as readonly string[]).includes(query.get("channel") ?? "") ? query.get("channel") : null;
  const where = `n.client_id = $1 AND ($2::int IS NULL OR n.site_id = $2) AND ($3::int IS NULL OR n.group_id = $3)
    AND ($4::text IS NULL OR n.trigger = $4) AND ($5::text IS NULL OR n.channel = $5)
    AND ($6::text = '' OR array_to_string(n.recipients, ' ') ILIKE $7 ESCAPE '\\' OR n.url ILIKE $7 ESCAPE '\\' OR n.subject ILIKE $7 ESCAPE '\\'
         OR s.name ILIKE $7 ESCAPE '\\' OR g.name ILIKE $7 ESCAPE '\\')`;
  const params: unknown[] = [p.client.id, num("site_id"), num("group_id"), trigger, channel, search, likePattern(search)];
  const scoped = `${where} AND ${siteClause(scopeOf(p, "notification"), "n.site_id", params)}`;
  const [count, rows] = await Promise.all([
    one<{ n: number }>(app.db, `SELECT count(*)::int AS n FROM notifications n LEFT JOIN sites s ON s.id = n.site_id LEFT JOIN groups g ON g.id = n.group_id WHERE ${scoped}`, params),
    app.db.query<Row>(`${SELECT} WHERE ${scoped} ORDER BY n.id LIMIT ${L.perPage} OFFSET ${(page - 1) * L.perPage}`, params),
  ]);
  return { notifications: rows.map((r) => toNotification(r)), page, per_page: L.perPage, total: count?.n ?? 0 };
}

/**
 * GET notification-options: the user's sites (and whether "every site" is theirs to choose), the
 * groups offered at one of them, their sites' custom field labels, the Slack workspace.
 */
export async function notificationOptions(app: App, p: Principal) {
  requireRight(p, RIGHT, RULE);
  const [sites, groups, labels, slack] = await Promise.all([
    visibleSites(app.db, p.client.id, p.m.site_ids),
    groupsInReach(app.db, p),
    customLabels(app.db, p),
    presentSlack(app, p.client.id),
  ]);
  const everySite = scopeSiteIds(scopeOf(p, "notification")) === null;
  return { sites: sites.map((s) => ({ id: s.id as number, name: s.name as string })), every_site: everySite, groups, custom_fields: labels, slack };
}

/** GET notifications/{notificationId}: Slack channels named as Slack answers now. */
export async function getNotification(app: App, p: Principal, idParam: string) {
  requireRight(p, RIGHT, RULE);
  const row = await rowOf(app.db, p, idParam);
  let names: Record<string, string> = {};
  if (row.channel === "slack") {
    const slack = await slackRowOf(app.db, p.client.id);
    const listed = slack ? await slackChannels(app, slack) : null;
    if (listed && "channels" in listed) names = Object.fromEntries(listed.channels.map((c) => [c.id, c.name]));
  }
  return toNotification(row, names);
}

/** Resolve a host within DNS_TIMEOUT_MS (a host that cannot be resolved now is not refused: delivery checks again). */
async function resolveBounded(host: string): Promise<ResolvedAddress[]> {
  const { lookup } = await import("node:dns/promises");
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("dns timeout")), DNS_TIMEOUT_MS).unref());
  const all = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/**
 * Every rule of groups spec §5 and ADR 028, all problems at once (422), else what to store. The
 * live checks (the URL's addresses, Slack's channels) run only when the rest is valid.
 */
async function validated(app: App, p: Principal, body: NotificationInput, stored: Row | null) {
  const problems: Problems = {};
  const [sites, labels, groups] = await Promise.all([visibleSites(app.db, p.client.id, p.m.site_ids), customLabels(app.db, p), groupsInReach(app.db, p)]);
  // A user restricted to sites: one of their sites only (every site would reach the others too).
  if (body.site_id === null) {
    if (scopeSiteIds(scopeOf(p, "notification")) !== null) problems.site_id = [M.everySite];
  } else if (!sites.some((s) => s.id === body.site_id)) problems.site_id = [M.site];
  if (body.group_id !== null && !groups.some((g) => g.id === body.group_id)) problems.group_id = [M.group];
  const recipients = checkRecipients(body.channel, body.recipients, clientCountry(p.client.settings), problems);
  const url = checkUrlShape(body.channel, body.url, problems);
  const subject = checkSubject(body.subject, problems);
  const filters = checkFilters(body.filters, labels, problems);
  const secret = checkSecret(body.channel, body, stored?.channel === "webhook" ? stored.secret : null, problems);
  if (url !== null && !problems.url) {
    const check = await checkTarget(url, { resolve: resolveBounded });
    if (!check.ok && check.reason === "private") problems.url = [M.privateAddress];
    else if (!check.ok && check.reason !== "unresolved") problems.url = [M.url];
  }
  if (body.channel === "slack" && !problems.recipients) {
    const slack = await slackRowOf(app.db, p.client.id);
    if (!slack) problems.recipients = [M.slackNotConnected];
    else {
      const listed = await slackChannels(app, slack);
      if ("failed" in listed) problems.recipients = [SLACK_ERRORS[listed.failed]];
      else if (recipients.some((id) => !listed.channels.some((c) => c.id === id))) problems.recipients = [M.slackChannel];
    }
  }
  if (Object.keys(problems).length) throw validation(problems);
  return { recipients, url, subject, filters, secret };
}

/** POST notifications */
export async function createNotification(app: App, p: Principal, body: NotificationInput) {
  requireRight(p, RIGHT, RULE);
  const v = await validated(app, p, body, null);
  const id = await app.db.tx(async (q) => {
    const r = await one<{ id: number }>(
      q,
      `INSERT INTO notifications (client_id, site_id, group_id, trigger, channel, recipients, url, secret, subject, filters, filter_match, enabled, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13) RETURNING id`,
      [p.client.id, body.site_id, body.group_id, body.trigger, body.channel, v.recipients, v.url, v.secret.secret, v.subject, JSON.stringify(v.filters), body.filter_match, body.enabled ?? true, p.user.id],
    );
    return r!.id;
  });
  return { ...toNotification(await rowOf(app.db, p, String(id))), secret: v.secret.generated ? v.secret.secret : null };
}

/** PATCH notifications/{notificationId}: the whole notification; a webhook keeps its secret unless a new one is typed or generated. */
export async function updateNotification(app: App, p: Principal, idParam: string, body: NotificationInput) {
  requireRight(p, RIGHT, RULE);
  const stored = await rowOf(app.db, p, idParam);
  const v = await validated(app, p, body, stored);
  await app.db.tx(async (q) => {
    await rowOf(q, p, idParam, true);
    await q.query(
      `UPDATE notifications SET site_id = $2, group_id = $3, trigger = $4, channel = $5, recipients = $6, url = $7, secret = $8, subject = $9,
          filters = $10::jsonb, filter_match = $11, enabled = COALESCE($12, enabled), updated_at = now() WHERE id = $1`,
      [stored.id, body.site_id, body.group_id, body.trigger, body.channel, v.recipients, v.url, v.secret.secret, v.subject, JSON.stringify(v.filters), body.filter_match, body.enabled ?? null],
    );
  });
  return { ...toNotification(await rowOf(app.db, p, idParam)), secret: v.secret.generated ? v.secret.secret : null };
}

/** PATCH notifications/{notificationId}/enabled */
export async function setNotificationEnabled(app: App, p: Principal, idParam: string, body: { enabled: boolean }) {
  requireRight(p, RIGHT, RULE);
  await app.db.tx(async (q) => {
    const row = await rowOf(q, p, idParam, true);
    await q.query("UPDATE notifications SET enabled = $2, updated_at = now() WHERE id = $1", [row.id, body.enabled]);
  });
  return toNotification(await rowOf(app.db, p, idParam));
}

/** POST notifications/{notificationId}/secret: a new secret for a webhook, answered this once. */
export async function rotateNotificationSecret(app: App, p: Principal, idParam: string) {
  requireRight(p, RIGHT, RULE);
  const secret = newWebhookSecret();
  await app.db.tx(async (q) => {
    const row = await rowOf(q, p, idParam, true);
    if (row.channel !== "webhook") throw validation({ secret: [M.noSecret] });
    await q.query("UPDATE notifications SET secret = $2, updated_at = now() WHERE id = $1", [row.id, secret]);
  });
  return { ...toNotification(await rowOf(app.db, p, idParam)), secret };
}

/** DELETE notifications/{notificationId} */
export async function deleteNotification(app: App, p: Principal, idParam: string) {
  requireRight(p, RIGHT, RULE);
  return app.db.tx(async (q) => {
    const row = await rowOf(q, p, idParam, true);
    await q.query("DELETE FROM notifications WHERE id = $1", [row.id]);
    return { message: "Notification deleted" };
  });
}
