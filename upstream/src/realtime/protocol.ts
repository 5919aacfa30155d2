/**
 * Pusher Channels protocol (version 7): close codes, message shapes, channel names and private channel
 * signatures. Pure functions; the websocket handling is in `server.ts`.
 *
 * Close codes follow Pusher's ranges, which pusher-js maps to an action (`getCloseAction`):
 * 4000–4099 refused (no reconnect), 4100–4199 back off then reconnect, 4200–4299 reconnect at once.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const PROTOCOL_VERSION = 7;

export const CloseCode = {
  /** Unknown application key (`/app/{key}`). Refused: pusher-js does not reconnect. */
  APP_NOT_FOUND: 4001,
  /** `protocol` query parameter present but not 7. Refused. */
  UNSUPPORTED_PROTOCOL: 4007,
  /** No `protocol` query parameter. Refused. */
  NO_PROTOCOL: 4008,
  /** Generic "reconnect now": server restart, `/__test/realtime/drop`. */
  RECONNECT: 4200,
  /** A server ping got no reply within the pong timeout. pusher-js reconnects at once. */
  PONG_TIMEOUT: 4201,
} as const;

export const CloseReason: Record<number, string> = {
  [CloseCode.APP_NOT_FOUND]: "App key not found",
  [CloseCode.UNSUPPORTED_PROTOCOL]: "Unsupported protocol version",
  [CloseCode.NO_PROTOCOL]: "No protocol version supplied",
  [CloseCode.RECONNECT]: "Server restarting",
  [CloseCode.PONG_TIMEOUT]: "Pong reply not received",
};

/** Codes of `pusher:error` events that do not close the connection. */
export const ErrorCode = {
  /** Malformed frame (not JSON, no `event`, bad `data`) or an unknown `pusher:*` event. */
  INVALID_MESSAGE: 4300,
  /** Refused client message: client events (`client-*`) are not enabled, or the frame is over the size limit. */
  REJECTED: 4301,
} as const;

/** Frames over this many bytes are ignored (answered with a `pusher:error` 4301), like Pusher's 10 KB limit. */
export const MAX_MESSAGE_BYTES = 10 * 1024;

/** Pusher's channel name rules: up to 164 characters of `A-Z a-z 0-9 _ - = @ , . ;`. */
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;
export const isValidChannelName = (name: unknown): name is string => typeof name === "string" && CHANNEL_NAME.test(name);

export type ChannelKind = "public" | "private" | "presence" | "private-encrypted";
export function channelKind(name: string): ChannelKind {
  if (name.startsWith("private-encrypted-")) return "private-encrypted";
  if (name.startsWith("private-")) return "private";
  if (name.startsWith("presence-")) return "presence";
  return "public";
}

/** `KEY:hex(HMAC-SHA256(secret, socket_id:channel))`, the value `broadcasting/auth` hands out. */
export function channelSignature(key: string, secret: string, socketId: string, channel: string): string {
  return `${key}:${createHmac("sha256", secret).update(`${socketId}:${channel}`).digest("hex")}`;
}

/** Timing-safe check of a subscription's `auth` against the expected signature. */
export function verifyChannelAuth(key: string, secret: string, socketId: string, channel: string, auth: unknown): boolean {
  if (typeof auth !== "string") return false;
  const expected = Buffer.from(channelSignature(key, secret, socketId, channel));
  const given = Buffer.from(auth);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A frame as sent on the wire. `data` is a JSON string for channel events, as Pusher sends it. */
export interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
}

export const encode = (frame: Frame) => JSON.stringify(frame);

export const connectionEstablished = (socketId: string, activityTimeout: number): Frame => ({
  event: "pusher:connection_established",
  data: JSON.stringify({ socket_id: socketId, activity_timeout: activityTimeout }),
});

export const pusherError = (code: number | null, message: string): Frame => ({ event: "pusher:error", data: { code, message } });

export const subscriptionSucceeded = (channel: string): Frame => ({ event: "pusher_internal:subscription_succeeded", channel, data: "{}" });

/**
 * A refused subscription. pusher-js passes events that carry a `channel` to that channel, which emits
 * them under their own name, so a `pusher:subscription_error` on the channel reaches
 * `channel.bind("pusher:subscription_error", …)` with the same `{type, error, status}` shape pusher-js
 * itself emits when its authorizer fails (soketi does the same). A connection-level `pusher:error`
 * would only be logged by pusher-js.
 */
export const subscriptionError = (channel: string, status: number, error: string, type = "AuthError"): Frame => ({
  event: "pusher:subscription_error",
  channel,
  data: { type, error, status },
});

/** A channel event as delivered to subscribers: `data` is always `JSON.stringify(data)` (a string stays a JSON string). */
export const channelEvent = (channel: string, event: string, data: unknown): Frame => ({
  event,
  channel,
  data: JSON.stringify(data ?? null),
});

/** Incoming frame, or null when it is not a JSON object with a string `event`. `data` may be a JSON string. */
export function decode(raw: string): { event: string; channel?: unknown; data: Record<string, unknown> } | null {
  let msg: unknown;
  try {
    msg = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!msg || typeof msg !== "object" || typeof (msg as Frame).event !== "string") return null;
  let data = (msg as Frame).data;
  if (typeof data === "string") {
    try {
      data = JSON.parse(data);
    } catch {
      /* keep the string */
    }
  }
  return {
    event: (msg as Frame).event,
    channel: (msg as Frame).channel,
    data: data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {},
  };
}
