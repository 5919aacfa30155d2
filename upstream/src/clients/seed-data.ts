/**
 * The demo clients, their sites and roles, and the demo users (ADR 033: `clients/seed.ts` seeds
 * them). Data only; README's demo accounts are these. The site keys (`acme-hq`, …) are how the other
 * areas' seed steps name a demo site (`demoIds` in `seed.ts`).
 */
import { ALL_RIGHTS, FRONT_DESK_RIGHTS, RECEPTION_RIGHTS, SITE_MANAGER_RIGHTS, STANDARD_RIGHTS } from "../clients/model.ts";

export const DEMO_PASSWORD = "Demo-Passw0rd!";
export const DEMO_TOTP_SECRET = "JBSWY3DPEHPK3PXP";

export interface ClientSeed {
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
  /** Merged into an existing client's settings when the step runs again (keys are never removed). */
  settings: Record<string, unknown>;
  sms?: number;
  /** Custom roles besides Administrator and Standard User. */
  roles?: [string, readonly string[]][];
  sites: SiteSeed[];
}

export interface SiteSeed {
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
export const BUILT_IN_ROLES: [string, readonly string[]][] = [
  ["Administrator", ALL_RIGHTS],
  ["Standard User", STANDARD_RIGHTS],
];

export const CLIENTS: ClientSeed[] = [
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

export interface UserSeed {
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

export const USERS: UserSeed[] = [
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

export const CUSTOM_FIELDS = [
  { label: "Company", type: "text", required: true, favourite: true, show_on_evacuation_list: true },
  { label: "Car registration", type: "uppercase", favourite: true },
  { label: "Mobile number", type: "phone", show_on_evacuation_list: true },
  { label: "Who are you visiting?", type: "notify_list", required: true, favourite: true },
  { label: "Purpose of visit", type: "dropdown", options: ["Meeting", "Interview", "Delivery", "Maintenance", "Other"], default_option: "Meeting" },
  { label: "Have you read the safety briefing?", type: "yes_no", required: true, reject_options: ["No"], reject_message: "Please read the safety briefing at reception before signing in.", show_on_pdf_agreements: true },
  { label: "Signature", type: "signature", show_on_pdf_agreements: true },
];
