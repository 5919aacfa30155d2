/**
 * Today's list kept live: the loader's visits, then the site channel's events applied per visit
 * (a sign-in, a sign-out, an approval, an evacuation); a reconnect revalidates the loader.
 */
import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Visit } from "@contract";
import { applySiteEvent, initialState, type SiteMessage, type TodayState } from "~/features/today/state";
import { useRealtime } from "~/realtime/use-realtime";

/** Recent events, replayed over fresh loader data (harmless: events apply per visit, in order). */
const REPLAY_MS = 30_000;

export function useLiveToday(site: { id: number; count: number; evacuation: boolean; channel: string } | null, visits: Visit[], live: boolean) {
  const revalidator = useRevalidator();
  const recent = useRef<{ at: number; message: SiteMessage }[]>([]);
  const replay = useCallback(
    (count: number, list: Visit[]) => {
      const now = Date.now();
      recent.current = recent.current.filter((r) => now - r.at < REPLAY_MS);
      return recent.current.reduce((s, r) => applySiteEvent(s, r.message, site?.id ?? 0), initialState(count, list, site?.evacuation ?? false));
    },
    [site?.id, site?.evacuation],
  );
  const [state, setState] = useState<TodayState>(() => initialState(site?.count ?? 0, visits, site?.evacuation ?? false));
  useEffect(() => {
    setState(replay(site?.count ?? 0, visits));
  }, [site?.count, visits, replay]);

  const status = useRealtime(
    live && site ? [site.channel] : [],
    (m) => {
      if (!site || m.channel !== site.channel) return;
      const message = { event: m.event, data: m.data };
      recent.current.push({ at: Date.now(), message });
      setState((s) => applySiteEvent(s, message, site.id));
    },
    () => {
      if (revalidator.state === "idle") revalidator.revalidate();
    },
  );
  return { state, status };
}

