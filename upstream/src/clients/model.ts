/** Rows, mappings to contract shapes, and small queries shared by the auth service and the API. */
import type { z } from "zod";
import type { Client, Site, CustomField, Region } from "../../contract/index.ts";
import { REGIONS, CLIENT_RIGHTS, SUPER_RIGHT } from "../../contract/index.ts";
import { one, type Queryable } from "../db/index.ts";

/**
 * Every right a client's role can hold (the contract's permission sections). Super.clientUser.create
 * only super users get (added at runtime, see `abilities`). The Administrator role of every client
 * holds all of these.
 */
export const ALL_RIGHTS = CLIENT_RIGHTS;

/** The Today view's rights: see who is on site, sign in/out, sign out all, approve, see locations. */
export const TODAY_RIGHTS = ["Today.viewer", "Today.signInOut", "Today.signOutAll", "Today.approve", "Today.locations"] as const;

/** Standard User: Today, reports, evacuation lists, visitor history (spec §6). */
export const STANDARD_RIGHTS = [
  "EvacList.viewer",
  "EvacReport.viewer",
  "EvacReport.editor",
  "History.viewer",
  "History.delete",
  "BookingsReport.viewer",
  "TimeSheet.viewer",
  "Spaces.viewer",
  ...TODAY_RIGHTS,
] as const;

/** "Front Desk", a viewer-only custom role of Acme Ltd. */
export const FRONT_DESK_RIGHTS = ["EvacList.viewer", "History.viewer", "ManageSite.viewer", "BlockList.viewer", "Today.viewer"] as const;

/** "Reception", a custom role of Acme Ltd (revision 18): Today with signing in and out, the history, the evacuation list. */
export const RECEPTION_RIGHTS = ["Today.viewer", "Today.signInOut", "History.viewer", "EvacList.viewer"] as const;

/** "Site Manager", a custom role of Acme Ltd held by nobody (revision 18): sites and groups. */
export const SITE_MANAGER_RIGHTS = ["ManageSite.viewer", "CustomField.view", "ManageSite.editor", "ManageVisitorGroup.viewer", "ManageVisitorGroup.editor", "Today.viewer"] as const;

export { SUPER_RIGHT };

export interface ClientRow {
  id: number;
  region: string;
  number: number;
  name: string;
  trial_ends_on: string | null;
  is_school: boolean;
  reseller: boolean;
  scheduling_status: string;
  settings: Record<string, unknown>;
  site_limit: number | null;
  group_limit: number | null;
  sms_tokens_available: number;
  sms_tokens_pending: number;
  logo: string | null;
  force_2fa: boolean;
  password_expiry_days: number | null;
  force_reauthentication: boolean;
  prevent_password_reuse: boolean;
  /** The end of an unpurchased Spaces trial (CLIENT_COLS), when there is one. */
  spaces_trial_ends_at?: string | Date | null;
  [k: string]: unknown;
}

/** Columns of `clients` with the date as text (pg would make it a local Date). */
export const CLIENT_COLS = `c.id, c.region, c.number, c.name, c.trial_ends_on::text AS trial_ends_on, c.is_school, c.reseller,
  c.scheduling_status, c.settings, c.site_limit, c.group_limit, c.sms_tokens_available, c.sms_tokens_pending, c.logo, c.force_2fa,
  c.password_expiry_days, c.force_reauthentication, c.prevent_password_reuse,
  (SELECT t.ends_at FROM addon_trials t WHERE t.client_id = c.id AND t.addon = 'spaces' AND t.purchased_at IS NULL) AS spaces_trial_ends_at`;

/**
 * Whether a Spaces trial of the client has ended unpurchased (ADR 036, the Spaces add-on): decided
 * on read, so the feature goes off at the trial's end without a job. Its layout and bookings stay.
 */
