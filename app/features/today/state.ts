/**
 * The Today view's live state: who is on site and waiting, the signed-in counter and whether an
 * evacuation is in progress, kept up to date by the site channel's events (spec platform §4, live
 * counters: a sign-in increments the site's count, a sign-out decrements it, delivery groups are
 * excluded; §7: EvacuationCreatedEvent and EvacuationCompleteEvent on the same channel).
 *
 * Events are applied per visit, so the state stays right whatever the order of a page load and the
 * events around it: a sign-in already known is not counted twice, a sign-out of a visit the page
 * never knew (it left before the page loaded) changes nothing. Pure; shared by server and browser.
 *
 * Sign-out-first groups (ADR 015): a member leaving is a SignOutEvent whose visit is `away` (listed
 * under "Out now", not on site, not counted); their return is a SignInEvent whose visit is
 * `returned` (off the list, still not counted).
 *
 * Visit management (ADR 026): VisitUpdatedEvent replaces a listed visit (its group or name changed),
 * VisitDeletedEvent removes it; each moves the count by what the visit counted for.
 */
import type { GroupSummary, Visit, VisitEvent } from "@contract";

export interface TodayState {
  /** Signed-in visits, delivery groups excluded. */
  count: number;
  /** On site (signed_in), waiting (pending) and out now (away), by id. */
  visits: Visit[];
  /** An evacuation of the site is in progress (the upstream allows one at a time per site). */
  evacuation: boolean;
}

export const counts = (v: Pick<Visit, "status" | "group">) => v.status === "signed_in" && v.group.type !== "delivery";

/**
 * What the page lists: on site, waiting for approval, sign-out-first members who are out, and the
 * day's sign-ins the safety check rejected (ADR 029: a SignInEvent whose visit is `rejected`; never
 * counted).
 */
const LISTED: ReadonlySet<Visit["status"]> = new Set(["signed_in", "pending", "away", "rejected"]);

/** The loaded visits (on site and waiting, and those away): anything else is left out. */
export function initialState(count: number, visits: Visit[], evacuation = false): TodayState {
  return { count, visits: visits.filter((v) => LISTED.has(v.status)), evacuation };
}

export type SiteMessage = { event: string; data: unknown };

function isVisitEvent(data: unknown): data is VisitEvent {
  const v = (data as VisitEvent | null)?.visit;
  return !!v && typeof v.id === "number" && typeof v.status === "string" && typeof v.group?.type === "string";
}

/** Events about one visit: signed in or out (platform §4), edited or deleted (ADR 026). */
const VISIT_EVENTS: ReadonlySet<string> = new Set(["SignInEvent", "SignOutEvent", "VisitUpdatedEvent", "VisitDeletedEvent"]);

const EVACUATION_EVENTS: Record<string, boolean> = { EvacuationCreatedEvent: true, EvacuationCompleteEvent: false };

/** Apply one message of `private-Site.{id}`; returns the same object when nothing changed. */
export function applySiteEvent(state: TodayState, message: SiteMessage, siteId: number): TodayState {
  if (message.event in EVACUATION_EVENTS) {
    const evacuation = (message.data as { evacuation?: { site_id?: unknown } } | null)?.evacuation;
    if (!evacuation || evacuation.site_id !== siteId) return state;
    const inProgress = EVACUATION_EVENTS[message.event]!;
    return state.evacuation === inProgress ? state : { ...state, evacuation: inProgress };
  }
  if (!VISIT_EVENTS.has(message.event)) return state;
  if (!isVisitEvent(message.data) || message.data.visit.site_id !== siteId) return state;
  const incoming = message.data.visit;
  const index = state.visits.findIndex((v) => v.id === incoming.id);
  const known = index >= 0 ? state.visits[index]! : null;
  // A visit edited, anonymised or deleted (ADR 026): the one the page knows is replaced or goes.
  if (message.event === "VisitDeletedEvent" || message.event === "VisitUpdatedEvent") {
    if (!known) return state;
    const gone = message.event === "VisitDeletedEvent" || !LISTED.has(incoming.status);
    const next: Visit = { ...incoming, location: incoming.location ?? known.location ?? null };
    const delta = (gone ? 0 : counts(next) ? 1 : 0) - (counts(known) ? 1 : 0);
    const visits = gone ? state.visits.filter((v) => v.id !== known.id) : state.visits.map((v) => (v.id === next.id ? next : v));
    return { ...state, count: state.count + delta, visits };
  }

  // A sign-out leaves the list unless it is a departure (away); a sign-in lists what is on site or waiting.
  const listed = LISTED.has(incoming.status) && (message.event === "SignInEvent" ? incoming.status !== "away" : incoming.status === "away");
  if (!listed) {
    if (!known) return state;
    return { ...state, count: state.count - (counts(known) ? 1 : 0), visits: state.visits.filter((v) => v.id !== incoming.id) };
  }
  if (known && known.status === incoming.status) return state;
  // Locations are never broadcast; keep one the page was given.
  const next: Visit = { ...incoming, location: incoming.location ?? known?.location ?? null };
  const delta = (counts(next) ? 1 : 0) - (known && counts(known) ? 1 : 0);
  const visits = known ? state.visits.map((v) => (v.id === next.id ? next : v)) : [...state.visits, next];
  return { ...state, count: state.count + delta, visits };
}

export interface GroupSection {
  group: Pick<GroupSummary, "id" | "name" | "type">;
  visits: Visit[];
}

/**
 * The listed visits of `status` by group: a section for each of `groups` (in their order), then for
 * groups of such visits the page was not given; each newest first by `at`.
 */
function sectionsOf(state: TodayState, status: Visit["status"], groups: GroupSection["group"][], at: (v: Visit) => string): GroupSection[] {
  const byGroup = new Map<number, GroupSection>();
  for (const g of groups) byGroup.set(g.id, { group: g, visits: [] });
  for (const v of state.visits) {
    if (v.status !== status) continue;
    let section = byGroup.get(v.group.id);
    if (!section) byGroup.set(v.group.id, (section = { group: v.group, visits: [] }));
    section.visits.push(v);
  }
  return [...byGroup.values()].map((s) => ({ ...s, visits: s.visits.sort((a, b) => (at(a) < at(b) ? 1 : at(a) > at(b) ? -1 : b.id - a.id)) }));
}

/** Signed-in visits by group, in the site's group order (groups unknown to the page last), newest sign-in first; empty groups left out. */
export function onSiteByGroup(state: TodayState, groups: Pick<GroupSummary, "id" | "name" | "type">[]): GroupSection[] {
  return sectionsOf(state, "signed_in", groups, (v) => v.signed_in_at ?? v.created_at).filter((s) => s.visits.length > 0);
}

export const pending = (state: TodayState) => state.visits.filter((v) => v.status === "pending");

/** The day's rejected sign-ins (the safety check), newest first. */
export const rejectedToday = (state: TodayState) => state.visits.filter((v) => v.status === "rejected").sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id));

/**
 * "Out now": for each sign-out-first group shown (`sign_out_first`), its members who are away, the
 * latest departure first; a group that no longer signs out first is listed while someone of it is
 * still away (so nobody is forgotten), after the others.
 */
export function outNow(state: TodayState, groups: Pick<GroupSummary, "id" | "name" | "type" | "sign_out_first">[]): GroupSection[] {
  return sectionsOf(state, "away", groups.filter((g) => g.sign_out_first), (v) => v.signed_out_at ?? v.created_at);
}
