/**
 * Throttles for sign-in, password reset and SSO access requests (issue 12), built on
 * rate-limiter-flexible over the session store's Redis, so every portal process shares the counts.
 * Without REDIS_URL they live in this process (as the session store does). When Redis is down a
 * check falls back to an in-process limiter of the same shape (`insuranceLimiter`): the throttle
 * keeps holding per process and never turns a sign-in into a 500.
 *
 * Sign-in (every step, checked before anything is sent to the upstream, so a refused attempt never
 * feeds the upstream's own per-email limit):
 * - failures per account + client address: the lockout. The real user at another address is not
 *   locked out by someone else's failures; a success clears the pair.
 * - failures per account from all addresses: a slower backstop against many addresses.
 * - failures per client address across accounts: password spraying from one place.
 * - requests per client address (every step, success or not): a flood cap.
 * - failures across the portal: above the cap, an address with any failure in its window waits.
 * Password reset: per address (each request is a mail) and per client address.
 * SSO access requests: per email of the SSO sign-in and per client address.
 */
import net from "node:net";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "~/env.server";
import { toLanguageTag, type Locale } from "~/i18n/config";
import { redisClient } from "~/session/store.server";

type Rate = { points: number; duration: number };

export type Verdict = { ok: true } | { ok: false; retryAfterMs: number };
const OK: Verdict = { ok: true };

function limiter(name: string, rate: Rate): RateLimiterAbstract {
  const opts = { keyPrefix: `throttle:${name}`, points: rate.points, duration: rate.duration };
  const redis = redisClient();
  if (!redis) return new RateLimiterMemory(opts);
  return new RateLimiterRedis({
    ...opts,
    storeClient: redis,
    // Not connected: go straight to the in-process limiter instead of waiting for a timeout.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory(opts),
  });
}

interface Limiters {
  loginAccountIp: RateLimiterAbstract;
  loginAccount: RateLimiterAbstract;
  loginIpFailures: RateLimiterAbstract;
  loginIp: RateLimiterAbstract;
  loginGlobal: RateLimiterAbstract;
  forgotEmail: RateLimiterAbstract;
  forgotIp: RateLimiterAbstract;
  ssoEmail: RateLimiterAbstract;
  ssoIp: RateLimiterAbstract;
}

declare global {
  // eslint-disable-next-line no-var
  var __gatehouseThrottles: Limiters | undefined;
}

function limiters(): Limiters {
  if (globalThis.__gatehouseThrottles) return globalThis.__gatehouseThrottles;
  const e = env();
  return (globalThis.__gatehouseThrottles = {
    loginAccountIp: limiter("login:account-ip", e.THROTTLE_LOGIN_ACCOUNT_IP),
    loginAccount: limiter("login:account", e.THROTTLE_LOGIN_ACCOUNT),
    loginIpFailures: limiter("login:ip-failures", e.THROTTLE_LOGIN_IP_FAILURES),
    loginIp: limiter("login:ip", e.THROTTLE_LOGIN_IP),
    loginGlobal: limiter("login:global", e.THROTTLE_LOGIN_GLOBAL),
    forgotEmail: limiter("forgot:email", e.THROTTLE_FORGOT_EMAIL),
    forgotIp: limiter("forgot:ip", e.THROTTLE_FORGOT_IP),
    ssoEmail: limiter("sso-request:email", e.THROTTLE_SSO_REQUEST_EMAIL),
    ssoIp: limiter("sso-request:ip", e.THROTTLE_SSO_REQUEST_IP),
  });
}

/** A throttle must never break the page: anything but a refusal is logged and lets the request through. */
function failOpen(err: unknown): Verdict {
  if (err instanceof RateLimiterRes) return { ok: false, retryAfterMs: Math.max(1000, err.msBeforeNext) };
  console.error(JSON.stringify({ level: "error", msg: "throttle check failed", error: String((err as Error)?.message ?? err) }));
  return OK;
}

/** Spend a point; refused when the key has used its points for this window. */
async function consume(l: RateLimiterAbstract, key: string): Promise<Verdict> {
  try {
    await l.consume(key);
    return OK;
  } catch (err) {
    return failOpen(err);
  }
}

/** Has the key used all its points (without spending one)? */
async function exhausted(l: RateLimiterAbstract, key: string, atLeast = l.points): Promise<Verdict> {
  try {
    const res = await l.get(key);
    return res && res.consumedPoints >= atLeast ? { ok: false, retryAfterMs: Math.max(1000, res.msBeforeNext) } : OK;
  } catch (err) {
    return failOpen(err);
  }
}

async function quietly(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) failOpen(err);
  }
}

