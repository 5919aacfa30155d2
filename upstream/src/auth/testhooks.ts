/** The auth service's test hooks: token lifetimes and the login rate limit, sign-ins aged or revoked, TOTP codes, the mail outbox. */
import { z } from "zod";
import type { App } from "../runtime/app.ts";
import { one } from "../db/index.ts";
import { HttpError, notFound, validation } from "../http/errors.ts";
import { parseTestInput, type TestHook } from "../http/testhooks.ts";
import { findUserByEmail } from "../clients/model.ts";
import { revokeUserSessions } from "./tokens.ts";
import { totp } from "./totp.ts";

const ConfigBody = z.object({
  access_token_ttl: z.number().int().positive().optional(),
  refresh_token_ttl: z.number().int().positive().optional(),
  login_rate_limit: z.number().int().positive().optional(),
  login_rate_window: z.number().int().positive().optional(),
});

function currentConfig(app: App) {
  return {
    access_token_ttl: app.opts.accessTokenTtl,
    refresh_token_ttl: app.opts.refreshTokenTtl,
    login_rate_limit: app.opts.loginRateLimit,
    login_rate_window: app.opts.loginRateWindow,
  };
}

export function testHooks(app: App): TestHook[] {
  return [
    { method: "GET", path: "/__test/config", handler: () => ({ body: currentConfig(app) }) },
    {
      method: "POST",
      path: "/__test/config",
      handler: async (ctx) => {
        const b = parseTestInput(ConfigBody, await ctx.readBody());
        if (b.access_token_ttl !== undefined) app.opts.accessTokenTtl = b.access_token_ttl;
        if (b.refresh_token_ttl !== undefined) app.opts.refreshTokenTtl = b.refresh_token_ttl;
        if (b.login_rate_limit !== undefined) app.limiter.limit = app.opts.loginRateLimit = b.login_rate_limit;
        if (b.login_rate_window !== undefined) app.limiter.windowSeconds = app.opts.loginRateWindow = b.login_rate_window;
        return { body: currentConfig(app) };
      },
    },
    {
      method: "POST",
      path: "/__test/rate-limit/reset",
      handler: () => {
        app.limiter.reset();
        return { body: { ok: true } };
      },
    },
    {
      method: "GET",
      path: "/__test/outbox",
      handler: async (ctx) => {
        const to = ctx.url.searchParams.get("to");
        const row = await one<{ to_email: string; subject: string; body: string; created_at: Date }>(
          app.db,
          to
            ? "SELECT to_email, subject, body, created_at FROM outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1"
            : "SELECT to_email, subject, body, created_at FROM outbox ORDER BY id DESC LIMIT 1",
          to ? [to.trim().toLowerCase()] : []
        );
        if (!row) throw notFound("No mail.");
        // How many mails went to that address (or in all): what a throttle on sending them must bound.
        const total = await one<{ n: string | number }>(
          app.db,
          to ? "SELECT count(*) AS n FROM outbox WHERE to_email = $1" : "SELECT count(*) AS n FROM outbox",
          to ? [to.trim().toLowerCase()] : []
        );
        return { body: { to: row.to_email, subject: row.subject, body: row.body, created_at: row.created_at, count: Number(total?.n ?? 0) } };
      },
    },
    // A user's sign-ins made `hours` older (forced re-authentication, ADR 023).
    {
      method: "POST",
      path: "/__test/sessions/age",
      handler: async (ctx) => {
        const b = parseTestInput(z.object({ email: z.string(), hours: z.number().int().min(1).max(1000) }), await ctx.readBody());
        const user = await findUserByEmail(app.db, b.email);
        if (!user) throw notFound("Unknown user.");
        const rows = await app.db.query("UPDATE sessions SET created_at = created_at - make_interval(hours => $2) WHERE user_id = $1 RETURNING id", [
          user.id,
          b.hours,
        ]);
        return { body: { ok: true, aged: rows.length } };
      },
    },
    {
      method: "POST",
      path: "/__test/revoke",
      handler: async (ctx) => {
        const b = parseTestInput(z.object({ email: z.string() }), await ctx.readBody());
        const user = await findUserByEmail(app.db, b.email);
        if (!user) throw notFound("Unknown user.");
        const revoked = await revokeUserSessions(app.db, user.id);
        return { body: { ok: true, revoked } };
      },
    },
    {
      method: "GET",
      path: "/__test/totp",
      handler: (ctx) => {
        const secret = ctx.url.searchParams.get("secret");
        if (!secret) throw new HttpError(422, { message: "secret is required", errors: { secret: ["The secret field is required."] } });
        try {
          return { body: { code: totp(secret) } };
        } catch {
          throw validation({ secret: ["The secret is not valid base32."] });
        }
      },
    },
  ];
}
