/** A server-sent-events client for tests: one stream, parsed with eventsource-parser. */
import { createParser, type EventSourceMessage } from "eventsource-parser";

export interface SseEvent {
  event: string;
  data: any;
}

export class SseClient {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  status = 0;
  private controller = new AbortController();
  private waiters: { pred: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  readonly done: Promise<void>;

  constructor(url: string, headers: Record<string, string>) {
    this.done = this.run(url, headers);
  }

  private async run(url: string, headers: Record<string, string>) {
    let res: Response;
    try {
      res = await fetch(url, { headers, signal: this.controller.signal });
    } catch {
      return;
    }
    this.status = res.status;
    if (!res.ok || !res.body) return;
    const parser = createParser({
      onEvent: (m: EventSourceMessage) => {
        const e = { event: m.event ?? "message", data: m.data ? JSON.parse(m.data) : null };
        this.events.push(e);
        for (const w of [...this.waiters]) {
          if (w.pred(e)) {
            this.waiters.splice(this.waiters.indexOf(w), 1);
            w.resolve(e);
          }
        }
      },
      onComment: (c: string) => this.comments.push(c),
    });
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      /* aborted */
    }
  }

  /** The first event (already received or coming) that matches, within `ms`. */
  next(pred: (e: SseEvent) => boolean, ms = 5000): Promise<SseEvent> {
    const seen = this.events.find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(this.events.slice(-5))}`)), ms);
      this.waiters.push({ pred, resolve: (e) => (clearTimeout(timer), resolve(e)) });
    });
  }

  close() {
    this.controller.abort();
  }
}
