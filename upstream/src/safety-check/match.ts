/**
 * Block-list matching (ADR 029), pure. Text is compared normalised: Unicode NFKD with combining
 * marks removed (accent-insensitive: "José" = "Jose"), lower case (case-insensitive, `ß` as "ss"),
 * and any run of whitespace as one space, trimmed ("  Mallory   Blocked " = "mallory blocked").
 *
 * An entry matches a person when its name equals the person's name (normalised, whole: no partial
 * or fuzzy names, so "Mal" never matches "Mallory") and then, over the entry's custom fields:
 *  - `all`: every field the entry gives has an equal value in the person's answer for the same
 *    label (labels compared normalised too); an entry with no fields matches on the name alone;
 *  - `count` N: at least N of the entry's fields are equal.
 * A field the person did not answer is not equal. An entry scoped to a site matches only there.
 */
export interface MatchField {
  label: string;
  value: string;
}

export interface MatchEntry {
  id: number;
  name: string;
  fields: MatchField[];
  match_rule: "all" | "count";
  match_count: number | null;
  site_id: number | null;
}

export interface Person {
  name: string;
  fields: MatchField[];
}

export function normalise(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/\s+/g, " ")
    .trim();
}

/** How many of the entry's fields the person's answers equal. */
export function fieldsEqual(entry: Pick<MatchEntry, "fields">, person: Pick<Person, "fields">): number {
  const answers = new Map<string, string>();
  for (const f of person.fields) answers.set(normalise(f.label), normalise(f.value));
  return entry.fields.filter((f) => {
    const given = answers.get(normalise(f.label));
    return given !== undefined && given !== "" && given === normalise(f.value);
  }).length;
}

export function entryMatches(entry: MatchEntry, person: Person, siteId: number): boolean {
  if (entry.site_id !== null && entry.site_id !== siteId) return false;
  if (normalise(entry.name) !== normalise(person.name) || normalise(person.name) === "") return false;
  const equal = fieldsEqual(entry, person);
  if (entry.match_rule === "count") return equal >= Math.max(1, entry.match_count ?? 1);
  return equal === entry.fields.length;
}

/** The first entry (by id) that matches, or null. */
export function firstMatch<E extends MatchEntry>(entries: E[], person: Person, siteId: number): E | null {
  return [...entries].sort((a, b) => a.id - b.id).find((e) => entryMatches(e, person, siteId)) ?? null;
}
