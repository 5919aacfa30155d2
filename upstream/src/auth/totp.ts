/** RFC 4226 HOTP / RFC 6238 TOTP with node:crypto, and RFC 4648 base32. */
import { createHmac, randomBytes } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(buf: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decode base32 (case-insensitive, spaces and padding ignored). Throws on an invalid character. */
export function base32Decode(input: string): Buffer {
  const clean = input.replace(/[\s=-]/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const idx = ALPHABET.indexOf(ch);
    if (idx < 0) throw new Error("Invalid base32 character");
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export type TotpAlgorithm = "sha1" | "sha256" | "sha512";

export function hotp(key: Buffer, counter: number, digits = 6, algorithm: TotpAlgorithm = "sha1"): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(msg).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const bin =
    ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(bin % 10 ** digits).padStart(digits, "0");
}

export interface TotpOptions {
  digits?: number;
  period?: number;
  algorithm?: TotpAlgorithm;
  /** Unix time in milliseconds; defaults to now. */
  now?: number;
}

/** TOTP for a raw key. */
export function totpRaw(key: Buffer, opts: TotpOptions = {}): string {
  const { digits = 6, period = 30, algorithm = "sha1", now = Date.now() } = opts;
  return hotp(key, Math.floor(now / 1000 / period), digits, algorithm);
}

/** TOTP for a base32 secret (what authenticator apps use). */
export function totp(secretBase32: string, opts: TotpOptions = {}): string {
  return totpRaw(base32Decode(secretBase32), opts);
}

/** Verify a 6-digit SHA1/30 s code, accepting ±`window` steps of clock drift. */
export function verifyTotp(secretBase32: string, code: string, opts: { window?: number; now?: number } = {}): boolean {
  const { window = 1, now = Date.now() } = opts;
  const normalized = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(normalized)) return false;
  let key: Buffer;
  try {
    key = base32Decode(secretBase32);
  } catch {
    return false;
  }
  const counter = Math.floor(now / 1000 / 30);
  for (let i = -window; i <= window; i++) {
    if (hotp(key, counter + i) === normalized) return true;
  }
  return false;
}

export function generateTotpSecret(bytes = 20): string {
  return base32Encode(randomBytes(bytes));
}

export function otpauthUri(secret: string, account: string, issuer = "Gatehouse"): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const q = new URLSearchParams({ secret, issuer, algorithm: "SHA1", digits: "6", period: "30" });
  return `otpauth://totp/${label}?${q.toString()}`;
}
