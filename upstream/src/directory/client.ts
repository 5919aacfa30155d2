/**
 * The upstream's side of a directory integration: the consent URL, the code exchange, and reading
 * a directory's groups and a group's people over HTTP (from the demo directory at the upstream's
 * own base, `app.internalUrl`), refreshing the access token once when it is refused. Every failure
 * becomes a `SyncFailure` carrying one of the contract's SYNC_ERRORS codes, decided in one place:
 * `syncErrorOf`.
 */
import { SYNC_ERRORS, type SyncErrorCode, type SyncProvider } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import type { DirectoryPerson } from "./data.ts";

/** The OAuth client the upstream is at the demo directory (its secret is the SSO client's). */
export const DIRECTORY_CLIENT_ID = "gatehouse";
export const directoryClientSecret = (app: App) => app.opts.ssoClientSecret;

/**
 * The one redirect_uri the directory and the upstream accept for a provider: the portal's callback
 * page, on the portal base the upstream knows for single sign-on (`PORTAL_URL`).
 */
export const allowedRedirectUri = (app: App, provider: SyncProvider) => `${app.opts.portalUrl}/manage/group/callback/${provider}`;

/** Where the browser goes for the provider's consent (absolute, on the upstream's public URL). */
export function authorizeUrl(app: App, provider: SyncProvider, redirectUri: string, state: string): string {
  const params = new URLSearchParams({ client_id: DIRECTORY_CLIENT_ID, redirect_uri: redirectUri, state, response_type: "code", scope: "directory.read" });
  return `${app.opts.publicUrl}/directory/${provider}/authorize?${params.toString()}`;
}

export class SyncFailure extends Error {
  constructor(
    public code: SyncErrorCode,
    detail?: string,
  ) {
    super(detail ?? SYNC_ERRORS[code]);
  }
}

const isCode = (s: unknown): s is SyncErrorCode => typeof s === "string" && Object.hasOwn(SYNC_ERRORS, s);

/**
 * A directory's failed answer as a sync error code (status null: no answer at all). The one place
 * where provider answers become codes:
 *  - a body naming a code itself (`{error: "wonde_removed"}` or `{error: {code: …}}`) → that code;
 *  - the token endpoint's `invalid_grant`, or an API call still refused (401) after a refresh → invalid_grant;
 *  - 404 → not_found (the directory group is gone);
 *  - 403 with Google's reason `domainCannotUseApis` → google_domain; any other 403 → google_forbidden;
 *  - no answer, a 5xx or anything else → central_record_connection (could not connect).
 */
export function syncErrorOf(status: number | null, body: unknown): SyncErrorCode {
  const b = (body ?? {}) as { error?: unknown };
  const e = b.error as { code?: unknown; errors?: { reason?: unknown }[] } | string | undefined;
  const named = typeof e === "string" ? e : e?.code;
  if (isCode(named)) return named;
  if (status === 401 || (status === 400 && named === "invalid_grant")) return "invalid_grant";
  if (status === 404) return "not_found";
  if (status === 403) {
    const reasons = e && typeof e === "object" && Array.isArray(e.errors) ? e.errors.map((x) => x?.reason) : [];
    return reasons.includes("domainCannotUseApis") ? "google_domain" : "google_forbidden";
  }
  return "central_record_connection";
}

export interface Tokens {
  access_token: string;
  refresh_token: string | null;
}

interface Answer {
  status: number | null;
  body: unknown;
}

async function request(app: App, url: string, init: RequestInit): Promise<Answer> {
  try {
    const res = await fetch(url, { ...init, headers: { accept: "application/json", ...init.headers }, signal: AbortSignal.timeout(10_000) });
    return { status: res.status, body: await res.json().catch(() => null) };
  } catch (err) {
    app.log({ level: "warn", msg: "directory unreachable", url, error: String(err) });
    return { status: null, body: null };
  }
}

const base = (app: App, provider: SyncProvider) => `${app.internalUrl}/directory/${provider}`;

