/**
 * The smaller tabs of a managed site: messages (rich text, sanitised before saving; an action,
 * recipients and an attachment), badge
 * templates, sign-in points, an event's attendees (phones stored E.164) and the settings tab (the
 * client's site-settings flag). Access as every manage call (`manage.ts`).
 */
import { randomBytes } from "node:crypto";
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import type { z } from "zod";
import {
  type AttendeeRequest,
  MANAGE_LIMITS,
  type MessageAction,
  messageProblems,
  PHONE_MESSAGE,
  RECIPIENTS_UNKNOWN,
  type ReorderRequest,
  SITE_SETTINGS_DEFAULTS,
  type SignInPointRequest,
  type SiteMessage,
  type SiteMessageRequest,
  type UpdateAttendeeRequest,
  type UpdateSiteMessageRequest,
  type UpdateSiteSettingsRequest,
} from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { forbidden, notFound, validation } from "../http/errors.ts";
import { iso } from "../clients/model.ts";
import { isBlankRichText, sanitizeRichText } from "../http/rich-text.ts";
import { changeSite, likePattern, managedSite, nextPosition, pageParam, readSite, reorder, siteChild, type Need, type SiteRow } from "./manage.ts";
import { abilities, type Principal } from "../clients/regional.ts";
import { deleteFile, storeFile, type UploadedFile } from "./uploads.ts";
import { PRIVACY_DEFAULTS } from "./sites.ts";

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

type MessageRow = {
  id: number;
  icon: string;
  title: string;
  content: string;
  action: MessageAction;
  checkbox_label: string | null;
  recipient_group_ids: number[] | null;
  attachment_file_id: number | null;
  redisplay: string;
  position: number;
  updated_at: Date | string;
  file_token: string | null;
  file_kind: string | null;
  file_size: number | null;
};
const MESSAGE_SELECT = `SELECT m.id, m.icon, m.title, m.content, m.action, m.checkbox_label, m.recipient_group_ids, m.attachment_file_id, m.redisplay, m.position, m.updated_at,
         f.token AS file_token, f.kind AS file_kind, f.size AS file_size
    FROM site_messages m LEFT JOIN files f ON f.id = m.attachment_file_id`;
const toMessage = (app: App, r: MessageRow): z.input<typeof SiteMessage> => ({
  id: r.id,
  icon: r.icon,
  title: r.title,
  content: r.content,
  action: r.action,
  checkbox_label: r.checkbox_label,
  recipient_group_ids: r.recipient_group_ids,
  attachment: r.file_token ? { name: `${r.file_token}.${r.file_kind}`, kind: r.file_kind as "pdf", size: Number(r.file_size) } : null,
  redisplay: r.redisplay as "when_updated",
  position: r.position,
  updated_at: iso(r.updated_at)!,
});
const messagesOf = async (app: App, q: Queryable, siteId: number) =>
  (await q.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.site_id = $1 ORDER BY m.position, m.id`, [siteId])).map((r) => toMessage(app, r));
const messageById = async (app: App, q: Queryable, id: number) => toMessage(app, (await one<MessageRow>(q, `${MESSAGE_SELECT} WHERE m.id = $1`, [id]))!);
const MESSAGE_NOT_FOUND = "Message not found.";

/** Sanitised content, or 422 when nothing visible is left (a message of only a script is no message). */
function cleanContent(html: string): string {
  const clean = sanitizeRichText(html);
  if (isBlankRichText(clean)) throw validation({ content: ["Message content is required"] });
  return clean;
}

/**
 * The message's rules on the whole message, then its recipients: groups of the client that the
 * site shows (ids the message already had stay allowed, so a group no longer shown does not block
 * other changes). Returns what to store: no label for `read`, each group once.
 */
async function checkedDetails(
  q: Queryable,
  p: Principal,
  siteId: number,
  m: { action: MessageAction; checkbox_label: string | null; recipient_group_ids: number[] | null },
  had: readonly number[],
): Promise<{ action: MessageAction; checkbox_label: string | null; recipient_group_ids: string | null }> {
  const first = Object.entries(messageProblems(m))[0];
  if (first) throw validation({ [first[0]]: [first[1]] });
  const ids = m.recipient_group_ids === null ? null : [...new Set(m.recipient_group_ids)];
  if (ids) {
    const groups = await q.query<{ id: number; site_ids: number[] | null }>("SELECT id, site_ids FROM groups WHERE client_id = $1", [p.client.id]);
    const shown = new Set(groups.filter((g) => g.site_ids === null || g.site_ids.includes(siteId)).map((g) => g.id));
    if (ids.some((id) => !shown.has(id) && !had.includes(id))) throw validation({ recipient_group_ids: [RECIPIENTS_UNKNOWN] });
  }
  return { action: m.action, checkbox_label: m.action === "read" ? null : m.checkbox_label, recipient_group_ids: ids ? JSON.stringify(ids) : null };
}

export const listSiteMessages = (app: App, p: Principal, siteId: string) => readSite(app, p, siteId, (q, site) => messagesOf(app, q, site.id));

export function createSiteMessage(app: App, p: Principal, siteId: string, body: z.infer<typeof SiteMessageRequest>) {
  return changeSite(app, p, siteId, async (q, site) => {
    const d = await checkedDetails(q, p, site.id, body, []);
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO site_messages (site_id, icon, title, content, action, checkbox_label, recipient_group_ids, redisplay, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9) RETURNING id`,
      [site.id, body.icon, body.title, cleanContent(body.content), d.action, d.checkbox_label, d.recipient_group_ids, body.redisplay, await nextPosition(q, "site_messages", site.id)],
    );
    return messageById(app, q, id);
  });
}

