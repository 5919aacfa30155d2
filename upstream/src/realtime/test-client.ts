/** A small `ws` client for the realtime tests: buffers frames, waits for matching ones and for the close. */
import { WebSocket } from "ws";

export interface Received {
  event: string;
  channel?: string;
  data?: any;
}

export class TestClient {
  readonly ws: WebSocket;
  readonly frames: Received[] = [];
  closed: Promise<{ code: number; reason: string }>;
  private waiters: { pred: (f: Received) => boolean; resolve: (f: Received) => void }[] = [];
  private cursor = 0;

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on("message", (raw) => {
      const f = JSON.parse(raw.toString()) as Received;
      this.frames.push(f);
      for (const w of [...this.waiters]) {
        if (w.pred(f)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(f);
        }
      }
    });
    this.closed = new Promise((resolve) => this.ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })));
    this.ws.on("error", () => {});
  }

  /** The first frame (after the ones already taken by `next`) that matches, waiting for it if needed. */
  next(pred: (f: Received) => boolean = () => true, timeoutMs = 3000): Promise<Received> {
    for (let i = this.cursor; i < this.frames.length; i++) {
      if (pred(this.frames[i])) {
        this.cursor = i + 1;
        return Promise.resolve(this.frames[i]);
      }
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`)), timeoutMs);
      this.waiters.push({
        pred,
        resolve: (f) => {
          clearTimeout(timer);
          this.cursor = this.frames.length;
          resolve(f);
        },
      });
    });
  }

  event(name: string, timeoutMs?: number) {
    return this.next((f) => f.event === name, timeoutMs);
  }

  send(frame: unknown) {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** Connects and returns the socket id from `pusher:connection_established`. */
  async established(): Promise<string> {
    const f = await this.event("pusher:connection_established");
    return JSON.parse(f.data).socket_id;
  }

  close() {
    this.ws.close();
    return this.closed;
  }
}
