/**
 * Demo data. Seeding is idempotent and revisioned: on every start, `seedDemoData` compares the
 * database's `seed_state.revision` with `SEED_REVISION`; when it is behind, clients missing by
 * global id and users missing by email are added, and the seed-owned fields of existing demo clients
 * (flags merged into `settings`, school/reseller/scheduling, site space flags, built-in role rights)
 * are brought up to date. Data folders seeded before revisions existed are revision 1 (migration 002).
 *
 * Revision 3 adds the Today view's data (`seed-visits.ts`): groups, members, visits per demo client
 * (added once, to a client that has no groups yet) and a kiosk device per standard site (added when
 * its token is missing). Migration 003 dropped the stored site counts: they are computed from visits.
 *
 * Revision 4 adds evacuation points to every standard site that has none, and a completed fire drill
 * at Acme's Head Office (`seed-evacuations.ts`); built-in roles gain EvacReport.editor / .delete.
 * Revision 5 adds what the manage site screens show (`seed-sites.ts`, migration 005), each part only
 * where it is missing, so a revision-3 database comes straight to 5.
 * Revision 6 gives Acme a group limit (migration 006), where it has none.
 * Revision 7 adds what one group's screens show (`seed-groups.ts`, migration 009): Acme's Staff
 * group's PIN and settings, and personal fields for Staff and Visitors, each only where missing.
 * Revision 8 gives Acme's Staff group a badge (`seed-groups.ts`, migration 010) while it has none,
 * and Acme the `beta.badge-personal-fields` setting (personal fields may be placed on badges).
 * Revision 9 gives Acme an integrated group (`seed-groups.ts`, migration 011): "Field Engineers",
 * synced from the demo directory's Azure AD, while Acme has no group of that name; and Acme the
 * `beta.brivo` setting (Brivo may be connected).
 * Revision 10 gives Oakfield Academy a sign-out-first group (`seed-sign-out-first.ts`, migration
 * 012): "Boarders" at the Main Building, with one boarder away, while Oakfield has no group of that
 * name.
 * Revision 11 connects Acme's Visitors group to the demo Slack's #reception channel
 * (`seed-group-slack.ts`, migration 013), once, while Visitors has no Slack connection.
 * Revision 12 (migration 014) gives Acme's Staff Time & Attendance with a default manager, and
 * Globex's Staff a link to the demo Central Record (`seedGroupAddOns`), each while that tab is unsaved.
 * Revision 13 (migration 018) gives Acme's Staff and Contractors members for every members filter
 * and editor tab (`seed-members.ts`): upcoming, ended and archived ones, and one with a manager,
 * emergency contacts, a document, a QR code and an RFID tag.
 * Revision 16 brings the built-in roles to the permission sections of the role editor
 * (`contract/permissions.ts`): the Administrator holds every right; Standard User may delete
 * visitor records (platform §6).
 * Revision 17 gives Acme ten more portal users, so the users list pages (`/manage/account/users`,
 * ADR 020): a technical contact, a billing user, one with two-factor authentication, one restricted
 * to one site, an Administrator restricted to the Warehouse (under `group-visibility` she manages
 * only the Warehouse's users), and one invited who has not chosen a password yet.
 * Revision 22 (issue 17, ADR 025) gives Acme 600 past visits over 90 days for the visit history
 * (`seed-history.ts`) and the `beta.visit-record-personal-fields` setting. The busy client of the
 * history benchmark (`seed-busy.ts`) is NOT seeded here: it is made on demand (SEED_BUSY=1,
 * `npm run seed:busy`).
 * Revision 18 (migration 023) marks the built-in roles `built_in` and gives Acme two more custom
 * roles for the roles page and "view as" (ADR 021): "Reception" (Today with signing in and out, the
 * visitor history, the evacuation list), held by reception@example.com, and "Site Manager" (sites
 * and groups), held by nobody (so it can be deleted).
 * Revision 19 (migration 024) gives Acme's audit log its first entries: real changes by Alice Admin
 * through the audit log's capture path (`seed-audit.ts`), while Acme's log is empty.
 * Revision 20 gives Acme and Globex what the account pages show (`account/seed.ts`, migration 025):
 * address, phone, billing contact, subscriptions, invoices of every status, SMS tokens, referrals.
 * Revision 24 (migration 030) gives Acme visitors on the weekdays of the last three weeks and one
 * overridden day for the attendance reports (`seed-attendance.ts`, ADR 027).
 * Revision 25 (migration 035) gives Acme a block list and Contractors a hard safety check, and Globex
 * its Central Record check at sign-in (`seed-safety.ts`, ADR 029).
 * Revision 26 (migration 032) gives Acme its notifications (email, webhook, Slack, a disabled SMS)
 * and its notifications' Slack workspace (`seed-notifications.ts`, ADR 028).
 * Revision 27 (migration 036) gives Acme a client API credential, "Reception display", and a visitor
 * form, "Contractor sign-up" (`seed-features.ts`, ADR 030).
 */
