/**
 * Bookings (platform §5, §7, §8; ADR 036): list, book (once or repeating, all or nothing), change
 * and cancel. The rules are checked here for a clear message; the database has the last word on
 * overlaps — its exclusion constraints refuse a second booking of a space (with the buffer) or a
 * person's second booking of a category at one time however many requests race (23P01 → 409/422).
 */
import { SPACES_LIMITS, SPACES_MESSAGES, type Booking, type BusySlot, type BookingInput, type BookingUpdate } from "../../contract/index.ts";
import type { Principal } from "../clients/regional.ts";
import type { Queryable } from "../db/index.ts";
import { HttpError, forbidden, notFound, validation } from "../http/errors.ts";
import type { App } from "../runtime/app.ts";
import { parseLocalDate, localDayRange, localToday, addLocalDays } from "../time/local-time.ts";
import { nearestFree } from "./alternative.ts";
import { zonePermitted, resolvePerson, type Person } from "./people.ts";
import { BOOKING_COLS, canChange, isOwn, toBooking, type BookingRow } from "./rows.ts";
import { occurrences, parseInstant, timeProblems } from "./rules.ts";
import { layoutOf, spacesAt, type Layout, type SpacesAt } from "./site.ts";
import { announceBookings } from "./announce.ts";

type Range = { start: Date; end: Date };
const MINUTE = 60_000;
const held = (r: Range, at: SpacesAt): Range => ({ start: r.start, end: new Date(r.end.getTime() + at.rules.bufferMinutes * MINUTE) });

/** The exclusion constraints' refusal (PostgreSQL and PGlite alike), by constraint. */
const exclusion = (err: unknown): string | null => {
  const e = err as { code?: string; constraint?: string };
  return e?.code === "23P01" ? (e.constraint ?? "") : null;
};

async function unavailable(q: Queryable, at: SpacesAt, layout: Layout, spaceId: number, ranges: Range[], person: Person, override: boolean, exceptBooking: number | null, clashes: string[]): Promise<HttpError> {
  const alternative = await nearestFree(q, at.site.id, layout, spaceId, ranges.map((r) => held(r, at)), person, override, exceptBooking);
  return new HttpError(409, { code: "space_unavailable", message: SPACES_MESSAGES.unavailable, data: { alternative, clashes } });
}

function spaceOf(layout: Layout, spaceId: number) {
  const space = layout.byId.get(spaceId);
  if (!space || space.type !== "space") throw validation({ space_id: [SPACES_MESSAGES.notASpace] });
  return space;
}

