/**
 * Server-side sessions: the cookie carries only a signed session id; the data (tokens, login
 * progress, selected site) lives in the store. Idle and absolute timeouts are enforced on read.
 * The id is rotated at login (`startAuthenticatedSession`) and the data destroyed at logout.
 */
import crypto from "node:crypto";
import { createCookie, createSessionStorage, type Session, type SessionStorage } from "@remix-run/node";
import type { LoginStep, SsoAccessRequestData } from "@contract";
import type { Notice } from "~/forms/action-result";
import { env } from "~/env.server";
import { store } from "./store.server";
import { dropConfig } from "./config-cache.server";
import { endSessionStreams } from "./streams.server";

export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
  /** Access token expiry, epoch seconds. */
  expiresAt: number;
  /** +1 on every refresh or client switch: which of two stored pairs is newer (expiry can tie). */
  generation: number;
}

export interface LoginProgress {
  step: LoginStep;
  email: string;
  /** Stands in for the password on steps after it; the password itself is never stored. */
  loginToken?: string;
  twoFactor?: { secret: string; otpauthUri: string };
}

export interface SsoPending {
  stateHash: string;
  startedAt: number;
}

export interface SessionData {
  auth: AuthTokens;
  login: LoginProgress;
  ssoAccess: SsoAccessRequestData;
  /**
   * The single sign-on this browser started: a hash of the `state` the identity provider will send
   * back, and when. A callback whose state is not this one signs nobody in (login CSRF).
   */
  ssoPending: SsoPending;
  redirectTo: string;
  /** How many clients the user can access (for the client switcher), learnt once per session. */
  clientCount: number;
}

export interface FlashData {
  /** A message for the next page: a translation key, or upstream text shown as is. */
  notice: Notice;
  /** A client API secret just created (ADR 030): shown once, on the next page, then gone from the session. */
  revealedSecret: { id: number; name: string; client_id: string; secret: string };
  /** A calendar feed's secret URL just created (ADR 036): shown once, on the next page of its site, then gone. */
  revealedFeed: { site_id: number; id: number; kind: "person" | "space"; space_id: number | null; url: string };
}

export type PortalSession = Session<SessionData, FlashData>;

const META_CREATED = "_created";
const META_SEEN = "_seen";
const TOUCH_INTERVAL_MS = 60_000;
const key = (id: string) => `session:${id}`;

function ttlFor(data: Record<string, unknown>): number {
  const { SESSION_IDLE_TIMEOUT, SESSION_ABSOLUTE_TIMEOUT } = env();
  const created = Number(data[META_CREATED] ?? Date.now());
  const absoluteLeft = Math.ceil((created + SESSION_ABSOLUTE_TIMEOUT * 1000 - Date.now()) / 1000);
  return Math.max(1, Math.min(SESSION_IDLE_TIMEOUT, absoluteLeft));
}

function isExpired(data: Record<string, unknown>): boolean {
  const { SESSION_IDLE_TIMEOUT, SESSION_ABSOLUTE_TIMEOUT } = env();
  const now = Date.now();
  const created = Number(data[META_CREATED] ?? 0);
  const seen = Number(data[META_SEEN] ?? 0);
  return now - created > SESSION_ABSOLUTE_TIMEOUT * 1000 || now - seen > SESSION_IDLE_TIMEOUT * 1000;
}

function makeCookie(secure: boolean) {
  return createCookie(secure ? "__Host-gh_session" : "gh_session", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    secrets: env().SESSION_SECRET!.split(","),
    maxAge: env().SESSION_ABSOLUTE_TIMEOUT,
  });
}

function makeStorage(secure: boolean): SessionStorage<SessionData, FlashData> {
  const cookie = makeCookie(secure);
  return createSessionStorage<SessionData, FlashData>({
    cookie,
    async createData(data) {
      const id = crypto.randomBytes(24).toString("base64url");
      const now = Date.now();
      const record = { ...data, [META_CREATED]: now, [META_SEEN]: now };
      await store().set(key(id), JSON.stringify(record), ttlFor(record));
      return id;
    },
    async readData(id) {
      const raw = await store().get(key(id));
      if (!raw) return null;
      const data = JSON.parse(raw) as Record<string, unknown>;
      if (isExpired(data)) {
        await store().del(key(id));
        return null;
      }
      if (Date.now() - Number(data[META_SEEN]) > TOUCH_INTERVAL_MS) {
        data[META_SEEN] = Date.now();
        await store().set(key(id), JSON.stringify(data), ttlFor(data));
      }
      return data;
    },
    async updateData(id, data) {
      const raw = await store().get(key(id));
      // Never resurrect a session destroyed (logout, expiry) while another request held it.
      if (!raw) return;
      const previous = JSON.parse(raw) as Record<string, unknown> & { auth?: AuthTokens };
      const record: Record<string, unknown> & { auth?: AuthTokens } = {
        ...data,
        [META_CREATED]: previous[META_CREATED],
        [META_SEEN]: Date.now(),
      };
      // A request that read the session before a parallel refresh must not write old tokens back.
      if (previous.auth && record.auth && previous.auth.generation > record.auth.generation) record.auth = previous.auth;
      await store().set(key(id), JSON.stringify(record), ttlFor(record));
    },
    async deleteData(id) {
      await store().del(key(id));
    },
  });
}