export function updateSiteMessage(app: App, p: Principal, siteId: string, messageId: string, body: z.infer<typeof UpdateSiteMessageRequest>) {
  return changeSite(app, p, siteId, async (q, site) => {
    const m = await siteChild<MessageRow>(q, "site_messages", messageId, site.id, MESSAGE_NOT_FOUND, true);
    const d = await checkedDetails(
      q,
      p,
      site.id,
      {
        action: body.action ?? m.action,
        checkbox_label: body.checkbox_label !== undefined ? body.checkbox_label : m.checkbox_label,
        recipient_group_ids: body.recipient_group_ids !== undefined ? body.recipient_group_ids : m.recipient_group_ids,
      },
      m.recipient_group_ids ?? [],
    );
    await q.query(
      `UPDATE site_messages SET icon = $2, title = $3, content = $4, action = $5, checkbox_label = $6, recipient_group_ids = $7::jsonb, redisplay = $8, updated_at = now() WHERE id = $1`,
      [m.id, body.icon ?? m.icon, body.title ?? m.title, body.content !== undefined ? cleanContent(body.content) : m.content, d.action, d.checkbox_label, d.recipient_group_ids, body.redisplay ?? m.redisplay],
    );
    return messageById(app, q, m.id);
  });
}

/** Deleting a message deletes its attachment too. */
export function deleteSiteMessage(app: App, p: Principal, siteId: string, messageId: string) {
  return changeSite(app, p, siteId, async (q, site) => {
    const m = await siteChild<MessageRow>(q, "site_messages", messageId, site.id, MESSAGE_NOT_FOUND, true);
    await q.query("DELETE FROM site_messages WHERE id = $1", [m.id]);
    await deleteFile(q, m.attachment_file_id);
    return { message: "The message has been deleted." };
  });
}

/**
 * Replace (or remove, with null) a message's attachment. Access and the message are checked before
 * the upload is read (a foreign message never costs reading 50 MB); the change is one transaction,
 * the old file deleted in it. The message counts as updated (its "when updated" redisplay).
 */
export async function setMessageAttachment(app: App, p: Principal, siteId: string, messageId: string, upload: (() => Promise<UploadedFile>) | null) {
  const site = await managedSite(app.db, p, siteId, "editor");
  await siteChild(app.db, "site_messages", messageId, site.id, MESSAGE_NOT_FOUND);
  const file = upload ? await upload() : null;
  return changeSite(app, p, siteId, async (q, locked) => {
    const m = await siteChild<MessageRow>(q, "site_messages", messageId, locked.id, MESSAGE_NOT_FOUND, true);
    if (!file && m.attachment_file_id === null) return messageById(app, q, m.id);
    const stored = file ? await storeFile(app, q, locked.id, file) : null;
    await q.query("UPDATE site_messages SET attachment_file_id = $2, updated_at = now() WHERE id = $1", [m.id, stored?.id ?? null]);
    await deleteFile(q, m.attachment_file_id);
    return messageById(app, q, m.id);
  });
}

