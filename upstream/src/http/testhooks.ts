/**
 * Test-only HTTP hooks under `/__test/` (registered only with UPSTREAM_TEST_HOOKS=1): each area
 * lists its own in `<area>/testhooks.ts` as a table of these; `src/testhooks.ts` registers them.
 */
import type { z } from "zod";
import { validation, zodErrors } from "./errors.ts";
import type { Handler } from "./router.ts";

export interface TestHook {
  method: "GET" | "POST";
  path: string;
  handler: Handler;
}

/** A hook's body or parameter, checked: 422 with the schema's errors otherwise. */
export function parseTestInput<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const r = schema.safeParse(raw);
  if (!r.success) throw validation(zodErrors(r.error));
  return r.data;
}

/** A numeric id from the path (`NaN` when it is not one). */
export const pathId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : NaN);
