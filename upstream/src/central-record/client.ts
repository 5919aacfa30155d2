/**
 * The upstream's side of Central Record: read a client's organisations and rating systems over
 * HTTP from the demo Central Record (`app.internalUrl`). A failure becomes one of the contract's
 * sync error codes through the directory's one mapping (`syncErrorOf`): no answer or a 5xx is the
 * connection error, `{error: "wonde_removed"}` is Wonde access removed.
 */
import type { SyncErrorCode } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { syncErrorOf } from "../directory/client.ts";
import { centralRecordKey } from "./server.ts";

export interface CentralRecord {
  organisations: { id: string; name: string }[];
  rating_systems: { id: string; name: string }[];
  error: SyncErrorCode | null;
}

type Listed = { items: { id: string; name: string }[]; error?: undefined } | { items?: undefined; error: SyncErrorCode };

async function list(app: App, globalClientId: string, what: "organisations" | "rating-systems"): Promise<Listed> {
  try {
    const res = await fetch(`${app.internalUrl}/central-record/api/v1/${what}`, {
      headers: { accept: "application/json", authorization: `Bearer ${centralRecordKey(app, globalClientId)}` },
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => null)) as { data?: unknown } | null;
    if (res.status !== 200 || !Array.isArray(body?.data)) return { error: syncErrorOf(res.status, body) };
    const items = (body.data as { id?: unknown; name?: unknown }[]).flatMap((x) => (typeof x?.id === "string" && typeof x.name === "string" ? [{ id: x.id, name: x.name }] : []));
    return { items };
  } catch (err) {
    app.log({ level: "warn", msg: "central record unreachable", error: String(err) });
    return { error: syncErrorOf(null, null) };
  }
}

/** The client's record now: both lists, or the error that kept them from being read. */
export async function readCentralRecord(app: App, globalClientId: string): Promise<CentralRecord> {
  const [orgs, systems] = await Promise.all([list(app, globalClientId, "organisations"), list(app, globalClientId, "rating-systems")]);
  if (orgs.error || systems.error) return { organisations: [], rating_systems: [], error: (orgs.error ?? systems.error)! };
  return { organisations: orgs.items!, rating_systems: systems.items!, error: null };
}

export type Rating = "pass" | "warning" | "fail";

/** A person's ratings by system id (null: not on record), or `unreachable` when the record did not answer. */
export async function readPersonRatings(app: App, globalClientId: string, name: string): Promise<Record<string, Rating> | null | "unreachable"> {
  try {
    const res = await fetch(`${app.internalUrl}/central-record/api/v1/people?name=${encodeURIComponent(name)}`, {
      headers: { accept: "application/json", authorization: `Bearer ${centralRecordKey(app, globalClientId)}` },
      signal: AbortSignal.timeout(5_000),
    });
    const body = (await res.json().catch(() => null)) as { data?: { ratings?: Record<string, unknown> }[] } | null;
    if (res.status !== 200 || !Array.isArray(body?.data)) return "unreachable";
    const ratings = body.data[0]?.ratings;
    if (!ratings || typeof ratings !== "object") return null;
    return Object.fromEntries(Object.entries(ratings).filter((e): e is [string, Rating] => e[1] === "pass" || e[1] === "warning" || e[1] === "fail"));
  } catch (err) {
    app.log({ level: "warn", msg: "central record unreachable", error: String(err) });
    return "unreachable";
  }
}
