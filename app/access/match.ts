/**
 * Resolving a URL path against the access table the way nested routes do: the target is the most
 * specific full match (static segments beat parameters), and its chain is every entry whose
 * pattern is a prefix of the target's. A path below a known area that matches no entry still
 * gets the chain of its deepest known ancestor, so area rules hold for unknown sub-paths too.
 */
import { ACCESS_TABLE, type RouteEntry } from "./table";

interface Variant {
  entry: RouteEntry;
  segments: string[];
}

function expand(entry: RouteEntry): Variant[] {
  let variants: string[][] = [[]];
  for (const seg of entry.path.split("/").filter(Boolean)) {
    if (seg.endsWith("?")) {
      const s = seg.slice(0, -1);
      variants = variants.flatMap((v) => [v, [...v, s]]);
    } else variants = variants.map((v) => [...v, seg]);
  }
  return variants.map((segments) => ({ entry, segments }));
}

const VARIANTS: Variant[] = ACCESS_TABLE.flatMap(expand);

function matches(pattern: string[], path: string[]): Record<string, string> | null {
  if (pattern.length > path.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    if (p.startsWith(":")) params[p.slice(1)] = path[i]!;
    else if (p !== path[i]) return null;
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
  /** Every entry whose rule applies, root first (the target last when there is one). */
  chain: RouteEntry[];
  params: Record<string, string>;
  /** The target's redirect with its parameters filled in. */
  redirect?: string;
}

export function resolve(pathname: string): Resolution {
  const path = pathname.split("/").filter(Boolean).map((s) => decodeURIComponent(s));
  const full = VARIANTS.filter((v) => v.segments.length === path.length && matches(v.segments, path));
  const best = full.sort((a, b) => score(b) - score(a))[0];
  let anchor: Variant | undefined = best;
  if (!anchor) {
    // Deepest known ancestor, for unknown paths below a known area.
    anchor = VARIANTS.filter((v) => v.segments.length > 0 && matches(v.segments, path)).sort(
      (a, b) => b.segments.length - a.segments.length || score(b) - score(a),
    )[0];
  }
  if (!anchor) return { target: null, chain: [], params: {} };
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