/** GET spaces/{siteId}/bookings. */
export async function listBookings(app: App, p: Principal, siteIdParam: string, url: URL): Promise<{ from: string; to: string; bookings: Booking[]; busy: BusySlot[] }> {
  const at = await spacesAt(app.db, p, siteIdParam);
  const zone = at.site.timezone;
  const read = (name: "from" | "to", fallback: () => Date) => {
    const v = url.searchParams.get(name);
    if (v === null || v === "") return fallback();
    if (parseLocalDate(v) && /^\d{4}-\d{2}-\d{2}$/.test(v)) return name === "from" ? localDayRange(v, zone).start : localDayRange(v, zone).end;
    const d = parseInstant(v);
    if (!d) throw validation({ [name]: [SPACES_MESSAGES.time] });
    return d;
  };
  const from = read("from", () => localDayRange(localToday(zone), zone).start);
  const to = read("to", () => localDayRange(addLocalDays(localToday(zone), 6), zone).end);
  if (to.getTime() <= from.getTime() || to.getTime() - from.getTime() > SPACES_LIMITS.listDays * 86_400_000) throw validation({ to: [SPACES_MESSAGES.range] });
  const params: unknown[] = [at.site.id, from.toISOString(), to.toISOString()];
  const where: string[] = ["b.site_id = $1", "b.starts_at < $3", "b.ends_at > $2"];
  const status = url.searchParams.get("status") ?? "active";
  if (status !== "all") {
    if (!["active", "cancelled", "released"].includes(status)) throw validation({ status: [SPACES_MESSAGES.status] });
    params.push(status);
    where.push(`b.status = $${params.length}`);
  }
  const num = (name: string) => {
    const v = url.searchParams.get(name);
    if (v === null || v === "") return null;
    if (!/^\d{1,9}$/.test(v)) throw validation({ [name]: [SPACES_MESSAGES.notASpace] });
    return Number(v);
  };
  const space = num("space");
  if (space !== null) (params.push(space), where.push(`b.space_id = $${params.length}`));
  const person = url.searchParams.get("person");
  if (person) {
    const m = /^(user|member):(\d{1,9})$/.exec(person);
    if (!m) throw validation({ person: [SPACES_MESSAGES.personUnknown] });
    params.push(m[1], Number(m[2]));
    where.push(`b.person_kind = $${params.length - 1} AND b.person_id = $${params.length}`);
  }
  // Without Spaces.viewer a booker sees only their own bookings (the scope module's `own`); the
  // others' active ones only as busy slots (space and times: no person, no note).
  const shared = [...where];
  const sharedParams = [...params];
  const own = (n: number) => `((b.person_kind = 'user' AND b.person_id = $${n}) OR (b.booked_by_kind = 'user' AND b.booked_by_id = $${n}))`;
  if (!at.can.view_all || url.searchParams.get("mine") === "1") {
    params.push(p.m.id);
    where.push(own(params.length));
  }
  const busyOf = async (): Promise<{ space_id: number; starts_at: Date | string; ends_at: Date | string }[]> => {
    if (at.can.view_all) return [];
    sharedParams.push(p.m.id);
    return app.db.query(
      `SELECT b.space_id, b.starts_at, b.ends_at FROM space_bookings b WHERE ${shared.join(" AND ")} AND b.status = 'active' AND NOT ${own(sharedParams.length)} ORDER BY b.starts_at, b.id LIMIT 5000`,
      sharedParams,
    );
  };
  const [rows, others, layout] = await Promise.all([
    app.db.query<BookingRow>(`SELECT ${BOOKING_COLS} FROM space_bookings b WHERE ${where.join(" AND ")} ORDER BY b.starts_at, b.id LIMIT 5000`, params),
    busyOf(),
    // With the deleted spaces: a past booking keeps its space's name.
    layoutOf(app.db, at.site.id, true),
  ]);
  const zoneFilter = num("zone");
  const inZone = (spaceId: number) => zoneFilter === null || (layout.byId.get(spaceId)?.zone_path ?? []).includes(zoneFilter);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    bookings: rows.filter((b) => inZone(b.space_id)).map((b) => toBooking(b, layout, at, p)),
    busy: others.filter((b) => inZone(b.space_id)).map((b) => ({ space_id: b.space_id, start: new Date(b.starts_at).toISOString(), end: new Date(b.ends_at).toISOString() })),
  };
}

/** POST spaces/{siteId}/bookings. */
export async function createBooking(app: App, p: Principal, siteIdParam: string, body: BookingInput): Promise<{ bookings: Booking[] }> {
  const at = await spacesAt(app.db, p, siteIdParam);
  const person = await resolvePerson(app.db, p, at, body.person);
  const layout = await layoutOf(app.db, at.site.id);
  const space = spaceOf(layout, body.space_id);
  const start = parseInstant(body.start);
  const end = parseInstant(body.end);
  const now = new Date();
  const problems = timeProblems(start, end, at.rules.advance, now);
  if (Object.keys(problems).length) throw validation(problems);
  const zoneName = (id: number) => layout.byId.get(id)?.name;
  if (!zonePermitted(person, space, zoneName, at.can.override_zones)) throw validation({ space_id: [SPACES_MESSAGES.zoneNotPermitted] });
  let ranges: Range[] = [{ start: start!, end: end! }];
  if (body.repeat) {
    const all = occurrences(start!, end!, body.repeat.every, body.repeat.until, at.site.timezone);
    if (!all) throw validation({ "repeat.until": [SPACES_MESSAGES.repeatUntil] });
    if (all.length > SPACES_LIMITS.occurrences) throw validation({ "repeat.until": [SPACES_MESSAGES.tooManyOccurrences] });
    for (const r of all) {
      const later = timeProblems(r.start, r.end, at.rules.advance, now);
      if (Object.keys(later).length) throw validation({ "repeat.until": Object.values(later)[0]! });
    }
    ranges = all;
  }
  // A clear answer first (which days clash); the constraint still decides a race.
  const clashes = await clashingDays(app.db, at, space.id, ranges);
  if (clashes.length) throw await unavailable(app.db, at, layout, space.id, ranges, person, at.can.override_zones, null, clashes);
  await personFree(app.db, person, space.category!, ranges, null);
  const booker = { kind: "user" as const, id: p.m.id, name: p.user.name };
  try {
    const rows = await app.db.tx(async (q) => {
      const series = body.repeat
        ? (await q.query<{ id: number }>("INSERT INTO space_booking_series (site_id, every, until) VALUES ($1, $2, $3) RETURNING id", [at.site.id, body.repeat.every, body.repeat.until]))[0]!.id
        : null;
      const out: BookingRow[] = [];
      for (const r of ranges) {
        const h = held(r, at);
        const [row] = await q.query<BookingRow>(
          `INSERT INTO space_bookings AS b (site_id, space_id, category, starts_at, ends_at, held, person_kind, person_id, person_name,
                                         booked_by_kind, booked_by_id, booked_by_name, series_id, note)
           VALUES ($1, $2, $3, $4::timestamptz, $5::timestamptz, tstzrange($4::timestamptz, $6::timestamptz, '[)'), $7, $8, $9, $10, $11, $12, $13, $14) RETURNING ${BOOKING_COLS}`,
          [at.site.id, space.id, space.category, r.start.toISOString(), r.end.toISOString(), h.end.toISOString(), person.kind, person.id, person.name, booker.kind, booker.id, booker.name, series, body.note?.trim() || null],
        );
        out.push(row!);
      }
      return out;
    });
    announceBookings(app, at.site.id);
    return { bookings: rows.map((b) => toBooking(b, layout, at, p)) };
  } catch (err) {
    throw await refusal(err, app.db, at, layout, space.id, ranges, person, null);
  }
}

