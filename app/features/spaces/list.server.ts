/**
 * The bookings list's loader and action (issue 26; ADR 036), shared by `/spaces/:site_id?/bookings`
 * and `/spaces/:site_id/bookings/:id?` without an id (both match that URL). Without a site: the
 * user's current spaces site. The search (search.server.ts) picks a day and times; every space of
 * the layout is shown free or booked in that window, grouped by zone path and category; "My
 * bookings" and, with Spaces.viewer, "Everyone's bookings" of the day. `?space=` is the new-booking
 * form for that space.
 */
import { data, redirect } from "@remix-run/node";
import type { Booking } from "@contract";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { pageParam } from "~/forms/list-state.server";
import { pageCount } from "~/forms/paging";
import { dispatch } from "~/forms/intents.server";
import type { Locale } from "~/i18n/config";
import { formatDay, formatTimeAt } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { BOOKING_INTENTS } from "./actions.server";
import { FEED_INTENTS, feedChoices, feedRows, isFeedIntent, revealedFeed, revealedOf } from "./feeds.server";
import { instantAt, readSearch, todayIn } from "./search.server";
import { currentSpacesSite, flatten, loadSpaces, notFound, siteOf, type SpaceRow } from "./site.server";
import { shownFileUrl } from "~/features/manage/media.server";
import { siteChannel } from "~/features/today/today.server";

type Params = { site_id?: string };

/** Everyone's bookings of the day, a page at a time (a busy floor's 250 rows with their forms made a 435 KB page); mine stay whole. */
export const EVERYONE_PER_PAGE = 50;

export interface BookingRow {
  id: number;
  space: string;
  zonePath: string;
  /** The booking's first local day (its page's `on`). */
  on: string;
  from: string;
  to: string;
  person: string;
  bookedBy: string;
  status: "active" | "cancelled" | "released";
  used: boolean;
  series: boolean;
  canChange: boolean;
}

export function bookingRows(list: Booking[], zonePaths: Map<number, string>, zone: string, locale: Locale): BookingRow[] {
  return list.map((b) => ({
    id: b.id,
    space: b.space_name,
    zonePath: zonePaths.get(b.space_id) ?? "",
    on: todayIn(zone, new Date(b.start)),
    from: formatTimeAt(b.start, zone, locale),
    to: formatTimeAt(b.end, zone, locale),
    person: b.person.name,
    bookedBy: b.booked_by.name,
    status: b.status,
    used: b.used_at !== null,
    series: b.series_id !== null,
    canChange: b.can_change,
  }));
}

