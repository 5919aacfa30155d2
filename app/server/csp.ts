/** A strict, nonce-based Content-Security-Policy (enforced, never report-only). */
export function contentSecurityPolicy(nonce: string, formActionOrigins: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `form-action 'self' ${formActionOrigins.join(" ")}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}