async function tokenCall(app: App, provider: SyncProvider, form: Record<string, string>): Promise<Tokens> {
  const r = await request(app, `${base(app, provider)}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...form, client_id: DIRECTORY_CLIENT_ID, client_secret: directoryClientSecret(app) }),
  });
  const t = r.body as { access_token?: unknown; refresh_token?: unknown } | null;
  if (r.status !== 200 || typeof t?.access_token !== "string") throw new SyncFailure(syncErrorOf(r.status, r.body));
  return { access_token: t.access_token, refresh_token: typeof t.refresh_token === "string" ? t.refresh_token : (form.refresh_token ?? null) };
}

/** The code's tokens (POST token, authorization_code). */
export const exchangeCode = (app: App, provider: SyncProvider, code: string, redirectUri: string) =>
  tokenCall(app, provider, { grant_type: "authorization_code", code, redirect_uri: redirectUri });

type Obj = Record<string, unknown>;
const arr = (v: unknown): Obj[] => (Array.isArray(v) ? (v.filter((x) => x && typeof x === "object") as Obj[]) : []);
const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : typeof v === "number" ? String(v) : null);

/** A provider's list of groups as `{id, name}`. */
function parseGroups(provider: SyncProvider, body: unknown): { id: string; name: string }[] {
  const b = (body ?? {}) as Obj;
  const list = provider === "azure-ad" ? arr(b.value) : provider === "google-apps" ? arr(b.groups) : arr(b.data);
  return list.flatMap((g) => {
    const id = str(g.id);
    const name = str(provider === "azure-ad" ? g.displayName : g.name);
    return id && name ? [{ id, name }] : [];
  });
}

/** A provider's list of a group's people (people without an id or a name are left out). */
function parseMembers(provider: SyncProvider, body: unknown): DirectoryPerson[] {
  const b = (body ?? {}) as Obj;
  const mobileOf = (list: unknown, key: string) => str(arr(list).find((x) => x.type === "mobile")?.[key]);
  const people = (provider === "azure-ad" ? arr(b.value) : provider === "google-apps" ? arr(b.members) : arr(b.data)).map((m) => {
    if (provider === "azure-ad") return { id: str(m.id), name: str(m.displayName), email: str(m.mail), mobile: str(m.mobilePhone) };
    if (provider === "google-apps") return { id: str(m.id), name: str((m.name as Obj | undefined)?.fullName) ?? str(m.email), email: str(m.email), mobile: mobileOf(m.phones, "value") };
    return { id: str(m.id), name: [str(m.firstName), str(m.lastName)].filter(Boolean).join(" ") || null, email: str(arr(m.emails)[0]?.address), mobile: mobileOf(m.phoneNumbers, "number") };
  });
  return people.flatMap((p) => (p.id && p.name ? [{ id: p.id, name: p.name, email: p.email?.toLowerCase() ?? "", mobile: p.mobile }] : []));
}

/** Calls to one connected directory; `tokens` is updated when the access token had to be refreshed. */
export class DirectoryClient {
  refreshed = false;
  constructor(
    private app: App,
    private provider: SyncProvider,
    public tokens: Tokens,
  ) {}

  private async get(path: string): Promise<unknown> {
    const call = () => request(this.app, `${base(this.app, this.provider)}${path}`, { headers: { authorization: `Bearer ${this.tokens.access_token}` } });
    let r = await call();
    if (r.status === 401 && this.tokens.refresh_token) {
      this.tokens = await tokenCall(this.app, this.provider, { grant_type: "refresh_token", refresh_token: this.tokens.refresh_token });
      this.refreshed = true;
      r = await call();
    }
    if (r.status !== 200) throw new SyncFailure(syncErrorOf(r.status, r.body));
    return r.body;
  }

  async groups(): Promise<{ id: string; name: string }[]> {
    return parseGroups(this.provider, await this.get("/groups"));
  }

  async members(groupId: string): Promise<DirectoryPerson[]> {
    return parseMembers(this.provider, await this.get(`/groups/${encodeURIComponent(groupId)}/members`));
  }
}
