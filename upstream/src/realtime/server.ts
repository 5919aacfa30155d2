/**
 * A Pusher-protocol (v7) websocket server sharing the upstream's HTTP server: upgrade requests on
 * `/app/{key}`. Public and private channels (private ones signed like `broadcasting/auth`), server
 * pings, `broadcast()` for the rest of the upstream, and stats for the test hooks.
 */
import { randomInt } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer, type RawData } from "ws";
import {
  CloseCode,
  CloseReason,
  ErrorCode,
  MAX_MESSAGE_BYTES,
  PROTOCOL_VERSION,
  channelEvent,
  channelKind,
  connectionEstablished,
  decode,
  encode,
  isValidChannelName,
  pusherError,
  subscriptionError,
  subscriptionSucceeded,
  verifyChannelAuth,
  type Frame,
} from "./protocol.ts";

export interface RealtimeOptions {
  /** Application key: the path must be `/app/{key}`. */
  key: string;
  /** Signs private channels. */
  secret: string;
  /** Seconds, advertised in `connection_established` (pusher-js pings after this much silence). Default 30. */
  activityTimeout?: number;
  /** Milliseconds without any frame from a client before the server sends `pusher:ping`. Default `activityTimeout` s. */
  idlePingMs?: number;
  /** Milliseconds to wait for any frame after a server ping before closing with 4201. Default 30 000. */
  pongTimeoutMs?: number;
  /** Frames over this many bytes are ignored with `pusher:error` 4301. Default 10 240. */
  maxMessageBytes?: number;
  log?: (entry: Record<string, unknown>) => void;
}

export interface RealtimeStats {
  /** Open connections (a connection being closed by the server no longer counts). */
  connections: number;
  /** Subscriber count per channel; channels without subscribers are absent. */
  channels: Record<string, number>;
  /** Frames sent to clients (handshakes, pongs, subscription answers, errors, broadcast deliveries). */
  messagesSent: number;
  /** Frames received from clients. */
  messagesReceived: number;
  /** `broadcast()` calls. */
  broadcasts: number;
}

export interface Realtime {
  /** Handle an HTTP upgrade request (any path; only `/app/{key}` is accepted). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Listen to the server's `upgrade` event. */
  attach(server: Server): void;
  /** Send `{event, channel, data: JSON.stringify(data)}` to every subscriber of `channel`; returns how many sockets got it. */
  broadcast(channel: string, event: string, data: unknown): number;
  stats(): RealtimeStats;
  /** Close every connection (default 4200 "Server restarting": pusher-js reconnects and resubscribes); returns how many. */
  dropAll(code?: number, reason?: string): number;
  /**
   * Tests only (through the test hooks): what happens to the next broadcasts on `channel`, one step
   * per broadcast: "drop" loses it, "hold" keeps it back until the next one that passes (then sends
   * it after that one: reordered), "pass" sends it. Past the plan, broadcasts pass.
   */
  injectFaults(channel: string, plan: FaultStep[]): void;
  /** Refuse new connections, close the open ones with 4200 and wait for them (at most 2 s, then terminate). */
  close(): Promise<void>;
}

export type FaultStep = "drop" | "hold" | "pass";

interface Client {
  ws: WebSocket;
  socketId: string;
  channels: Set<string>;
  timer: NodeJS.Timeout | null;
}

/** Socket ids are `{random}.{sequence}`: `\d+\.\d+`, unique within the process. */
let sequence = 0;
const newSocketId = () => `${randomInt(1, 2 ** 31 - 1)}.${++sequence}`;

