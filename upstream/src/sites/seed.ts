/**
 * Demo data of revision 5: what the manage site screens show (migration 005). Each part is added
 * only where it is missing, so a revision-3 or -4 database comes straight to 5, a second run adds
 * nothing, and what a user changed is left alone:
 *  - a site limit for the demo clients that had none (Initech, Umbrella, Hooli), each leaving room
 *    for a few more sites;
 *  - two badge templates per demo client (by name);
 *  - evacuation points for every standard site that has none (the titles of revision 4's
 *    `seed-evacuations.ts`), and an icon and map location for those still without one;
 *  - a version for the seeded kiosks, and at Head Office a second, outdated, device;
 *  - the site entity's other fields for Acme's sites whose on-site report is not set up yet;
 *  - custom fields at Dublin Office (the types Head Office does not show), a message and two
 *    sign-in points at Head Office, attendees for Acme's events.
 */
import { sha256 } from "../auth/crypto.ts";
import { one, type Queryable } from "../db/index.ts";
import type { SeedStep } from "../runtime/seed-step.ts";
import { perDemoClient } from "../clients/seed.ts";

/** Site limits of demo clients that have none (Acme's 10 leaves room for five more sites). */
const SITE_LIMITS: Record<string, number> = { "eu:5": 3, "eu:6": 3, "us:3": 5 };

const BADGES: [string, string[]][] = [
  ["Visitor badge", ["logo", "photo", "name", "group", "date", "qr"]],
  ["Contractor badge", ["logo", "photo", "name", "field", "date", "time", "text"]],
];

type Icon = "assembly-point" | "car-park" | "grass" | "building" | "door" | "road" | "flag" | "first-aid";
/** [title, icon, metres north, metres east of the site's position] */
type PointSeed = [string, Icon, number, number];
const POINTS: Record<string, PointSeed[]> = {
  "acme-hq": [
    ["Car park A", "car-park", -60, 40],
    ["Front lawn", "grass", 45, -20],
  ],
  "acme-wh": [["Yard gate", "road", 70, 0]],
  "acme-dub": [["Grand Canal Square", "assembly-point", 30, 50]],
  "nw-main": [
    ["Football field", "grass", 120, 60],
    ["Staff car park", "car-park", -80, -40],
  ],
  "nw-annex": [["Football field", "grass", 90, 20]],
  "sec-hq": [["Sammelplatz Hof", "assembly-point", 25, 25]],
  "oak-main": [["Playground", "flag", 50, -30]],
  "oak-sports": [["Playing fields", "grass", 100, 0]],
};
const DEFAULT_POINT: PointSeed = ["Main assembly point", "assembly-point", 50, 0];

/** Move a position by metres (good enough for a demo map). */
const offset = (lat: number, lng: number, north: number, east: number) => ({
  lat: Math.round((lat + north / 111_320) * 1e6) / 1e6,
  lng: Math.round((lng + east / (111_320 * Math.cos((lat * Math.PI) / 180))) * 1e6) / 1e6,
});

/** The site entity's remaining fields, by site key (Acme's sites). */
const SITE_DETAILS: Record<string, Record<string, unknown>> = {
  "acme-hq": {
    emails: "facilities@acme.example.com",
    on_site_report_schedules: [
      { time: "09:00", emails: "reception@acme.example.com" },
      { time: "17:30", emails: "facilities@acme.example.com, reception@acme.example.com" },
    ],
    send_empty: false,
    contactless: true,
    qr_scanning: true,
    geofence_sign_in: true,
    geofence_sign_out: true,
    privacy: { store_location_data: true },
    badge: "Visitor badge",
  },
  "acme-wh": {
    reply_to_name: "Acme Warehouse",
    reply_to_email: "warehouse@acme.example.com",
    emails: "warehouse@acme.example.com",
    on_site_report_schedules: [{ time: "06:00", emails: "warehouse@acme.example.com" }],
    send_empty: true,
    visitor_photos: false,
    badge: "Contractor badge",
  },
  "acme-dub": {
    reply_to_name: "Acme Dublin",
    reply_to_email: "dublin@acme.example.com",
    on_site_report_schedules: [{ time: "08:30", emails: "dublin@acme.example.com" }],
    privacy: { hide_sign_outs: true, full_name_reveal: true },
  },
  "acme-field": { reply_to_name: "Acme Field Team", reply_to_email: "field@acme.example.com", geofence_sign_in: false },
  "acme-home": { reply_to_name: "Acme People Team", reply_to_email: "people@acme.example.com" },
  "acme-conf": { reply_to_name: "Acme Events", reply_to_email: "events@acme.example.com", contactless: true, qr_scanning: true },
  "acme-open": { reply_to_name: "Acme Events", reply_to_email: "events@acme.example.com", privacy: { autocomplete: false } },
};

