/**
 * Every `redirectTo` goes through here: only a path on this portal is accepted. Anything else
 * (`//evil.example`, `https://…`, `/\evil`, control characters, the login pages themselves)
 * falls back to the default.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/today",
  opts: { allowAuthPages?: boolean } = {},
): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, "http://portal.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://portal.invalid") return fallback;
  if (!opts.allowAuthPages && /^\/(login|logout|forgot|reset)(\/|$)/.test(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}
