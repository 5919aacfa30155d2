/**
 * Demo data of revision 7: what one group's screens show (migration 009), for Acme (`eu:1`). Each
 * part is added only where it is missing, so an older database comes straight to 7, a second run
 * adds nothing, and what a user changed is left alone:
 *  - Staff (returning): a group PIN, reply-to, sign-out and privacy settings, when its details and
 *    settings are still untouched (no PIN, no settings);
 *  - personal fields for Staff (a system field "Employee number", a dropdown "Department", a yes/no
 *    favourite "First aider") and Visitors ("Vehicle registration"), for a group with none yet.
 *
 * Revision 8 (migration 010): Staff's badge (`STAFF_BADGE`, an 86 × 54 mm card), while Staff has none
 * saved: logo, photo, name, group, its "Department" personal field (left out if that field is gone),
 * the text "STAFF" and a QR code. Acme's `beta.badge-personal-fields` setting is in `clients/seed-data.ts`.
 *
 * Revision 9 (migration 011): an integrated group, while Acme has no group of that name: the
 * returning group "Field Engineers" (shown at the remote site Field Team only), connected to the demo
 * directory's Azure AD with its "Field Engineering" group chosen and synced (the directory's five
 * people as synced members) and one member added by hand. The rows are written directly, with
 * tokens the demo directory accepts (signed with this run's secret). Acme's `beta.brivo` is in `clients/seed-data.ts`.
 */
import type { z } from "zod";
import type { BadgeElement, GroupBadgeRequest } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { DIRECTORY, SEEDED_SYNC } from "../directory/data.ts";
import { issueDirectoryToken } from "../directory/server.ts";
import type { SeedStep } from "../runtime/seed-step.ts";
import { perDemoClient } from "../clients/seed.ts";
import { seedBoarders } from "./seed-sign-out-first.ts";
import { seedGroupSlack } from "./seed-slack.ts";

interface FieldSeed {
  label: string;
  type: "text" | "email" | "phone" | "number" | "date" | "yes_no" | "dropdown" | "checkboxes";
  options?: string[];
  system?: boolean;
  required?: boolean;
  editable?: boolean;
  favourite?: boolean;
  on_evacuation_list?: boolean;
  include_in_visit_record?: boolean;
  sensitive?: boolean;
}

/** Group name → its personal fields in order (Acme's groups from seed-visits.ts). */
export const GROUP_FIELDS: Record<string, FieldSeed[]> = {
  Staff: [
    { label: "Employee number", type: "text", system: true, required: true, editable: false, include_in_visit_record: true },
    { label: "Department", type: "dropdown", options: ["Engineering", "Finance", "Operations", "Sales", "Facilities"], on_evacuation_list: true },
    { label: "First aider", type: "yes_no", favourite: true, on_evacuation_list: true },
  ],
  Visitors: [{ label: "Vehicle registration", type: "text", include_in_visit_record: true }],
};

/** Staff's details and settings (the other sections read as the contract's defaults). */
export const STAFF_SETTINGS = {
  pin: "2468",
  default_locale: "en_GB",
  reply_to_name: "Acme Reception",
  reply_to_email: "reception@acme.example.com",
  allow_sign_out_first: false,
  settings: {
    sign_out: { sign_out_message: null, auto_clear: "at_time", auto_clear_time: "23:00", auto_clear_hours: null },
    companion: { companion_invite: true, companion_pin_prompt: "daily" },
    privacy: { data_retention: "2y", member_retention: "1y" },
  },
};

