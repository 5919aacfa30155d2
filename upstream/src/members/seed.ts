/**
 * Revision 13 (migration 018; ADR 017): members for every filter and editor tab of Acme's
 * returning groups, added once (while Staff has no member named "Nina Brooks"):
 *  - Staff: Nina Brooks (current; Amelia Hart her manager; two emergency contacts, a document with
 *    its file, a QR code and an RFID tag, evacuation needs, notification and permission choices, a
 *    rota), Isla Morgan (upcoming), Jack Thompson (ended), Leo Grant and Maya Patel (archived);
 *  - Contractors: Zoe Adams (upcoming) and Ruth Ellis (archived).
 * Existing members are not changed (other demo data and tests count on them).
 */
import type { Queryable } from "../db/index.ts";
import { one } from "../db/index.ts";
import { storeGroupFile } from "../sites/uploads.ts";
import type { SeedStep } from "../runtime/seed-step.ts";
import { perDemoClient } from "../clients/seed.ts";

export const SEED_MEMBERS_REVISION = 13;

/** Members revision 13 adds, by group. */
export const SEEDED_MEMBERS = {
  Staff: ["Nina Brooks", "Isla Morgan", "Jack Thompson", "Leo Grant", "Maya Patel"],
  Contractors: ["Zoe Adams", "Ruth Ellis"],
} as const;

/** The smallest PDF a viewer opens (one empty page). */
const DEMO_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

export async function seedMembers(q: Queryable, gid: string, clientId: number, from: number): Promise<void> {
  if (gid !== "eu:1" || from >= SEED_MEMBERS_REVISION) return;
  const group = async (name: string) => one<{ id: number }>(q, "SELECT id FROM groups WHERE client_id = $1 AND name = $2 AND type = 'returning' ORDER BY id LIMIT 1", [clientId, name]);
  const staff = await group("Staff");
  const contractors = await group("Contractors");
  if (!staff || !contractors) return;
  if (await one(q, "SELECT 1 FROM members WHERE group_id = $1 AND name = 'Nina Brooks'", [staff.id])) return;
  const add = async (groupId: number, name: string, email: string | null, extra: { starts?: number; ends?: number; archived?: boolean } = {}) => {
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO members (group_id, name, email, starts_on, ends_on, archived_at)
       VALUES ($1, $2, $3, CASE WHEN $4::int IS NULL THEN NULL ELSE current_date + $4::int END, CASE WHEN $5::int IS NULL THEN NULL ELSE current_date + $5::int END,
               CASE WHEN $6 THEN now() - interval '10 days' ELSE NULL END) RETURNING id`,
      [groupId, name, email, extra.starts ?? null, extra.ends ?? null, extra.archived ?? false],
    );
    return id;
  };
  const manager = await one<{ id: number }>(q, "SELECT id FROM members WHERE group_id = $1 AND name = 'Amelia Hart' ORDER BY id LIMIT 1", [staff.id]);
  const nina = await add(staff.id, "Nina Brooks", "nina.brooks@acme.example.com", { starts: -200 });
  await q.query(
    `UPDATE members SET mobile = '+447700900321', manager_id = $2, site_ids = NULL,
        emergency_contacts = $3::jsonb, notifications = $4::jsonb, permissions = $5::jsonb, evacuation = $6::jsonb,
        spaces = $7::jsonb, time_attendance = $8::jsonb WHERE id = $1`,
    [
      nina,
      manager?.id ?? null,
      JSON.stringify([
        { name: "Tom Brooks", phone: "+447700900654", phone_type: "mobile", relationship: "partner" },
        { name: "Sue Brooks", phone: "+442079460000", phone_type: "home", relationship: "parent" },
      ]),
      JSON.stringify({ sign_in_reminder_sms: false }),
      JSON.stringify({ mobile_sign_in: true, evacuation_list: true, today_view: true }),
      JSON.stringify({ assistance: "mobility", notes: "Uses a wheelchair: evacuation chair at the east stairs.", warden: false, first_aider: true }),
      JSON.stringify({ zones: ["Second floor", "Quiet room"] }),
      JSON.stringify({ rota: { mon: 7.5, tue: 7.5, wed: 7.5, thu: 7.5, fri: 6, sat: 0, sun: 0 }, leave_allowance: 25, adjustments: [{ days: 2, reason: "Carried over from last year" }] }),
    ],
  );
  const file = await storeGroupFile(q, staff.id, { filename: "first-aid-certificate.pdf", kind: "pdf", data: DEMO_PDF });
  await q.query("INSERT INTO member_documents (member_id, title, expires_on, file_id, filename) VALUES ($1, 'First aid certificate', current_date + 300, $2, 'first-aid-certificate.pdf')", [nina, file.id]);
  await q.query("INSERT INTO member_credentials (member_id, client_id, kind, value) VALUES ($1, $2, 'qr', 'GHM-demo-nina-brooks-qr'), ($1, $2, 'rfid', '04A2B3C4D5')", [nina, clientId]);
  await add(staff.id, "Isla Morgan", "isla.morgan@acme.example.com", { starts: 14 });
  await add(staff.id, "Jack Thompson", "jack.thompson@acme.example.com", { starts: -400, ends: -30 });
  await add(staff.id, "Leo Grant", "leo.grant@acme.example.com", { archived: true });
  await add(staff.id, "Maya Patel", null, { archived: true });
  await add(contractors.id, "Zoe Adams", "zoe@adamsjoinery.example.com", { starts: 7, ends: 60 });
  await add(contractors.id, "Ruth Ellis", "ruth@ellisglazing.example.com", { archived: true });
}

export const seedSteps: SeedStep[] = [perDemoClient("members.acme-filters-and-tabs", SEED_MEMBERS_REVISION, ({ q, from }, gid, clientId) => seedMembers(q, gid, clientId, from))];
