/**
 * A strict, nonce-based Content-Security-Policy (enforced, never report-only). `imageOrigins` are
 * the allowed upstreams' origins: they serve uploaded images (branding images, evacuation point
 * photos) at unguessable `/files/…` URLs, which pages show directly.
 */
export function contentSecurityPolicy(nonce: string, formActionOrigins: string[], imageOrigins: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    `img-src 'self' data: ${imageOrigins.join(" ")}`.trim(),
    "font-src 'self'",
    "connect-src 'self'",
    `form-action 'self' ${formActionOrigins.join(" ")}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

/** The distinct origins of the allowed upstream issuers (e.g. `http://localhost:4000/eu` → `http://localhost:4000`). */
export function issuerOrigins(issuers: string[]): string[] {
  const out = new Set<string>();
  for (const issuer of issuers) {
    try {
      const url = new URL(issuer);
      if (url.protocol === "https:" || url.protocol === "http:") out.add(url.origin);
    } catch {
      // Not a URL: the portal refuses such an environment at start anyway.
    }
  }
  return [...out];
}
