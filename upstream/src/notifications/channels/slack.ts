/** Slack: chat.postMessage on the client's workspace (`client_slacks`) to each channel in the recipients. */
import { one } from "../../db/index.ts";
import { postSlackMessage, SlackFailure, slackText } from "../../slack/client.ts";
import { eventText } from "./text.ts";
import { delivered, failed, retry, type Channel } from "./types.ts";

export const sendSlack: Channel = async (app, n, d) => {
  const ws = await one<{ access_token: string; status: string }>(app.db, "SELECT access_token, status FROM client_slacks WHERE client_id = $1", [n.client_id]);
  if (!ws) return failed("Slack is not connected");
  if (ws.status === "reconnect") return failed("Slack needs reconnecting");
  if (!n.recipients.length) return failed("No Slack channels");
  const text = slackText(eventText(d.payload));
  for (const channel of n.recipients) {
    try {
      await postSlackMessage(app, ws.access_token, channel, text);
    } catch (err) {
      if (!(err instanceof SlackFailure)) throw err;
      const msg = `Slack: ${err.message}${err.slackError ? ` (${err.slackError})` : ""}`;
      if (err.code === "invalid_auth") {
        await app.db.query("UPDATE client_slacks SET status = 'reconnect', error = $2, last_error_at = now() WHERE client_id = $1", [n.client_id, err.code]);
        return failed(msg);
      }
      await app.db.query("UPDATE client_slacks SET last_error_at = now() WHERE client_id = $1", [n.client_id]);
      return err.code === "unreachable" || err.code === "ratelimited" ? retry(msg) : failed(msg);
    }
  }
  await app.db.query("UPDATE client_slacks SET last_message_at = now() WHERE client_id = $1", [n.client_id]);
  return delivered(200, `Posted to ${n.recipients.length} channel(s)`);
};
