/**
 * The third parties notification delivery talks to, run by the upstream so the demo and the tests
 * work end to end (like the demo Slack and directory):
 *
 * - The SMS gateway, /sms-gateway: POST /messages {to, body} and POST /calls {to, message} with
 *   `Authorization: Bearer <API key>` (SMS_GATEWAY_API_KEY, default the demo key); what it "sent"
 *   is kept in its own outbox (`sms_gateway_messages`), read at GET /sms-gateway/demo/outbox.
 * - The demo webhook receiver, /webhook-receiver/{name}: stores what it was sent (headers and raw
 *   body; it cannot verify the signature, it does not know the secret) and answers 200, or the
 *   status a test hook set for its next n requests; GET /webhook-receiver/{name}/received lists it.
 */
import type { App } from "../runtime/app.ts";
import { HttpError } from "../http/errors.ts";
import { readRaw, type Ctx, type Router } from "../http/router.ts";
import { smsGatewayKey } from "./channels/sms.ts";

const RECEIVER_BODY_LIMIT = 64 * 1024;
/** The demo receiver the seeded demo webhook calls (the notif side's seed, revision 25). */
export const DEMO_RECEIVER_PATH = "/webhook-receiver/demo";

/**
 * On every start: a webhook notification calling a demo receiver of this upstream follows this
 * run's address (`internalUrl`: the port may change with the same data), as the demo IdP's URL does.
 */
export async function pointDemoWebhook(app: App): Promise<void> {
  await app.db.query(
    `UPDATE notifications SET url = $1 WHERE channel = 'webhook' AND url ~ '^https?://(localhost|127\\.0\\.0\\.1)(:[0-9]+)?/webhook-receiver/demo$' AND url IS DISTINCT FROM $1`,
    [`${app.internalUrl}${DEMO_RECEIVER_PATH}`],
  );
}
const NAME = /^[A-Za-z0-9_-]{1,60}$/;
const E164 = /^\+[1-9]\d{6,14}$/;

/** Per app: receiver name → the statuses its next requests answer. */
const receiverFaults = new WeakMap<App, Map<string, number[]>>();

export function setReceiverFault(app: App, name: string, status: number, count: number): void {
  let m = receiverFaults.get(app);
  if (!m) receiverFaults.set(app, (m = new Map()));
  if (count <= 0) m.delete(name);
  else m.set(name, Array(count).fill(status));
}

function nextStatus(app: App, name: string): number {
  const list = receiverFaults.get(app)?.get(name);
  return list?.shift() ?? 200;
}

function bearer(req: { headers: Record<string, string | string[] | undefined> }): string | null {
  const h = req.headers.authorization;
  return typeof h === "string" && h.startsWith("Bearer ") ? h.slice(7) : null;
}

export function registerNotificationStandIns(router: Router, app: App): void {
  const gateway = (kind: "sms" | "call") => async (ctx: Ctx) => {
    if (bearer(ctx.req) !== smsGatewayKey()) return { status: 401, body: { error: "invalid_api_key" } };
    const raw = await ctx.readBody().catch(() => null);
    const b = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
    const to = typeof b.to === "string" ? b.to.trim() : "";
    const text = kind === "sms" ? b.body : b.message;
    if (!E164.test(to)) return { status: 422, body: { error: "invalid_number" } };
    if (typeof text !== "string" || !text.trim() || text.length > 1600) return { status: 422, body: { error: "invalid_body" } };
    const [{ id }] = await app.db.query<{ id: number }>("INSERT INTO sms_gateway_messages (kind, to_number, body) VALUES ($1, $2, $3) RETURNING id", [kind, to, text]);
    return { status: 201, body: { id: `${kind}_${id}`, status: "queued" } };
  };
  router.post("/sms-gateway/messages", gateway("sms"));
  router.post("/sms-gateway/calls", gateway("call"));
  router.get("/sms-gateway/demo/outbox", async () => ({
    body: {
      messages: (await app.db.query("SELECT id, kind, to_number AS to, body, created_at FROM sms_gateway_messages ORDER BY id DESC LIMIT 200")).map((r) => ({
        ...r,
        created_at: new Date(r.created_at as string).toISOString(),
      })),
    },
  }));

  router.post("/webhook-receiver/:name", async (ctx) => {
    const name = ctx.params.name;
    if (!NAME.test(name)) return { status: 404, body: { message: "Not found." } };
    let body: Buffer;
    try {
      body = await readRaw(ctx.req, RECEIVER_BODY_LIMIT);
    } catch (err) {
      if (err instanceof HttpError) return { status: err.status, body: err.body };
      throw err;
    }
    const status = nextStatus(app, name);
    const headers = Object.fromEntries(Object.entries(ctx.req.headers).filter(([k]) => k.startsWith("webhook-") || k === "content-type" || k === "user-agent"));
    await app.db.query("INSERT INTO webhook_receiver_requests (name, headers, body, status) VALUES ($1, $2::jsonb, $3, $4)", [name, JSON.stringify(headers), body.toString("utf8"), status]);
    return { status, body: status < 300 ? { received: true } : { error: "Demo receiver failing on purpose" } };
  });
  router.get("/webhook-receiver/:name/received", async (ctx) => {
    const name = ctx.params.name;
    if (!NAME.test(name)) return { status: 404, body: { message: "Not found." } };
    const rows = await app.db.query<{ id: number; headers: Record<string, string>; body: string; status: number; received_at: string }>(
      "SELECT id, headers, body, status, received_at FROM webhook_receiver_requests WHERE name = $1 ORDER BY id DESC LIMIT 100",
      [name],
    );
    return { body: { received: rows.map((r) => ({ ...r, received_at: new Date(r.received_at).toISOString() })) } };
  });
}
