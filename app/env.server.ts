/**
 * process.env, validated once at start with zod. A bad value stops the portal with a clear
 * message instead of failing later on a request.
 */
import { z } from "zod";

const csv = z
  .string()
  .transform((s) => s.split(",").map((x) => x.trim()).filter(Boolean));

/** The issuers allowed when UPSTREAM_ISSUERS is not set (the reference upstream on this machine). */
export const DEFAULT_UPSTREAM_ISSUERS = ["http://localhost:4000/eu", "http://localhost:4000/us"];

const seconds = (dflt: number) => z.coerce.number().int().positive().default(dflt);

/**
 * A throttle: "N/W" is at most N per W seconds, e.g. `5/900`. Why each default is what it is:
 * README's configuration table and docs/decisions/009-threat-model.md.
 */
const rate = (dflt: string) =>
  z
    .string()
    .regex(/^\d+\/\d+$/, "expected N/SECONDS, e.g. 5/900")
    .default(dflt)
    .transform((s) => {
      const [points, duration] = s.split("/").map(Number) as [number, number];
      return { points, duration };
    })
    .refine((r) => r.points >= 1 && r.duration >= 1, "N and SECONDS must be at least 1");

/** url-encoded and JSON request bodies above this many bytes are refused with 413 (at least 1 KB, at most 64 MB). */
const MaxFormBytes = z.coerce.number().int().min(1024).max(64 * 1024 * 1024).default(1024 * 1024);

/** MAX_FORM_BYTES, validated (the express front reads it at start, before the rest is needed). */
export function maxFormBytesFrom(source: Record<string, string | undefined>): number {
  const parsed = MaxFormBytes.safeParse(source.MAX_FORM_BYTES === "" ? undefined : source.MAX_FORM_BYTES);
  if (!parsed.success) throw new Error(`Invalid environment: MAX_FORM_BYTES: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  return parsed.data;
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  /** Signs the session cookie (the cookie holds only the session id). Comma-separated for rotation. */
  SESSION_SECRET: z.string().min(16).optional(),
  /** Redis for sessions and locks; unset = in-process store (one process only). */
  REDIS_URL: z.string().url().optional(),
  /** The auth service root, up to and including `/api/v2`. */
  AUTH_API_URL: z.string().url().default("http://localhost:4000/api/v2"),
  /** Allowed token issuers (regional API bases without `/api/v2`). Never built from a claim. */
  UPSTREAM_ISSUERS: csv.default(DEFAULT_UPSTREAM_ISSUERS),
  /** Heartbeat of the event stream (a comment), which also checks that the session still exists. */
  REALTIME_HEARTBEAT_MS: z.coerce.number().int().positive().default(15_000),
  /** Seconds between self-refreshes of /today when the browser runs no JavaScript (meta refresh). */
  TODAY_REFRESH_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
  /** Extra hosts the realtime (Pusher) connection may use, besides the issuers' hosts. */
  REALTIME_HOSTS: csv.default([]),
  /** Origins the browser may be sent to after logout, besides the portal itself. */
  LOGOUT_REDIRECT_ORIGINS: csv.default([]),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  SESSION_IDLE_TIMEOUT: seconds(2 * 60 * 60),
  SESSION_ABSOLUTE_TIMEOUT: seconds(12 * 60 * 60),
  /** Refresh the access token when this many seconds or fewer remain (spec: 300). */
  TOKEN_REFRESH_THRESHOLD: seconds(300),
  /** Delay between refresh attempts after a non-4xx failure (spec: 5 s). */
  REFRESH_RETRY_DELAY_MS: z.coerce.number().int().positive().default(5_000),
  /** Attempts before giving up with an error page while the token has expired. */
  REFRESH_MAX_ATTEMPTS: z.coerce.number().int().positive().default(3),
  /** Seconds a session keeps the upstream's config answer (0: read it on every navigation). */
  CONFIG_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** Failed sign-ins for one account from one address before that pair waits (a success clears it). */
  THROTTLE_LOGIN_ACCOUNT_IP: rate("5/900"),
  /** Failed sign-ins for one account from all addresses together: the slower backstop. */
  THROTTLE_LOGIN_ACCOUNT: rate("30/3600"),
  /** Failed sign-ins from one address across all accounts (password spraying from one place). */
  THROTTLE_LOGIN_IP_FAILURES: rate("30/900"),
  /** Sign-in requests (every step) from one address, successful or not: a flood cap. */
  THROTTLE_LOGIN_IP: rate("300/60"),
  /** Failed sign-ins across the whole portal; above it, an address with any recent failure waits. */
  THROTTLE_LOGIN_GLOBAL: rate("300/60"),
  /** Password reset requests for one address (each one is a mail). */
  THROTTLE_FORGOT_EMAIL: rate("3/3600"),
  /** Password reset requests from one client address. */
  THROTTLE_FORGOT_IP: rate("20/3600"),
  /** SSO access requests for one email (one SSO sign-in). */
  THROTTLE_SSO_REQUEST_EMAIL: rate("10/3600"),
  /** SSO access requests from one client address. */
  THROTTLE_SSO_REQUEST_IP: rate("30/3600"),
  /** Timezone sent as X-Timezone when the user's own is not known. */
  DEFAULT_TIMEZONE: z.string().default("Europe/London"),
  /** url-encoded and JSON bodies above this many bytes get 413 before they are read whole. */
  MAX_FORM_BYTES: MaxFormBytes,
});

export type Env = z.infer<typeof EnvSchema>;

function load(): Env {
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${issues}`);
  }
  const env = parsed.data;
  if (!env.SESSION_SECRET) {
    if (env.NODE_ENV === "production" && process.env.GATEHOUSE_DEMO !== "1") {
      throw new Error("Invalid environment: SESSION_SECRET is required in production (16+ characters).");
    }
    env.SESSION_SECRET = "gatehouse-demo-secret-not-for-production";
  }
  return env;
}

declare global {
  // eslint-disable-next-line no-var
  var __gatehouseEnv: Env | undefined;
}

export function env(): Env {
  return (globalThis.__gatehouseEnv ??= load());
}
