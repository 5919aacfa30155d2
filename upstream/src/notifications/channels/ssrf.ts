/**
 * Server-side request forgery guard for the URLs notifications call (webhooks, Teams Workflows; ADR
 * 028 "Delivery"). Only http and https; the host is resolved (every address) and refused when any
 * address is private, loopback, link-local, CGNAT, multicast, unspecified, reserved or documentation
 * space — also inside IPv6 (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible, NAT64 `64:ff9b::/96`,
 * 6to4 `2002::/16`). `NOTIFY_ALLOW_PRIVATE` (comma list of `host:port`, an address, or a CIDR) lets
 * chosen internal targets through (the quick start's own demo receiver, a test's receiver).
 *
 * Used twice: when a notification is saved (`checkTarget`, a 422 for the form) and when a delivery
 * is sent (`checkTarget` again, then the connection goes to exactly the addresses that were checked:
 * `pinnedLookup` — a DNS answer that changes between the check and the connect cannot redirect it).
 */
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";

/** The message of a refused target (the delivery log says it; the notif form shows it on the URL). */
export const REFUSED_PRIVATE = "Refused: private address";
export const REFUSED_SCHEME = "Only http and https addresses can be called";
export const REFUSED_UNRESOLVED = "The address's host could not be found";
export const REFUSED_INVALID = "Enter a valid URL";

export type AddressClass =
  | "unspecified"
  | "loopback"
  | "private"
  | "link_local"
  | "cgnat"
  | "multicast"
  | "reserved"
  | "documentation"
  | "unique_local";

type Range4 = [number, number, AddressClass];

const v4 = (a: string): number => a.split(".").reduce((n, o) => n * 256 + Number(o), 0);
const cidr4 = (c: string, cls: AddressClass): Range4 => {
  const [a, bits] = c.split("/");
  const size = 2 ** (32 - Number(bits));
  const start = v4(a) - (v4(a) % size);
  return [start, start + size - 1, cls];
};

const RANGES4: Range4[] = [
  cidr4("0.0.0.0/8", "unspecified"),
  cidr4("10.0.0.0/8", "private"),
  cidr4("100.64.0.0/10", "cgnat"),
  cidr4("127.0.0.0/8", "loopback"),
  cidr4("169.254.0.0/16", "link_local"),
  cidr4("172.16.0.0/12", "private"),
  cidr4("192.0.0.0/24", "reserved"),
  cidr4("192.0.2.0/24", "documentation"),
  cidr4("192.88.99.0/24", "reserved"),
  cidr4("192.168.0.0/16", "private"),
  cidr4("198.18.0.0/15", "reserved"),
  cidr4("198.51.100.0/24", "documentation"),
  cidr4("203.0.113.0/24", "documentation"),
  cidr4("224.0.0.0/4", "multicast"),
  cidr4("240.0.0.0/4", "reserved"),
];

/** A dotted IPv4 address as a number, or null when it is not one. */
function parse4(a: string): number | null {
  if (isIP(a) !== 4) return null;
  return v4(a);
}

/** An IPv6 address as 8 16-bit groups (an embedded dotted IPv4 tail included), or null. */
export function parse6(input: string): number[] | null {
  let a = input;
  const zone = a.indexOf("%");
  if (zone >= 0) a = a.slice(0, zone);
  if (isIP(a) !== 6) return null;
  let tail: number[] = [];
  const lastColon = a.lastIndexOf(":");
  const last = a.slice(lastColon + 1);
  if (last.includes(".")) {
    const n = parse4(last);
    if (n === null) return null;
    tail = [Math.floor(n / 65536), n % 65536];
    a = `${a.slice(0, lastColon + 1)}${tail.length ? "0:0" : ""}`;
  }
  const [head, rest] = a.split("::");
  const h = head ? head.split(":") : [];
  const r = rest !== undefined ? (rest ? rest.split(":") : []) : null;
  const groups = r === null ? h : [...h, ...Array(8 - h.length - r.length).fill("0"), ...r];
  if (groups.length !== 8) return null;
  const out = groups.map((g) => Number.parseInt(g, 16));
  if (tail.length) {
    out[6] = tail[0];
    out[7] = tail[1];
  }
  return out.some((n) => !Number.isFinite(n)) ? null : out;
}