import { seedPreRegistrations } from "./seed-prereg.ts";
import type { App } from "./app.ts";
import { oidcIssuer } from "./app.ts";
import { one, type Queryable } from "./db/index.ts";
import { hashPassword } from "./auth/passwords.ts";
import { ALL_RIGHTS, FRONT_DESK_RIGHTS, RECEPTION_RIGHTS, SITE_MANAGER_RIGHTS, STANDARD_RIGHTS } from "./model.ts";
import { seedEvacuationPoints, seedHqDrill } from "./seed-evacuations.ts";
import { seedClientVisits, seedKiosk, visitDataFor } from "./seed-visits.ts";
import { seedManageSites } from "./seed-sites.ts";
import { seedGroupAddOns, seedGroupBadge, seedGroupSettings, seedGroupSync } from "./seed-groups.ts";
import { seedGroupSlack } from "./seed-group-slack.ts";
import { seedBoarders } from "./seed-sign-out-first.ts";
import { seedMembers } from "./seed-members.ts";
import { seedAuditLog } from "./seed-audit.ts";
import { seedVisitManagement } from "./seed-visit-management.ts";
import { seedSsoSelfService } from "./seed-sso.ts";
import { seedAcmeHistory } from "./seed-history.ts";
import { seedAccount } from "./account/seed.ts";
import { seedAttendance } from "./seed-attendance.ts";
import { seedSafetyCheck } from "./seed-safety.ts";
import { seedNotifications } from "./seed-notifications.ts";
import { seedFeatures } from "./seed-features.ts";

export const DEMO_PASSWORD = "Demo-Passw0rd!";
export const DEMO_TOTP_SECRET = "JBSWY3DPEHPK3PXP";

/** Bump when the demo data changes; `seedDemoData` then brings older databases up to date. */
export const SEED_REVISION = 27;

interface ClientSeed {
  region: string;
  number: number;
  name: string;
  trial_ends_on?: string | null;
  is_school?: boolean;
  reseller?: boolean;
  scheduling_status?: "disabled" | "pending" | "provisioning" | "activated" | "deactivated" | "connection_error";
  force_2fa?: boolean;
  site_limit?: number | null;
  /** Revision 6: the group limit (set on an existing client only where it has none). */
  group_limit?: number | null;
  /** Merged into an existing client's settings on a revision bump (keys are never removed). */
  settings: Record<string, unknown>;
  sms?: number;
  /** Custom roles besides Administrator and Standard User. */
  roles?: [string, readonly string[]][];
  sites: SiteSeed[];
}

interface SiteSeed {
  key: string;
  type: "standard" | "remote" | "event";
  name: string;
  address?: string;
  timezone: string;
  locale: string;
  location?: { lat: number; lng: number; zoom?: number; radius?: number };
  reply_to?: [string, string];
  active?: [string, string];
  spaces_enabled?: boolean;
  space_exists?: boolean;
}

const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Roles every client has. */
const BUILT_IN_ROLES: [string, readonly string[]][] = [
  ["Administrator", ALL_RIGHTS],
  ["Standard User", STANDARD_RIGHTS],
];

