/**
 * SMS and phone call through the SMS gateway (a third party; the upstream runs a stand-in at
 * /sms-gateway, `sms-gateway.ts`): POST /messages or POST /calls with the API key. Each message or
 * call to one recipient uses one of the client's SMS tokens (`clients.sms_tokens_available`), taken
 * before sending and given back when the gateway fails; none left → failed "No SMS tokens left".
 */
import type { App } from "../../runtime/app.ts";
import { one } from "../../db/index.ts";
import { eventText } from "./text.ts";
import { delivered, failed, retry, type AttemptResult, type Channel } from "./types.ts";

export const NO_SMS_TOKENS = "No SMS tokens left";
export const DEMO_SMS_API_KEY = "gatehouse-sms-demo-key";
export const smsGatewayUrl = (app: App) => process.env.SMS_GATEWAY_URL || `${app.internalUrl}/sms-gateway`;
export const smsGatewayKey = () => process.env.SMS_GATEWAY_API_KEY || DEMO_SMS_API_KEY;

const takeToken = async (app: App, clientId: number) =>
  !!(await one(app.db, "UPDATE clients SET sms_tokens_available = sms_tokens_available - 1 WHERE id = $1 AND sms_tokens_available > 0 RETURNING id", [clientId]));
const giveBack = (app: App, clientId: number) => app.db.query("UPDATE clients SET sms_tokens_available = sms_tokens_available + 1 WHERE id = $1", [clientId]);

async function viaGateway(app: App, kind: "sms" | "phone", clientId: number, recipients: string[], text: string): Promise<AttemptResult> {
  if (!recipients.length) return failed("No recipients");
  let sent = 0;
  for (const to of recipients) {
    if (!(await takeToken(app, clientId))) return failed(sent ? `${NO_SMS_TOKENS} (sent to ${sent} of ${recipients.length})` : NO_SMS_TOKENS);
    let status: number | null = null;
    let answer = "";
    try {
      const res = await fetch(`${smsGatewayUrl(app)}/${kind === "sms" ? "messages" : "calls"}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${smsGatewayKey()}` },
        body: JSON.stringify(kind === "sms" ? { to, body: text } : { to, message: text }),
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      answer = (await res.text().catch(() => "")).slice(0, 500);
    } catch (err) {
      await giveBack(app, clientId);
      return retry(`SMS gateway unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (status < 200 || status >= 300) {
      await giveBack(app, clientId);
      return status >= 500 || status === 429 ? retry(`SMS gateway: HTTP ${status}`, status, answer) : failed(`SMS gateway refused (HTTP ${status}): not retried`, status, answer);
    }
    sent++;
  }
  return delivered(200, `Sent to ${sent} recipient(s)`);
}

export const sendSms: Channel = (app, n, d) => viaGateway(app, "sms", n.client_id, n.recipients, eventText(d.payload).slice(0, 320));
export const sendPhoneCall: Channel = (app, n, d) => viaGateway(app, "phone", n.client_id, n.recipients, eventText(d.payload));
