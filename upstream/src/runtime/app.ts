/** The shared state of one running upstream. */
import type { UpstreamOptions } from "../config.ts";
import type { Db } from "../db/index.ts";
import type { RateLimiter } from "../auth/ratelimit.ts";
import type { Stats } from "./stats.ts";
import type { Realtime } from "../realtime/server.ts";
import type { Region } from "../../contract/index.ts";

export interface App {
  db: Db;
  /** Mutable at runtime through the test hooks (TTLs, rate limit). */
  opts: UpstreamOptions;
  limiter: RateLimiter;
  stats: Stats;
  /** The Pusher-protocol websocket server on the same port: `app.realtime.broadcast(channel, event, data)`. */
  realtime: Realtime;
  /** Base the server can reach itself at (OIDC token endpoint, JWKS). */
  internalUrl: string;
  log(entry: Record<string, unknown>): void;
}

/** Token issuer for a region: the regional base without `/api/v2`. */
export const issuerFor = (app: App, region: Region | string) => `${app.opts.publicUrl}/${region}`;

export const oidcIssuer = (app: App) => `${app.opts.publicUrl}/oidc`;

export const ssoRedirectUri = (app: App) => `${app.opts.portalUrl}/login/sso/callback`;