const CLIENTS: ClientSeed[] = [
  {
    region: "eu",
    number: 1,
    name: "Acme Ltd",
    site_limit: 10,
    group_limit: 25,
    sms: 250,
    scheduling_status: "activated",
    settings: {
      account_status: "normal",
      country: "GB",
      tier: "enhanced",
      spaces_enabled: true,
      time_and_attendance_enabled: true,
      central_record: { enabled: false },
      companion_app_version: "3.12.0",
      "beta.group-visibility": true,
      "beta.sso-self-service": true,
      "beta.site-settings": true,
      "beta.site-attendance-report": true,
      "beta.anonymize-visits": true,
      "beta.time-and-attendance-discovered": true,
      // Revision 8.
      "beta.badge-personal-fields": true,
      // Revision 9.
      "beta.brivo": true,
      // Revision 22.
      "beta.visit-record-personal-fields": true,
      // Revision 15: the invitation carries the pre-registration form link (ADR 019).
      "beta.new-pre-reg-form": true,
    },
    roles: [
      ["Front Desk", FRONT_DESK_RIGHTS],
      // Revision 18.
      ["Reception", RECEPTION_RIGHTS],
      ["Site Manager", SITE_MANAGER_RIGHTS],
    ],
    sites: [
      { key: "acme-hq", type: "standard", name: "Head Office", address: "1 Canada Square, London E14 5AB", timezone: "Europe/London", locale: "en_GB", location: { lat: 51.5049, lng: -0.0195 }, reply_to: ["Acme Reception", "reception@acme.example.com"], spaces_enabled: true, space_exists: true },
      { key: "acme-wh", type: "standard", name: "Warehouse", address: "Unit 4, Trafford Park, Manchester M17 1SN", timezone: "Europe/London", locale: "en_GB", location: { lat: 53.4631, lng: -2.3255 } },
      { key: "acme-dub", type: "standard", name: "Dublin Office", address: "2 Grand Canal Square, Dublin D02 A342", timezone: "Europe/Dublin", locale: "en_GB", location: { lat: 53.3396, lng: -6.2386 } },
      { key: "acme-field", type: "remote", name: "Field Team", timezone: "Europe/London", locale: "en_GB" },
      { key: "acme-home", type: "remote", name: "Home Workers", timezone: "Europe/London", locale: "en_GB" },
      { key: "acme-conf", type: "event", name: "Annual Conference", address: "ExCeL London, Royal Victoria Dock, London E16 1XL", timezone: "Europe/London", locale: "en_GB", location: { lat: 51.5081, lng: 0.0295 }, active: [daysFromNow(30), daysFromNow(32)] },
      { key: "acme-open", type: "event", name: "Open Day", address: "1 Canada Square, London E14 5AB", timezone: "Europe/London", locale: "en_GB", active: [daysFromNow(-2), daysFromNow(1)] },
    ],
  },
  {
    region: "us",
    number: 1,
    name: "Northwind School",
    is_school: true,
    trial_ends_on: daysFromNow(-10),
    site_limit: 3,
    settings: { account_status: "normal", country: "US", tier: "enhanced", "beta.guard-dog": true },
    sites: [
      { key: "nw-main", type: "standard", name: "Main Campus", address: "100 Main Street, Springfield, IL 62701", timezone: "America/Chicago", locale: "en_US", location: { lat: 39.7817, lng: -89.6501 } },
      { key: "nw-annex", type: "standard", name: "Science Annex", address: "120 Main Street, Springfield, IL 62701", timezone: "America/Chicago", locale: "en_US" },
      { key: "nw-trips", type: "remote", name: "School Trips", timezone: "America/Chicago", locale: "en_US" },
      { key: "nw-grad", type: "event", name: "Graduation Day", address: "Springfield Arena, Springfield, IL", timezone: "America/Chicago", locale: "en_US", active: [daysFromNow(45), daysFromNow(45)] },
    ],
  },
  {
    region: "eu",
    number: 2,
    name: "Expired Trial Co",
    trial_ends_on: daysFromNow(-3),
    site_limit: 1,
    settings: { account_status: "normal", country: "GB" },
    sites: [{ key: "exp-office", type: "standard", name: "Trial Office", address: "10 High Street, Bristol BS1 2AW", timezone: "Europe/London", locale: "en_GB" }],
  },
  {
    region: "eu",
    number: 3,
    name: "Secure Corp",
    force_2fa: true,
    site_limit: 5,
    settings: { account_status: "normal", country: "DE", tier: "enhanced" },
    sites: [
      { key: "sec-hq", type: "standard", name: "Berlin HQ", address: "Friedrichstraße 43, 10117 Berlin", timezone: "Europe/Berlin", locale: "de", location: { lat: 52.5072, lng: 13.3903 } },
      { key: "sec-remote", type: "remote", name: "Remote Staff", timezone: "Europe/Berlin", locale: "de" },
    ],
  },
  {
    // GB school without central record -> the portal's central-record-discovery flag.
    region: "eu",
    number: 4,
    name: "Oakfield Academy",
    is_school: true,
    site_limit: 5,
    scheduling_status: "disabled",
    settings: {
      account_status: "normal",
      country: "GB",
      tier: "essentials",
      spaces_enabled: true,
      time_and_attendance_enabled: false,
      central_record: { enabled: false },
    },
    sites: [
      { key: "oak-main", type: "standard", name: "Main Building", address: "Oakfield Road, Leeds LS6 2AA", timezone: "Europe/London", locale: "en_GB", location: { lat: 53.8185, lng: -1.5762 } },
      { key: "oak-sports", type: "standard", name: "Sports Centre", address: "Oakfield Road, Leeds LS6 2AB", timezone: "Europe/London", locale: "en_GB" },
    ],
  },
  {
    region: "us",
    number: 2,
    name: "Globex Inc",
    reseller: true,
    site_limit: 20,
    scheduling_status: "pending",
    settings: {
      account_status: "normal",
      country: "US",
      tier: "pro",
      spaces_enabled: false,
      central_record: { enabled: true },
      companion_app_version: "3.12.0",
      "beta.guard-dog": true,
      "beta.ai-chat": true,
      "beta.anonymize-visits": true,
    },
    sites: [
      { key: "globex-hq", type: "standard", name: "Cypress Creek HQ", address: "1 Globex Way, Cypress Creek, OR 97000", timezone: "America/Los_Angeles", locale: "en_US" },
      { key: "globex-remote", type: "remote", name: "Sales Team", timezone: "America/Los_Angeles", locale: "en_US" },
    ],
  },
  {
    region: "eu",
    number: 5,
    name: "Initech",
    scheduling_status: "provisioning",
    settings: { account_status: "normal", country: "GB" },
    sites: [{ key: "initech-office", type: "standard", name: "Initech Office", address: "4120 Freidrich Lane, Reading RG1 1AA", timezone: "Europe/London", locale: "en_GB" }],
  },
  {
    region: "eu",
    number: 6,
    name: "Umbrella Corp",
    scheduling_status: "deactivated",
    settings: { account_status: "normal", country: "GB" },
    sites: [{ key: "umbrella-lab", type: "standard", name: "Raccoon Lab", address: "1 Arklay Road, Cambridge CB1 1AA", timezone: "Europe/London", locale: "en_GB" }],
  },
  {
    region: "us",
    number: 3,
    name: "Hooli",
    scheduling_status: "connection_error",
    settings: { account_status: "normal", country: "US" },
    sites: [{ key: "hooli-campus", type: "standard", name: "Hooli Campus", address: "1 Hooli Way, Palo Alto, CA 94301", timezone: "America/Los_Angeles", locale: "en_US" }],
  },
];