/** A 23P01 from the constraints as the caller's answer; anything else as it was. */
async function refusal(err: unknown, q: Queryable, at: SpacesAt, layout: Layout, spaceId: number, ranges: Range[], person: Person, exceptBooking: number | null): Promise<unknown> {
  const constraint = exclusion(err);
  if (constraint === null) return err;
  if (constraint === "space_bookings_person_free") return validation({ start: [SPACES_MESSAGES.personBusy] });
  return unavailable(q, at, layout, spaceId, ranges, person, at.can.override_zones, exceptBooking, await clashingDays(q, at, spaceId, ranges, exceptBooking));
}

/** The local days of `ranges` on which the space is already held. */
async function clashingDays(q: Queryable, at: SpacesAt, spaceId: number, ranges: Range[], exceptBooking: number | null = null): Promise<string[]> {
  // One query for a whole series (up to 200 days): the positions of the ranges the space is held in.
  const withBuffer = ranges.map((r) => held(r, at));
  const rows = await q.query<{ i: string | number }>(
    `SELECT r.i FROM unnest($2::timestamptz[], $3::timestamptz[]) WITH ORDINALITY r(s, e, i)
      WHERE EXISTS (SELECT 1 FROM space_bookings b WHERE b.space_id = $1 AND b.status = 'active' AND ($4::int IS NULL OR b.id <> $4)
                      AND b.held && tstzrange(r.s, r.e, '[)'))
      ORDER BY r.i`,
    [spaceId, withBuffer.map((r) => r.start.toISOString()), withBuffer.map((r) => r.end.toISOString()), exceptBooking],
  );
  return rows.map((row) => localToday(at.site.timezone, ranges[Number(row.i) - 1]!.start));
}

async function personFree(q: Queryable, person: Person, category: string, ranges: Range[], exceptBooking: number | null): Promise<void> {
  const [busy] = await q.query(
    `SELECT 1 FROM space_bookings b WHERE b.person_kind = $1 AND b.person_id = $2 AND b.category = $3 AND b.status = 'active' AND ($6::int IS NULL OR b.id <> $6)
        AND EXISTS (SELECT 1 FROM unnest($4::timestamptz[], $5::timestamptz[]) r(s, e) WHERE tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(r.s, r.e, '[)')) LIMIT 1`,
    [person.kind, person.id, category, ranges.map((r) => r.start.toISOString()), ranges.map((r) => r.end.toISOString()), exceptBooking],
  );
  if (busy) throw validation({ start: [SPACES_MESSAGES.personBusy] });
}

async function bookingOf(q: Queryable, at: SpacesAt, idParam: string): Promise<BookingRow> {
  const id = /^\d{1,9}$/.test(idParam) ? Number(idParam) : NaN;
  const [row] = Number.isNaN(id) ? [] : await q.query<BookingRow>(`SELECT ${BOOKING_COLS} FROM space_bookings b WHERE b.id = $1 AND b.site_id = $2`, [id, at.site.id]);
  if (!row) throw notFound(SPACES_MESSAGES.bookingGone);
  return row;
}

/** The caller may touch it at all: their own, or they may see everyone's (else it is not there for them). */
function visible(b: BookingRow, p: Principal, at: SpacesAt): void {
  if (!at.can.view_all && !isOwn(b, p)) throw notFound(SPACES_MESSAGES.bookingGone);
}

