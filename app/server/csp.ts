/**
 * A strict, nonce-based Content-Security-Policy (enforced, never report-only). Uploaded files
 * (branding images, welcome videos, evacuation point photos) are shown from the portal's own
 * `/files/{name}`, so images and media come from 'self' only (plus `data:` images).
 */
export function contentSecurityPolicy(nonce: string, formActionOrigins: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    `form-action 'self' ${formActionOrigins.join(" ")}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}
