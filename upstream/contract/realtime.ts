/**
 * Realtime: the Pusher-protocol server the config points to, and private channel authorisation.
 * The events themselves are described with their areas (`VisitEvent` in today.ts,
 * `EvacuationEvent` in evacuations.ts).
 */
import { z } from "zod";
import type { RouteDef } from "./common.ts";

export const PusherSettings = z.object({
  key: z.string(),
  /** ws host and port of the Pusher-protocol server. */
  host: z.string(),
  port: z.number().int(),
  force_tls: z.boolean(),
  cluster: z.string(),
});

export const BroadcastingAuthRequest = z.object({
  socket_id: z.string().regex(/^\d+\.\d+$/),
  channel_name: z.array(z.string().max(200)).min(1).max(100),
});
export const BroadcastingAuthResponse = z.object({
  channels: z.record(
    z.string(),
    z.object({ status: z.number().int(), data: z.object({ auth: z.string() }).optional() }),
  ),
});

export const realtimeRoutes = {
  broadcastingAuth: { method: "POST", path: "broadcasting/auth", base: "regional", auth: "bearer", body: BroadcastingAuthRequest, response: BroadcastingAuthResponse, readOnly: true, summary: "Authorise private channels (batched)" },
} as const satisfies Record<string, RouteDef>;
