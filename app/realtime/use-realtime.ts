import { useEffect, useRef, useState } from "react";
import { realtimeConnection, type LiveStatus, type RealtimeMessage } from "./client";

/**
 * Listen to realtime channels on the tab's shared stream. `onMessage` receives their events,
 * `onResync` is called when events may have been missed (reload then). Returns the live status,
 * "connecting" during server rendering and until the stream answers.
 */
export function useRealtime(
  channels: string[],
  onMessage: (message: RealtimeMessage) => void,
  onResync: () => void,
): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const handlers = useRef({ onMessage, onResync });
  handlers.current = { onMessage, onResync };
  const key = [...channels].sort().join(",");

  useEffect(() => {
    if (!key) return;
    return realtimeConnection().subscribe(key.split(","), {
      onMessage: (m) => handlers.current.onMessage(m),
      onResync: () => handlers.current.onResync(),
      onStatus: setStatus,
    });
  }, [key]);

  return status;
}
