/**
 * Demo data of revision 26 (migration 032; ADR 028): Acme's notifications — an email to
 * reception@acme.example for sign-ins at Head Office, a webhook for sign-ins at Head Office to the
 * upstream's own demo receiver (`{internalUrl}/webhook-receiver/demo`, the delivery side's), a
 * Slack one for rejected sign-ins (#security; Acme's notifications workspace is the demo Slack's),
 * and a disabled SMS one for evacuations. Added once, when a database comes to revision 26.
 */
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { newWebhookSecret } from "./rules.ts";
import { DEMO_BOT_USER, DEMO_CHANNELS, DEMO_TEAM } from "../slack/data.ts";
import { issueSlackToken } from "../slack/server.ts";
import type { SeedStep } from "../runtime/seed-step.ts";
import { perDemoClient } from "../clients/seed.ts";

export const SEEDED_NOTIFICATIONS = {
  email: "reception@acme.example",
  webhookPath: "/webhook-receiver/demo",
  slackChannel: DEMO_CHANNELS.find((c) => c.name === "security")!,
  sms: "+447911123456",
} as const;

/** Revision 26 for one demo client (`from`: the revision the database was at). */
export async function seedNotifications(app: App, q: Queryable, gid: string, clientId: number, siteIds: Map<string, number>, from: number): Promise<void> {
  if (gid !== "eu:1" || from >= 26) return;
  const hq = siteIds.get("acme-hq");
  if (hq === undefined || (await one(q, "SELECT 1 FROM notifications WHERE client_id = $1", [clientId]))) return;
  if (!(await one(q, "SELECT 1 FROM client_slacks WHERE client_id = $1", [clientId]))) {
    await q.query("INSERT INTO client_slacks (client_id, team_id, team_name, access_token, bot_user_id) VALUES ($1, $2, $3, $4, $5)", [
      clientId,
      DEMO_TEAM.id,
      DEMO_TEAM.name,
      issueSlackToken(app),
      DEMO_BOT_USER,
    ]);
  }
  const add = (n: { site: number | null; trigger: string; channel: string; recipients?: string[]; url?: string; secret?: string; subject?: string; enabled?: boolean }) =>
    q.query(
      "INSERT INTO notifications (client_id, site_id, trigger, channel, recipients, url, secret, subject, enabled) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
      [clientId, n.site, n.trigger, n.channel, n.recipients ?? [], n.url ?? null, n.secret ?? null, n.subject ?? null, n.enabled ?? true],
    );
  await add({ site: hq, trigger: "sign_in", channel: "email", recipients: [SEEDED_NOTIFICATIONS.email], subject: "A visitor has signed in at Head Office" });
  await add({ site: hq, trigger: "sign_in", channel: "webhook", url: `${app.internalUrl}${SEEDED_NOTIFICATIONS.webhookPath}`, secret: newWebhookSecret() });
  await add({ site: null, trigger: "sign_in_rejected", channel: "slack", recipients: [SEEDED_NOTIFICATIONS.slackChannel.id] });
  await add({ site: null, trigger: "evacuation_started", channel: "sms", recipients: [SEEDED_NOTIFICATIONS.sms], enabled: false });
}

export const seedSteps: SeedStep[] = [
  perDemoClient("notifications.acme", 26, ({ app, q, from }, gid, clientId, ids) => seedNotifications(app, q, gid, clientId, ids.sites, from)),
];
