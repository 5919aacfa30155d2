/**
 * Message catalogues (ADR 035): each area's messages module says which translation key the portal
 * shows each upstream message of the area with — the area's catalogue. The portal's known-messages
 * table is their union (one line per area, app/forms/known-messages.ts); the browser's own check
 * of a rule takes its key from the same branch constant (`<AREA>_KEYS`, "ns:path."), so the
 * page's bundle holds a key, never the area's messages.
 *
 * A catalogue is plain data — no call, no computed key — so a bundle that uses one constant of a
 * messages module leaves the catalogue out (esbuild keeps `{ [X]: … }` and unmarked calls).
 */

/**
 * A table of messages by name: each translated by `<branch><name>` (the branch ends with "."), or
 * only the `named` ones, each by its own key.
 */
export interface CatalogueTable {
  readonly messages: Readonly<Record<string, string>>;
  readonly branch?: string;
  /** Names whose words another area states too: that area's catalogue translates them. */
  readonly except?: readonly string[];
  readonly named?: Readonly<Record<string, string>>;
}

export interface Catalogue {
  readonly tables?: readonly CatalogueTable[];
  /** Single messages, each with its key: [message, key]. */
  readonly pairs?: readonly (readonly [message: string, key: string])[];
  /** Messages written out, each with its key. */
  readonly keys?: Readonly<Record<string, string>>;
}

/** Every [message, key] a catalogue holds. */
export function catalogueEntries(c: Catalogue): [message: string, key: string][] {
  const tables = (c.tables ?? []).flatMap((t) =>
    Object.entries(t.messages).flatMap(([name, text]): [string, string][] => {
      if (t.except?.includes(name)) return [];
      const key = t.named ? t.named[name] : `${t.branch}${name}`;
      return key ? [[text, key]] : [];
    }),
  );
  return [...tables, ...(c.pairs ?? []).map(([m, k]): [string, string] => [m, k]), ...Object.entries(c.keys ?? {})];
}
