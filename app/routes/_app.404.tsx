/** /404 — "Page not found" (spec §2): the signed-in catch-all under its own name. */
export { meta, loader, action, default, ErrorBoundary } from "./_app.$";