const fromGroups = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64, 6to4), or null. */
function embedded4(g: number[]): string | null {
  const zeros = (from: number, to: number) => g.slice(from, to).every((n) => n === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return fromGroups(g[6], g[7]); // ::ffff:a.b.c.d
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return fromGroups(g[6], g[7]); // ::ffff:0:a.b.c.d (SIIT)
  if (zeros(0, 6) && (g[6] !== 0 || g[7] > 1)) return fromGroups(g[6], g[7]); // ::a.b.c.d (compatible, deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return fromGroups(g[6], g[7]); // NAT64 64:ff9b::/96
  if (g[0] === 0x2002) return fromGroups(g[1], g[2]); // 6to4
  return null;
}

/** What kind of non-public address `address` is, or null for a public (routable) one. */
export function classifyAddress(address: string): AddressClass | null {
  const n = parse4(address);
  if (n !== null) {
    for (const [lo, hi, cls] of RANGES4) if (n >= lo && n <= hi) return cls;
    return n === 0xffffffff ? "reserved" : null;
  }
  const g = parse6(address);
  if (!g) return "reserved";
  if (g.every((x) => x === 0)) return "unspecified";
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return "loopback";
  const inner = embedded4(g);
  if (inner) return classifyAddress(inner);
  if ((g[0] & 0xfe00) === 0xfc00) return "unique_local";
  if ((g[0] & 0xffc0) === 0xfe80) return "link_local";
  if ((g[0] & 0xffc0) === 0xfec0) return "private"; // site-local (deprecated)
  if ((g[0] & 0xff00) === 0xff00) return "multicast";
  if (g[0] === 0x2001 && g[1] === 0x0db8) return "documentation";
  if (g[0] === 0x0100 && g.slice(1, 4).every((x) => x === 0)) return "reserved"; // discard-only 100::/64
  if (g[0] === 0) return "reserved"; // the rest of ::/8
  return null;
}

/** One `NOTIFY_ALLOW_PRIVATE` entry. */
type AllowEntry = { kind: "hostport"; host: string; port: string } | { kind: "ip"; address: string } | { kind: "cidr"; base: number[]; bits: number; v6: boolean };

const bitsOf = (address: string): { bits: number[]; v6: boolean } | null => {
  const n = parse4(address);
  if (n !== null) return { bits: [Math.floor(n / 65536), n % 65536], v6: false };
  const g = parse6(address);
  if (!g) return null;
  const inner = embedded4(g);
  if (inner && g[5] === 0xffff) return bitsOf(inner);
  return { bits: g, v6: true };
};

function inCidr(address: string, e: Extract<AllowEntry, { kind: "cidr" }>): boolean {
  const a = bitsOf(address);
  if (!a || a.v6 !== e.v6) return false;
  let left = e.bits;
  for (let i = 0; i < a.bits.length && left > 0; i++) {
    const take = Math.min(16, left);
    const mask = (0xffff << (16 - take)) & 0xffff;
    if ((a.bits[i] & mask) !== (e.base[i] & mask)) return false;
    left -= take;
  }
  return true;
}

const sameAddress = (a: string, b: string) => {
  const x = bitsOf(a);
  const y = bitsOf(b);
  return !!x && !!y && x.v6 === y.v6 && x.bits.every((n, i) => n === y.bits[i]);
};

/** Parse `NOTIFY_ALLOW_PRIVATE` (unknown entries are ignored). */
export function parseAllowList(raw: string | undefined): AllowEntry[] {
  const out: AllowEntry[] = [];
  for (const item of (raw ?? "").split(",").map((s) => s.trim().toLowerCase()).filter(Boolean)) {
    const slash = item.indexOf("/");
    if (slash > 0) {
      const b = bitsOf(item.slice(0, slash));
      const bits = Number(item.slice(slash + 1));
      if (b && Number.isInteger(bits) && bits >= 0 && bits <= (b.v6 ? 128 : 32)) out.push({ kind: "cidr", base: b.bits, bits, v6: b.v6 });
      continue;
    }
    if (isIP(item.replace(/^\[|\]$/g, ""))) {
      out.push({ kind: "ip", address: item.replace(/^\[|\]$/g, "") });
      continue;
    }
    const m = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(item);
    if (m) out.push({ kind: "hostport", host: m[1].replace(/^\[|\]$/g, ""), port: m[2] });
  }
  return out;
}

/** The allow list in force: the environment's, read each time (tests change it per stack). */
export const envAllowList = () => parseAllowList(process.env.NOTIFY_ALLOW_PRIVATE);

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type TargetCheck =
  | { ok: true; url: URL; addresses: ResolvedAddress[] }
  | { ok: false; reason: "invalid" | "scheme" | "unresolved" | "private"; message: string; address?: string; class?: AddressClass };

export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

const effectivePort = (u: URL) => u.port || (u.protocol === "https:" ? "443" : "80");

/**
 * Check a URL a notification will call: the scheme, then every address its host resolves to.
 * `allow` defaults to `NOTIFY_ALLOW_PRIVATE`.
 */
export async function checkTarget(raw: string, opts: { allow?: AllowEntry[]; resolve?: Resolver } = {}): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "invalid", message: REFUSED_INVALID };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, reason: "scheme", message: REFUSED_SCHEME };
  if (url.username || url.password) return { ok: false, reason: "invalid", message: REFUSED_INVALID };
  const allow = opts.allow ?? envAllowList();
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (opts.resolve ?? systemResolver)(host);
    } catch {
      return { ok: false, reason: "unresolved", message: REFUSED_UNRESOLVED };
    }
    if (addresses.length === 0) return { ok: false, reason: "unresolved", message: REFUSED_UNRESOLVED };
  }
  const port = effectivePort(url);
  const hostAllowed = allow.some((e) => e.kind === "hostport" && e.port === port && (e.host === host || sameAddress(e.host, host)));
  for (const a of addresses) {
    const cls = classifyAddress(a.address);
    if (!cls || hostAllowed) continue;
    if (allow.some((e) => (e.kind === "ip" && sameAddress(e.address, a.address)) || (e.kind === "cidr" && inCidr(a.address, e)))) continue;
    return { ok: false, reason: "private", message: REFUSED_PRIVATE, address: a.address, class: cls };
  }
  return { ok: true, url, addresses };
}

/**
 * A `lookup` for `net.connect`/`tls.connect` (undici's `connect` options) that answers only the
 * addresses already checked: the socket goes where the check looked, whatever DNS says by then.
 */
export function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_host, options, cb) => {
    const raw = (options as { family?: number | string } | number | undefined) ?? undefined;
    const f = typeof raw === "number" ? raw : raw?.family;
    const fam = f === "IPv4" ? 4 : f === "IPv6" ? 6 : f;
    const list = fam === 4 || fam === 6 ? addresses.filter((a) => a.family === fam) : addresses;
    const use = list.length ? list : addresses;
    if (typeof options === "object" && options?.all) (cb as (e: null, a: ResolvedAddress[]) => void)(null, use);
    else cb(null, use[0].address, use[0].family);
  };
}
