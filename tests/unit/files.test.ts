/**
 * Uploaded files on pages (issue 12, item 9): a page links a file only at the portal's own
 * `/files/{name}`, and only for a contract FileName — never a URL the upstream (or anyone) sent;
 * the page CSP allows images and media from the portal alone.
 */
import { describe, expect, test } from "vitest";
import { FileName } from "@contract";
import { shownFileUrl } from "~/features/manage/media.server";
import { contentSecurityPolicy } from "~/server/csp";

describe("shownFileUrl", () => {
  test("a file name becomes the portal's /files/ URL", () => {
    expect(shownFileUrl("AbCdEf0123456789_-xyzAB.png")).toBe("/files/AbCdEf0123456789_-xyzAB.png");
    expect(shownFileUrl("AbCdEf0123456789_-xyzAB.mp4")).toBe("/files/AbCdEf0123456789_-xyzAB.mp4");
    expect(shownFileUrl("AbCdEf0123456789_-xyzAB.pdf")).toBe("/files/AbCdEf0123456789_-xyzAB.pdf");
  });
  test("anything else is not shown: URLs (the old public ones too), scripts, paths, other kinds, nothing", () => {
    for (const bad of [
      "http://localhost:4000/files/AbCdEf0123456789_-xyzAB.png",
      "https://evil.example/AbCdEf0123456789.png",
      "javascript:alert(1)//AbCdEf0123456789.png",
      "//evil.example/AbCdEf0123456789.png",
      "../AbCdEf0123456789.png",
      "AbCdEf0123456789.svg",
      "AbCdEf0123456789.png?x=1",
      "short.png",
      "",
      null,
      undefined,
    ]) {
      expect(shownFileUrl(bad), String(bad)).toBeNull();
      if (bad) expect(FileName.safeParse(bad).success, bad).toBe(false);
    }
  });
});

test("the page CSP allows images and media from the portal only", () => {
  const csp = contentSecurityPolicy("n0nce", ["http://localhost:4000"]);
  const directive = (name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));
  expect(directive("img-src")).toBe("img-src 'self' data:");
  expect(directive("media-src")).toBe("media-src 'self'");
  expect(directive("form-action")).toBe("form-action 'self' http://localhost:4000");
});