/** A booking the caller may see, still active and not over (what a change or a cancel starts from). */
async function openBooking(app: App, p: Principal, siteIdParam: string, idParam: string): Promise<{ at: SpacesAt; b: BookingRow; now: Date }> {
  const at = await spacesAt(app.db, p, siteIdParam);
  const b = await bookingOf(app.db, at, idParam);
  visible(b, p, at);
  const now = new Date();
  if (b.status !== "active") throw validation({ booking: [SPACES_MESSAGES.notActive] });
  if (new Date(b.ends_at).getTime() <= now.getTime()) throw validation({ booking: [SPACES_MESSAGES.ended] });
  return { at, b, now };
}

/** PATCH spaces/{siteId}/bookings/{id}. */
export async function updateBooking(app: App, p: Principal, siteIdParam: string, idParam: string, body: BookingUpdate): Promise<Booking> {
  const { at, b, now } = await openBooking(app, p, siteIdParam, idParam);
  if (!canChange(b, p, at, now)) throw forbidden(SPACES_MESSAGES.cannotChangeOthers);
  const layout = await layoutOf(app.db, at.site.id);
  const space = spaceOf(layout, body.space_id ?? b.space_id);
  const start = body.start === undefined ? new Date(b.starts_at) : parseInstant(body.start);
  const end = body.end === undefined ? new Date(b.ends_at) : parseInstant(body.end);
  // A booking under way keeps its start; its end may move (not into the past).
  const started = new Date(b.starts_at).getTime() <= now.getTime();
  const problems = started && body.start === undefined ? (end && end.getTime() > now.getTime() ? {} : { end: [end ? SPACES_MESSAGES.startPast : SPACES_MESSAGES.time] }) : timeProblems(start, end, at.rules.advance, now);
  if (Object.keys(problems).length) throw validation(problems);
  const person: Person = { kind: b.person_kind, id: b.person_id, name: b.person_name, email: null, zones: b.person_kind === "member" ? await memberZones(app.db, b.person_id) : [] };
  if (!zonePermitted(person, space, (id) => layout.byId.get(id)?.name, at.can.override_zones)) throw validation({ space_id: [SPACES_MESSAGES.zoneNotPermitted] });
  const ranges = [{ start: start!, end: end! }];
  const clashes = await clashingDays(app.db, at, space.id, ranges, b.id);
  if (clashes.length) throw await unavailable(app.db, at, layout, space.id, ranges, person, at.can.override_zones, b.id, clashes);
  await personFree(app.db, person, space.category!, ranges, b.id);
  try {
    const [row] = await app.db.query<BookingRow>(
      `UPDATE space_bookings b SET space_id = $2, category = $3, starts_at = $4::timestamptz, ends_at = $5::timestamptz, held = tstzrange($4::timestamptz, $6::timestamptz, '[)'), note = $7
        WHERE b.id = $1 AND b.status = 'active' RETURNING ${BOOKING_COLS}`,
      [b.id, space.id, space.category, start!.toISOString(), end!.toISOString(), held(ranges[0]!, at).end.toISOString(), body.note === undefined ? b.note : body.note?.trim() || null],
    );
    if (!row) throw validation({ booking: [SPACES_MESSAGES.notActive] });
    announceBookings(app, at.site.id);
    return toBooking(row, layout, at, p);
  } catch (err) {
    throw await refusal(err, app.db, at, layout, space.id, ranges, person, b.id);
  }
}

async function memberZones(q: Queryable, memberId: number): Promise<string[]> {
  const [m] = await q.query<{ spaces: { zones?: string[] } }>("SELECT spaces FROM members WHERE id = $1", [memberId]);
  return m?.spaces?.zones ?? [];
}

/** DELETE spaces/{siteId}/bookings/{id} (`?following=1`: and the rest of its series). */
export async function cancelBooking(app: App, p: Principal, siteIdParam: string, idParam: string, url: URL): Promise<{ bookings: Booking[] }> {
  const { at, b } = await openBooking(app, p, siteIdParam, idParam);
  if (!isOwn(b, p) && !at.can.delete && !at.can.edit) throw forbidden(SPACES_MESSAGES.cannotChangeOthers);
  const following = url.searchParams.get("following") === "1" && b.series_id !== null;
  const rows = await app.db.query<BookingRow>(
    `UPDATE space_bookings b SET status = 'cancelled', ended_at = now()
      WHERE b.status = 'active' AND b.ends_at > now() AND (b.id = $1 OR ($2 AND b.series_id = $3 AND b.starts_at >= $4))
      RETURNING ${BOOKING_COLS}`,
    [b.id, following, b.series_id, new Date(b.starts_at).toISOString()],
  );
  const layout = await layoutOf(app.db, at.site.id);
  if (rows.length) announceBookings(app, at.site.id);
  return { bookings: rows.sort((x, y) => new Date(x.starts_at).getTime() - new Date(y.starts_at).getTime()).map((r) => toBooking(r, layout, at, p)) };
}
