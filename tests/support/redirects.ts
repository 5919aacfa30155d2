/**
 * Known open-redirect bypasses (OWASP's Unvalidated Redirects cheat sheet and the usual
 * URL-validation bypass lists), written out. Whatever comes in, what comes out must be a path on
 * this portal that a browser cannot read as another host.
 */
export const OPEN_REDIRECT_PAYLOADS = [
  "//evil.example",
  "///evil.example",
  "////evil.example",
  "/\\evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "/.//evil.example",
  "/./\\evil.example",
  "/..//evil.example",
  "/../..//evil.example",
  "/%2e%2e//evil.example",
  "/%2E//evil.example",
  "/.%2e//evil.example",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "/%252F%252Fevil.example",
  "%2F%2Fevil.example",
  "https://evil.example",
  "http://evil.example",
  "HTTPS://evil.example",
  "https:evil.example",
  "http:/evil.example",
  "http:\\\\evil.example",
  "//evil.example@portal.invalid",
  "https://portal.invalid@evil.example",
  "//evil.example/%2F..",
  "//evil.example%2F@portal.invalid",
  "//evil%E3%80%82example",
  "//ⓔⓥⓘⓛ.example",
  "//2130706433",
  "//0x7f.0x0.0x0.0x1",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(document.domain)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  " //evil.example",
  "\t//evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\u0000//evil.example",
  "/\u00a0//evil.example",
  "/\u2028//evil.example",
  "/\u3000//evil.example",
  "/\ufeff//evil.example",
  "/%09/evil.example",
  "///\\;@evil.example",
  "/today\r\nLocation: //evil.example",
  "/%0d%0aLocation:%20//evil.example",
  "evil.example",
  "/login?redirectTo=//evil.example",
  "/LOGIN",
  "/Logout/",
  "//login",
] as const;

/** What a browser would do with `Location: out` on https://portal.example: stay, on a path of ours. */
export function staysOnPortal(out: string): boolean {
  const portal = "https://portal.example";
  const url = new URL(out, `${portal}/somewhere/deep`);
  return (
    url.origin === portal &&
    out.startsWith("/") &&
    !out.startsWith("//") &&
    !out.startsWith("/\\") &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u0020\u007f]/.test(out)
  );
}
