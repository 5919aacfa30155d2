/**
 * Whether a site is closed on a local day (issue 27 item 2), for the timesheet: on a closure day the
 * rota expects no work. Pure: the caller loads the client's closures (`closuresBetween`).
 */
export interface Closure {
  id: number;
  reason: string;
  /** First and last closed day (local dates YYYY-MM-DD, both included). */
  start: string;
  end: string;
  /** null: every site of the client. */
  site_ids: readonly number[] | null;
}

/** The closure that closes `siteId` on `localDate` (the first by start), or null: a working day as far as closures go. */
export function closedOn<C extends Closure>(closures: readonly C[], siteId: number, localDate: string): C | null {
  let found: C | null = null;
  for (const c of closures) {
    if (c.start > localDate || c.end < localDate) continue;
    if (c.site_ids !== null && !c.site_ids.includes(siteId)) continue;
    if (!found || c.start < found.start || (c.start === found.start && c.id < found.id)) found = c;
  }
  return found;
}
