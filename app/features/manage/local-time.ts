/**
 * Event dates are entered in the site's own zone (a `datetime-local` field: "2027-03-01T09:00")
 * and stored as instants. These convert both ways without a time-zone library: the zone's offset
 * at that moment comes from Intl (two passes settle daylight-saving changes).
 */
import { wallClock } from "~/i18n/format";

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** "YYYY-MM-DDTHH:mm" at `timeZone` → an ISO instant ("…Z"), or null when malformed. */
export function instantAt(local: string, timeZone: string): string | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wanted = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(wanted) || new Date(wanted).getUTCDate() !== d) return null;
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const w = wallClock(new Date(guess), timeZone);
    const seen = Date.UTC(w.getFullYear(), w.getMonth(), w.getDate(), w.getHours(), w.getMinutes());
    guess += wanted - seen;
  }
  return new Date(guess).toISOString();
}

/** An instant → "YYYY-MM-DDTHH:mm" at `timeZone` (a `datetime-local` field's value). */
export function localAt(instant: string, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${w.getFullYear()}-${p(w.getMonth() + 1)}-${p(w.getDate())}T${p(w.getHours())}:${p(w.getMinutes())}`;
}