/** Revision 7 for one demo client (see the module comment). */
export async function seedGroupSettings(q: Queryable, gid: string, clientId: number): Promise<void> {
  if (gid !== "eu:1") return;
  const s = STAFF_SETTINGS;
  await q.query(
    `UPDATE groups SET pin = $2, default_locale = $3, reply_to_name = $4, reply_to_email = $5, allow_sign_out_first = $6, settings = $7::jsonb
     WHERE client_id = $1 AND name = 'Staff' AND type = 'returning' AND pin IS NULL AND settings = '{}'::jsonb`,
    [clientId, s.pin, s.default_locale, s.reply_to_name, s.reply_to_email, s.allow_sign_out_first, JSON.stringify(s.settings)],
  );
  for (const [name, fields] of Object.entries(GROUP_FIELDS)) {
    const group = await one<{ id: number }>(q, "SELECT id FROM groups WHERE client_id = $1 AND name = $2 ORDER BY id LIMIT 1", [clientId, name]);
    if (!group || (await one(q, "SELECT 1 FROM group_personal_fields WHERE group_id = $1", [group.id]))) continue;
    for (const [position, f] of fields.entries()) {
      await q.query(
        `INSERT INTO group_personal_fields (group_id, position, label, type, options, system, required, editable, favourite, on_evacuation_list, include_in_visit_record, sensitive)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11, $12)`,
        [
          group.id,
          position,
          f.label,
          f.type,
          JSON.stringify(f.options ?? []),
          f.system ?? false,
          f.required ?? false,
          f.editable ?? true,
          f.favourite ?? false,
          f.on_evacuation_list ?? false,
          f.include_in_visit_record ?? false,
          f.sensitive ?? false,
        ],
      );
    }
  }
}

const el = (kind: BadgeElement["kind"], x: number, y: number, width: number, height: number, font_size = 10, over: Partial<BadgeElement> = {}): BadgeElement => ({
  kind,
  x,
  y,
  width,
  height,
  font_size,
  text: null,
  field_id: null,
  personal_field_id: null,
  ...over,
});

/** Staff's badge; `personal_field_id` is Staff's "Department" field's id, set when seeding. */
export const STAFF_BADGE: z.infer<typeof GroupBadgeRequest> = {
  size: "86x54",
  elements: [
    el("logo", 3, 3, 24, 9),
    el("photo", 3, 14, 22, 28),
    el("name", 28, 14, 55, 9, 14),
    el("group", 28, 24, 55, 6, 10),
    el("personal", 28, 31, 38, 6, 9),
    el("text", 3, 44, 40, 7, 14, { text: "STAFF" }),
    el("qr", 68, 33, 15, 15),
  ],
};
/** The personal field Staff's badge shows. */
export const STAFF_BADGE_PERSONAL_FIELD = "Department";

/** Revision 8 for one demo client (see the module comment). */
export async function seedGroupBadge(q: Queryable, gid: string, clientId: number): Promise<void> {
  if (gid !== "eu:1") return;
  const staff = await one<{ id: number }>(
    q,
    "SELECT id FROM groups WHERE client_id = $1 AND name = 'Staff' AND type = 'returning' AND badge IS NULL ORDER BY id LIMIT 1",
    [clientId],
  );
  if (!staff) return;
  const field = await one<{ id: number }>(q, "SELECT id FROM group_personal_fields WHERE group_id = $1 AND label = $2", [staff.id, STAFF_BADGE_PERSONAL_FIELD]);
  const elements = STAFF_BADGE.elements.flatMap((e) => (e.kind !== "personal" ? [e] : field ? [{ ...e, personal_field_id: field.id }] : []));
  await q.query("UPDATE groups SET badge = $2::jsonb WHERE id = $1", [staff.id, JSON.stringify({ size: STAFF_BADGE.size, elements })]);
}

/** The member of Field Engineers added by hand (not in the directory; a sync never touches him). */
export const FIELD_ENGINEERS_MANUAL = { name: "Dev Malhotra", email: "dev.malhotra@contractor.example.com", mobile: "+447700900499" };