export async function listLoader({ request, params }: { request: Request; params: Params }) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "spaces")]);
  const url = new URL(request.url);
  if (!params.site_id) {
    const current = (await currentSpacesSite(access)) ?? notFound();
    throw redirect(`/spaces/${current.id}/bookings${url.search}`, { headers: access.headers });
  }
  const site = siteOf(access, params.site_id);
  const zone = site.timezone || "UTC";
  const locale = access.viewer.locale as Locale;
  const read = readSearch(url, zone);
  const search = read.search;
  const problems: Record<string, string> = read.problems;
  const [spaces, { flashed, headers }] = await Promise.all([loadSpaces(access, site.id), revealedFeed(request, access, site.id)]);
  const { spaces: all, zones } = flatten(spaces.layout);
  if (search.zone && !problems.zone && !zones.some((z) => String(z.id) === search.zone)) problems.zone = "spaces:search.zone_invalid";
  const spaceParam = url.searchParams.get("space");
  const newSpace = spaceParam === null ? null : (all.find((s) => String(s.id) === spaceParam) ?? null);
  if (spaceParam !== null && !newSpace) problems.space = "spaces:messages.notASpace";
  // Booking for someone else: the new-booking form's "Find" (a GET of the form) looks people up by name.
  const people = newSpace && spaces.can.book_for_others ? await findPeople(access, site.id, url) : null;
  const base = {
    title: `${t("bookings.title", { site: site.name })} · Gatehouse`,
    site: { id: site.id, name: site.name, timezone: zone },
    // Another person's booking here shows without a reload (BookingsChangedEvent on the site's channel).
    channels: [siteChannel(site.id)],
    can: spaces.can,
    advance: spaces.booking_advance_limit,
    search,
    problems,
    zones,
    categories: [...new Set(all.map((s) => s.category))],
    dayLabel: problems.day ? search.day : formatDay(search.day, locale),
    newSpace,
    people,
    // What the new-booking form held when "Find" sent it here.
    draft: newSpace ? draftOf(url) : null,
    revealed: revealedOf(flashed, all),
    feeds: feedRows(spaces.calendar_urls, all, zone, locale),
    // The spaces a feed may be made of, by zone (an optgroup a zone: a floor of 500 spaces costs their names once, not their paths 500 times).
    feedSpaces: spaces.can.view_all ? feedChoices(all) : [],
  };
  if (Object.keys(problems).length) return data({ ...base, groups: null, plans: null, mine: [], everyone: null, everyoneCount: 0, page: 1, pages: 1 }, { status: 400, headers });
  const list = (mine: boolean) => upstreamLoad(access.viewer.api("listBookings", { params: { siteId: site.id }, query: { from: search.day, to: search.day, ...(mine ? { mine: "1" } : {}) } }));
  const [all_, own] = await Promise.all([spaces.can.view_all ? list(false) : Promise.resolve(null), list(true)]);
  const everyone = all_?.bookings ?? null;
  const mine = own.bookings;
  const start = instantAt(search.day, search.from, zone).getTime();
  const end = instantAt(search.day, search.to, zone).getTime();
  const known = everyone ?? mine;
  const shown = all.filter((s) => (!search.category || s.category === search.category) && (!search.zone || s.zoneIds.includes(Number(search.zone))));
  type Group = { key: string; zonePath: string; category: string; spaces: { id: number; name: string; tags: string[]; booked: { person: string | null; from: string; to: string }[] }[] };
  const groups: Group[] = [];
  const byKey = new Map<string, Group>();
  // The window's bookings by space, once (a floor of 500 spaces and its day's bookings: no scan per space).
  // Without Spaces.viewer the others' bookings come as busy slots: taken, not by whom (person null).
  const bySpace = new Map<number, { person: string | null; from: string; to: string }[]>();
  const taken = [...known.filter((b) => b.status === "active").map((b) => ({ space_id: b.space_id, start: b.start, end: b.end, person: b.person.name as string | null })), ...own.busy.map((b) => ({ ...b, person: null }))];
  // In time order, so a space's bookings read as its day.
  taken.sort((x, y) => Date.parse(x.start) - Date.parse(y.start));
  for (const b of taken) {
    if (Date.parse(b.start) >= end || Date.parse(b.end) <= start) continue;
    const entry = { person: b.person, from: formatTimeAt(b.start, zone, locale), to: formatTimeAt(b.end, zone, locale) };
    const list = bySpace.get(b.space_id);
    if (list) list.push(entry);
    else bySpace.set(b.space_id, [entry]);
  }
  for (const s of shown) {
    const key = `${s.zonePath}|${s.category}`;
    let g = byKey.get(key);
    if (!g) {
      g = { key, zonePath: s.zonePath, category: s.category, spaces: [] };
      byKey.set(key, g);
      groups.push(g);
    }
    g.spaces.push({ id: s.id, name: s.name, tags: s.tags, booked: bySpace.get(s.id) ?? [] });
  }
  const plans = plansOf(spaces.floor_plans, zones, shown, bySpace, search.zone);
  const paths = new Map(all.map((s) => [s.id, s.zonePath]));
  // A page past the last (the day emptied since the link was made) shows the last one.
  const pages = pageCount(everyone?.length ?? 0, EVERYONE_PER_PAGE);
  const page = Math.min(pageParam(url), pages);
  const everyonePage = everyone ? everyone.slice((page - 1) * EVERYONE_PER_PAGE, page * EVERYONE_PER_PAGE) : null;
  return data(
    { ...base, groups, plans, mine: bookingRows(mine, paths, zone, locale), everyone: everyonePage ? bookingRows(everyonePage, paths, zone, locale) : null, everyoneCount: everyone?.length ?? 0, page, pages },
    { headers },
  );
}

