/** An email address as the auth service reads it (login, password reset, a new portal user). */
import { validation } from "../http/errors.ts";

/** Something@something.tld: the shape every email field is checked against. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function checkEmail(email: string): void {
  if (!email) throw validation({ email: ["The email field is required."] });
  if (!EMAIL_RE.test(email)) throw validation({ email: ["The email must be a valid email address."] });
}
