/** Spec §5: the strength rules of a new password (zod-free: the browser checks them too). */
export const PASSWORD_RULES = [
  { id: "length", test: (s: string) => s.length >= 8 },
  { id: "upper", test: (s: string) => /\p{Lu}/u.test(s) },
  { id: "lower", test: (s: string) => /\p{Ll}/u.test(s) },
  { id: "number", test: (s: string) => /\d/.test(s) },
  { id: "special", test: (s: string) => /[^\p{L}\p{N}\s]/u.test(s) },
] as const;

/** Spec §5: 8 or more characters, upper and lower case, a number and a special character. */
export function isStrongPassword(s: string): boolean {
  return PASSWORD_RULES.every((r) => r.test(s));
}
