/**
 * Demo data of revision 11 (migration 013): Acme's Visitors group posts its sign-ins to the demo
 * Slack's #reception channel, so signing a visitor in (the README's kiosk call) shows a message
 * there (`GET /slack/demo/messages?channel=reception`). Added once, when a database comes to
 * revision 11 and Visitors has no Slack connection; a connection removed later stays removed. The
 * row is written directly, with a bot token the demo Slack accepts (signed with this run's secret).
 */
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { DEMO_BOT_USER, DEMO_TEAM, SEEDED_SLACK } from "../slack/data.ts";
import { issueSlackToken } from "../slack/server.ts";

/** Revision 11 for one demo client (`from`: the revision the database was at). */
export async function seedGroupSlack(app: App, q: Queryable, gid: string, clientId: number, from: number): Promise<void> {
  if (gid !== "eu:1" || from >= 11) return;
  const visitors = await one<{ id: number }>(
    q,
    `SELECT g.id FROM groups g WHERE g.client_id = $1 AND g.name = $2 AND g.type = 'standard'
        AND NOT EXISTS (SELECT 1 FROM group_slacks s WHERE s.group_id = g.id) ORDER BY g.id LIMIT 1`,
    [clientId, SEEDED_SLACK.group],
  );
  if (!visitors) return;
  await q.query(
    `INSERT INTO group_slacks (group_id, status, team_id, team_name, access_token, bot_user_id, channel_id, channel_name)
     VALUES ($1, 'connected', $2, $3, $4, $5, $6, $7)`,
    [visitors.id, DEMO_TEAM.id, DEMO_TEAM.name, issueSlackToken(app), DEMO_BOT_USER, SEEDED_SLACK.channel.id, SEEDED_SLACK.channel.name],
  );
}
