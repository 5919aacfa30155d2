import { describe, expect, test } from "vitest";
import { safeRedirect } from "~/session/redirect";
import { OPEN_REDIRECT_PAYLOADS, staysOnPortal } from "../support/redirects";


describe("safeRedirect", () => {
  test.each([
    ["/today", "/today"],
    ["/client-switcher?x=1#y", "/client-switcher?x=1#y"],
    ["/reports/evacuations/12", "/reports/evacuations/12"],
    ["/manage/overview/sites?search=a%20b", "/manage/overview/sites?search=a%20b"],
    ["/today/./sign-in", "/today/sign-in"],
  ])("keeps a path on this portal: %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  test(`the corpus has at least 40 payloads (${OPEN_REDIRECT_PAYLOADS.length})`, () => {
    expect(OPEN_REDIRECT_PAYLOADS.length).toBeGreaterThanOrEqual(40);
  });

  test.each(OPEN_REDIRECT_PAYLOADS)("%j stays on the portal", (input) => {
    const out = safeRedirect(input);
    expect(staysOnPortal(out), out).toBe(true);
    expect(out).not.toMatch(/evil/i);
    expect(/^\/(login|logout)/i.test(out)).toBe(false);
    // With an empty fallback (the login form's hidden field), nothing at all.
    const none = safeRedirect(input, "");
    expect(none === "" || staysOnPortal(none)).toBe(true);
  });

  test("the probe: /login-detect?redirectTo=%2F.%2F%2Fevil.example", () => {
    expect(safeRedirect(decodeURIComponent("%2F.%2F%2Fevil.example"))).toBe("/today");
  });

  test("non-strings, overlong input and a custom fallback", () => {
    expect(safeRedirect(null)).toBe("/today");
    expect(safeRedirect(undefined, "")).toBe("");
    expect(safeRedirect(`/${"x".repeat(3000)}`)).toBe("/today");
    expect(safeRedirect("/login", "/today", { allowAuthPages: true })).toBe("/login");
  });
});

describe("a redirectTo inside the target", () => {
  test("is checked too, and dropped when it would leave the portal", () => {
    expect(safeRedirect("/login?redirectTo=//evil.example", "/today", { allowAuthPages: true })).toBe("/login");
    expect(safeRedirect("/login?redirectTo=%2Ftoday", "/today", { allowAuthPages: true })).toBe("/login?redirectTo=%2Ftoday");
  });
});
