/**
 * The small HTML pages the upstream's demo services show a person (the demo directory's and the
 * demo Slack's consent pages): one plain, accessible page frame, HTML escaping, and the redirect
 * back to an OAuth client's redirect_uri.
 */
import type { Reply } from "./router.ts";

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A page: `title` escaped, `body` as it is (escape what goes into it). No scripts; styles inline only. */
export function htmlPage(title: string, body: string, status = 200): Reply {
  return {
    status,
    headers: { "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'" },
    raw: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1d2433; margin: 0; }
  main { max-width: 28rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  h2 { font-size: 1.05rem; margin-top: 1.25rem; }
  .actions { display: flex; gap: .75rem; align-items: center; margin-top: 1.5rem; }
  button { font-size: 1rem; padding: .55rem 1.1rem; border-radius: 4px; border: 1px solid #1d4ed8; background: #1d4ed8; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1d4ed8; }
  a { color: #1d4ed8; }
  button:focus, a:focus { outline: 3px solid #2563eb; outline-offset: 2px; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`,
  };
}

/** 302 to `to` with these query parameters added (an OAuth redirect back to the client). */
export function redirectWith(to: string, params: Record<string, string>): Reply {
  const url = new URL(to);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { status: 302, headers: { location: url.toString() }, raw: "" };
}