/** Dublin Office shows the custom field types Head Office does not. */
const DUBLIN_FIELDS: { label: string; type: string; required?: boolean; favourite?: boolean; options?: string[]; reject_options?: string[]; reject_message?: string }[] = [
  { label: "Email address", type: "email", required: true, favourite: true },
  { label: "Number of guests", type: "number" },
  { label: "Company website", type: "url" },
  { label: "How did you hear about us?", type: "dropdown_other", options: ["Colleague", "Website", "Event"] },
  { label: "Dietary requirements", type: "checkboxes", options: ["Vegetarian", "Vegan", "Gluten free", "None"] },
  { label: "Date of arrival in Ireland", type: "date" },
  { label: "Visitor photo", type: "photo" },
];

const ATTENDEES: Record<string, [string, string | null, string | null, string | null][]> = {
  "acme-conf": [
    ["Grace Hopper", "grace@navy.example.com", "+442079460101", "US Navy"],
    ["Alan Turing", "alan@bletchley.example.com", null, "Bletchley Park"],
    ["Katherine Johnson", "katherine@nasa.example.com", "+16502530000", "NASA"],
    ["Tim Berners-Lee", "tim@w3.example.org", null, "W3C"],
    ["Margaret Hamilton", "margaret@mit.example.edu", null, "MIT"],
    ["Dorothy Vaughan", null, "+16502530001", "NASA"],
  ],
  "acme-open": [
    ["Priya Patel", "priya@example.com", "+447911123456", null],
    ["Tom Baker", "tom.baker@example.com", null, null],
    ["Lucy Chen", null, "+447400123456", "Chen Design"],
  ],
};

export interface SiteSeedRef {
  key: string;
  type: "standard" | "remote" | "event";
}

/** Revision 5 for one demo client (see the module comment). */
export async function seedManageSites(q: Queryable, gid: string, clientId: number, sites: SiteSeedRef[], siteIds: Map<string, number>): Promise<void> {
  if (SITE_LIMITS[gid] !== undefined) await q.query("UPDATE clients SET site_limit = $2 WHERE id = $1 AND site_limit IS NULL", [clientId, SITE_LIMITS[gid]]);
  for (const [name, elements] of BADGES) {
    await q.query("INSERT INTO badges (client_id, name, elements) VALUES ($1, $2, $3::jsonb) ON CONFLICT (client_id, name) DO NOTHING", [clientId, name, JSON.stringify(elements)]);
  }
  for (const s of sites) {
    const id = siteIds.get(s.key);
    if (id === undefined) continue;
    const site = await one<{ location: { lat: number; lng: number } | null }>(q, "SELECT location FROM sites WHERE id = $1", [id]);
    if (s.type === "standard") {
      await seedPoints(q, id, POINTS[s.key] ?? [DEFAULT_POINT], site?.location ?? null);
      await q.query("UPDATE devices SET app_version = '3.12.0' WHERE site_id = $1 AND name = 'Reception kiosk' AND app_version IS NULL", [id]);
    }
    if (SITE_DETAILS[s.key]) await seedDetails(q, clientId, id, SITE_DETAILS[s.key]);
  }

  if (gid !== "eu:1") return;
  const hq = siteIds.get("acme-hq");
  const dublin = siteIds.get("acme-dub");
  if (hq !== undefined) {
    // A second kiosk on an older app: the devices tab shows "outdated" (and offline until it calls in).
    await q.query(
      `INSERT INTO devices (site_id, name, token_hash, app_version) VALUES ($1, 'Staff entrance iPad', $2, '3.10.4') ON CONFLICT (token_hash) DO NOTHING`,
      [hq, sha256("demo-kiosk-acme-hq-staff")],
    );
    if (!(await one(q, "SELECT 1 FROM site_messages WHERE site_id = $1", [hq]))) {
      await q.query(
        `INSERT INTO site_messages (site_id, icon, title, content, checkbox_label, redisplay, position) VALUES
           ($1, '⚠️', 'Health and safety', '<p>Welcome to Head Office. In an emergency, leave by the <strong>nearest exit</strong> and go to <strong>Car park A</strong>.</p><ul><li>Wear your visitor badge at all times.</li><li>Stay with your host.</li></ul>', 'I have read the health and safety rules', 'when_updated', 0),
           ($1, '🔒', 'Confidentiality', '<p>Information you see or hear during your visit is confidential.</p>', 'I agree to keep it confidential', '1_year', 1)`,
        [hq],
      );
    }
    if (!(await one(q, "SELECT 1 FROM sign_in_points WHERE site_id = $1", [hq]))) {
      await q.query("INSERT INTO sign_in_points (site_id, name, token) VALUES ($1, 'Reception', 'demo-point-acme-hq-reception'), ($1, 'Loading bay', 'demo-point-acme-hq-loading')", [hq]);
    }
  }
  if (dublin !== undefined && !(await one(q, "SELECT 1 FROM custom_fields WHERE site_id = $1", [dublin]))) {
    for (const [position, f] of DUBLIN_FIELDS.entries()) {
      await q.query(
        `INSERT INTO custom_fields (site_id, label, type, required, favourite, options, reject_options, reject_message, position)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9)`,
        [dublin, f.label, f.type, f.required ?? false, f.favourite ?? false, JSON.stringify(f.options ?? []), JSON.stringify(f.reject_options ?? []), f.reject_message ?? null, position],
      );
    }
  }
  for (const [key, people] of Object.entries(ATTENDEES)) {
    const id = siteIds.get(key);
    if (id === undefined || (await one(q, "SELECT 1 FROM attendees WHERE site_id = $1", [id]))) continue;
    for (const [name, email, phone, company] of people) {
      await q.query("INSERT INTO attendees (site_id, name, email, phone, company) VALUES ($1, $2, $3, $4, $5)", [id, name, email, phone, company]);
    }
  }
}