interface UserSeed {
  email: string;
  name: string;
  is_super?: boolean;
  totp?: string;
  sso?: boolean;
  locale?: string;
  last?: string;
  /** Invited, no password chosen yet (revision 17). */
  invited?: boolean;
  access: { client: string; role: string; primary?: boolean; billing?: boolean; technical?: boolean; sites?: string[] }[];
}

const USERS: UserSeed[] = [
  { email: "admin@example.com", name: "Alice Admin", access: [{ client: "eu:1", role: "Administrator", primary: true, billing: true }] },
  { email: "standard@example.com", name: "Sam Standard", access: [{ client: "eu:1", role: "Standard User", sites: ["acme-hq"] }] },
  { email: "frontdesk@example.com", name: "Fran Desk", access: [{ client: "eu:1", role: "Front Desk" }] },
  // Revision 18.
  { email: "reception@example.com", name: "Rita Reception", access: [{ client: "eu:1", role: "Reception" }] },
  {
    email: "super@example.com",
    name: "Sue Super",
    is_super: true,
    last: "eu:1",
    access: [
      { client: "eu:1", role: "Administrator" },
      { client: "us:1", role: "Administrator" },
    ],
  },
  {
    email: "multi@example.com",
    name: "Max Multi",
    last: "eu:1",
    access: [
      { client: "eu:1", role: "Administrator" },
      { client: "us:1", role: "Administrator", primary: true, billing: true },
    ],
  },
  { email: "expired@example.com", name: "Eve Expired", access: [{ client: "eu:2", role: "Administrator", primary: true, billing: true }] },
  { email: "twofactor@example.com", name: "Tom Twofactor", totp: DEMO_TOTP_SECRET, access: [{ client: "eu:1", role: "Administrator" }] },
  { email: "secure@example.com", name: "Sid Secure", locale: "de", access: [{ client: "eu:3", role: "Administrator", primary: true, billing: true }] },
  { email: "sso@sso.example.com", name: "Sandy Sso", sso: true, access: [{ client: "eu:1", role: "Standard User" }] },
  // Revision 2.
  { email: "supervisor@example.com", name: "Vic Supervisor", is_super: true, access: [{ client: "eu:2", role: "Administrator" }] },
  { email: "school@example.com", name: "Olive Oakfield", access: [{ client: "eu:4", role: "Administrator", primary: true }] },
  { email: "globex@example.com", name: "Hank Globex", locale: "en_US", access: [{ client: "us:2", role: "Administrator", primary: true, billing: true }] },
  { email: "initech@example.com", name: "Bill Initech", access: [{ client: "eu:5", role: "Administrator", primary: true, billing: true }] },
  { email: "umbrella@example.com", name: "Albert Umbrella", access: [{ client: "eu:6", role: "Administrator", primary: true, billing: true }] },
  { email: "hooli@example.com", name: "Gavin Hooli", locale: "en_US", access: [{ client: "us:3", role: "Administrator", primary: true, billing: true }] },
  // Revision 17: Acme's portal users list pages (ADR 020).
  { email: "priya.patel@example.com", name: "Priya Patel", access: [{ client: "eu:1", role: "Administrator", technical: true }] },
  { email: "ben.carter@example.com", name: "Ben Carter", access: [{ client: "eu:1", role: "Standard User" }] },
  { email: "chloe.martin@example.com", name: "Chloe Martin", access: [{ client: "eu:1", role: "Standard User", sites: ["acme-dub"] }] },
  { email: "daniel.okafor@example.com", name: "Daniel Okafor", totp: DEMO_TOTP_SECRET, access: [{ client: "eu:1", role: "Front Desk" }] },
  { email: "emma.wilson@example.com", name: "Emma Wilson", access: [{ client: "eu:1", role: "Standard User", billing: true }] },
  { email: "farid.haddad@example.com", name: "Farid Haddad", access: [{ client: "eu:1", role: "Standard User", sites: ["acme-hq", "acme-wh"] }] },
  { email: "grace.lee@example.com", name: "Grace Lee", access: [{ client: "eu:1", role: "Administrator", sites: ["acme-wh"] }] },
  { email: "harry.evans@example.com", name: "Harry Evans", invited: true, access: [{ client: "eu:1", role: "Standard User" }] },
  { email: "isla.novak@example.com", name: "Isla Novak", access: [{ client: "eu:1", role: "Standard User", sites: ["acme-wh"] }] },
  { email: "jack.murphy@example.com", name: "Jack Murphy", access: [{ client: "eu:1", role: "Standard User" }] },
];

