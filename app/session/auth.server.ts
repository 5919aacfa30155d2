/**
 * Who is signed in, and their tokens kept fresh.
 *
 * `requireViewer` (through `requireAccess`) comes first in every signed-in loader and action. It reads the session,
 * refreshes the access token when TOKEN_REFRESH_THRESHOLD (300 s) or less remain, and returns an
 * `api` function that calls the upstream as this user. Refresh is single-flight per session: an
 * in-process promise shared by parallel loaders, plus a store lock across processes.
 */
import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import { ACCOUNT_REFUSALS, routes, type RouteDef, type AccessTokenClaims, type RouteName, type RouteResponse, type TokenPair } from "@contract";
import { env } from "~/env.server";
import { callUpstream, decodeAccessToken, downloadUpstream, regionalBase, type ApiOptions, type UpstreamFile } from "~/upstream/client.server";
import { UpstreamError, UpstreamUnavailableError, UntrustedIssuerError } from "~/upstream/errors";
import { safeRedirect } from "~/session/redirect";
import { REQUEST_ID_HEADER } from "~/server/request-id";
import {
  destroySession,
  getSession,
  readStoredTokens,
  saveTokens,
  sessionStorageFor,
  type AuthTokens,
  type FlashData,
  type PortalSession,
} from "./session.server";
import { StoreUnavailableError, store } from "./store.server";
import { cachedConfig, dropClientConfigs, dropConfig } from "./config-cache.server";
import { upstreamContext } from "./request-context.server";

/** Tokens to keep: `previous` is the pair they replace (a refresh or a client switch), if any. */
export function tokensFrom(pair: TokenPair, previous?: AuthTokens): AuthTokens {
  const claims = decodeAccessToken(pair.access_token);
  return {
    accessToken: pair.access_token,
    refreshToken: pair.refresh_token,
    expiresAt: claims.exp,
    generation: previous ? previous.generation + 1 : 0,
  };
}

/** Throws a 503 Response the error boundary renders as "service unavailable". */
export function unavailable(reason: "store" | "upstream" | "refresh"): never {
  throw new Response(reason, { status: 503, statusText: "Service Unavailable", headers: { "Retry-After": "5" } });
}

export async function readSession(request: Request): Promise<PortalSession> {
  try {
    return await getSession(request);
  } catch (err) {
    if (err instanceof StoreUnavailableError) unavailable("store");
    throw err;
  }
}

/** Destroy the session and send the user to the login page with a message. */
export async function logoutWithNotice(
  request: Request,
  session: PortalSession,
  notice: FlashData["notice"],
  redirectTo?: string,
): Promise<never> {
  const storage = sessionStorageFor(request);
  const headers = new Headers();
  if (session.id) headers.append("Set-Cookie", await destroySession(request, session));
  const next = await storage.getSession(null);
  next.flash("notice", notice);
  headers.append("Set-Cookie", await storage.commitSession(next));
  const to = redirectTo ? `/login?redirectTo=${encodeURIComponent(safeRedirect(redirectTo))}` : "/login";
  throw redirect(to, { headers });
}

export const SESSION_EXPIRED: FlashData["notice"] = { key: "auth:auth_error.session_expired", tone: "error" };

// ---------------------------------------------------------------------------------------------
// Single-flight refresh
// ---------------------------------------------------------------------------------------------

class RefreshRejected extends Error {}

/**
 * What the login page says after a refused refresh: the password policy's forced re-authentication
 * (ADR 023) in its own words, anything else as the expired session of platform §8.
 */
function refusedRefreshNotice(err: RefreshRejected): FlashData["notice"] {
  return err.message === ACCOUNT_REFUSALS.reauthenticate ? { key: "auth:auth_error.reauthenticate", tone: "error" } : SESSION_EXPIRED;
}
class RefreshUnavailable extends Error {}

