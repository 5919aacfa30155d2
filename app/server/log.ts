/** One JSON line per request. Secrets in paths (reset tokens, magic links) are redacted. */
export function redactPath(p: string): string {
  return p.replace(/^\/reset\/[^/]+/, "/reset/:token").replace(/^\/magic-link\/.+/, "/magic-link/:redacted");
}

export function logRequest(fields: Record<string, unknown>) {
  if (process.env.LOG_REQUESTS === "0") return;
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: "request", ...fields }) + "\n");
}
