/** Security issue 12: the control-character rule, the single-line rule, bounded replies, bounded bodies. */
import { PassThrough } from "node:stream";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { hasControlCharacters, hasLineBreaks, jsonHasControlCharacters, pairsHaveControlCharacters, singleLine, SINGLE_LINE_MESSAGE } from "~/forms/control-characters";
import { boundReply, ECHO_FALLBACK_CHARS, parseSubmission } from "~/forms/submission";
import { bodyHasControlCharacters, readBoundedBody, urlHasControlCharacters } from "~/server/body";

describe("control characters", () => {
  test("C0 controls except tab, LF and CR, and DEL, are refused; printable text, tabs, line breaks and non-Latin text are not", () => {
    for (let c = 0; c < 0x20; c++) {
      const ch = String.fromCharCode(c);
      expect(hasControlCharacters(`a${ch}b`), `U+${c.toString(16)}`).toBe(!["\t", "\n", "\r"].includes(ch));
    }
    expect(hasControlCharacters("a\u007Fb")).toBe(true);
    expect(hasControlCharacters("Zoë Ørsted — 東京 🚒 ü\u00A0x")).toBe(false);
    expect(hasControlCharacters("")).toBe(false);
  });

  test("query strings, forms and JSON are checked in names and values, decoded", () => {
    expect(pairsHaveControlCharacters(new URLSearchParams("search=%00"))).toBe(true);
    expect(pairsHaveControlCharacters(new URLSearchParams("a%01=x"))).toBe(true);
    expect(pairsHaveControlCharacters(new URLSearchParams("search=caf%C3%A9&x=a%0Ab"))).toBe(false);
    expect(jsonHasControlCharacters({ a: [{ b: "x\u0000" }] })).toBe(true);
    expect(jsonHasControlCharacters({ "k\u0007": 1 })).toBe(true);
    expect(jsonHasControlCharacters({ a: ["line\nbreak", 3, null, true] })).toBe(false);
    expect(urlHasControlCharacters("/manage/overview/sites?search=%00")).toBe(true);
    expect(urlHasControlCharacters("/manage/site/%00/details")).toBe(true);
    expect(urlHasControlCharacters("/manage/overview/sites?search=Head%20Office&page=2")).toBe(false);
    expect(urlHasControlCharacters("/bad%E0%A4%A")).toBe(false); // malformed escapes are left to the route
    expect(bodyHasControlCharacters("application/x-www-form-urlencoded; charset=UTF-8", Buffer.from("name=a%00b"))).toBe(true);
    expect(bodyHasControlCharacters("application/json", Buffer.from('{"name":"a\\u0000b"}'))).toBe(true);
    expect(bodyHasControlCharacters("application/json", Buffer.from("{not json"))).toBe(false);
    expect(bodyHasControlCharacters("application/x-www-form-urlencoded", Buffer.from("content=one%0D%0Atwo"))).toBe(false);
  });

  test("a single-line field refuses tabs and line breaks with its message, keeping its maxLength", () => {
    const name = singleLine(z.string().trim().max(20, "too_long"));
    expect(name.safeParse("Front desk").success).toBe(true);
    for (const bad of ["a\r\nBcc: x@y.z", "a\nb", "a\tb", "a\rb"]) {
      const r = name.safeParse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(SINGLE_LINE_MESSAGE);
    }
    expect(hasLineBreaks("one line")).toBe(false);
    expect(name.safeParse("x".repeat(21)).error?.issues[0]?.message).toBe("too_long");
  });
});

