/**
 * The realtime hub: one Pusher connection per process (per Pusher server), each channel
 * subscribed once whatever the number of listeners, listeners reference-counted, a channel left
 * 5 s after its last listener goes. Browsers never talk to Pusher: the SSE route relays.
 *
 * Every user is authorised for every channel with their own token (broadcasting/auth, batched per
 * user over 100 ms) before any of its events reach them; the hub's own subscription is signed with
 * the authorisation of a user who may see the channel.
 */
import Pusher, { type Channel } from "pusher-js";
import type { Config } from "@contract";
import { env } from "~/env.server";
import type { Viewer } from "~/session/auth.server";

export interface RealtimeMessage {
  channel: string;
  event: string;
  data: unknown;
}
export type Listener = (message: RealtimeMessage) => void;
export type StatusListener = (status: "connected" | "reconnecting") => void;

/** Signs this hub's socket for a channel with some user's authorisation. */
type Signer = (socketId: string) => Promise<string | null>;

export const CHANNEL_CLOSE_DELAY_MS = 5000;
export const AUTH_BATCH_MS = 100;

interface ChannelEntry {
  channel: Channel;
  listeners: Set<Listener>;
  signers: Set<Signer>;
  /** A signature already obtained for the current socket (so subscribing costs no second call). */
  ready?: { socketId: string; auth: string };
  closeTimer?: NodeJS.Timeout;
}

export class RealtimeHub {
  private readonly pusher: Pusher;
  private readonly channels = new Map<string, ChannelEntry>();
  private readonly statusListeners = new Set<StatusListener>();

  constructor(settings: Config["pusher"]) {
    this.pusher = new Pusher(settings.key, {
      cluster: settings.cluster,
      wsHost: settings.host,
      wsPort: settings.port,
      wssPort: settings.port,
      forceTLS: settings.force_tls,
      enabledTransports: settings.force_tls ? ["wss"] : ["ws"],
      disableStats: true,
      channelAuthorization: {
        customHandler: ({ socketId, channelName }, callback) => {
          this.sign(channelName, socketId).then(
            (auth) => (auth ? callback(null, { auth }) : callback(new Error(`No listener may sign ${channelName}`), null)),
            (err: Error) => callback(err, null),
          );
        },
      },
    });
    this.pusher.connection.bind("state_change", ({ current }: { current: string }) => {
      const status = current === "connected" ? "connected" : "reconnecting";
      for (const l of this.statusListeners) l(status);
      if (current === "connected") {
        this.reconnectAttempt = 0;
        if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
        this.reconnectTimer = undefined;
      } else {
        this.watchReconnect();
      }
    });
  }

  private reconnectTimer?: NodeJS.Timeout;
  private reconnectAttempt = 0;
  private closed = false;

