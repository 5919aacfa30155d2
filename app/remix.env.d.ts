/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

import "@remix-run/node";
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
  /** Set by app/server/main.ts for every request. */
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
    /** The client's address for throttles (see TRUST_PROXY). */
    clientIp: string;
    /** Call `fn` once when the response ends or the client's socket closes. */
    onClose(fn: () => void): void;
    /** Resolves once the response can take more bytes (backpressure for streamed files). */
    drained(): Promise<void>;
  }
}