/** Points when the site has none; then an icon and a location for seeded titles still without. */
async function seedPoints(q: Queryable, siteId: number, points: PointSeed[], at: { lat: number; lng: number } | null): Promise<void> {
  if (!(await one(q, "SELECT 1 FROM evacuation_points WHERE site_id = $1 LIMIT 1", [siteId]))) {
    for (const [position, [title]] of points.entries()) {
      await q.query("INSERT INTO evacuation_points (site_id, title, position) VALUES ($1, $2, $3)", [siteId, title, position]);
    }
  }
  for (const [title, icon, north, east] of points) {
    const pos = at ? offset(at.lat, at.lng, north, east) : null;
    await q.query("UPDATE evacuation_points SET icon = $3, lat = $4, lng = $5 WHERE site_id = $1 AND title = $2 AND icon IS NULL", [siteId, title, icon, pos?.lat ?? null, pos?.lng ?? null]);
  }
}

/** The site's other fields, once: only while its on-site report and emails are not set up. */
async function seedDetails(q: Queryable, clientId: number, siteId: number, d: Record<string, unknown>): Promise<void> {
  const badge = d.badge ? await one<{ id: number }>(q, "SELECT id FROM badges WHERE client_id = $1 AND name = $2", [clientId, d.badge]) : undefined;
  await q.query(
    `UPDATE sites SET
        reply_to_name = coalesce(reply_to_name, $2), reply_to_email = coalesce(reply_to_email, $3), emails = $4,
        on_site_report_schedules = $5::jsonb, send_empty = coalesce($6, send_empty), contactless = coalesce($7, contactless),
        qr_scanning = coalesce($8, qr_scanning), visitor_photos = coalesce($9, visitor_photos),
        geofence_sign_in = coalesce($10, geofence_sign_in) AND location IS NOT NULL, geofence_sign_out = coalesce($11, geofence_sign_out) AND location IS NOT NULL,
        privacy = privacy || $12::jsonb, badge_id = coalesce(badge_id, $13)
      WHERE id = $1 AND emails IS NULL AND on_site_report_schedules = '[]'::jsonb`,
    [
      siteId,
      d.reply_to_name ?? null,
      d.reply_to_email ?? null,
      d.emails ?? null,
      JSON.stringify(d.on_site_report_schedules ?? []),
      d.send_empty ?? null,
      d.contactless ?? null,
      d.qr_scanning ?? null,
      d.visitor_photos ?? null,
      d.geofence_sign_in ?? null,
      d.geofence_sign_out ?? null,
      JSON.stringify(d.privacy ?? {}),
      badge?.id ?? null,
    ],
  );
}

/** Revision 5 (after the kiosks, whose versions it sets). */
export const seedSteps: SeedStep[] = [perDemoClient("sites.manage-screens", 5, ({ q }, gid, clientId, ids, c) => seedManageSites(q, gid, clientId, c.sites, ids.sites))];
