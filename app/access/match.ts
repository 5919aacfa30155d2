/**
 * Resolving a URL path against the access table the way Remix (React Router 6) matches routes, so
 * the rule that is checked is the rule of the route that runs:
 * - static segments compare regardless of letter case (Remix routes are case-insensitive);
 * - the path is percent-decoded segment by segment, as React Router's `decodePath` does (an encoded
 *   slash stays inside its segment; a malformed escape leaves the path as it came);
 * - trailing slashes are ignored; an empty segment inside the path (`/manage//site`) matches no
 *   route, as in Remix.
 * The target is the most specific full match (static segments beat parameters), and its chain is
 * every entry whose pattern is a prefix of the target's. A path below a known area that matches no
 * entry still gets the chain of its deepest known ancestor, so area rules hold for unknown
 * sub-paths too; a path with no entry at all is refused by `decide` (fail closed).
 */
import { ACCESS_TABLE, type RouteEntry } from "./table";

interface Variant {
  entry: RouteEntry;
  /** Static segments lower-cased; parameters as `:name`. */
  segments: string[];
}

function expand(entry: RouteEntry): Variant[] {
  let variants: string[][] = [[]];
  for (const seg of entry.path.split("/").filter(Boolean)) {
    const s = seg.startsWith(":") ? seg : seg.toLowerCase();
    if (s.endsWith("?")) {
      const bare = s.slice(0, -1);
      variants = variants.flatMap((v) => [v, [...v, bare]]);
    } else variants = variants.map((v) => [...v, s]);
  }
  return variants.map((segments) => ({ entry, segments }));
}

const VARIANTS: Variant[] = ACCESS_TABLE.flatMap(expand);

/** React Router's decodePath: each segment decoded, an encoded slash kept encoded; malformed input as is. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split("/")
      .map((s) => decodeURIComponent(s).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

/** The path's segments as Remix matches them, or null when no route can match (an empty inner segment). */
export function pathSegments(pathname: string): string[] | null {
  const trimmed = decodePath(pathname).replace(/^\//, "").replace(/\/+$/, "");
  if (trimmed === "") return [];
  const segments = trimmed.split("/");
  return segments.includes("") ? null : segments;
}

function matches(pattern: string[], path: string[]): Record<string, string> | null {
  if (pattern.length > path.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    if (p.startsWith(":")) params[p.slice(1)] = path[i]!;
    else if (p !== path[i]!.toLowerCase()) return null;
  }
  return params;
}

/** Higher is more specific: static segments first, then length. */
function score(v: Variant): number {
  return v.segments.filter((s) => !s.startsWith(":")).length * 100 + v.segments.length;
}

const isPatternPrefix = (prefix: string[], of: string[]) => prefix.length <= of.length && prefix.every((s, i) => s === of[i]);

export interface Resolution {
  /** The exact entry for this path, if any. */
  target: RouteEntry | null;
  /** Every entry whose rule applies, root first (the target last when there is one). Empty: no entry knows this path. */
  chain: RouteEntry[];
  params: Record<string, string>;
  /** The target's redirect with its parameters filled in. */
  redirect?: string;
}

const UNKNOWN: Resolution = { target: null, chain: [], params: {} };

export function resolve(pathname: string): Resolution {
  const path = pathSegments(pathname);
  if (path === null) return UNKNOWN;
  const full = VARIANTS.filter((v) => v.segments.length === path.length && matches(v.segments, path));
  const best = full.sort((a, b) => score(b) - score(a))[0];
  let anchor: Variant | undefined = best;
  if (!anchor) {
    // Deepest known ancestor, for unknown paths below a known area.
    anchor = VARIANTS.filter((v) => v.segments.length > 0 && matches(v.segments, path)).sort(
      (a, b) => b.segments.length - a.segments.length || score(b) - score(a),
    )[0];
  }
  if (!anchor) return UNKNOWN;
  const chainVariants = VARIANTS.filter((v) => v.segments.length > 0 && isPatternPrefix(v.segments, anchor!.segments));
  chainVariants.sort((a, b) => a.segments.length - b.segments.length);
  const chain: RouteEntry[] = [];
  for (const v of chainVariants) if (!chain.includes(v.entry)) chain.push(v.entry);
  if (path.length === 0) chain.push(...VARIANTS.filter((v) => v.segments.length === 0).map((v) => v.entry));
  const params = matches(anchor.segments, path) ?? {};
  const target = best?.entry ?? null;
  const redirect = target?.redirect?.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(params[k] ?? ""));
  return { target, chain, params, redirect };
}