export function reorderSiteMessages(app: App, p: Principal, siteId: string, body: z.infer<typeof ReorderRequest>) {
  return changeSite(app, p, siteId, async (q, site) => {
    await reorder(q, "site_messages", site.id, body.ids);
    return messagesOf(app, q, site.id);
  });
}

// ---------------------------------------------------------------------------------------------
// Badges (choose one with PATCH sites/{siteId} badge_id)
// ---------------------------------------------------------------------------------------------

export const getSiteBadges = (app: App, p: Principal, siteId: string) =>
  readSite(app, p, siteId, async (q, site) => {
    const badges = await q.query<{ id: number; name: string; elements: string[] }>("SELECT id, name, elements FROM badges WHERE client_id = $1 ORDER BY lower(name), id", [p.client.id]);
    return {
      badge_id: (site.badge_id as number | null) ?? null,
      store_badges: { ...PRIVACY_DEFAULTS, ...(site.privacy ?? {}) }.store_badges,
      badges: badges.map((b) => ({ id: b.id, name: b.name, elements: (b.elements ?? []) as "name"[] })),
    };
  });

// ---------------------------------------------------------------------------------------------
// Sign-in points
// ---------------------------------------------------------------------------------------------

type PointRow = { id: number; name: string; token: string; created_at: Date | string };
const toSignInPoint = (r: PointRow) => ({ id: r.id, name: r.name, qr_value: `gatehouse:sign-in-point:${r.token}`, created_at: iso(r.created_at)! });
const POINT_NOT_FOUND = "Sign-in point not found.";

export const listSignInPoints = (app: App, p: Principal, siteId: string) =>
  readSite(app, p, siteId, async (q, site) => (await q.query<PointRow>("SELECT * FROM sign_in_points WHERE site_id = $1 ORDER BY lower(name), id", [site.id])).map(toSignInPoint));

export function createSignInPoint(app: App, p: Principal, siteId: string, body: z.infer<typeof SignInPointRequest>) {
  return changeSite(app, p, siteId, async (q, site) => {
    const [row] = await q.query<PointRow>("INSERT INTO sign_in_points (site_id, name, token) VALUES ($1, $2, $3) RETURNING *", [site.id, body.name, randomBytes(16).toString("base64url")]);
    return toSignInPoint(row);
  });
}

export function updateSignInPoint(app: App, p: Principal, siteId: string, pointId: string, body: z.infer<typeof SignInPointRequest>) {
  return changeSite(app, p, siteId, async (q, site) => {
    const point = await siteChild<PointRow>(q, "sign_in_points", pointId, site.id, POINT_NOT_FOUND, true);
    const [row] = await q.query<PointRow>("UPDATE sign_in_points SET name = $2 WHERE id = $1 RETURNING *", [point.id, body.name]);
    return toSignInPoint(row);
  });
}

export function deleteSignInPoint(app: App, p: Principal, siteId: string, pointId: string) {
  return changeSite(app, p, siteId, async (q, site) => {
    const point = await siteChild<PointRow>(q, "sign_in_points", pointId, site.id, POINT_NOT_FOUND, true);
    await q.query("DELETE FROM sign_in_points WHERE id = $1", [point.id]);
    return { message: "The sign-in point has been deleted." };
  });
}

// ---------------------------------------------------------------------------------------------
// Attendees (events only)
// ---------------------------------------------------------------------------------------------

type AttendeeRow = { id: number; name: string; email: string | null; phone: string | null; company: string | null; created_at: Date | string };
const toAttendee = (r: AttendeeRow) => ({ id: r.id, name: r.name, email: r.email ?? null, phone: r.phone ?? null, company: r.company ?? null, created_at: iso(r.created_at)! });
const ATTENDEE_NOT_FOUND = "Attendee not found.";

function eventOnly(site: SiteRow): void {
  if (site.type !== "event") throw notFound("Attendees are kept for events only.");
}

/** E.164 for the client's country (platform §5 phone input): empty is valid (null), else 422. */
function e164(p: Principal, phone: string | null | undefined): string | null | undefined {
  if (phone === undefined || phone === null) return phone;
  const country = String(p.client.settings?.country ?? "GB").toUpperCase() as CountryCode;
  const parsed = parsePhoneNumberFromString(phone, country);
  if (!parsed || !parsed.isValid()) throw validation({ phone: [PHONE_MESSAGE] });
  return parsed.number;
}