  /**
   * pusher-js waits 10 s before it calls a lost server unavailable and longer between later tries;
   * a restarted upstream would leave every stream silent for 15–20 s. While not connected, start a
   * fresh attempt after 1 s, 2 s, 4 s, then every 5 s (channels are subscribed again on connect).
   */
  private watchReconnect() {
    if (this.reconnectTimer || this.closed) return;
    const delay = Math.min(5000, 1000 * 2 ** this.reconnectAttempt);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.closed || this.pusher.connection.state === "connected") return;
      this.reconnectAttempt++;
      this.pusher.disconnect();
      this.pusher.connect();
      this.watchReconnect();
    }, delay);
    this.reconnectTimer.unref();
  }

  get state(): string {
    return this.pusher.connection.state;
  }

  /** The hub's socket id once connected (authorisations are bound to it). */
  socketId(timeoutMs = 10_000): Promise<string> {
    const current = this.pusher.connection.socket_id;
    if (this.pusher.connection.state === "connected" && current) return Promise.resolve(current);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pusher.connection.unbind("connected", onConnected);
        reject(new Error("realtime server unreachable"));
      }, timeoutMs);
      const onConnected = () => {
        clearTimeout(timer);
        this.pusher.connection.unbind("connected", onConnected);
        resolve(this.pusher.connection.socket_id);
      };
      this.pusher.connection.bind("connected", onConnected);
    });
  }

  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private async sign(channelName: string, socketId: string): Promise<string | null> {
    const entry = this.channels.get(channelName);
    if (!entry) return null;
    if (entry.ready?.socketId === socketId) return entry.ready.auth;
    for (const signer of [...entry.signers].reverse()) {
      const auth = await signer(socketId).catch(() => null);
      if (auth) return auth;
    }
    return null;
  }

  /**
   * Resolves once the hub's subscription to `channelName` is confirmed by the realtime server (at
   * once when it already is), or refused, or after `timeoutMs`: a stream says "subscribed" only
   * when a broadcast sent after it will reach it.
   */
  subscribed(channelName: string, timeoutMs = 5_000): Promise<void> {
    const channel = this.channels.get(channelName)?.channel;
    if (!channel || channel.subscribed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        channel.unbind("pusher:subscription_succeeded", done);
        channel.unbind("pusher:subscription_error", done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      channel.bind("pusher:subscription_succeeded", done);
      channel.bind("pusher:subscription_error", done);
    });
  }

  /**
   * Relay `channel` to `listener`. `auth` is this user's signature for the hub's current socket;
   * `signer` signs again after a reconnect. Returns the function that stops listening.
   */
  listen(channelName: string, listener: Listener, signer: Signer, ready: { socketId: string; auth: string }): () => void {
    let entry = this.channels.get(channelName);
    if (!entry) {
      const created: ChannelEntry = { channel: undefined as unknown as Channel, listeners: new Set(), signers: new Set(), ready };
      this.channels.set(channelName, created);
      created.channel = this.pusher.subscribe(channelName);
      created.channel.bind_global((event: string, data: unknown) => {
        if (event.startsWith("pusher:") || event.startsWith("pusher_internal:")) return;
        // One message object for every listener, so the relay can encode it once (see encodedFrame).
        const message: RealtimeMessage = { channel: channelName, event, data };
        for (const l of created.listeners) l(message);
      });
      entry = created;
    }
    if (entry.closeTimer) {
      clearTimeout(entry.closeTimer);
      entry.closeTimer = undefined;
    }
    entry.listeners.add(listener);
    entry.signers.add(signer);
    const current = entry;
    return () => {
      current.listeners.delete(listener);
      current.signers.delete(signer);
      if (current.listeners.size === 0 && !current.closeTimer) {
        current.closeTimer = setTimeout(() => {
          if (current.listeners.size === 0 && this.channels.get(channelName) === current) {
            this.pusher.unsubscribe(channelName);
            this.channels.delete(channelName);
          }
        }, CHANNEL_CLOSE_DELAY_MS);
        current.closeTimer.unref();
      }
    };
  }

  /** For tests and the benchmark: what this process holds. */
  stats() {
    return {
      state: this.pusher.connection.state,
      channels: Object.fromEntries([...this.channels].map(([name, e]) => [name, e.listeners.size])),
    };
  }

  disconnect() {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.pusher.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------

declare global {
  // eslint-disable-next-line no-var
  var __gatehouseHubs: Map<string, RealtimeHub> | undefined;
}
const hubs = (globalThis.__gatehouseHubs ??= new Map());

/** The Pusher server must be one of the upstream's hosts: never connect where an answer points blindly. */
export function allowedRealtimeHost(host: string): boolean {
  const allowed = new Set(env().UPSTREAM_ISSUERS.map((iss) => new URL(iss).hostname));
  for (const h of env().REALTIME_HOSTS) allowed.add(h);
  return allowed.has(host);
}

export function hubFor(settings: Config["pusher"]): RealtimeHub {
  if (!allowedRealtimeHost(settings.host)) throw new Error(`Realtime host not allowed: ${settings.host}`);
  const key = `${settings.key}@${settings.host}:${settings.port}`;
  let hub = hubs.get(key);
  if (!hub) {
    hub = new RealtimeHub(settings);
    hubs.set(key, hub);
  }
  return hub;
}

/**
 * The SSE frame of a relayed message, encoded once however many streams carry it (the fan-out
 * to thousands of streams was dominated by serialising the same message again for each).
 */
const frames = new WeakMap<RealtimeMessage, Uint8Array>();
const frameEncoder = new TextEncoder();
export function encodedFrame(message: RealtimeMessage): Uint8Array {
  let frame = frames.get(message);
  if (!frame) {
    frame = frameEncoder.encode(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
    frames.set(message, frame);
  }
  return frame;
}

// ---------------------------------------------------------------------------------------------
// Per-user channel authorisation, batched: one broadcasting/auth call per user per 100 ms window.

type AuthResult = { status: number; auth?: string };
interface Batch {
  socketId: string;
  channels: Map<string, { resolve: (r: AuthResult) => void; reject: (e: unknown) => void }[]>;
}
const batches = new Map<string, Batch>();

export function authorizeChannel(viewer: Viewer, socketId: string, channel: string): Promise<AuthResult> {
  const key = `${viewer.tokens.accessToken}|${socketId}`;
  let batch = batches.get(key);
  if (!batch) {
    const created: Batch = { socketId, channels: new Map() };
    batch = created;
    batches.set(key, created);
    setTimeout(() => {
      batches.delete(key);
      const names = [...created.channels.keys()];
      viewer
        .api("broadcastingAuth", { body: { socket_id: socketId, channel_name: names } })
        .then((answer) => {
          for (const [name, waiters] of created.channels) {
            const r = answer.channels[name];
            const result: AuthResult = r ? { status: r.status, auth: r.data?.auth } : { status: 403 };
            for (const w of waiters) w.resolve(result);
          }
        })
        .catch((err) => {
          for (const waiters of created.channels.values()) for (const w of waiters) w.reject(err);
        });
    }, AUTH_BATCH_MS).unref();
  }
  return new Promise((resolve, reject) => {
    const waiters = batch!.channels.get(channel) ?? [];
    waiters.push({ resolve, reject });
    batch!.channels.set(channel, waiters);
  });
}
