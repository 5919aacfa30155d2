/**
 * The demo identity provider: a real OpenID Connect provider (oidc-provider, Koa inside) mounted
 * at `{PUBLIC_URL}/oidc` on the upstream's port, with its own small sign-in page (no devInteractions).
 * Its state lives in memory (the default adapter), which is fine for a demo.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import Provider, { type Configuration } from "oidc-provider";
import type { App } from "../runtime/app.ts";
import { oidcIssuer, ssoRedirectUri } from "../runtime/app.ts";
import { readBody } from "../http/router.ts";
import { SSO_CLIENT_ID } from "./rp.ts";

export const OIDC_PREFIX = "/oidc";
const INTERACTION = /^\/oidc\/interaction\/([A-Za-z0-9_-]{1,64})\/?$/;

export interface IdentityProvider {
  /** True when the request was handled (path under /oidc). */
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean>;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Domains whose addresses this provider signs in: the domains of the SSO configs. */
async function allowedDomains(app: App): Promise<string[]> {
  const rows = await app.db.query<{ domain: string }>("SELECT DISTINCT lower(domain) AS domain FROM sso_configs ORDER BY 1");
  return rows.map((r) => r.domain);
}

function page(opts: { uid: string; email: string; error?: string; clientName: string; domains: string[] }): string {
  const { uid, email, error, domains } = opts;
  const hint = domains.length ? `Use an address at ${domains.map((d) => `@${d}`).join(" or ")}.` : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo identity provider</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1d2433; margin: 0; }
  main { max-width: 26rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  label { display: block; font-weight: 600; margin-bottom: .25rem; }
  input { width: 100%; box-sizing: border-box; font-size: 1rem; padding: .55rem; border: 1px solid #6b7280; border-radius: 4px; }
  input:focus, button:focus { outline: 3px solid #2563eb; outline-offset: 2px; }
  .hint { color: #4b5563; font-size: .9rem; margin: .35rem 0 1rem; }
  .error { color: #b91c1c; font-weight: 600; margin: .5rem 0 1rem; }
  .actions { display: flex; gap: .75rem; }
  button { font-size: 1rem; padding: .55rem 1.1rem; border-radius: 4px; border: 1px solid #1d4ed8; background: #1d4ed8; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1d4ed8; }
</style>
</head>
<body>
<main>
  <h1>Demo identity provider</h1>
  <p>Sign in to continue to ${escapeHtml(opts.clientName)}.</p>
  <form method="post" action="${OIDC_PREFIX}/interaction/${escapeHtml(uid)}" novalidate>
    <label for="email">Email address</label>
    <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"
      aria-describedby="email-hint${error ? " email-error" : ""}"${error ? ' aria-invalid="true" autofocus' : ""}>
    <p class="hint" id="email-hint">${escapeHtml(hint)}</p>
    ${error ? `<p class="error" id="email-error" role="alert">${escapeHtml(error)}</p>` : ""}
    <div class="actions">
      <button type="submit" name="action" value="login">Sign in</button>
      <button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button>
    </div>
  </form>
</main>
</body>
</html>`;
}

export function createIdentityProvider(app: App): IdentityProvider {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: "jwk" }), kid: "demo-rs256", alg: "RS256", use: "sig" };

  const configuration: Configuration = {
    clients: [
      {
        client_id: SSO_CLIENT_ID,
        client_secret: app.opts.ssoClientSecret,
        redirect_uris: [ssoRedirectUri(app)],
        post_logout_redirect_uris: [`${app.opts.portalUrl}/login`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [app.opts.jwtSecret, randomBytes(16).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // Put the scope's claims into the id_token (the upstream reads the email from it).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `${OIDC_PREFIX}/interaction/${interaction.uid}` },
    // First-party client: consent is implied (no consent screen).
    async loadExistingGrant(ctx) {
      const oidc = ctx.oidc;
      const grantId = oidc.result?.consent?.grantId || oidc.session!.grantIdFor(oidc.client!.clientId);
      if (grantId) {
        const existing = await oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId! });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, sub) {
      const email = sub.toLowerCase();
      const local = email.split("@")[0];
      const name = local.replace(/[._-]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
      return {
        accountId: email,
        async claims() {
          return { sub: email, email, email_verified: true, name };
        },
      };
    },
    async renderError(ctx, out) {
      ctx.type = "html";
      const items = Object.entries(out)
        .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(String(v))}</dd>`)
        .join("");
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo identity provider</title></head>
<body><main><h1>Demo identity provider</h1><p>Sign-in failed.</p><dl>${items}</dl>
<p><a href="${escapeHtml(app.opts.portalUrl)}/login">Back to Gatehouse</a></p></main></body></html>`;
    },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
  };

  const provider = new Provider(oidcIssuer(app), configuration);
  provider.on("server_error", (_ctx, err) => app.log({ level: "error", msg: "oidc server_error", error: String(err) }));
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string): Promise<void> {
    let details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      res.writeHead(400, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo identity provider</title></head>
<body><main><h1>Demo identity provider</h1><p>This sign-in request has expired. Please start again from Gatehouse.</p>
<p><a href="${escapeHtml(app.opts.portalUrl)}/login">Back to Gatehouse</a></p></main></body></html>`);
      return;
    }
    if (details.uid !== uid) {
      res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
      res.end("Interaction mismatch.");
      return;
    }
    const domains = await allowedDomains(app);
    const clientName = "Gatehouse";
    const render = (status: number, email: string, error?: string) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      res.end(page({ uid, email, error, clientName, domains }));
    };

    if (req.method === "GET") {
      const hint = typeof details.params.login_hint === "string" ? details.params.login_hint : "";
      render(200, hint);
      return;
    }
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "GET, POST" });
      res.end();
      return;
    }
    const form = (await readBody(req)) as Record<string, unknown>;
    if (form.action === "cancel") {
      await provider.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "The sign-in was cancelled." },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const email = String(form.email ?? "").trim().toLowerCase();
    const domain = email.split("@")[1] ?? "";
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      render(400, email, "Enter a valid email address.");
      return;
    }
    if (!domains.includes(domain)) {
      render(400, email, `This identity provider cannot sign in addresses at @${domain}. ${domains.length ? `Use an address at @${domains[0]}.` : ""}`.trim());
      return;
    }
    await provider.interactionFinished(req, res, { login: { accountId: email } }, { mergeWithLastSubmission: false });
  }

  return {
    async handle(req, res, path) {
      if (path !== OIDC_PREFIX && !path.startsWith(`${OIDC_PREFIX}/`)) return false;
      const m = INTERACTION.exec(path);
      if (m) {
        await interaction(req, res, m[1]);
        return true;
      }
      // Mount under /oidc: oidc-provider derives its mount path from originalUrl vs url.
      const original = req.url ?? "/";
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = original;
      req.url = original.slice(OIDC_PREFIX.length) || "/";
      if (!req.url.startsWith("/")) req.url = `/${req.url}`;
      await callback(req, res);
      return true;
    },
  };
}