/** The first refusal, else OK. */
function firstRefusal(verdicts: Verdict[]): Verdict {
  const refused = verdicts.filter((v): v is Extract<Verdict, { ok: false }> => !v.ok);
  if (refused.length === 0) return OK;
  return { ok: false, retryAfterMs: Math.max(...refused.map((v) => v.retryAfterMs)) };
}

/** Emails as the upstream compares them. */
export const accountKey = (email: string) => email.trim().toLowerCase();

/**
 * The address that counts: IPv4 as is (also when mapped into IPv6); IPv6 by its /64, which one
 * subscriber usually holds whole (counting single IPv6 addresses would give an attacker billions).
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return "unknown";
  const mapped = ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(ip)) return ip;
  const [head, tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g || "0", 16).toString(16))
    .join(":")}::/64`;
}

// ---------------------------------------------------------------------------------------------
// Sign-in
// ---------------------------------------------------------------------------------------------

export interface LoginAttempt {
  ip: string;
  /** The account the attempt is for (the email of the step, or of the login in progress). */
  email: string;
}

/** Before an attempt at any step is sent to the upstream: may it go? Counts the request per address. */
export async function checkLogin({ ip, email }: LoginAttempt): Promise<Verdict> {
  const l = limiters();
  const ipKey = clientKey(ip);
  const account = accountKey(email);
  const checks: Promise<Verdict>[] = [
    exhausted(l.loginIpFailures, ipKey),
    (async () => {
      // Spraying across the portal: while failures exceed the global cap, an address with any
      // failure in its window waits (people who have not failed are unaffected).
      const global = await exhausted(l.loginGlobal, "all", l.loginGlobal.points + 1);
      if (global.ok) return OK;
      const failed = await exhausted(l.loginIpFailures, ipKey, 1);
      return failed.ok ? OK : global;
    })(),
  ];
  if (account) checks.push(exhausted(l.loginAccountIp, `${account}|${ipKey}`), exhausted(l.loginAccount, account));
  const refused = firstRefusal(await Promise.all(checks));
  if (!refused.ok) return refused;
  return consume(l.loginIp, ipKey);
}

/** A wrong password, code or answer at any step: counts against the pair, the account, the address and the portal. */
export async function recordLoginFailure({ ip, email }: LoginAttempt): Promise<void> {
  const l = limiters();
  const ipKey = clientKey(ip);
  const account = accountKey(email);
  const writes = [quietly(l.loginIpFailures.penalty(ipKey)), quietly(l.loginGlobal.penalty("all"))];
  if (account) writes.push(quietly(l.loginAccountIp.penalty(`${account}|${ipKey}`)), quietly(l.loginAccount.penalty(account)));
  await Promise.all(writes);
}

/** Signed in: the lockout of this account at this address is cleared. */
export async function recordLoginSuccess({ ip, email }: LoginAttempt): Promise<void> {
  const account = accountKey(email);
  if (account) await quietly(limiters().loginAccountIp.delete(`${account}|${clientKey(ip)}`));
}

// ---------------------------------------------------------------------------------------------
// Password reset and SSO access requests: every request counts
// ---------------------------------------------------------------------------------------------

async function consumeBoth(byEmail: RateLimiterAbstract, byIp: RateLimiterAbstract, ip: string, email: string): Promise<Verdict> {
  // The address's count first: a client refused for its own flood does not use up the account's mails.
  const fromIp = await consume(byIp, clientKey(ip));
  if (!fromIp.ok) return fromIp;
  return consume(byEmail, accountKey(email));
}

export function consumeForgot({ ip, email }: LoginAttempt): Promise<Verdict> {
  const l = limiters();
  return consumeBoth(l.forgotEmail, l.forgotIp, ip, email);
}

export function consumeSsoAccessRequest({ ip, email }: LoginAttempt): Promise<Verdict> {
  const l = limiters();
  return consumeBoth(l.ssoEmail, l.ssoIp, ip, email);
}

// ---------------------------------------------------------------------------------------------
// How long to wait, in the user's language
// ---------------------------------------------------------------------------------------------

/** Whole seconds for Retry-After (at least 1). */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** "5 minutes", "5 Minuten", "5 минут": rounded up to seconds, minutes or hours, with Intl's own plurals. */
export function formatWait(ms: number, locale: Locale): string {
  const s = retryAfterSeconds(ms);
  const [value, unit] = s < 60 ? [s, "second"] : s < 3600 ? [Math.ceil(s / 60), "minute"] : [Math.ceil(s / 3600), "hour"];
  return new Intl.NumberFormat(toLanguageTag(locale), { style: "unit", unit, unitDisplay: "long" }).format(value);
}

export function retryAfterHeaders(verdict: Extract<Verdict, { ok: false }>): HeadersInit {
  return { "Retry-After": String(retryAfterSeconds(verdict.retryAfterMs)) };
}
