/** Password hashing (scrypt, salted) and the strength rule of spec §5. */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * The scrypt cost of new hashes. `UPSTREAM_SCRYPT_N` (a power of two, 1024 or more) lowers it for
 * the test stacks only (tests/support/stack.ts), where every sign-in of a run pays it; a stored
 * hash carries its own cost, so verifying never depends on this setting.
 */
const N = ((n) => (Number.isInteger(n) && n >= 1024 && n <= 1_048_576 && (n & (n - 1)) === 0 ? n : 16384))(Number(process.env.UPSTREAM_SCRYPT_N));
const R = 8;
const P = 1;
const KEYLEN = 32;

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$saltB64$hashB64` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

const DUMMY_HASH = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString("base64")}$${Buffer.alloc(KEYLEN).toString("base64")}`;

/** Constant-ish time: an absent hash still costs one scrypt (no user enumeration by timing). */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? DUMMY_HASH).split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, r, p, saltB64, hashB64] = parts;
  const expected = Buffer.from(hashB64, "base64");
  const key = await scrypt(password, Buffer.from(saltB64, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return stored != null && key.length === expected.length && timingSafeEqual(key, expected);
}

export const PASSWORD_POLICY =
  "Passwords must be at least 8 characters long and contain an upper case letter, a lower case letter, a number and a special character.";

/** Strength rule: 8+ characters, upper and lower case, a digit and a special character. Returns messages. */
export function passwordStrengthErrors(password: string): string[] {
  const errors: string[] = [];
  if (password.length < 8) errors.push("The password must be at least 8 characters.");
  if (!/\p{Lu}/u.test(password) || !/\p{Ll}/u.test(password))
    errors.push("The password must contain at least one uppercase and one lowercase letter.");
  if (!/\p{Nd}/u.test(password)) errors.push("The password must contain at least one number.");
  if (!/[^\p{L}\p{Nd}\s]/u.test(password)) errors.push("The password must contain at least one special character.");
  return errors;
}
