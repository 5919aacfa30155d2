// The environments `npm start` gives its two children (kept apart from start.mjs, which runs on
// import, so a test can check them).
import path from "node:path";

/**
 * `base` is the caller's environment, `root` the checkout. The portal always runs with
 * NODE_ENV=production: in development mode Remix puts error stacks into pages.
 */
export function startEnvs(base, root) {
  const port = base.PORT ?? "3000";
  const upstreamPort = base.UPSTREAM_PORT ?? "4000";
  const upstreamUrl = `http://localhost:${upstreamPort}`;
  const shared = {
    ...base,
    GATEHOUSE_DEMO: "1",
    PORT: port,
    UPSTREAM_PORT: upstreamPort,
    PORTAL_URL: base.PORTAL_URL ?? `http://localhost:${port}`,
    AUTH_API_URL: base.AUTH_API_URL ?? `${upstreamUrl}/api/v2`,
    UPSTREAM_ISSUERS: base.UPSTREAM_ISSUERS ?? `${upstreamUrl}/eu,${upstreamUrl}/us`,
    DATA_DIR: base.DATA_DIR ?? path.join(root, ".data"),
  };
  return {
    port,
    upstreamUrl,
    // Notifications may call the upstream's own demo webhook receiver (/webhook-receiver/{name}),
    // so the seeded demo webhook works out of the box; private addresses are refused otherwise (ADR 028).
    upstream: { ...shared, NOTIFY_ALLOW_PRIVATE: base.NOTIFY_ALLOW_PRIVATE ?? `localhost:${upstreamPort},127.0.0.1:${upstreamPort}` },
    portal: { ...shared, NODE_ENV: "production" },
  };
}
