/**
 * A minimal browser stand-in for integration tests: a cookie jar, form posts with the portal's
 * Origin, manual redirects (so tests can see each hop), and helpers to read what a person sees.
 */
import { testFetch } from "./fetch";

export interface Hop {
  status: number;
  location: string | null;
  url: string;
}

export class WebClient {
  readonly cookies = new Map<string, string>();
  /** Every response body this client received (for the "no token anywhere" check). */
  readonly bodies: string[] = [];
  readonly setCookies: string[] = [];
  constructor(
    readonly base: string,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private store(res: Response) {
    for (const sc of res.headers.getSetCookie()) {
      this.setCookies.push(sc);
      const [pair, ...attrs] = sc.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(path: string, init: RequestInit & { origin?: string | null } = {}): Promise<{ res: Response; body: string }> {
    const url = new URL(path, this.base).toString();
    const headers = new Headers({ ...this.defaultHeaders, ...(init.headers as Record<string, string>) });
    if (this.cookies.size) headers.set("cookie", this.cookieHeader());
    const method = (init.method ?? "GET").toUpperCase();
    if (method !== "GET" && init.origin !== null) headers.set("origin", init.origin ?? new URL(this.base).origin);
    const res = await testFetch(url, { ...init, headers, redirect: "manual" });
    this.store(res);
    const body = await res.text();
    this.bodies.push(body);
    return { res, body };
  }

  /** GET, following redirects on this portal; returns the final page and the hops. */
  async get(path: string, opts: { maxHops?: number } = {}) {
    return this.follow(await this.request(path), opts.maxHops ?? 10);
  }

  /** POST a form (urlencoded; pairs for a name sent more than once) and follow redirects that stay on this portal. */
  async post(path: string, form: Record<string, string> | [string, string][], opts: { origin?: string | null; follow?: boolean } = {}) {
    const first = await this.request(path, {
      method: "POST",
      body: new URLSearchParams(form).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      origin: opts.origin,
    });
    if (opts.follow === false) return { ...first, hops: [] as Hop[], final: first.res.url || path };
    return this.follow(first, 10);
  }

  private async follow(first: { res: Response; body: string }, maxHops: number) {
    let { res, body } = first;
    const hops: Hop[] = [];
    let current = res.url;
    for (let i = 0; i < maxHops && res.status >= 300 && res.status < 400; i++) {
      const location = res.headers.get("location");
      hops.push({ status: res.status, location, url: current });
      if (!location) break;
      const next = new URL(location, current || this.base);
      if (next.origin !== new URL(this.base).origin) break; // leaving the portal: stop here
      current = next.toString();
      ({ res, body } = await this.request(next.pathname + next.search));
    }
    return { res, body, hops, final: current };
  }
}

/** Decode the entities React escapes in text. */
export function decodeEntities(s: string): string {
  return s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Text content of the first <h1>. */
export function h1(html: string): string | undefined {
  const m = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1];
  return m === undefined ? undefined : decodeEntities(m.replace(/<[^>]+>/g, "").trim());
}

/** The visible text of notices, field errors and alerts. */
export function messages(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<(?:p|div) class="(?:error|notice[^"]*)"[^>]*>([\s\S]*?)<\/(?:p|div)>/g)) {
    out.push(decodeEntities(m[1]!.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim()));
  }
  return out;
}
