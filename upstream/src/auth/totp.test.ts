import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, otpauthUri, totp, totpRaw, verifyTotp } from "./totp.ts";

// RFC 6238 Appendix B (seeds are the ASCII strings, 8 digits).
const SEED_SHA1 = Buffer.from("12345678901234567890");
const SEED_SHA256 = Buffer.from("12345678901234567890123456789012");
const SEED_SHA512 = Buffer.from("1234567890123456789012345678901234567890123456789012345678901234");
const VECTORS: [number, string, string, string][] = [
  [59, "94287082", "46119246", "90693936"],
  [1111111109, "07081804", "68084774", "25091201"],
  [1111111111, "14050471", "67062674", "99943326"],
  [1234567890, "89005924", "91819424", "93441116"],
  [2000000000, "69279037", "90698825", "38618901"],
  [20000000000, "65353130", "77737706", "47863826"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(VECTORS)("t=%i", (t, sha1, sha256, sha512) => {
    const now = t * 1000;
    expect(totpRaw(SEED_SHA1, { now, digits: 8 })).toBe(sha1);
    expect(totpRaw(SEED_SHA256, { now, digits: 8, algorithm: "sha256" })).toBe(sha256);
    expect(totpRaw(SEED_SHA512, { now, digits: 8, algorithm: "sha512" })).toBe(sha512);
  });

  it("HOTP matches RFC 4226 Appendix D", () => {
    const expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
    expected.forEach((code, i) => expect(hotp(SEED_SHA1, i)).toBe(code));
  });

  it("base32 round-trips and decodes the demo secret", () => {
    expect(base32Encode(SEED_SHA1)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ").equals(SEED_SHA1)).toBe(true);
    expect(base32Decode("jbsw y3dp ehpk 3pxp").toString("hex")).toBe("48656c6c6f21deadbeef");
    expect(() => base32Decode("not base32!")).toThrow();
  });

  it("verifies with a ±1 step window only", () => {
    const secret = "JBSWY3DPEHPK3PXP";
    const now = 1_700_000_000_000;
    const code = totp(secret, { now });
    expect(verifyTotp(secret, code, { now })).toBe(true);
    expect(verifyTotp(secret, code, { now: now + 30_000 })).toBe(true);
    expect(verifyTotp(secret, code, { now: now - 30_000 })).toBe(true);
    expect(verifyTotp(secret, code, { now: now + 90_000 })).toBe(false);
    expect(verifyTotp(secret, "12345", { now })).toBe(false);
    expect(verifyTotp("!!!", code, { now })).toBe(false);
  });

  it("builds an otpauth URI", () => {
    expect(otpauthUri("JBSWY3DPEHPK3PXP", "a@b.com")).toBe(
      "otpauth://totp/Gatehouse%3Aa%40b.com?secret=JBSWY3DPEHPK3PXP&issuer=Gatehouse&algorithm=SHA1&digits=6&period=30",
    );
  });
});