declare global {
  // eslint-disable-next-line no-var
  var __gatehouseRefresh: { inflight: Map<string, Promise<AuthTokens>>; retryAt: Map<string, number> } | undefined;
}
const refreshState = (globalThis.__gatehouseRefresh ??= { inflight: new Map(), retryAt: new Map() });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function refreshOnce(request: Request, session: PortalSession, current: AuthTokens): Promise<AuthTokens> {
  const ctx = await upstreamContext(request);
  const { REFRESH_RETRY_DELAY_MS, REFRESH_MAX_ATTEMPTS } = env();
  for (let attempt = 1; ; attempt++) {
    try {
      const pair = await callUpstream("accessToken", { ...ctx, body: { refresh_token: current.refreshToken } });
      const tokens = tokensFrom(pair, current);
      await saveTokens(request, session, tokens);
      refreshState.retryAt.delete(session.id);
      return tokens;
    } catch (err) {
      if (err instanceof UpstreamError && err.status >= 400 && err.status < 500) throw new RefreshRejected(err.body.message ?? err.message);
      if (err instanceof StoreUnavailableError) throw err;
      // Not a 4xx: the token may still be good for a while; try again in 5 s.
      if (current.expiresAt > nowSeconds()) {
        refreshState.retryAt.set(session.id, Date.now() + REFRESH_RETRY_DELAY_MS);
        return current;
      }
      if (attempt >= REFRESH_MAX_ATTEMPTS) throw new RefreshUnavailable((err as Error).message);
      await sleep(REFRESH_RETRY_DELAY_MS);
    }
  }
}

/** Refresh under a store lock so only one process refreshes a session's tokens at a time. */
async function refreshAcrossProcesses(request: Request, session: PortalSession, current: AuthTokens): Promise<AuthTokens> {
  const lockKey = `lock:refresh:${session.id}`;
  const owner = crypto.randomUUID();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const stored = await readStoredTokens(session.id);
    if (!stored) throw new RefreshRejected("session gone");
    if (stored.refreshToken !== current.refreshToken) {
      session.set("auth", stored);
      return stored; // another process already refreshed
    }
    if (await store().setIfAbsent(lockKey, owner, 15_000)) {
      try {
        // Another process may have refreshed between our read and taking the lock.
        const now = await readStoredTokens(session.id);
        if (now && now.refreshToken !== current.refreshToken) {
          session.set("auth", now);
          return now;
        }
        return await refreshOnce(request, session, current);
      } finally {
        await store().delIfEquals(lockKey, owner).catch(() => {});
      }
    }
    await sleep(100);
  }
  throw new RefreshUnavailable("timed out waiting for another refresh");
}

async function freshTokens(request: Request, session: PortalSession): Promise<AuthTokens> {
  const current = session.get("auth")!;
  const left = current.expiresAt - nowSeconds();
  if (left > env().TOKEN_REFRESH_THRESHOLD) return current;
  const retryAt = refreshState.retryAt.get(session.id);
  if (left > 0 && retryAt && retryAt > Date.now()) return current;
  let pending = refreshState.inflight.get(session.id);
  if (!pending) {
    pending = refreshAcrossProcesses(request, session, current).finally(() => refreshState.inflight.delete(session.id));
    refreshState.inflight.set(session.id, pending);
  }
  return pending;
}

// ---------------------------------------------------------------------------------------------
// The signed-in viewer
// ---------------------------------------------------------------------------------------------

export interface Viewer {
  session: PortalSession;
  claims: AccessTokenClaims;
  tokens: AuthTokens;
  locale: string;
  /**
   * GET config for this token, shared by the loaders of one request (they run in parallel, each
   * with its own Request object, so the key is the server-minted request id). Never shared
   * across requests.
   */
  config(): Promise<RouteResponse<"config">>;
  /**
   * A read shared by the loaders of one GET request (the same key, the same promise): e.g. a site
   * that a layout and its tab both load. Other methods read afresh, so nothing an action writes is
   * answered from before the write; `config` alone is shared whatever the method (no action here
   * changes it).
   */
  shared<T>(key: string, read: () => Promise<T>): Promise<T>;
  /** Call the upstream as this user. A 401 logs the user out with the session-expired message. */
  api<N extends RouteName>(name: N, opts?: ApiOptions<N>): Promise<RouteResponse<N>>;
  /** A call whose answer is a file (`download` routes), as this user: its body still streaming. */
  download<N extends RouteName>(name: N, opts?: ApiOptions<N> & { signal?: AbortSignal }): Promise<UpstreamFile>;
}

