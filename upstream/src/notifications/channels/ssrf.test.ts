import { describe, expect, it } from "vitest";
import { checkTarget, classifyAddress, parseAllowList, pinnedLookup, REFUSED_PRIVATE } from "./ssrf.ts";

describe("classifyAddress", () => {
  it.each([
    ["0.0.0.0", "unspecified"],
    ["127.0.0.1", "loopback"],
    ["127.255.1.2", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link_local"],
    ["100.64.0.1", "cgnat"],
    ["100.127.255.255", "cgnat"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["fe80::1", "link_local"],
    ["fe80::1%eth0", "link_local"],
    ["fc00::1", "unique_local"],
    ["fd12:3456::1", "unique_local"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:a9fe:a9fe", "link_local"],
    ["::127.0.0.1", "loopback"],
    ["64:ff9b::192.168.0.1", "private"],
    ["2002:c0a8:0101::1", "private"],
    ["2001:db8::1", "documentation"],
  ])("%s is %s", (address, cls) => expect(classifyAddress(address)).toBe(cls));

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::8.8.8.8"])("%s is public", (a) =>
    expect(classifyAddress(a)).toBeNull(),
  );
});

describe("checkTarget", () => {
  const resolve = (map: Record<string, string[]>) => async (h: string) => (map[h] ?? []).map((a) => ({ address: a, family: (a.includes(":") ? 6 : 4) as 4 | 6 }));

  it("only http and https", async () => {
    expect(await checkTarget("ftp://example.com/x", { allow: [] })).toMatchObject({ ok: false, reason: "scheme" });
    expect(await checkTarget("file:///etc/passwd", { allow: [] })).toMatchObject({ ok: false, reason: "scheme" });
    expect(await checkTarget("not a url", { allow: [] })).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("refuses a host when ANY of its addresses is private", async () => {
    const r = resolve({ "mixed.example": ["93.184.216.34", "10.0.0.5"], "pub.example": ["93.184.216.34"] });
    expect(await checkTarget("https://mixed.example/hook", { allow: [], resolve: r })).toMatchObject({ ok: false, message: REFUSED_PRIVATE, address: "10.0.0.5" });
    expect(await checkTarget("https://pub.example/hook", { allow: [], resolve: r })).toMatchObject({ ok: true });
    expect(await checkTarget("https://nowhere.example/hook", { allow: [], resolve: r })).toMatchObject({ ok: false, reason: "unresolved" });
  });

  it("refuses literal addresses, in brackets and mapped", async () => {
    for (const u of ["http://127.0.0.1:8080/", "http://[::1]/", "http://[::ffff:127.0.0.1]/", "http://0.0.0.0/", "http://169.254.169.254/latest", "http://2130706433/", "http://0x7f.1/"]) {
      expect(await checkTarget(u, { allow: [] }), u).toMatchObject({ ok: false, reason: "private" });
    }
  });

  it("lets the allow list through: host:port, address, CIDR", async () => {
    const allow = parseAllowList("127.0.0.1:4000, 10.1.2.3, 192.168.0.0/16, [::1]:9000, localhost:5000");
    const r = resolve({ localhost: ["127.0.0.1", "::1"] });
    expect(await checkTarget("http://127.0.0.1:4000/x", { allow })).toMatchObject({ ok: true });
    expect(await checkTarget("http://127.0.0.1:4001/x", { allow })).toMatchObject({ ok: false });
    expect(await checkTarget("http://10.1.2.3/x", { allow })).toMatchObject({ ok: true });
    expect(await checkTarget("http://192.168.44.1/x", { allow })).toMatchObject({ ok: true });
    expect(await checkTarget("http://[::ffff:192.168.44.1]/x", { allow })).toMatchObject({ ok: true });
    expect(await checkTarget("http://[::1]:9000/x", { allow })).toMatchObject({ ok: true });
    expect(await checkTarget("http://localhost:5000/x", { allow, resolve: r })).toMatchObject({ ok: true });
    expect(await checkTarget("http://localhost:5001/x", { allow, resolve: r })).toMatchObject({ ok: false });
  });

  it("pinnedLookup answers only the checked addresses", () => {
    const look = pinnedLookup([{ address: "93.184.216.34", family: 4 }]);
    let got: unknown;
    look("evil.example", { all: true }, ((_e: unknown, a: unknown) => (got = a)) as never);
    expect(got).toEqual([{ address: "93.184.216.34", family: 4 }]);
    look("evil.example", {}, (_e, a) => (got = a));
    expect(got).toBe("93.184.216.34");
  });
});
