/**
 * Webhook: Standard Webhooks (the `standardwebhooks` package): `webhook-id` (the delivery's message
 * id: the same on every retry, and on a replay), `webhook-timestamp` (this attempt's), and
 * `webhook-signature` (v1, HMAC-SHA256 with the notification's whsec_ secret) over the JSON body.
 * Sent by `postGuarded` (SSRF check at send time, pinned address, 10 s, no redirects).
 */
import { Webhook } from "standardwebhooks";
import { postGuarded } from "./http.ts";
import { failed, type Channel } from "./types.ts";

export function signedHeaders(secret: string, messageId: string, body: string, at = new Date()): Record<string, string> {
  const signature = new Webhook(secret).sign(messageId, at, body);
  return { "webhook-id": messageId, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": signature };
}

export const sendWebhook: Channel = async (app, n, d) => {
  if (!n.url) return failed("No URL");
  if (!n.secret) return failed("No secret");
  const body = JSON.stringify(d.payload);
  let headers: Record<string, string>;
  try {
    headers = signedHeaders(n.secret, d.message_id, body);
  } catch {
    return failed("The webhook's secret is not valid");
  }
  return postGuarded(n.url, body, headers, app.opts.notifyAllowPrivate);
};