export function spacesTrialOver(c: Pick<ClientRow, "spaces_trial_ends_at">, now = new Date()): boolean {
  const ends = c.spaces_trial_ends_at;
  return (typeof ends === "string" || ends instanceof Date) && new Date(ends).getTime() <= now.getTime();
}

export interface UserRow {
  id: number;
  email: string;
  name: string;
  password_hash: string | null;
  password_changed_at: Date;
  password_expired: boolean;
  terms_accepted_at: Date | null;
  totp_secret: string | null;
  is_super: boolean;
  locale: string;
  last_client_id: number | null;
  sso: boolean;
  [k: string]: unknown;
}

export interface MembershipRow {
  id: number;
  user_id: number;
  client_id: number;
  role_id: number;
  is_primary: boolean;
  is_billing: boolean;
  site_ids: number[] | null;
  role_name: string;
  rights: string[];
  [k: string]: unknown;
}

export const globalId = (c: { region: string; number: number }) => `${c.region}:${c.number}`;

export function parseGlobalId(id: string): { region: Region; number: number } | null {
  const m = /^([a-z]{2}):(\d+)$/.exec(id);
  if (!m || !(REGIONS as readonly string[]).includes(m[1]) || m[2].length > 9) return null;
  return { region: m[1] as Region, number: Number(m[2]) };
}

/** Today as YYYY-MM-DD (UTC). */
export const today = () => new Date().toISOString().slice(0, 10);

/** On trial when trial_ends_on is set; expired when it is in the past. */
export const isExpired = (c: Pick<ClientRow, "trial_ends_on">) => c.trial_ends_on !== null && c.trial_ends_on < today();

export function toClient(c: ClientRow): Client {
  const s = c.settings ?? {};
  const settings = {
    account_status: "normal",
    country: "GB",
    time_and_attendance_enabled: false,
    time_and_attendance: null,
    central_record: { enabled: false },
    spaces_enabled: false,
    tier: "essentials",
    companion_app_version: null,
    ...s,
  } as Client["settings"];
  if (spacesTrialOver(c)) settings.spaces_enabled = false;
  return {
    id: c.number,
    name: c.name,
    global_client_id: globalId(c),
    trial_ends_on: c.trial_ends_on,
    is_school: c.is_school,
    reseller: c.reseller,
    scheduling_status: c.scheduling_status as Client["scheduling_status"],
    settings,
    site_limit: c.site_limit,
    group_limit: c.group_limit,
    sms_tokens_available: c.sms_tokens_available,
    sms_tokens_pending: c.sms_tokens_pending,
    logo: c.logo,
    force_2fa: c.force_2fa,
    password_expiry_days: (c.password_expiry_days === 30 || c.password_expiry_days === 60 || c.password_expiry_days === 90
      ? c.password_expiry_days
      : null) as Client["password_expiry_days"],
    force_reauthentication: c.force_reauthentication,
    prevent_password_reuse: c.prevent_password_reuse,
  };
}

export const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : typeof v === "string" ? v : null);

export function toSite(r: Record<string, unknown>): Site {
  return {
    id: r.id as number,
    type: r.type as Site["type"],
    name: r.name as string,
    space_exists: r.space_exists as boolean,
    spaces_enabled: r.spaces_enabled as boolean,
    visitors_signed_in_count: r.visitors_signed_in_count as number,
    evacuation_in_progress: r.evacuation_in_progress as boolean,
    address: (r.address as string | null) ?? null,
    reply_to_name: (r.reply_to_name as string | null) ?? null,
    reply_to_email: (r.reply_to_email as string | null) ?? null,
    timezone: r.timezone as string,
    locale: r.locale as string,
    location: (r.location as Site["location"]) ?? null,
    badge_id: (r.badge_id as number | null) ?? null,
    branding_image: (r.branding_image as string | null) ?? null,
    welcome_video: (r.welcome_video as string | null) ?? null,
    active_from: iso(r.active_from),
    active_until: iso(r.active_until),
  };
}

