/**
 * Parsing a posted form with its zod schema, and a reply that never echoes more than the form may
 * hold (security issue 12, item 4). conform's `submission.reply()` sends every submitted value
 * back as the form's initial value, so a 60 MB post to /login came back as a 60 MB page. Here the
 * reply keeps only the schema's own fields, each value cut to the field's maxLength (or to
 * ECHO_FALLBACK_CHARS when the schema gives none), and at most ECHO_MAX_ITEMS values of a list.
 *
 * Every action parses with `parseSubmission` instead of `parseWithZod`, so every `reply(` is bounded.
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, input, output } from "zod/v4/core";

/** What a value whose field has no maxLength may echo (a number, a date, a select's value, a long text). */
export const ECHO_FALLBACK_CHARS = 10_000;
/** How many values of one list field (checkboxes, rows) a reply may echo. */
export const ECHO_MAX_ITEMS = 500;

type Constraint = Record<string, { maxLength?: number } | undefined>;

/** A field's name with its list positions removed: items[3].name -> items[].name (how conform names constraints). */
const constraintName = (name: string) => name.replace(/\[\d+\]/g, "[]");

function bound(value: unknown, name: string, constraint: Constraint): unknown {
  if (typeof value === "string") {
    const max = constraint[constraintName(name)]?.maxLength ?? ECHO_FALLBACK_CHARS;
    return value.length > max ? value.slice(0, max) : value;
  }
  if (Array.isArray(value)) {
    return value.slice(0, ECHO_MAX_ITEMS).map((item, i) => bound(item, `${name}[${i}]`, constraint));
  }
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      const child = `${name}.${key}`;
      if (isKnown(child, constraint)) out[key] = bound(inner, child, constraint);
    }
    return out;
  }
  return undefined;
}

const isKnown = (name: string, constraint: Constraint) => Object.hasOwn(constraint, constraintName(name));

/**
 * A conform reply cut down to the fields of `constraint` (from `getZodConstraint(schema)`): unknown
 * fields dropped, each value no longer than its field's maxLength.
 */
export function boundReply<E>(result: SubmissionResult<E>, constraint: Constraint): SubmissionResult<E> {
  const out: SubmissionResult<E> = { ...result };
  if (result.initialValue) {
    const initial: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(result.initialValue)) {
      if (isKnown(name, constraint)) initial[name] = bound(value, name, constraint);
    }
    out.initialValue = initial as SubmissionResult<E>["initialValue"];
  }
  const topLevel = (name: string) => isKnown(name.replace(/[.[].*$/, ""), constraint);
  if (result.fields) out.fields = result.fields.filter(topLevel).slice(0, ECHO_MAX_ITEMS);
  if (result.state?.validated) {
    out.state = { ...result.state, validated: Object.fromEntries(Object.entries(result.state.validated).filter(([n]) => n === "" || topLevel(n)).slice(0, ECHO_MAX_ITEMS)) };
  }
  if (result.error) out.error = Object.fromEntries(Object.entries(result.error).filter(([n]) => n === "" || topLevel(n)));
  return out;
}

const constraints = new WeakMap<object, Constraint>();
function constraintOf(schema: $ZodType): Constraint {
  let c = constraints.get(schema);
  if (!c) {
    try {
      c = (getZodConstraint(schema) ?? {}) as Constraint;
    } catch {
      c = {};
    }
    constraints.set(schema, c);
  }
  return c;
}

/** `parseWithZod`, whose `reply()` is bounded by the schema (see the module comment). */
export function parseSubmission<Schema extends $ZodType>(payload: FormData | URLSearchParams, options: { schema: Schema }): Submission<input<Schema>, string[], output<Schema>> {
  const submission = parseWithZod(payload, options);
  const constraint = constraintOf(options.schema);
  const reply = submission.reply.bind(submission);
  submission.reply = ((replyOptions?: Parameters<typeof reply>[0]) => boundReply(reply(replyOptions), constraint)) as typeof submission.reply;
  return submission;
}
