/**
 * THE table of upstream messages the portal knows, each with its translation key: a rule the
 * contract states (and the browser checks too, in the same words) or a refusal the upstream sends.
 * Any other upstream text is shown as it came ("@text"). It is the union of the areas' catalogues
 * (ADR 035): each area's contract messages module carries its own (message → key), exported as
 * `<AREA>_CATALOGUE`, and this table finds it by that name. A message two areas state is translated
 * by one of them (the other leaves it out: `except`); tests/unit/catalogues.test.ts holds that no
 * message has two keys. The browser's own checks take their keys from the constants the catalogues
 * are built on (the contract's message-keys.ts, `area-keys.ts`), without this table in every form
 * page's bundle. Server only.
 */
import * as contract from "@contract";
import { catalogueEntries, type Catalogue } from "@contract";

/** Every area's catalogue: the contract's `<AREA>_CATALOGUE` exports, by name (a new area's is found by it). */
export const CATALOGUES: Readonly<Record<string, Catalogue>> = Object.fromEntries(
  Object.entries(contract).filter(([name]) => name.endsWith("_CATALOGUE")),
) as Record<string, Catalogue>;

const KNOWN_MESSAGES: Readonly<Record<string, string>> = Object.fromEntries(Object.values(CATALOGUES).flatMap(catalogueEntries));

/** An upstream message as a form message: its translation key when it is known, else "@text" (shown as it came). */
export function messageKey(text: string): string {
  const plain = text.startsWith("@") ? text.slice(1) : text;
  return KNOWN_MESSAGES[plain] ?? `@${plain}`;
}

/** The translation key of a message the contract states (for the browser's own check of the same rule). */
export function knownKey(text: string): string {
  const key = KNOWN_MESSAGES[text];
  if (!key) throw new Error(`No translation for the contract's message "${text}": add it to its area's catalogue`);
  return key;
}
