/**
 * A group member's core fields (name, email, mobile, PIN, dates, sites shown, manager): the one
 * place their rules live, for the member editor, multi-edit and import alike (issue 15). Each
 * check answers with `MEMBER_MESSAGES`; `checkMemberCore` collects every problem of a row rather
 * than stopping at the first, so an import names them all.
 */
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import { EMAIL } from "../../contract/shared.ts";
import { MEMBER_LIMITS, MEMBER_MESSAGES, type MemberCoreInput, type MemberFilter, type MemberState } from "../../contract/members.ts";
import { one, type Queryable } from "../db/index.ts";

/** The core fields as stored. */
export interface MemberCore {
  name: string;
  email: string | null;
  mobile: string | null;
  pin: string | null;
  starts_on: string | null;
  ends_on: string | null;
  site_ids: number[] | null;
  manager_id: number | null;
}

export type CoreProblems = Partial<Record<keyof MemberCore, string[]>>;

/** The client's country for phone numbers without a country code (GB by default). */
export function clientCountry(settings: unknown): CountryCode {
  return String((settings as { country?: unknown } | null)?.country ?? "GB").toUpperCase() as CountryCode;
}

/** A phone number as E.164 in the client's country, or null when it is not a valid number. */
export function toE164(phone: string, country: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(phone.trim(), country);
  return parsed?.isValid() ? parsed.number : null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar date (2024-02-30 is not), before 2038 (groups spec §5, §9). */
function dateProblem(s: string): string | null {
  const m = DATE.exec(s);
  if (!m) return MEMBER_MESSAGES.dates;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  if (d.getUTCFullYear() !== +m[1] || d.getUTCMonth() !== +m[2] - 1 || d.getUTCDate() !== +m[3]) return MEMBER_MESSAGES.dates;
  if (+m[1] >= 2038 || +m[1] < 1900) return MEMBER_MESSAGES.before2038;
  return null;
}

/**
 * The input's fields checked and normalised over `current` (what is stored; a new member starts
 * from blanks). Pure: what needs the database (email taken, manager's group, the client's sites)
 * is `checkMemberRefs`.
 */
export function normaliseMemberCore(input: MemberCoreInput, current: MemberCore | null, country: CountryCode): { values: MemberCore; problems: CoreProblems } {
  const problems: CoreProblems = {};
  const add = (k: keyof MemberCore, msg: string) => ((problems[k] ??= []).push(msg));
  const v: MemberCore = current
    ? { ...current, site_ids: current.site_ids ? [...current.site_ids] : null }
    : { name: "", email: null, mobile: null, pin: null, starts_on: null, ends_on: null, site_ids: null, manager_id: null };

  if (input.name !== undefined) v.name = input.name.replace(/\s+/g, " ").trim();
  if (!v.name) add("name", MEMBER_MESSAGES.nameRequired);
  else if (v.name.length > MEMBER_LIMITS.name || /[\u0000-\u001f\u007f]/.test(v.name)) add("name", MEMBER_MESSAGES.nameRequired);

  if (input.email !== undefined) {
    const e = input.email?.trim() ?? "";
    if (e === "") v.email = null;
    else if (!EMAIL.test(e) || e.length > MEMBER_LIMITS.email) add("email", MEMBER_MESSAGES.email);
    else v.email = e;
  }
  if (input.mobile !== undefined) {
    const m = input.mobile?.trim() ?? "";
    if (m === "") v.mobile = null;
    else {
      const e164 = toE164(m, country);
      if (e164) v.mobile = e164;
      else add("mobile", MEMBER_MESSAGES.mobile);
    }
  }
  if (input.pin !== undefined) {
    const p = input.pin?.trim() ?? "";
    if (p === "") v.pin = null;
    else if (!/^[0-9]{4}$/.test(p)) add("pin", MEMBER_MESSAGES.pin);
    else v.pin = p;
  }
  for (const k of ["starts_on", "ends_on"] as const) {
    if (input[k] === undefined) continue;
    const s = input[k]?.trim() ?? "";
    if (s === "") v[k] = null;
    else {
      const bad = dateProblem(s);
      if (bad) add(k, bad);
      else v[k] = s;
    }
  }
  if (!problems.starts_on && !problems.ends_on && v.starts_on && v.ends_on && v.ends_on < v.starts_on) add("ends_on", MEMBER_MESSAGES.dates);
  if (input.site_ids !== undefined) v.site_ids = input.site_ids === null ? null : [...new Set(input.site_ids)].sort((a, b) => a - b);
  if (input.manager_id !== undefined) v.manager_id = input.manager_id;
  return { values: v, problems };
}

/**
 * What needs the database: the email not another member's of the group, the sites the client's
 * (and the group's, when it is shown at some only), the manager a member of a group with Time &
 * Attendance on (groups spec §5) and not the member themselves.
 */
export async function checkMemberRefs(
  q: Queryable,
  group: { id: number; client_id: number; site_ids: number[] | null },
  memberId: number | null,
  v: MemberCore,
  changed: { email?: boolean; site_ids?: boolean; manager_id?: boolean } = { email: true, site_ids: true, manager_id: true },
): Promise<CoreProblems> {
  const problems: CoreProblems = {};
  if (changed.email && v.email && (await one(q, "SELECT 1 FROM members WHERE group_id = $1 AND lower(email) = lower($2) AND id <> $3", [group.id, v.email, memberId ?? 0]))) {
    problems.email = [MEMBER_MESSAGES.emailTaken];
  }
  if (changed.site_ids && v.site_ids) {
    const allowed = group.site_ids ?? (await q.query<{ id: number }>("SELECT id FROM sites WHERE client_id = $1", [group.client_id])).map((r) => r.id);
    if (v.site_ids.some((id) => !allowed.includes(id))) problems.site_ids = [MEMBER_MESSAGES.sites];
  }
  if (changed.manager_id && v.manager_id !== null) {
    if (memberId !== null && v.manager_id === memberId) problems.manager_id = [MEMBER_MESSAGES.managerSelf];
    else if (!(await isManagerChoice(q, group.client_id, v.manager_id))) problems.manager_id = [MEMBER_MESSAGES.managerGroup];
  }
  return problems;
}

/**
 * Who may manage (groups spec §5): members, not archived, of the client's (`$1`) groups with Time &
 * Attendance on — the group `$2` counted as `$3` says (a save turning it on or off), the others as
 * stored. The group's time-and-attendance tab and the member editor both ask it.
 */
export const MANAGER_FROM = `FROM members m JOIN groups mg ON mg.id = m.group_id
  WHERE mg.client_id = $1 AND m.archived_at IS NULL AND (CASE WHEN mg.id = $2 THEN $3::boolean ELSE coalesce((mg.settings->'time_and_attendance'->>'enabled')::boolean, false) END)`;

/** A member of one of the client's groups with Time & Attendance on, not archived. */
export async function isManagerChoice(q: Queryable, clientId: number, memberId: number): Promise<boolean> {
  return !!(await one(q, `SELECT 1 ${MANAGER_FROM} AND m.id = $4`, [clientId, 0, false, memberId]));
}

/** Where a member stands today (`MemberState`), as SQL over `m` (a members row) and the day `$today`. */
export function memberStateSql(today: string): string {
  return `CASE WHEN m.archived_at IS NOT NULL THEN 'archived'
    WHEN m.starts_on IS NOT NULL AND m.starts_on > ${today}::date THEN 'upcoming'
    WHEN m.ends_on IS NOT NULL AND m.ends_on < ${today}::date THEN 'ended'
    ELSE 'current' END`;
}

/** The members tab's filter as a condition over `m` (`all` = every member, archived or not). */
export function memberFilterSql(filter: MemberFilter, today: string): string {
  switch (filter) {
    case "all":
      return "true";
    case "archived":
      return "m.archived_at IS NOT NULL";
    case "upcoming":
      return `(m.archived_at IS NULL AND m.starts_on IS NOT NULL AND m.starts_on > ${today}::date)`;
    case "current":
      return `(m.archived_at IS NULL AND (m.starts_on IS NULL OR m.starts_on <= ${today}::date) AND (m.ends_on IS NULL OR m.ends_on >= ${today}::date))`;
  }
}

/**
 * Members offered at sign-in at a site (SQL over `m`, the site's id at `$site`): not archived, within
 * their dates (the database's day), and with the site among their sites shown (ADR 017).
 */
export const offeredAtSiteSql = (site: string) => `${memberFilterSql("current", "current_date")} AND (m.site_ids IS NULL OR m.site_ids @> jsonb_build_array(${site}::int))`;

export type { MemberState };