const CUSTOM_FIELDS = [
  { label: "Company", type: "text", required: true, favourite: true, show_on_evacuation_list: true },
  { label: "Car registration", type: "uppercase", favourite: true },
  { label: "Mobile number", type: "phone", show_on_evacuation_list: true },
  { label: "Who are you visiting?", type: "notify_list", required: true, favourite: true },
  { label: "Purpose of visit", type: "dropdown", options: ["Meeting", "Interview", "Delivery", "Maintenance", "Other"], default_option: "Meeting" },
  { label: "Have you read the safety briefing?", type: "yes_no", required: true, reject_options: ["No"], reject_message: "Please read the safety briefing at reception before signing in.", show_on_pdf_agreements: true },
  { label: "Signature", type: "signature", show_on_pdf_agreements: true },
];

export interface SeedResult {
  /** The revision the database was at (0 = empty). */
  from: number;
  to: number;
  clients: string[];
  users: string[];
  /** Clients whose Today view data (groups, members, visits) was added. */
  today: string[];
}

/**
 * Bring the demo data to `SEED_REVISION` (one transaction; concurrent starts are serialised).
 * Returns null when the database is already current.
 */
export async function seedDemoData(app: App): Promise<SeedResult | null> {
  return app.db.tx(async (q) => {
    await q.query("SELECT pg_advisory_xact_lock(727275)");
    const from = (await one<{ revision: number }>(q, "SELECT revision FROM seed_state WHERE id = 1"))?.revision ?? 0;
    if (from >= SEED_REVISION) return null;
    const result = await seed(app, q, from);
    await q.query(
      `INSERT INTO seed_state (id, revision) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET revision = EXCLUDED.revision, updated_at = now()`,
      [SEED_REVISION],
    );
    return result;
  });
}