/** At most this many spaces marked on the floor plans without a zone chosen (a whole site's markers weigh on the page). */
export const PLAN_MARKERS = 150;

export interface PlanView {
  zoneId: number;
  zoneName: string;
  url: string;
  spaces: { id: number; name: string; x: number; y: number; free: boolean }[];
}

/**
 * The search's spaces on their floor plans (platform §3 `floor_plans`; a space sits on the plan of
 * its nearest zone that has one): free or booked in the window. With no zone chosen and more than
 * PLAN_MARKERS placed spaces, none (`tooMany`: the page asks for a zone instead).
 */
function plansOf(
  floorPlans: { zone_id: number; file: string }[],
  zones: { id: number; name: string }[],
  shown: SpaceRow[],
  bySpace: Map<number, unknown[]>,
  zoneChosen: string | undefined,
): { list: PlanView[]; tooMany: boolean } {
  const files = new Map(floorPlans.map((f) => [f.zone_id, shownFileUrl(f.file)]));
  const zoneNames = new Map(zones.map((z) => [z.id, z.name]));
  const byZone = new Map<number, PlanView>();
  let placed = 0;
  for (const s of shown) {
    const planZone = [...s.zoneIds].reverse().find((z) => files.get(z));
    if (planZone === undefined || !s.placement) continue;
    let plan = byZone.get(planZone);
    if (!plan) {
      plan = { zoneId: planZone, zoneName: zoneNames.get(planZone) ?? "", url: files.get(planZone)!, spaces: [] };
      byZone.set(planZone, plan);
    }
    plan.spaces.push({ id: s.id, name: s.name, x: s.placement.x, y: s.placement.y, free: !(bySpace.get(s.id)?.length) });
    placed++;
  }
  if (!zoneChosen && placed > PLAN_MARKERS) return { list: [], tooMany: true };
  return { list: [...byZone.values()], tooMany: false };
}

/** The people search of the new-booking form (`person_q`): null when nothing was asked. */
async function findPeople(access: Awaited<ReturnType<typeof requireAccess>>, siteId: number, url: URL) {
  const asked = url.searchParams.get("person_q");
  if (asked === null) return null;
  const q = asked.trim();
  if (q.length < 2 || q.length > 100) return { q: asked.slice(0, 100), found: null, problem: "spaces:messages.peopleQuery" };
  const { people } = await upstreamLoad(access.viewer.api("bookablePeople", { params: { siteId }, query: { q } }));
  return { q, found: people.map((p) => ({ value: `${p.kind}:${p.id}`, name: p.name, detail: p.detail })), problem: null };
}

/** The new-booking form's other fields as "Find" sent them (bounded; the post validates them). */
function draftOf(url: URL) {
  const g = (k: string, max: number) => (url.searchParams.get(k) ?? "").slice(0, max);
  return { person: g("person", 30) || "self", repeat: g("repeat", 20) || "none", until: g("until", 10), note: g("note", 500) };
}

export async function listAction({ request, params }: { request: Request; params: Params }) {
  const access = await requireAccess(request);
  const site = siteOf(access, params.site_id);
  const form = await request.formData();
  // A calendar feed needs only the page's view rule (Spaces.viewer or Spaces.book); booking needs the edit right.
  if (isFeedIntent(form)) return dispatch(form, FEED_INTENTS, { request, access, form, site });
  requireEdit(access);
  return dispatch(form, BOOKING_INTENTS, { request, access, form, site });
}
