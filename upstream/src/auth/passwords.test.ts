import { describe, expect, it } from "vitest";
import { hashPassword, passwordStrengthErrors, verifyPassword } from "./passwords.ts";

describe("password strength", () => {
  it("accepts a strong password", () => {
    expect(passwordStrengthErrors("Demo-Passw0rd!")).toEqual([]);
    expect(passwordStrengthErrors("Ünïcode-1x")).toEqual([]);
  });
  it.each([
    ["Ab1!", "at least 8"],
    ["alllower1!", "uppercase and one lowercase"],
    ["ALLUPPER1!", "uppercase and one lowercase"],
    ["NoDigits!!", "number"],
    ["NoSpecial1", "special"],
  ])("rejects %s", (pw, msg) => {
    expect(passwordStrengthErrors(pw).join(" ")).toContain(msg);
  });
});

describe("scrypt hashing", () => {
  it("hashes with a salt and verifies", async () => {
    const a = await hashPassword("Demo-Passw0rd!");
    const b = await hashPassword("Demo-Passw0rd!");
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword("Demo-Passw0rd!", a)).toBe(true);
    expect(await verifyPassword("demo-passw0rd!", a)).toBe(false);
    expect(await verifyPassword("anything", null)).toBe(false);
    expect(await verifyPassword("anything", "garbage")).toBe(false);
  });
});