async function seed(app: App, q: Queryable, from: number): Promise<SeedResult> {
  const result: SeedResult = { from, to: SEED_REVISION, clients: [], users: [], today: [] };
  const clientIds = new Map<string, number>();
  const siteIds = new Map<string, number>();
  const roleIds = new Map<string, number>();
  const created = new Set<string>();

  for (const c of CLIENTS) {
    const gid = `${c.region}:${c.number}`;
    const existing = await one<{ id: number }>(q, "SELECT id FROM clients WHERE region = $1 AND number = $2", [c.region, c.number]);
    let id: number;
    if (existing) {
      id = existing.id;
      // Seed-owned fields of an existing demo client: flags are merged, never removed.
      await q.query(
        `UPDATE clients SET settings = settings || $2::jsonb, is_school = $3, reseller = $4, scheduling_status = $5,
                group_limit = CASE WHEN $6 THEN coalesce(group_limit, $7) ELSE group_limit END WHERE id = $1`,
        [id, JSON.stringify(c.settings), c.is_school ?? false, c.reseller ?? false, c.scheduling_status ?? "disabled", from < 6, c.group_limit ?? null],
      );
      for (const s of c.sites) {
        const row = await one<{ id: number }>(
          q,
          `UPDATE sites SET spaces_enabled = $4, space_exists = $5 WHERE client_id = $1 AND name = $2 AND type = $3 RETURNING id`,
          [id, s.name, s.type, s.spaces_enabled ?? false, s.space_exists ?? false],
        );
        if (row) siteIds.set(s.key, row.id);
      }
    } else {
      [{ id }] = await q.query<{ id: number }>(
        `INSERT INTO clients (region, number, name, trial_ends_on, is_school, reseller, settings, site_limit, sms_tokens_available, force_2fa, scheduling_status, group_limit)
         VALUES ($1, $2, $3, $4::date, $5, $6, $7::jsonb, $8, $9, $10, $11, $12) RETURNING id`,
        [
          c.region,
          c.number,
          c.name,
          c.trial_ends_on ?? null,
          c.is_school ?? false,
          c.reseller ?? false,
          JSON.stringify(c.settings),
          c.site_limit ?? null,
          c.sms ?? 0,
          c.force_2fa ?? false,
          c.scheduling_status ?? "disabled",
          c.group_limit ?? null,
        ],
      );
      created.add(gid);
      result.clients.push(gid);
      let position = 0;
      for (const s of c.sites) siteIds.set(s.key, await insertSite(q, id, s, position++));
    }
    clientIds.set(gid, id);
    // Built-in and custom roles: created when missing, rights kept to the seed's.
    for (const [name, rights] of [...BUILT_IN_ROLES, ...(c.roles ?? [])]) {
      const [{ id: roleId }] = await q.query<{ id: number }>(
        `INSERT INTO roles (client_id, name, rights, built_in) VALUES ($1, $2, $3::jsonb, $4)
         ON CONFLICT (client_id, name) DO UPDATE SET rights = EXCLUDED.rights, built_in = EXCLUDED.built_in RETURNING id`,
        [id, name, JSON.stringify(rights), BUILT_IN_ROLES.some(([n]) => n === name)],
      );
      roleIds.set(`${gid}/${name}`, roleId);
    }
  }

  let passwordHash: string | undefined;
  for (const u of USERS) {
    if (await one(q, "SELECT 1 FROM users WHERE email = $1", [u.email])) continue;
    passwordHash ??= await hashPassword(DEMO_PASSWORD);
    const [{ id: userId }] = await q.query<{ id: number }>(
      `INSERT INTO users (email, name, password_hash, terms_accepted_at, totp_secret, is_super, locale, sso, last_client_id)
       VALUES ($1, $2, $3, now(), $4, $5, $6, $7, $8) RETURNING id`,
      [u.email, u.name, u.sso || u.invited ? null : passwordHash, u.totp ?? null, u.is_super ?? false, u.locale ?? "en_GB", u.sso ?? false, u.last ? clientIds.get(u.last) : null],
    );
    result.users.push(u.email);
    for (const a of u.access) {
      await q.query(
        `INSERT INTO client_users (user_id, client_id, role_id, is_primary, is_billing, site_ids, is_technical) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
        [
          userId,
          clientIds.get(a.client),
          roleIds.get(`${a.client}/${a.role}`),
          a.primary ?? false,
          a.billing ?? false,
          a.sites ? JSON.stringify(a.sites.map((k) => siteIds.get(k)).filter((x) => x !== undefined)) : null,
          a.technical ?? false,
        ],
      );
    }
  }

  if (created.has("eu:1")) await seedAcmeExtras(app, q, clientIds.get("eu:1")!, siteIds, roleIds.get("eu:1/Standard User")!);

  // Revision 3: the Today view's data, once per client (one without groups), and the kiosks.
  for (const c of CLIENTS) {
    const gid = `${c.region}:${c.number}`;
    const clientId = clientIds.get(gid)!;
    const data = visitDataFor(gid);
    if (data && !(await one(q, "SELECT 1 FROM groups WHERE client_id = $1 LIMIT 1", [clientId]))) {
      await seedClientVisits(q, clientId, data, siteIds, new Map(c.sites.map((s) => [s.key, s.timezone])));
      result.today.push(gid);
    }
    for (const s of c.sites) {
      const siteId = siteIds.get(s.key);
      if (s.type === "standard" && siteId !== undefined) {
        await seedKiosk(q, s.key, siteId);
        await seedEvacuationPoints(q, s.key, siteId);
      }
    }
  }
  // Revision 4: a past fire drill to report on.
  const hq = siteIds.get("acme-hq");
  if (hq !== undefined) await seedHqDrill(q, clientIds.get("eu:1")!, hq);

  // Revision 5: the manage site screens' data (after the kiosks, whose versions it sets).
  for (const c of CLIENTS) {
    const gid = `${c.region}:${c.number}`;
    await seedManageSites(q, gid, clientIds.get(gid)!, c.sites, siteIds);
  }
  // Revision 7: one group's screens (after the groups of revision 3).
  for (const c of CLIENTS) {
    const gid = `${c.region}:${c.number}`;
    await seedGroupSettings(q, gid, clientIds.get(gid)!);
    // Revision 8: Staff's badge (after its personal fields, one of which it shows).
    await seedGroupBadge(q, gid, clientIds.get(gid)!);
    // Revision 9: the integrated group Field Engineers.
    await seedGroupSync(app, q, gid, clientIds.get(gid)!);
    // Revision 10: Oakfield's sign-out-first group Boarders (after its groups of revision 3).
    await seedBoarders(q, gid, clientIds.get(gid)!, siteIds);
    // Revision 11: Visitors posts its sign-ins to the demo Slack's #reception.
    await seedGroupSlack(app, q, gid, clientIds.get(gid)!, from);
    // Revision 12: Staff's Time & Attendance (Acme) and Central Record link (Globex).
    await seedGroupAddOns(q, gid, clientIds.get(gid)!);
    // Revision 13: members for every filter and editor tab of Acme's Staff and Contractors.
    if (from < 13) await seedMembers(q, gid, clientIds.get(gid)!, from);
    // Revision 15: Acme's pre-registrations and the group Candidates (after the groups of revision 3).
    await seedPreRegistrations(app, q, gid, clientIds.get(gid)!, siteIds, from);
    // Revision 21: a pending SSO access request at Acme (after its SSO configuration).
    await seedSsoSelfService(q, gid, clientIds.get(gid)!, from);
    // Revision 22: Acme's visit history (after its sites and groups); the busy client is on demand.
    await seedAcmeHistory(q, gid, clientIds.get(gid)!, from);
    // Revision 23: Acme's rejected sign-ins with their reasons and a protected past visit (after the visits of revision 3).
    await seedVisitManagement(q, gid, clientIds.get(gid)!, siteIds, from);
    // Revision 20: the account pages (info, SMS, subscriptions and invoices, referrals).
    await seedAccount(q, gid, clientIds.get(gid)!);
    // Revision 24: visitors over the last weeks and one overridden day at Acme (attendance reports).
    await seedAttendance(q, gid, clientIds.get(gid)!, siteIds, from);
    // Revision 25: the safety check (Acme's block list and Contractors' mode; Globex's Central Record at sign-in).
    await seedSafetyCheck(q, gid, clientIds.get(gid)!, siteIds, from);
    // Revision 26: Acme's notifications and its notifications' Slack workspace (ADR 028).
    await seedNotifications(app, q, gid, clientIds.get(gid)!, siteIds, from);
    // Revision 27: Acme's client API credential and visitor form (after its sites and groups).
    await seedFeatures(app, q, gid, clientIds.get(gid)!, siteIds, from);
  }
  // Revision 19: Acme's audit log, made by real changes (after everything they touch).
  if (from < 19 && hq !== undefined) await seedAuditLog(q, clientIds.get("eu:1")!, hq);
  return result;
}

async function insertSite(q: Queryable, clientId: number, s: SiteSeed, position: number): Promise<number> {
  const [{ id }] = await q.query<{ id: number }>(
    `INSERT INTO sites (client_id, type, name, address, timezone, locale, location, reply_to_name, reply_to_email,
                        active_from, active_until, spaces_enabled, space_exists, position)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10::timestamptz, $11::timestamptz, $12, $13, $14) RETURNING id`,
    [
      clientId,
      s.type,
      s.name,
      s.address ?? null,
      s.timezone,
      s.locale,
      s.location ? JSON.stringify({ zoom: 16, radius: 150, ...s.location }) : null,
      s.reply_to?.[0] ?? null,
      s.reply_to?.[1] ?? null,
      s.active ? `${s.active[0]}T08:00:00Z` : null,
      s.active ? `${s.active[1]}T18:00:00Z` : null,
      s.spaces_enabled ?? false,
      s.space_exists ?? false,
      position,
    ],
  );
  return id;
}

/** Custom fields and the SSO configuration of Acme Ltd (only when Acme itself is created). */
async function seedAcmeExtras(app: App, q: Queryable, acmeId: number, siteIds: Map<string, number>, standardRoleId: number): Promise<void> {
  const hq = siteIds.get("acme-hq")!;
  let position = 0;
  for (const f of CUSTOM_FIELDS) {
    await q.query(
      `INSERT INTO custom_fields (site_id, label, type, required, options, show_on_evacuation_list, show_on_pdf_agreements, favourite,
                                  default_option, reject_options, reject_message, position)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10::jsonb, $11, $12)`,
      [
        hq,
        f.label,
        f.type,
        f.required ?? false,
        JSON.stringify(f.options ?? []),
        f.show_on_evacuation_list ?? false,
        f.show_on_pdf_agreements ?? false,
        f.favourite ?? false,
        f.default_option ?? null,
        JSON.stringify(f.reject_options ?? []),
        f.reject_message ?? null,
        position++,
      ],
    );
  }
  await q.query(
    `INSERT INTO custom_fields (site_id, label, type, required, position) VALUES ($1, 'Forklift licence number', 'text', false, 0)`,
    [siteIds.get("acme-wh")],
  );

  await q.query(
    `INSERT INTO sso_configs (client_id, type, domain, domain_verified, provider, default_role_id, default_site_ids, enabled, verified_at, tested_at)
     VALUES ($1, 'okta', 'sso.example.com', true, $2::jsonb, $3, $4::jsonb, true, now(), now())`,
    [acmeId, JSON.stringify({ client_id: "gatehouse-portal", provider_host: oidcIssuer(app) }), standardRoleId, JSON.stringify([hq])],
  );
}
