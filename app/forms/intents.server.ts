/**
 * One intent dispatcher (ADR 035): a route's action names its intents in one table, intent →
 * handler, or intent → { right, handler } when the intent needs a right of its own (the access
 * module's `requireRight`: the same 403 as every other missing right). A missing or unknown
 * intent is a 400 here and nowhere else (the error boundary says it in the user's language:
 * common:errors.bad_request_*). Forms post `intent` as a field, so all of it works without
 * JavaScript.
 */
import { requireRight, type Access } from "~/access/guard.server";
import type { Rights } from "~/access/rights";

/** The one answer to a request that cannot be used (an unknown intent, a malformed value): 400. */
export function badRequest(): never {
  throw new Response("Bad request", { status: 400 });
}

type Run<A> = (args: A) => unknown;
/** A handler, or a handler with the right its intent needs. */
export type IntentEntry<A> = Run<A> | { right: Rights; handler: Run<A> };
export type Intents<A> = Record<string, IntentEntry<A>>;

type HandlerOf<E> = E extends { handler: infer H } ? H : E;
/** What the table's handlers answer (the union: what `useActionData<typeof action>` sees). */
export type IntentOutcome<T> = { [K in keyof T]: HandlerOf<T[K]> extends (...args: never[]) => infer R ? R : never }[keyof T];

/** The posted intent, when the table has it; else the 400. */
export function postedIntent<T extends Record<string, unknown>>(form: FormData, table: T): keyof T & string {
  const intent = form.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(table, intent)) badRequest();
  return intent;
}

/**
 * The one form of a single-intent action: `{ intent }` (what `invalid` and `refused` name the form
 * by) when the posted intent is this one; else the 400.
 */
export function requireIntent<I extends string>(form: FormData, intent: I): { intent: I } {
  if (form.get("intent") !== intent) badRequest();
  return { intent };
}

/**
 * Runs the handler of the posted intent: its right first (403 without it; `access` is who asks),
 * then the handler with `args`. Any other intent: 400.
 */
export function dispatch<A, T extends Intents<A>>(
  form: FormData,
  table: T,
  args: A,
  access?: Pick<Access, "ctx" | "headers">,
): IntentOutcome<T> {
  const entry: IntentEntry<A> = table[postedIntent(form, table)]!;
  if (typeof entry === "function") return entry(args) as IntentOutcome<T>;
  const who = access ?? (args as { access?: Pick<Access, "ctx" | "headers"> }).access;
  if (!who) throw new Error("An intent with a right needs who asks (access)");
  requireRight(who, entry.right);
  return entry.handler(args) as IntentOutcome<T>;
}
