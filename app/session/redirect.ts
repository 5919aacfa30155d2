/**
 * Every `redirectTo` goes through here: only a path on this portal is accepted, and the check is
 * made on the target as it will be sent, after the URL parser has normalised it (dot segments,
 * percent-encoded dots, repeated slashes). Anything else — another origin, a scheme, `//host` or
 * `/\host` before or after normalisation or percent-decoding, control characters or whitespace of
 * any kind, the login pages themselves — falls back to the default.
 */
const BASE = "http://portal.invalid";

/** C0/C1 controls, every Unicode space or line/paragraph separator, the BOM, and backslashes. */
// eslint-disable-next-line no-control-regex
const REFUSED_CHARACTERS = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff\\]/;

/** Would a browser, given this as a Location, leave the portal (`//host`, `/\host`)? */
const leavesOrigin = (path: string) => !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\");

/** The path decoded until it no longer changes (at most 3 rounds: double encoding); null if malformed as sent. */
function decoded(path: string): string | null {
  let current = path;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return round === 0 ? null : current;
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/today",
  opts: { allowAuthPages?: boolean } = {},
): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (REFUSED_CHARACTERS.test(to) || leavesOrigin(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // A target that carries a redirectTo of its own (the login page) carries only a checked one.
  const carried = url.searchParams.get("redirectTo");
  if (carried !== null) {
    const checked = safeRedirect(carried, "");
    if (checked) url.searchParams.set("redirectTo", checked);
    else url.searchParams.delete("redirectTo");
  }
  const target = url.pathname + url.search + url.hash;
  // The normalised target, and its path once fully decoded (a server or browser further on may decode it).
  const path = decoded(url.pathname);
  if (leavesOrigin(target) || path === null || leavesOrigin(path) || REFUSED_CHARACTERS.test(path)) return fallback;
  if (!opts.allowAuthPages && /^\/(login|logout|forgot|reset)(\/|$)/i.test(path.replace(/\/{2,}/g, "/"))) return fallback;
  return target;
}
