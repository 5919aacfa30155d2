/** Options of the upstream, read from the environment by `main.ts` (or passed by tests). */
export interface UpstreamOptions {
  host: string;
  port: number;
  /** Externally visible base, e.g. `http://localhost:4000` (no trailing slash). */
  publicUrl: string;
  /** Base the server uses to call itself (OIDC token endpoint); defaults to the listening address. */
  internalUrl?: string;
  portalUrl: string;
  databaseUrl?: string;
  dataDir: string;
  jwtSecret: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  loginRateLimit: number;
  loginRateWindow: number;
  ssoClientSecret: string;
  /** DNS-over-HTTPS JSON resolver for domain verification (`https://dns.google/resolve`); unset: the upstream's demo DNS. */
  dnsResolverUrl?: string;
  pusherAppKey: string;
  pusherAppSecret: string;
  testHooks: boolean;
  /** Log one JSON line per request. */
  log: boolean;
  /**
   * Addresses whose X-Forwarded-For is believed (the portal's): the audit log's address is then the
   * browser's. Anyone else's header is ignored. Default: this machine's loopback.
   */
  trustedProxies: string[];
  /** Notification delivery (ADR 028): the first retry's wait (doubling after), attempts in all, the worker's poll. */
  notifyRetryBaseMs?: number;
  notifyMaxAttempts?: number;
  notifyPollMs?: number;
  /** `NOTIFY_ALLOW_PRIVATE`: private targets notifications may call (`host:port`, address, CIDR; ssrf.ts). Unset: the environment's. */
  notifyAllowPrivate?: string;
}

export const DEV_JWT_SECRET = "gatehouse-dev-jwt-secret-change-me-0123456789";
export const DEV_SSO_CLIENT_SECRET = "gatehouse-dev-sso-client-secret";

function int(v: string | undefined, dflt: number): number {
  if (v === undefined || v.trim() === "") return dflt;
  const n = Number.parseInt(v, 10);
  return Number.isFinite(n) ? n : dflt;
}

export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): UpstreamOptions {
  const port = int(env.UPSTREAM_PORT, 4000);
  return resolveOptions({
    host: env.UPSTREAM_HOST || "127.0.0.1",
    port,
    publicUrl: env.UPSTREAM_PUBLIC_URL || undefined,
    internalUrl: env.UPSTREAM_INTERNAL_URL || undefined,
    portalUrl: env.PORTAL_URL || undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || undefined,
    jwtSecret: env.UPSTREAM_JWT_SECRET || undefined,
    accessTokenTtl: int(env.ACCESS_TOKEN_TTL, 3600),
    refreshTokenTtl: int(env.REFRESH_TOKEN_TTL, 2592000),
    loginRateLimit: int(env.LOGIN_RATE_LIMIT, 10),
    loginRateWindow: int(env.LOGIN_RATE_WINDOW, 60),
    ssoClientSecret: env.SSO_CLIENT_SECRET || undefined,
    dnsResolverUrl: env.SSO_DNS_RESOLVER_URL || undefined,
    pusherAppKey: env.PUSHER_APP_KEY || undefined,
    pusherAppSecret: env.PUSHER_APP_SECRET || undefined,
    testHooks: env.UPSTREAM_TEST_HOOKS === "1",
    log: env.UPSTREAM_LOG !== "0",
    notifyRetryBaseMs: env.NOTIFY_RETRY_BASE_MS ? int(env.NOTIFY_RETRY_BASE_MS, 30_000) : undefined,
    notifyMaxAttempts: env.NOTIFY_MAX_ATTEMPTS ? int(env.NOTIFY_MAX_ATTEMPTS, 6) : undefined,
    notifyPollMs: env.NOTIFY_POLL_MS ? int(env.NOTIFY_POLL_MS, 2_000) : undefined,
    notifyAllowPrivate: env.NOTIFY_ALLOW_PRIVATE,
    trustedProxies: env.UPSTREAM_TRUSTED_PROXIES ? env.UPSTREAM_TRUSTED_PROXIES.split(",").map((s) => s.trim()).filter(Boolean) : undefined,
  });
}

/** Fill defaults. `publicUrl` defaults to `http://localhost:{port}`. */
export function resolveOptions(o: Partial<UpstreamOptions>): UpstreamOptions {
  const port = o.port ?? 4000;
  const strip = (u: string) => u.replace(/\/+$/, "");
  return {
    host: o.host ?? "127.0.0.1",
    port,
    publicUrl: strip(o.publicUrl ?? `http://localhost:${port}`),
    internalUrl: o.internalUrl ? strip(o.internalUrl) : undefined,
    portalUrl: strip(o.portalUrl ?? "http://localhost:3000"),
    databaseUrl: o.databaseUrl,
    dataDir: o.dataDir ?? ".data",
    jwtSecret: o.jwtSecret ?? DEV_JWT_SECRET,
    accessTokenTtl: o.accessTokenTtl ?? 3600,
    refreshTokenTtl: o.refreshTokenTtl ?? 2592000,
    loginRateLimit: o.loginRateLimit ?? 10,
    loginRateWindow: o.loginRateWindow ?? 60,
    ssoClientSecret: o.ssoClientSecret ?? DEV_SSO_CLIENT_SECRET,
    dnsResolverUrl: o.dnsResolverUrl,
    pusherAppKey: o.pusherAppKey ?? "gatehouse-key",
    pusherAppSecret: o.pusherAppSecret ?? "gatehouse-secret",
    testHooks: o.testHooks ?? false,
    log: o.log ?? true,
    trustedProxies: o.trustedProxies ?? ["127.0.0.1", "::1", "::ffff:127.0.0.1"],
    notifyRetryBaseMs: o.notifyRetryBaseMs,
    notifyMaxAttempts: o.notifyMaxAttempts,
    notifyPollMs: o.notifyPollMs,
    notifyAllowPrivate: o.notifyAllowPrivate,
  };
}
