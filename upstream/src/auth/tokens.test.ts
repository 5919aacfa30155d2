import { decodeJwt, decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";
import { AccessTokenClaims } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { resolveOptions } from "../config.ts";
import { buildClaims, signAccessToken, verifyAccessToken } from "./tokens.ts";

const app = { opts: resolveOptions({ port: 4000, accessTokenTtl: 3600 }) } as App;
const user = { id: 7, name: "Sam Standard", is_super: false, locale: "en_GB" };
const m = { is_primary: false, is_billing: true, site_ids: [1, 3] };

describe("access token claims", () => {
  it("carries every AccessTokenClaims claim", async () => {
    const claims = buildClaims(app, user, m, { region: "eu", number: 1 }, "sid1", 1_700_000_000);
    expect(AccessTokenClaims.parse(claims)).toBeTruthy();
    expect(claims).toMatchObject({
      sub: "7",
      name: "Sam Standard",
      aud: "eu:1",
      iss: "http://localhost:4000/eu",
      iat: 1_700_000_000,
      exp: 1_700_003_600,
      "user:primary": false,
      "user:billing": true,
      "user:is_super": false,
      "user:site_id": "1,3",
      locale: "en_GB",
    });
    expect(buildClaims(app, user, { ...m, site_ids: null }, { region: "us", number: 2 }, "s").iss).toBe("http://localhost:4000/us");
    expect(buildClaims(app, user, { ...m, site_ids: null }, { region: "us", number: 2 }, "s")["user:site_id"]).toBe("");
  });

  it("signs HS256 and verifies against the issuing region only", async () => {
    const token = await signAccessToken(app, buildClaims(app, user, m, { region: "eu", number: 1 }, "sid1"));
    expect(decodeProtectedHeader(token).alg).toBe("HS256");
    expect(decodeJwt(token).aud).toBe("eu:1");
    await expect(verifyAccessToken(app, token, { issuer: "http://localhost:4000/eu" })).resolves.toMatchObject({ sid: "sid1" });
    await expect(verifyAccessToken(app, token, { issuer: "http://localhost:4000/us" })).rejects.toMatchObject({ status: 401 });
    await expect(verifyAccessToken({ opts: { ...app.opts, jwtSecret: "other" } } as App, token)).rejects.toMatchObject({ status: 401 });
  });

  it("rejects expired tokens unless allowExpired", async () => {
    const old = buildClaims(app, user, m, { region: "eu", number: 1 }, "sid1", Math.floor(Date.now() / 1000) - 7200);
    const token = await signAccessToken(app, old);
    await expect(verifyAccessToken(app, token)).rejects.toMatchObject({ status: 401, body: { code: "session_expired" } });
    await expect(verifyAccessToken(app, token, { allowExpired: true })).resolves.toMatchObject({ sub: "7" });
  });
});
