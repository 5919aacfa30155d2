import { describe, expect, test } from "vitest";
import { safeRedirect } from "~/session/redirect";

describe("safeRedirect", () => {
  test.each([
    ["/today", "/today"],
    ["/client-switcher?x=1#y", "/client-switcher?x=1#y"],
    ["/reports/evacuations/12", "/reports/evacuations/12"],
  ])("keeps a path on this portal: %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  test.each([
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "https://evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/today\nSet-Cookie: x",
    "/%0d%0aSet-Cookie",
    "/login",
    "/logout",
    "/reset/abc",
    "",
    "x".repeat(3000),
  ])("refuses %j", (input) => {
    const out = safeRedirect(input);
    expect(out === "/today" || !out.includes("evil")).toBe(true);
    expect(out.startsWith("//")).toBe(false);
    if (!input.startsWith("/%0d")) expect(out).toBe("/today");
  });

  test("non-strings and a custom fallback", () => {
    expect(safeRedirect(null)).toBe("/today");
    expect(safeRedirect(undefined, "")).toBe("");
  });
});
