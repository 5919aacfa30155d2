/**
 * GET /realtime?channels=private-Site.1,private-Evacuation.7 — one server-sent-event stream per
 * page with every channel it needs. Each channel is authorised with the user's own token before
 * any of its events is relayed; a refused channel is said on the stream, never relayed. Heartbeat
 * every 15 s; no compression (`no-transform`), no proxy buffering; the stream ends when the
 * browser goes, when the session ends, or at logout.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/guard.server";
import { env } from "~/env.server";
import { authorizeChannel, encodedFrame, hubFor, type RealtimeMessage } from "~/realtime/hub.server";
import { sessionExists } from "~/session/session.server";
import { registerSessionStream } from "~/session/streams.server";

const CHANNEL = /^private-(Site|Evacuation)\.\d{1,12}$/;
const MAX_CHANNELS = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, config } = await requireAccess(request);
  const requested = [...new Set((new URL(request.url).searchParams.get("channels") ?? "").split(",").filter(Boolean))];
  if (requested.length === 0 || requested.length > MAX_CHANNELS || !requested.every((c) => CHANNEL.test(c))) {
    return new Response("Bad request: channels", { status: 400 });
  }
  const hub = hubFor(config.pusher);
  const sessionId = viewer.session.id;
  const encoder = new TextEncoder();
  let closed = false;
  const cleanups: (() => void)[] = [];
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      // No `id:` lines: a reconnecting browser resynchronises (reloads) instead of resuming.
      const send = (event: string, data: unknown) => {
        if (closed) return;
        controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      };
      cleanup = () => {
        if (closed) return;
        closed = true;
        for (const c of cleanups.splice(0)) c();
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      };
      context.onClose(cleanup);
      request.signal.addEventListener("abort", cleanup);
      cleanups.push(
        registerSessionStream(sessionId, () => {
          send("ended", { reason: "logout" });
          cleanup();
        }),
      );

      controller.enqueue(encoder.encode(`retry: 2000\n\n`));
      cleanups.push(hub.onStatus((status) => send("status", { status })));

      let socketId: string;
      try {
        socketId = await hub.socketId();
      } catch {
        send("status", { status: "unavailable" });
        cleanup();
        return;
      }
      await Promise.all(
        requested.map(async (channel) => {
          try {
            const r = await authorizeChannel(viewer, socketId, channel);
            if (r.status !== 200 || !r.auth) {
              send("refused", { channel });
              return;
            }
            const relay = (m: RealtimeMessage) => {
              if (!closed) controller.enqueue(encodedFrame(m));
            };
            const signer = async (sid: string) => (await authorizeChannel(viewer, sid, channel)).auth ?? null;
            cleanups.push(hub.listen(channel, relay, signer, { socketId, auth: r.auth }));
            await hub.subscribed(channel);
            if (!closed) send("subscribed", { channel });
          } catch {
            send("refused", { channel });
          }
        }),
      );

      // Heartbeat; the stream ends with the session (logout elsewhere, expiry), and says when the
      // session store cannot be reached rather than failing.
      let degraded = false;
      const beat = setInterval(async () => {
        if (closed) return;
        controller.enqueue(encoder.encode(`: heartbeat\n\n`));
        let alive: boolean;
        try {
          alive = await sessionExists(sessionId);
        } catch {
          if (!degraded) send("status", { status: "degraded" });
          degraded = true;
          return;
        }
        if (degraded) send("status", { status: "connected" });
        degraded = false;
        if (!alive) {
          send("ended", { reason: "session" });
          cleanup();
        }
      }, env().REALTIME_HEARTBEAT_MS);
      beat.unref();
      cleanups.push(() => clearInterval(beat));
    },
    cancel() {
      cleanup();
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-store, no-transform",
      "X-Accel-Buffering": "no",
      Connection: "keep-alive",
    },
  });
}