let storages: { http: SessionStorage<SessionData, FlashData>; https: SessionStorage<SessionData, FlashData> } | undefined;

/** The storage for this request: the cookie is Secure (and __Host-) when served over HTTPS. */
export function sessionStorageFor(request: Request): SessionStorage<SessionData, FlashData> {
  storages ??= { http: makeStorage(false), https: makeStorage(true) };
  return new URL(request.url).protocol === "https:" ? storages.https : storages.http;
}

/**
 * Without the store: the session id the cookie names (if it is signed by us), and a Set-Cookie
 * that clears the cookie (ending that session's streams). Logout uses them when the store is down,
 * so a user can always sign out.
 */
export async function cookieSessionId(request: Request): Promise<string | undefined> {
  const cookie = makeCookie(new URL(request.url).protocol === "https:");
  const id: unknown = await cookie.parse(request.headers.get("Cookie"));
  return typeof id === "string" && id ? id : undefined;
}

export async function clearSessionCookie(request: Request): Promise<string> {
  const id = await cookieSessionId(request);
  if (id) endSessionStreams(id);
  const cookie = makeCookie(new URL(request.url).protocol === "https:");
  return cookie.serialize("", { maxAge: undefined, expires: new Date(0) });
}

/**
 * The session of this request. A cookie whose session has ended (expired, destroyed, or lost
 * with the store) yields a fresh session with no id, so what is set next is saved under a new id
 * instead of being dropped.
 */
export async function getSession(request: Request): Promise<PortalSession> {
  const storage = sessionStorageFor(request);
  const session = await storage.getSession(request.headers.get("Cookie"));
  if (session.id && !session.has(META_CREATED as keyof SessionData)) return storage.getSession(null);
  return session;
}

export function commitSession(request: Request, session: PortalSession): Promise<string> {
  return sessionStorageFor(request).commitSession(session);
}

/** End the session: its streams (SSE) close, its cached config and its data go. */
export async function destroySession(request: Request, session: PortalSession): Promise<string> {
  if (session.id) endSessionStreams(session.id);
  await dropConfig(session.id);
  return sessionStorageFor(request).destroySession(session);
}

/**
 * Rotate the session id at login: the pre-login session (which held login progress) is
 * destroyed and a fresh one created, so an id fixed before login is worthless after it.
 * Returns the Set-Cookie header values to send.
 */
export async function startAuthenticatedSession(
  request: Request,
  previous: PortalSession,
  tokens: AuthTokens,
): Promise<{ session: PortalSession; headers: Headers }> {
  const storage = sessionStorageFor(request);
  const headers = new Headers();
  if (previous.id) await Promise.all([dropConfig(previous.id), storage.destroySession(previous)]);
  const blank = await storage.getSession(null);
  blank.set("auth", tokens);
  const setCookie = await storage.commitSession(blank);
  headers.append("Set-Cookie", setCookie);
  // Re-read through the new cookie so the returned session carries its id.
  const session = await storage.getSession(setCookie.split(";")[0]);
  return { session, headers };
}

/** Write new tokens into an existing session's stored data without touching its cookie. */
export async function saveTokens(request: Request, session: PortalSession, tokens: AuthTokens): Promise<void> {
  session.set("auth", tokens);
  await sessionStorageFor(request).commitSession(session);
}

/** Does this session still exist in the store (not logged out, not expired)? */
export async function sessionExists(sessionId: string): Promise<boolean> {
  return (await store().get(key(sessionId))) !== null;
}

/** Read the stored tokens of a session id directly (used while waiting for another process's refresh). */
export async function readStoredTokens(sessionId: string): Promise<AuthTokens | undefined> {
  const raw = await store().get(key(sessionId));
  if (!raw) return undefined;
  return (JSON.parse(raw) as { auth?: AuthTokens }).auth;
}
