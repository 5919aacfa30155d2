// Minimal typings for the parts of oidc-provider v9 the upstream uses (the package ships none).
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export interface GrantConstructor {
    new (init: { clientId: string; accountId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }
  export interface OidcSession {
    accountId?: string;
    grantIdFor(clientId: string): string | undefined;
  }
  export interface KoaContextWithOIDC {
    type: string;
    body: unknown;
    oidc: {
      provider: Provider;
      client?: { clientId: string };
      session?: OidcSession;
      result?: { consent?: { grantId?: string } };
    };
  }
  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>>;
  }
  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
  }
  export interface Configuration {
    clients?: Record<string, unknown>[];
    jwks?: { keys: Record<string, unknown>[] };
    cookies?: { keys?: string[]; long?: Record<string, unknown>; short?: Record<string, unknown> };
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, { enabled: boolean } & Record<string, unknown>>;
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: unknown) => boolean };
    interactions?: { url?: (ctx: KoaContextWithOIDC, interaction: { uid: string }) => string | Promise<string> };
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    findAccount?: (ctx: KoaContextWithOIDC, sub: string, token?: unknown) => Promise<Account | undefined>;
    renderError?: (ctx: KoaContextWithOIDC, out: Record<string, unknown>, error: Error) => void | Promise<void>;
    ttl?: Record<string, number>;
    [k: string]: unknown;
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    Grant: GrantConstructor;
    issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      opts?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: any[]) => void): this;
  }
}