export function createRealtime(options: RealtimeOptions): Realtime {
  const activityTimeout = options.activityTimeout ?? 30;
  const idlePingMs = options.idlePingMs ?? activityTimeout * 1000;
  const pongTimeoutMs = options.pongTimeoutMs ?? 30_000;
  const maxMessageBytes = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
  const log = options.log ?? (() => {});

  // Hard cap well above the protocol limit: larger frames are closed by ws with 1009.
  const wss = new WebSocketServer({ noServer: true, clientTracking: false, perMessageDeflate: false, maxPayload: 1024 * 1024 });
  const clients = new Set<Client>();
  const sockets = new Set<WebSocket>();
  const channels = new Map<string, Set<Client>>();
  let messagesSent = 0;
  let messagesReceived = 0;
  let broadcasts = 0;
  let closed = false;

  const sendRaw = (ws: WebSocket, text: string) => {
    if (ws.readyState !== WebSocket.OPEN) return false;
    ws.send(text);
    messagesSent++;
    return true;
  };
  const send = (ws: WebSocket, frame: Frame) => sendRaw(ws, encode(frame));

  /** Refuse during the handshake: a `pusher:error` with the code (what pusher-js's handshake reads), then the close. */
  const refuse = (ws: WebSocket, code: number) => {
    send(ws, pusherError(code, CloseReason[code]));
    ws.close(code, CloseReason[code]);
  };

  function unsubscribe(c: Client, channel: string) {
    if (!c.channels.delete(channel)) return;
    const subs = channels.get(channel);
    subs?.delete(c);
    if (subs && subs.size === 0) channels.delete(channel);
  }

  function forget(c: Client) {
    if (!clients.delete(c)) return;
    if (c.timer) clearTimeout(c.timer);
    c.timer = null;
    for (const ch of [...c.channels]) unsubscribe(c, ch);
  }

  function closeClient(c: Client, code: number, reason: string) {
    forget(c);
    c.ws.close(code, reason);
  }

  /** (Re)start the idle timer: ping after `idlePingMs` of silence, close 4201 after `pongTimeoutMs` more. */
  function armIdle(c: Client) {
    if (c.timer) clearTimeout(c.timer);
    c.timer = setTimeout(() => {
      send(c.ws, { event: "pusher:ping", data: "{}" });
      c.timer = setTimeout(() => {
        log({ msg: "realtime pong timeout", socket_id: c.socketId });
        closeClient(c, CloseCode.PONG_TIMEOUT, CloseReason[CloseCode.PONG_TIMEOUT]);
      }, pongTimeoutMs);
      c.timer.unref();
    }, idlePingMs);
    c.timer.unref();
  }

  function subscribe(c: Client, data: Record<string, unknown>) {
    const channel = data.channel;
    if (!isValidChannelName(channel)) {
      if (typeof channel === "string" && channel) send(c.ws, subscriptionError(channel, 400, "Invalid channel name", "InvalidChannel"));
      else send(c.ws, pusherError(ErrorCode.INVALID_MESSAGE, "pusher:subscribe needs a channel"));
      return;
    }
    const kind = channelKind(channel);
    if (kind === "presence" || kind === "private-encrypted") {
      send(c.ws, subscriptionError(channel, 403, `${kind === "presence" ? "Presence" : "Encrypted"} channels are not supported`));
      return;
    }
    if (kind === "private" && !verifyChannelAuth(options.key, options.secret, c.socketId, channel, data.auth)) {
      send(c.ws, subscriptionError(channel, 401, `Invalid signature for ${channel}`));
      return;
    }
    if (!c.channels.has(channel)) {
      c.channels.add(channel);
      let subs = channels.get(channel);
      if (!subs) channels.set(channel, (subs = new Set()));
      subs.add(c);
    }
    send(c.ws, subscriptionSucceeded(channel));
  }

  function onMessage(c: Client, raw: RawData, isBinary: boolean) {
    messagesReceived++;
    armIdle(c);
    const size = Array.isArray(raw) ? raw.reduce((n, b) => n + b.length, 0) : raw instanceof ArrayBuffer ? raw.byteLength : raw.length;
    if (size > maxMessageBytes) {
      send(c.ws, pusherError(ErrorCode.REJECTED, `Message too large (${size} bytes; the limit is ${maxMessageBytes})`));
      return;
    }
    const text = Array.isArray(raw) ? Buffer.concat(raw).toString("utf8") : Buffer.from(raw as Buffer).toString("utf8");
    const msg = isBinary ? null : decode(text);
    if (!msg) {
      send(c.ws, pusherError(ErrorCode.INVALID_MESSAGE, "Invalid message: expected a JSON object with an event"));
      return;
    }
    switch (msg.event) {
      case "pusher:ping":
        send(c.ws, { event: "pusher:pong", data: "{}" });
        return;
      case "pusher:pong":
        return;
      case "pusher:subscribe":
        subscribe(c, msg.data);
        return;
      case "pusher:unsubscribe":
        if (typeof msg.data.channel === "string") unsubscribe(c, msg.data.channel);
        return;
    }
    if (msg.event.startsWith("client-")) {
      send(c.ws, pusherError(ErrorCode.REJECTED, "Client events are not enabled for this app"));
      return;
    }
    send(c.ws, pusherError(ErrorCode.INVALID_MESSAGE, `Unsupported event: ${msg.event.slice(0, 64)}`));
  }

  function onConnection(ws: WebSocket, req: IncomingMessage) {
    sockets.add(ws);
    ws.on("close", () => sockets.delete(ws));
    ws.on("error", () => {});
    const url = new URL(req.url ?? "/", "http://realtime");
    const key = decodeURIComponent(url.pathname.slice("/app/".length));
    if (key !== options.key) return refuse(ws, CloseCode.APP_NOT_FOUND);
    const protocol = url.searchParams.get("protocol");
    if (protocol === null || protocol === "") return refuse(ws, CloseCode.NO_PROTOCOL);
    if (protocol !== String(PROTOCOL_VERSION)) return refuse(ws, CloseCode.UNSUPPORTED_PROTOCOL);

    const c: Client = { ws, socketId: newSocketId(), channels: new Set(), timer: null };
    clients.add(c);
    ws.on("message", (raw, isBinary) => onMessage(c, raw, isBinary));
    ws.on("pong", () => armIdle(c));
    ws.on("close", (code) => {
      forget(c);
      log({ msg: "realtime disconnected", socket_id: c.socketId, code });
    });
    send(ws, connectionEstablished(c.socketId, activityTimeout));
    armIdle(c);
    log({ msg: "realtime connected", socket_id: c.socketId });
  }

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const path = (req.url ?? "/").split("?")[0];
    const reject = (status: string) => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (!/^\/app\/[^/]+$/.test(path)) return reject("404 Not Found");
    if (closed) return reject("503 Service Unavailable");
    socket.on("error", () => {});
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req));
  }

  /** Test faults per channel (see `injectFaults`). */
  const faults = new Map<string, { plan: FaultStep[]; held: string[] }>();

  function deliver(channel: string, text: string): number {
    const subs = channels.get(channel);
    if (!subs) return 0;
    let delivered = 0;
    for (const c of subs) if (sendRaw(c.ws, text)) delivered++;
    return delivered;
  }

  function dropAll(code: number = CloseCode.RECONNECT, reason: string = CloseReason[code] ?? "") {
    const all = [...clients];
    for (const c of all) closeClient(c, code, reason);
    if (all.length) log({ msg: "realtime dropped all connections", count: all.length, code });
    return all.length;
  }

  return {
    handleUpgrade,
    attach(server) {
      server.on("upgrade", handleUpgrade);
    },
    broadcast(channel, event, data) {
      broadcasts++;
      const text = encode(channelEvent(channel, event, data));
      const fault = faults.get(channel);
      const step = fault?.plan.shift();
      if (fault && fault.plan.length === 0 && fault.held.length === 0 && step !== "hold") faults.delete(channel);
      if (step === "drop") return 0;
      if (step === "hold") {
        fault!.held.push(text);
        return 0;
      }
      let delivered = deliver(channel, text);
      if (fault) {
        for (const late of fault.held.splice(0)) delivered += deliver(channel, late);
        if (fault.plan.length === 0) faults.delete(channel);
      }
      return delivered;
    },
    injectFaults(channel, plan) {
      faults.set(channel, { plan: [...plan], held: [] });
    },
    stats() {
      return {
        connections: clients.size,
        channels: Object.fromEntries([...channels].map(([name, subs]) => [name, subs.size])),
        messagesSent,
        messagesReceived,
        broadcasts,
      };
    },
    dropAll,
    async close() {
      closed = true;
      dropAll();
      if (sockets.size) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            for (const ws of sockets) ws.terminate();
            resolve();
          }, 2_000);
          const check = () => {
            if (sockets.size === 0) {
              clearTimeout(timer);
              resolve();
            }
          };
          for (const ws of sockets) ws.once("close", check);
        });
      }
      wss.close();
    },
  };
}
