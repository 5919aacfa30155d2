/**
 * Revision 15 (migration 020; ADR 019): Acme's pre-registrations. A standard group that needs
 * approval, Candidates (Head Office only), with one candidate waiting for approval tomorrow; at
 * Head Office, a visitor of Visitors expected today (late afternoon) and one expected tomorrow
 * morning, whose invitations (with their magic links) are in the outbox. Acme has the
 * `new-pre-reg-form` flag, so each invitation carries the pre-registration form link too.
 */
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { invite } from "./pre-registrations.ts";
import type { SeedStep } from "../runtime/seed-step.ts";
import { perDemoClient } from "../clients/seed.ts";

export const INTERVIEWS_GROUP = "Candidates";
export const DEMO_PRE_REGISTRATIONS = {
  pending: { name: "Nadia Novak", email: "nadia.novak@example.org", company: "Candidate" },
  today: { name: "Oscar Owens", email: "oscar.owens@example.org", company: "Owens Consulting" },
  tomorrow: { name: "Paloma Prieto", email: "paloma.prieto@example.org", company: "Prieto Arquitectos", locale: "es" },
} as const;

export async function seedPreRegistrations(app: App, q: Queryable, gid: string, clientId: number, siteIds: Map<string, number>, from: number): Promise<void> {
  const hq = siteIds.get("acme-hq");
  if (gid !== "eu:1" || from >= 15 || hq === undefined) return;
  const visitors = await one<{ id: number }>(q, "SELECT id FROM groups WHERE client_id = $1 AND name = 'Visitors' AND type = 'standard' ORDER BY id LIMIT 1", [clientId]);
  if (!visitors) return;
  let interviews = await one<{ id: number }>(q, "SELECT id FROM groups WHERE client_id = $1 AND name = $2", [clientId, INTERVIEWS_GROUP]);
  interviews ??= (
    await q.query<{ id: number }>(
      `INSERT INTO groups (client_id, name, type, approval_required, position, site_ids, settings)
       VALUES ($1, $2, 'standard', true, 10, $3::jsonb, $4::jsonb) RETURNING id`,
      [
        clientId,
        INTERVIEWS_GROUP,
        JSON.stringify([hq]),
        JSON.stringify({ pre_reg: { pre_registration_subject: "Your interview at Acme ({site})", pre_registration_message: "Please bring photo ID. Reception will take you to your interview." } }),
      ],
    )
  )[0];
  const add = async (group: number, p: { name: string; email: string; company: string; locale?: string }, at: string, status: "pending" | "expected") => {
    if (await one(q, "SELECT 1 FROM pre_registrations WHERE client_id = $1 AND email = $2", [clientId, p.email])) return;
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO pre_registrations (client_id, site_id, group_id, name, email, company, host, locale, arrive_at, status)
       VALUES ($1, $2, $3, $4, $5, $6, 'Alice Admin', $7, (${at}) AT TIME ZONE 'Europe/London', $8) RETURNING id`,
      [clientId, hq, group, p.name, p.email, p.company, p.locale ?? "en_GB", status],
    );
    if (status === "expected") await invite(app, q, id, true);
  };
  const day = (n: number, time: string) => `(date_trunc('day', now() AT TIME ZONE 'Europe/London') + interval '${n} day' + interval '${time}')`;
  await add(interviews.id, DEMO_PRE_REGISTRATIONS.pending, day(1, "10 hours"), "pending");
  await add(visitors.id, DEMO_PRE_REGISTRATIONS.today, day(0, "17 hours 30 minutes"), "expected");
  await add(visitors.id, DEMO_PRE_REGISTRATIONS.tomorrow, day(1, "9 hours 30 minutes"), "expected");
}

export const seedSteps: SeedStep[] = [
  perDemoClient("pre-registrations.acme", 15, ({ app, q, from }, gid, clientId, ids) => seedPreRegistrations(app, q, gid, clientId, ids.sites, from)),
];
