/**
 * Plain values of the contract that the portal's browser code needs, without zod: importing
 * ./index for a list of strings takes its every schema (and zod) into the page (ADR 010 of the
 * portal). ./index re-exports them; `app/` may import this module as it may import ./index.
 */

/** How an evacuee stands in an evacuation (see ./index, evacuations). */
export const EVACUEE_STATUSES = ["unaccounted", "accounted_for", "missing", "left_site"] as const;