function currentPath(request: Request) {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** To the login page, coming back here afterwards. */
export function loginRedirect(request: Request): never {
  const to = new URL(request.url).pathname === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(currentPath(request))}`;
  throw redirect(to);
}

export async function requireViewer(request: Request): Promise<Viewer> {
  const session = await readSession(request);
  if (!session.get("auth")) loginRedirect(request);
  return viewerFor(request, session);
}

async function viewerFor(request: Request, session: PortalSession): Promise<Viewer> {
  let tokens: AuthTokens;
  let claims: AccessTokenClaims;
  try {
    tokens = await freshTokens(request, session);
    claims = decodeAccessToken(tokens.accessToken);
    regionalBase(claims.iss);
  } catch (err) {
    if (err instanceof RefreshRejected) return logoutWithNotice(request, session, refusedRefreshNotice(err), currentPath(request));
    if (err instanceof UntrustedIssuerError) return logoutWithNotice(request, session, { key: "auth:auth_error.untrusted_issuer", tone: "error" });
    if (err instanceof RefreshUnavailable) unavailable("refresh");
    if (err instanceof StoreUnavailableError) unavailable("store");
    throw err;
  }
  const ctx = await upstreamContext(request);
  const viewer: Viewer = {
    session,
    claims,
    tokens,
    locale: ctx.locale,
    config() {
      return viewer.shared("config", () => cachedConfig(session.id, claims.aud, tokens.generation, () => viewer.api("config")));
    },
    shared<T>(key: string, read: () => Promise<T>): Promise<T> {
      const requestId = request.headers.get(REQUEST_ID_HEADER);
      if (!requestId || (key !== "config" && request.method !== "GET")) return read();
      const memoKey = `${requestId}|${tokens.accessToken}|${key}`;
      const hit = requestMemo.get(memoKey) as Promise<T> | undefined;
      if (hit) return hit;
      const promise = read();
      requestMemo.set(memoKey, promise);
      // Parallel loaders start together; the entry is only needed while they do. A failed read is
      // not kept (each loader then answers for itself).
      setTimeout(() => requestMemo.delete(memoKey), REQUEST_MEMO_MS).unref();
      promise.catch(() => requestMemo.delete(memoKey));
      return promise;
    },
    async api(name, opts = {}) {
      try {
        const answer = await callUpstream(name, { ...ctx, ...opts, token: tokens.accessToken } as never);
        // A change the portal made may change what config says (sites, settings, rights), for this
        // session and for every other session of the client (a role's rights: ADR 021).
        const def: RouteDef = routes[name];
        if (def.method !== "GET" && !def.readOnly) await Promise.all([dropConfig(session.id), dropClientConfigs(claims.aud)]);
        return answer;
      } catch (err) {
        if (err instanceof UpstreamError && err.status === 403) await dropConfig(session.id);
        if (err instanceof UpstreamError && err.status === 401) {
          return logoutWithNotice(request, session, SESSION_EXPIRED, currentPath(request));
        }
        if (err instanceof UpstreamUnavailableError) unavailable("upstream");
        throw err;
      }
    },
    async download(name, opts = {}) {
      try {
        return await downloadUpstream(name, { ...ctx, ...opts, token: tokens.accessToken } as never);
      } catch (err) {
        if (err instanceof UpstreamError && err.status === 401) return logoutWithNotice(request, session, SESSION_EXPIRED, currentPath(request));
        if (err instanceof UpstreamUnavailableError) unavailable("upstream");
        throw err;
      }
    },
  };
  return viewer;
}

const REQUEST_MEMO_MS = 10_000;
const requestMemo = new Map<string, Promise<unknown>>();

