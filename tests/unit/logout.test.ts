import { expect, test } from "vitest";
import { allowedLogoutTarget } from "~/features/auth/logout.server";

const req = new Request("https://portal.example/logout", { method: "POST" });

test("logout follows redirect_uri only to the portal or an allowed origin", () => {
  expect(allowedLogoutTarget("https://portal.example/login", req, [])).toBe("https://portal.example/login");
  expect(allowedLogoutTarget("https://idp.example/logout?x=1", req, ["https://idp.example"])).toBe("https://idp.example/logout?x=1");
  expect(allowedLogoutTarget("https://evil.example/", req, ["https://idp.example"])).toBeNull();
  expect(allowedLogoutTarget("javascript:alert(1)", req, [])).toBeNull();
  expect(allowedLogoutTarget("//evil.example", req, [])).toBeNull();
  expect(allowedLogoutTarget("https://portal.example.evil.example/", req, [])).toBeNull();
});