export async function listAttendees(app: App, p: Principal, siteId: string, query: URLSearchParams) {
  const page = pageParam(query);
  const search = (query.get("search") ?? "").trim().slice(0, 100);
  return readSite(app, p, siteId, async (q, site) => {
    eventOnly(site);
    const where = `site_id = $1 AND ($2::text = '' OR name ILIKE $3 ESCAPE '\\' OR email ILIKE $3 ESCAPE '\\' OR company ILIKE $3 ESCAPE '\\')`;
    const params = [site.id, search, likePattern(search)];
    const [{ total }] = await q.query<{ total: number }>(`SELECT count(*)::int AS total FROM attendees WHERE ${where}`, params);
    const rows = await q.query<AttendeeRow>(`SELECT * FROM attendees WHERE ${where} ORDER BY lower(name), id LIMIT ${MANAGE_LIMITS.perPage} OFFSET $4`, [
      ...params,
      (page - 1) * MANAGE_LIMITS.perPage,
    ]);
    return { attendees: rows.map(toAttendee), page, per_page: MANAGE_LIMITS.perPage, total };
  });
}

export function createAttendee(app: App, p: Principal, siteId: string, body: z.infer<typeof AttendeeRequest>) {
  return changeSite(app, p, siteId, async (q, site) => {
    eventOnly(site);
    const [row] = await q.query<AttendeeRow>("INSERT INTO attendees (site_id, name, email, phone, company) VALUES ($1, $2, $3, $4, $5) RETURNING *", [
      site.id,
      body.name,
      body.email ?? null,
      e164(p, body.phone) ?? null,
      body.company ?? null,
    ]);
    return toAttendee(row);
  });
}

export function updateAttendee(app: App, p: Principal, siteId: string, attendeeId: string, body: z.infer<typeof UpdateAttendeeRequest>) {
  return changeSite(app, p, siteId, async (q, site) => {
    eventOnly(site);
    const a = await siteChild<AttendeeRow>(q, "attendees", attendeeId, site.id, ATTENDEE_NOT_FOUND, true);
    const phone = e164(p, body.phone);
    const [row] = await q.query<AttendeeRow>("UPDATE attendees SET name = $2, email = $3, phone = $4, company = $5 WHERE id = $1 RETURNING *", [
      a.id,
      body.name ?? a.name,
      body.email !== undefined ? body.email : a.email,
      phone !== undefined ? phone : a.phone,
      body.company !== undefined ? body.company : a.company,
    ]);
    return toAttendee(row);
  });
}

export function deleteAttendee(app: App, p: Principal, siteId: string, attendeeId: string) {
  return changeSite(app, p, siteId, async (q, site) => {
    eventOnly(site);
    const a = await siteChild<AttendeeRow>(q, "attendees", attendeeId, site.id, ATTENDEE_NOT_FOUND, true);
    await q.query("DELETE FROM attendees WHERE id = $1", [a.id]);
    return { message: "The attendee has been removed." };
  });
}

// ---------------------------------------------------------------------------------------------
// Settings (the site-settings flag; ManageSite rights, platform §2)
// ---------------------------------------------------------------------------------------------

function requireSettings(p: Principal, need: Need): void {
  // The site-settings flag is one of those super users see even where the client has it off.
  if (p.client.settings?.["beta.site-settings"] !== true && !p.user.is_super) throw forbidden("Site settings are not enabled for your organisation.");
  if (!abilities(p).includes(`ManageSite.${need}`)) throw forbidden(need === "viewer" ? "You are not authorised to view site settings." : "You are not authorised to change site settings.");
}

const settingsOf = (site: SiteRow) => ({ ...SITE_SETTINGS_DEFAULTS, ...(site.settings ?? {}) });

export async function getSiteSettings(app: App, p: Principal, siteId: string) {
  const site = await managedSite(app.db, p, siteId, "viewer");
  requireSettings(p, "viewer");
  return settingsOf(site);
}

export function updateSiteSettings(app: App, p: Principal, siteId: string, body: z.infer<typeof UpdateSiteSettingsRequest>) {
  return changeSite(app, p, siteId, async (q, site) => {
    requireSettings(p, "editor");
    const defined = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    await q.query("UPDATE sites SET settings = settings || $2::jsonb WHERE id = $1", [site.id, JSON.stringify(defined)]);
    return settingsOf({ ...site, settings: { ...(site.settings ?? {}), ...defined } });
  });
}
