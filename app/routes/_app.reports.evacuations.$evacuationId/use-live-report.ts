/**
 * The evacuation report as the page shows it: the loader's, then kept current by the channel's
 * events under spec §4's counter rules (`ReportSync`); a reload they ask for revalidates the loader.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import type { EvacuationReport } from "@contract";
import { isComplete, ReportSync } from "~/features/evacuations/counter";
import { useRealtime } from "~/realtime/use-realtime";

/** A reload asked for by the counter rules that has not come back in this long is asked for again. */
const RELOAD_RETRY_MS = 10_000;

/**
 * The report as the page shows it: the loader's, then kept current by the channel's events under
 * the counter rules. A reload the rules ask for is a revalidation of this route's loader.
 */
export function useLiveReport(loaded: EvacuationReport, channel: string) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [report, setReport] = useState(loaded);
  const sync = useMemo(() => new ReportSync(setReport, () => revalidate.current()), []);
  const complete = isComplete(report);

  useEffect(() => sync.loaded(loaded), [sync, loaded]);
  // A reload that never answered (the loader failed, the network dropped): ask again.
  useEffect(() => {
    const timer = setInterval(() => {
      if (sync.isLoading && revalidator.state === "idle") revalidate.current();
    }, RELOAD_RETRY_MS);
    return () => clearInterval(timer);
  }, [sync, revalidator.state]);

  const status = useRealtime(
    complete ? [] : [channel],
    (m) => {
      if (m.channel === channel) sync.receive({ event: m.event, data: m.data });
    },
    () => {
      sync.loadStarted();
      revalidate.current();
    },
  );
  return { report, status, complete };
}