export function toCustomField(r: Record<string, unknown>): z.infer<typeof CustomField> {
  return {
    id: r.id as number,
    label: r.label as string,
    type: r.type as z.infer<typeof CustomField>["type"],
    required: r.required as boolean,
    options: (r.options as string[]) ?? [],
    show_on_evacuation_list: r.show_on_evacuation_list as boolean,
    show_on_pdf_agreements: r.show_on_pdf_agreements as boolean,
    favourite: r.favourite as boolean,
    default_option: (r.default_option as string | null) ?? null,
    reject_options: (r.reject_options as string[]) ?? [],
    reject_message: (r.reject_message as string | null) ?? null,
    group_ids: (r.group_ids as number[] | null) ?? null,
  };
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  return one<UserRow>(q, "SELECT * FROM users WHERE email = $1", [email.toLowerCase()]);
}

export async function findClientByGlobalId(q: Queryable, gid: string): Promise<ClientRow | undefined> {
  const p = parseGlobalId(gid);
  if (!p) return undefined;
  return one<ClientRow>(q, `SELECT ${CLIENT_COLS} FROM clients c WHERE c.region = $1 AND c.number = $2`, [p.region, p.number]);
}

/** The user's accesses, oldest first, with role and client. */
export async function memberships(q: Queryable, userId: number): Promise<(MembershipRow & { client: ClientRow })[]> {
  const rows = await q.query<MembershipRow & { c: ClientRow }>(
    `SELECT cu.*, r.name AS role_name, r.rights, row_to_json(cl) AS c
       FROM client_users cu
       JOIN roles r ON r.id = cu.role_id
       JOIN (SELECT ${CLIENT_COLS} FROM clients c) cl ON cl.id = cu.client_id
      WHERE cu.user_id = $1
      ORDER BY cu.id`,
    [userId],
  );
  return rows.map(({ c, ...m }) => ({ ...(m as MembershipRow), client: c }));
}

export async function membership(q: Queryable, userId: number, clientId: number) {
  return (await memberships(q, userId)).find((m) => m.client_id === clientId);
}

/** The client a login lands on: the last used one, else the first. */
export async function loginClient(q: Queryable, user: UserRow) {
  const ms = await memberships(q, user.id);
  return ms.find((m) => m.client_id === user.last_client_id) ?? ms[0];
}

/**
 * The on-site count of site `s`: its signed-in visits, delivery groups excluded (spec platform §4,
 * live counters). Always computed from `visits`, so config, sites and the Today view agree.
 */
export const SITE_COUNT_SQL = `(SELECT count(*)::int FROM visits v JOIN groups g ON g.id = v.group_id
    WHERE v.site_id = s.id AND v.status = 'signed_in' AND g.type <> 'delivery')`;

/** Whether site `s` has an evacuation that is not completed (computed, like the count). */
export const SITE_EVACUATING_SQL = `EXISTS (SELECT 1 FROM evacuations e WHERE e.site_id = s.id AND e.status <> 'completed')`;

/** Columns of `sites s` for `toSite`, with the computed `visitors_signed_in_count` and `evacuation_in_progress`. */
export const SITE_COLS = `s.*, ${SITE_COUNT_SQL} AS visitors_signed_in_count, ${SITE_EVACUATING_SQL} AS evacuation_in_progress`;

export async function siteById(q: Queryable, id: number) {
  return one(q, `SELECT ${SITE_COLS} FROM sites s WHERE s.id = $1`, [id]);
}

/** Sites of a client visible to a membership (restricted by site_ids when set). */
export async function visibleSites(q: Queryable, clientId: number, siteIds: number[] | null) {
  const rows = await q.query(`SELECT ${SITE_COLS} FROM sites s WHERE s.client_id = $1 ORDER BY s.position, s.id`, [clientId]);
  return rows.filter((r) => siteIds === null || siteIds.includes(r.id as number));
}
