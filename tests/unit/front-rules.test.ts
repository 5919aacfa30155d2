/** The express front's rules of issue 24 item 6 (ADR 009, "Behind a TLS proxy"): cookies over HTTPS, methods, bodies. */
import { describe, expect, test } from "vitest";
import { carriesForm } from "~/server/body";
import { REFUSAL_STATUS, refusalTexts } from "~/server/refusal";
import { secureCookie } from "~/server/remix-handler";

describe("over HTTPS every cookie is Secure", () => {
  test("the attribute is added once, whatever its case or place", () => {
    expect(secureCookie("gh_lng=de; Path=/; HttpOnly; SameSite=Lax")).toBe("gh_lng=de; Path=/; HttpOnly; SameSite=Lax; Secure");
    expect(secureCookie("gh_refresh=off")).toBe("gh_refresh=off; Secure");
    for (const already of ["__Host-gh_session=x; Path=/; Secure; HttpOnly", "a=b; secure", "a=b; SECURE ; Path=/"]) {
      expect(secureCookie(already)).toBe(already);
    }
    // A value or another attribute that merely contains the word is not the attribute.
    expect(secureCookie("note=insecure; Path=/secure")).toBe("note=insecure; Path=/secure; Secure");
  });
});

describe("only forms reach the actions", () => {
  test("url-encoded and multipart posts pass; JSON, text and untyped posts do not; GET and HEAD carry no body", () => {
    expect(carriesForm("POST", "application/x-www-form-urlencoded")).toBe(true);
    expect(carriesForm("POST", "application/x-www-form-urlencoded;charset=UTF-8")).toBe(true);
    expect(carriesForm("POST", "multipart/form-data; boundary=----x")).toBe(true);
    for (const type of [undefined, "", "application/json", "text/plain", "application/x-www-form-urlencodedx", "multipart/form-data"]) {
      expect(carriesForm("POST", type), String(type)).toBe(false);
    }
    expect(carriesForm("GET", undefined)).toBe(true);
    expect(carriesForm("HEAD", "application/json")).toBe(true);
  });

  test("a method or a body the portal does not serve is a 405 or a 415 with the translated bad-request texts", () => {
    expect(REFUSAL_STATUS.method_not_allowed).toBe(405);
    expect(REFUSAL_STATUS.unsupported_type).toBe(415);
    const en = refusalTexts("en_GB", "method_not_allowed", "r-1");
    expect(en.title).toBe("That request could not be used");
    expect(en.body).toBe("Something in it was missing or not allowed. Go back, check and try again.");
    const de = refusalTexts("de", "unsupported_type", "r-2");
    expect(de.title).not.toBe(en.title);
    expect(de.body).not.toBe(en.body);
    expect(de.reference).toContain("r-2");
  });
});