describe("bounded replies", () => {
  const schema = z.object({ name: z.string().max(5), items: z.array(z.object({ label: z.string().max(3) })).optional(), count: z.coerce.number() });

  test("each value is cut to its field's maxLength, unknown fields are dropped, fields without one get the fallback", () => {
    const fd = new FormData();
    fd.set("name", "n".repeat(1000));
    fd.set("items[0].label", "l".repeat(1000));
    fd.set("count", "9".repeat(ECHO_FALLBACK_CHARS + 5));
    fd.set("junk", "j".repeat(1000));
    const reply = parseSubmission(fd, { schema }).reply();
    expect(reply.status).toBe("error");
    expect(reply.initialValue).toEqual({ name: "nnnnn", items: [{ label: "lll" }], count: "9".repeat(ECHO_FALLBACK_CHARS) });
    expect(JSON.stringify(reply)).not.toContain("jjj");
    expect(reply.fields ?? []).not.toContain("junk");
  });

  test("errors given to reply are kept; a value within its limit is echoed whole", () => {
    const fd = new FormData();
    fd.set("name", "Ada");
    fd.set("count", "2");
    const reply = parseSubmission(fd, { schema }).reply({ fieldErrors: { name: ["taken"] }, formErrors: ["nope"] });
    expect(reply.initialValue).toEqual({ name: "Ada", count: "2" });
    expect(reply.error).toMatchObject({ name: ["taken"], "": ["nope"] });
  });

  test("boundReply on a hand-made result", () => {
    const out = boundReply({ status: "error", initialValue: { a: "xxxx", b: ["yy", "yy"], c: "z" }, fields: ["a", "b", "c"] }, { a: { maxLength: 2 }, b: {}, "b[]": { maxLength: 1 } });
    expect(out.initialValue).toEqual({ a: "xx", b: ["y", "y"] });
    expect(out.fields).toEqual(["a", "b"]);
  });
});

/** A stand-in for an express request: a readable body with method and headers. */
function fakeRequest(method: string, headers: Record<string, string>, chunks: Buffer[], path = "/login") {
  const req = new PassThrough() as PassThrough & { method: string; headers: Record<string, string>; path: string };
  req.method = method;
  req.headers = headers;
  req.path = path;
  for (const c of chunks) req.write(c);
  req.end();
  return req as never;
}

describe("bounded bodies", () => {
  const form = { "content-type": "application/x-www-form-urlencoded" };

  test("a declared length over the limit is refused before reading", async () => {
    const req = fakeRequest("POST", { ...form, "content-length": "2000" }, []);
    expect(await readBoundedBody(req, 1024)).toEqual({ ok: false, reason: "too_large" });
  });

  test("a body without a length is refused once what arrived passes the limit", async () => {
    const req = fakeRequest("POST", form, [Buffer.alloc(600, 97), Buffer.alloc(600, 97), Buffer.alloc(600, 97)]);
    expect(await readBoundedBody(req, 1024)).toEqual({ ok: false, reason: "too_large" });
  });

  test("a body within the limit is read; one with a control character is refused; GET and a multipart upload are not read", async () => {
    const ok = await readBoundedBody(fakeRequest("POST", form, [Buffer.from("name=Ada")]), 1024);
    expect(ok.ok && ok.body?.toString()).toBe("name=Ada");
    expect(await readBoundedBody(fakeRequest("POST", form, [Buffer.from("name=A%00")]), 1024)).toEqual({ ok: false, reason: "control_characters" });
    expect(await readBoundedBody(fakeRequest("GET", {}, []), 1024)).toEqual({ ok: true, body: null });
    const multipart = (headers: Record<string, string>, path: string) => fakeRequest("POST", { "content-type": "multipart/form-data; boundary=x", ...headers }, [], path);
    // An upload page streams it on (its handler bounds each file); elsewhere the form limit holds.
    expect(await readBoundedBody(multipart({ "content-length": "5000" }, "/manage/site/3/Branding"), 1024)).toEqual({ ok: true, body: null });
    expect(await readBoundedBody(multipart({ "content-length": "5000" }, "/login"), 1024)).toEqual({ ok: false, reason: "too_large" });
    expect(await readBoundedBody(multipart({ "content-length": "500" }, "/login"), 1024)).toEqual({ ok: true, body: null });
    // No length: it would be read whole further on, so it is refused.
    expect(await readBoundedBody(multipart({}, "/manage/site/3/messages"), 1024)).toEqual({ ok: false, reason: "length_required" });
  });
});

describe("the front's refusal page texts", () => {
  test("are translated, with the request id, and fall back to en_GB", async () => {
    const { refusalTexts } = await import("~/server/refusal");
    const de = refusalTexts("de", "too_large", "req-1");
    expect(de.title).toBe("Diese Anfrage ist zu groß");
    expect(de.reference).toBe("Referenz: req-1");
    const ja = refusalTexts("ja", "control_characters", "req-2");
    expect(ja.body).toContain("制御文字");
    expect(refusalTexts("en_GB", "control_characters", "x").title).toBe("That request could not be used");
  });
});
