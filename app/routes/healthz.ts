/** GET /healthz — 200 when the session store and the upstream answer, else 503 with the reason. */
import { pingUpstream } from "~/upstream/client.server";
import { store } from "~/session/store.server";

export async function loader() {
  const checks: Record<string, string> = {};
  const results = await Promise.allSettled([store().ping(), pingUpstream()]);
  checks[`store:${store().kind}`] = results[0].status === "fulfilled" ? "ok" : String((results[0] as PromiseRejectedResult).reason?.message ?? "failed");
  checks.upstream = results[1].status === "fulfilled" ? "ok" : String((results[1] as PromiseRejectedResult).reason?.message ?? "failed");
  const ok = results.every((r) => r.status === "fulfilled");
  return Response.json({ ok, checks }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