/** Revision 9 for one demo client (see the module comment). */
export async function seedGroupSync(app: App, q: Queryable, gid: string, clientId: number): Promise<void> {
  if (gid !== "eu:1") return;
  if (await one(q, "SELECT 1 FROM groups WHERE client_id = $1 AND name = $2", [clientId, SEEDED_SYNC.group])) return;
  const field = await one<{ id: number }>(q, "SELECT id FROM sites WHERE client_id = $1 AND type = 'remote' AND name = 'Field Team' ORDER BY id LIMIT 1", [clientId]);
  const [group] = await q.query<{ id: number }>(
    `INSERT INTO groups (client_id, name, type, position, site_ids)
     VALUES ($1, $2, 'returning', (SELECT coalesce(max(position), -1) + 1 FROM groups WHERE client_id = $1), $3::jsonb) RETURNING id`,
    [clientId, SEEDED_SYNC.group, JSON.stringify(field ? [field.id] : [])],
  );
  const dg = DIRECTORY[SEEDED_SYNC.provider].find((g) => g.id === SEEDED_SYNC.directoryGroupId)!;
  await q.query(
    `INSERT INTO group_syncs (group_id, provider, status, directory_group_id, directory_group_name, access_token, refresh_token, last_sync_at, enabled)
     VALUES ($1, $2, 'connected', $3, $4, $5, $6, now(), true)`,
    [group.id, SEEDED_SYNC.provider, dg.id, dg.name, issueDirectoryToken(app, SEEDED_SYNC.provider, "access"), issueDirectoryToken(app, SEEDED_SYNC.provider, "refresh")],
  );
  for (const m of dg.members) {
    await q.query("INSERT INTO members (group_id, name, email, mobile, synced, directory_id) VALUES ($1, $2, $3, $4, true, $5)", [group.id, m.name, m.email, m.mobile, m.id]);
  }
  const manual = FIELD_ENGINEERS_MANUAL;
  await q.query("INSERT INTO members (group_id, name, email, mobile) VALUES ($1, $2, $3, $4)", [group.id, manual.name, manual.email, manual.mobile]);
}

/**
 * Revision 12 (migration 014): a group's Time & Attendance and Central Record tabs.
 *  - Acme (`eu:1`, Time & Attendance on): Staff tracks time, rounded to 5 minutes, with Amelia Hart
 *    (a member of Staff) as its default manager, while Staff's tab was never saved;
 *  - Globex (`us:2`, Central Record on): Staff is linked to the demo Central Record's "Main office",
 *    checking DBS and right to work only, while Staff's integrations tab was never saved.
 */
export async function seedGroupAddOns(q: Queryable, gid: string, clientId: number): Promise<void> {
  const staff = await one<{ id: number }>(q, "SELECT id FROM groups WHERE client_id = $1 AND name = 'Staff' AND type = 'returning' ORDER BY id LIMIT 1", [clientId]);
  if (!staff) return;
  const section = async (name: string, values: unknown) =>
    (await q.query<{ id: number }>(
      `UPDATE groups SET settings = settings || jsonb_build_object($2::text, $3::jsonb) WHERE id = $1 AND NOT settings ? $2 RETURNING id`,
      [staff.id, name, JSON.stringify(values)],
    )).length > 0;
  if (gid === "eu:1" && (await section("time_and_attendance", { enabled: true, rounding: "5" }))) {
    await q.query("UPDATE groups SET default_manager_id = (SELECT id FROM members WHERE group_id = $1 AND name = 'Amelia Hart' ORDER BY id LIMIT 1) WHERE id = $1", [staff.id]);
  }
  if (gid === "us:2") await section("central_record", { organisation_id: "org-main", rating_mode: "custom", rating_systems: ["dbs", "right-to-work"] });
}

/** Revisions 7 to 12, in their order (the groups of revision 3 first; Staff's badge after its personal fields). */
export const seedSteps: SeedStep[] = [
  perDemoClient("groups.staff-settings", 7, ({ q }, gid, clientId) => seedGroupSettings(q, gid, clientId)),
  perDemoClient("groups.staff-badge", 8, ({ q }, gid, clientId) => seedGroupBadge(q, gid, clientId)),
  perDemoClient("groups.field-engineers", 9, ({ app, q }, gid, clientId) => seedGroupSync(app, q, gid, clientId)),
  perDemoClient("groups.oakfield-boarders", 10, ({ q }, gid, clientId, ids) => seedBoarders(q, gid, clientId, ids.sites)),
  perDemoClient("groups.visitors-slack", 11, ({ app, q, from }, gid, clientId) => seedGroupSlack(app, q, gid, clientId, from)),
  perDemoClient("groups.add-ons", 12, ({ q }, gid, clientId) => seedGroupAddOns(q, gid, clientId)),
];
