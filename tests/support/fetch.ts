/**
 * `fetch` for the tests, with one retry when the connection fails before any answer: a kept-alive
 * socket the server has just closed (its 5 s idle timeout, or `Connection: close` after a 413
 * while the body was still being written) — "other side closed", EPIPE, ECONNRESET. On a loaded
 * machine the client's own idle timer fires late and it reuses such a socket; the request never
 * reached a handler, so sending it again on a fresh connection changes nothing the test asserts.
 * Bodies here are strings, buffers or FormData (re-sendable); a stream body is never retried.
 */
const RETRYABLE = new Set(["UND_ERR_SOCKET", "ECONNRESET", "EPIPE", "UND_ERR_CLOSED"]);

export function connectionFailed(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string } })?.cause;
  return err instanceof TypeError && RETRYABLE.has(cause?.code ?? "");
}

export async function testFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (err) {
    const streamed = init.body instanceof ReadableStream;
    if (!connectionFailed(err) || streamed || init.signal?.aborted) throw err;
    return fetch(input, init);
  }
}
