import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { env } from "./env.server";
import { detectLocale, i18nFor } from "./i18n/i18n.server";
import { NonceProvider } from "./ui/nonce";
import { RequestIdProvider } from "./ui/request-id";

// Validate the environment when the server module loads, not on the first request.
env();

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: { cspNonce?: string; requestId?: string },
) {
  const nonce = loadContext.cspNonce ?? "";
  const i18n = await i18nFor(await detectLocale(request));

  const callback = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdProvider value={loadContext.requestId ?? ""}>
          <I18nextProvider i18n={i18n}>
            <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
          </I18nextProvider>
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        [callback]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(JSON.stringify({ level: "error", msg: "render error", error: String((error as Error)?.stack ?? error) }));
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // A refusal Remix makes itself (405: a method the route does not take; 400; 404) is the
  // request's answer, not a fault: the request log line has its status. It used to be logged here
  // as "unhandled error [object Object]" (issue 24).
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(JSON.stringify({ level: "error", msg: "unhandled error", path: new URL(request.url).pathname, error: describeError(error) }));
}

/** What an error is, for the log: a stack, a Remix error response's status and data, else JSON. */
function describeError(error: unknown): string {
  if (error instanceof Error) return String(error.stack ?? error);
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}: ${typeof error.data === "string" ? error.data : JSON.stringify(error.data)}`;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
