/** Email: one message per recipient in the upstream's outbox (as every other mail it sends), the notification's subject or the event's line. */
import type { Channel } from "./types.ts";
import { delivered, failed } from "./types.ts";
import { eventText } from "./text.ts";

export const sendEmail: Channel = async (app, n, d) => {
  if (!n.recipients.length) return failed("No recipients");
  const line = eventText(d.payload);
  const subject = (n.subject?.trim() || line).slice(0, 200);
  const body = `${line}\n\n${JSON.stringify(d.payload.data, null, 2)}\n\n— Gatehouse notifications`;
  await app.db.tx(async (q) => {
    for (const to of n.recipients) await q.query("INSERT INTO outbox (to_email, subject, body) VALUES ($1, $2, $3)", [to.toLowerCase(), subject, body]);
  });
  return delivered(null, `Queued for ${n.recipients.length} recipient(s)`);
};
