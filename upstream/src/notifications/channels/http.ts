/**
 * One guarded HTTP POST for the URL channels (webhook, Teams): the SSRF check at send time, the
 * connection pinned to the checked addresses (ssrf.ts `pinnedLookup`, DNS rebinding), a 10 s
 * timeout, redirects never followed (a 3xx is the receiver's answer: failed), the answer's first
 * 500 characters kept. 2xx delivered; 4xx except 408 and 429 failed at once (not retried); 408,
 * 429, 5xx, a timeout or a refused connection retried.
 */
import { Agent, request } from "undici";
import { checkTarget, parseAllowList, pinnedLookup, type Resolver } from "./ssrf.ts";
import { delivered, failed, retry, type AttemptResult } from "./types.ts";

export const SEND_TIMEOUT_MS = 10_000;
const READ_MAX = 4096;

export async function postGuarded(rawUrl: string, body: string, headers: Record<string, string>, allowPrivate: string | undefined, resolve?: Resolver): Promise<AttemptResult> {
  const check = await checkTarget(rawUrl, { ...(allowPrivate === undefined ? {} : { allow: parseAllowList(allowPrivate) }), ...(resolve ? { resolve } : {}) });
  if (!check.ok) return check.reason === "unresolved" ? retry(check.message) : failed(check.message);
  const dispatcher = new Agent({ connect: { lookup: pinnedLookup(check.addresses), timeout: SEND_TIMEOUT_MS }, headersTimeout: SEND_TIMEOUT_MS, bodyTimeout: SEND_TIMEOUT_MS });
  try {
    const res = await request(check.url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "Gatehouse-Webhooks/1.0", ...headers },
      body,
      dispatcher,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    const text = await readSome(res.body);
    const s = res.statusCode;
    if (s >= 200 && s < 300) return delivered(s, text);
    if (s >= 300 && s < 400) return failed(`Redirect (HTTP ${s}) not followed`, s, text);
    if (s === 408 || s === 429) return retry(`HTTP ${s}`, s, text);
    if (s >= 400 && s < 500) return failed(`Refused by the receiver (HTTP ${s}): not retried`, s, text);
    return retry(`HTTP ${s}`, s, text);
  } catch (err) {
    const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string } };
    const timedOut = e.name === "TimeoutError" || e.name === "AbortError" || /timeout/i.test(e.code ?? "") || /timeout/i.test(e.name ?? "");
    return retry(timedOut ? `No answer within ${SEND_TIMEOUT_MS / 1000} s` : `Could not connect: ${e.code ?? e.cause?.code ?? e.message ?? "error"}`);
  } finally {
    void dispatcher.close().catch(() => undefined);
  }
}

async function readSome(body: AsyncIterable<Buffer | string> & { destroy?: () => void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of body) {
    const b = typeof c === "string" ? Buffer.from(c) : c;
    chunks.push(b);
    size += b.length;
    if (size >= READ_MAX) {
      body.destroy?.();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, READ_MAX).toString("utf8");
}
