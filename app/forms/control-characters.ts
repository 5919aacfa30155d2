/**
 * The characters no text the portal takes may hold (security issue 12, item 6): C0 controls
 * except tab, line feed and carriage return, and DEL. NUL in particular breaks the upstream's
 * database and C strings; the others have no place in a name, a message or a search.
 *
 * Tab, LF and CR are left to the fields themselves: a textarea may hold them, a single-line field
 * (a name, an email, a reply-to name: header injection) refuses them through `singleLine`.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex
const LINE_BREAK_OR_TAB = /[\t\n\r]/;

/** Whether a text holds a character no field accepts. */
export const hasControlCharacters = (text: string): boolean => CONTROL.test(text);

/** Whether a text holds a tab or a line break, which a single-line field refuses. */
export const hasLineBreaks = (text: string): boolean => LINE_BREAK_OR_TAB.test(text);

/** Whether any name or value of these pairs (a query string, a url-encoded form) holds a refused character. */
export function pairsHaveControlCharacters(pairs: Iterable<[string, string]>): boolean {
  for (const [name, value] of pairs) if (hasControlCharacters(name) || hasControlCharacters(value)) return true;
  return false;
}

/** Whether any string (key or value) anywhere in a parsed JSON value holds a refused character. */
export function jsonHasControlCharacters(value: unknown, depth = 0): boolean {
  if (depth > 64) return true;
  if (typeof value === "string") return hasControlCharacters(value);
  if (Array.isArray(value)) return value.some((v) => jsonHasControlCharacters(v, depth + 1));
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) if (hasControlCharacters(k) || jsonHasControlCharacters(v, depth + 1)) return true;
  }
  return false;
}

/** The message of a single-line field given a tab or a line break (common namespace). */
export const SINGLE_LINE_MESSAGE = "common:refused.single_line";

/**
 * A zod string refined to a single line: a tab, CR or LF is refused with SINGLE_LINE_MESSAGE (a name
 * or an email with a line break could inject a header into a mail). Every single-line text field of
 * a form schema goes through it; textareas do not. zod 4's refine keeps the string's own checks
 * (maxLength stays visible to conform).
 */
export const singleLine = <T extends { refine: (check: (value: string) => boolean, message: string) => T }>(schema: T): T =>
  schema.refine((value) => !hasLineBreaks(value), SINGLE_LINE_MESSAGE);
