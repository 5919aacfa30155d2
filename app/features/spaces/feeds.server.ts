/**
 * Calendar feeds on the booking screens (issue 26 item 5; ADR 036): the caller's live feeds at the
 * site (GET spaces/{siteId}'s `calendar_urls`: kind, space, created — never their secret), and two
 * intents: `create-feed` (my bookings; with Spaces.viewer a space's; creating one again is the
 * reset: the upstream revokes the previous one of that kind and space) and `revoke-feed`. The secret
 * URL the upstream answers goes to the session for the next page only (a flash, as the API
 * clients' secret: never into a URL), shown once, then gone; Post/Redirect/Get to the list as
 * searched.
 */
import type { CalendarFeedListed } from "@contract";
import { requireRight, type Access } from "~/access/guard.server";
import { answerNotice, done, refused, requirePostedId } from "~/forms/action-result.server";
import type { Locale } from "~/i18n/config";
import { formatDateTimeAt } from "~/i18n/format";
import { commitSession } from "~/session/session.server";
import { backTo, type SpacesAction } from "./actions.server";
import type { SpaceRow } from "./site.server";

export interface FeedRow {
  id: number;
  kind: "person" | "space";
  spaceId: number | null;
  /** The space's name and zone path; null for "my bookings" (or a space no longer there). */
  space: string | null;
  created: string;
}

/** A feed just made: its secret URL, for this one page load. */
export interface RevealedFeed {
  id: number;
  kind: "person" | "space";
  space: string | null;
  url: string;
}

const spaceLabel = (s: SpaceRow | undefined) => (s ? [s.zonePath, s.name].filter(Boolean).join(" › ") : null);

/** The spaces a space's feed may be made of, grouped by zone path in the layout's order. */
export function feedChoices(spaces: SpaceRow[]): { zonePath: string; spaces: { id: number; name: string }[] }[] {
  const groups = new Map<string, { id: number; name: string }[]>();
  for (const s of spaces) groups.set(s.zonePath, [...(groups.get(s.zonePath) ?? []), { id: s.id, name: s.name }]);
  return [...groups].map(([zonePath, list]) => ({ zonePath, spaces: list }));
}

export function feedRows(list: CalendarFeedListed[], spaces: SpaceRow[], zone: string, locale: Locale): FeedRow[] {
  const byId = new Map(spaces.map((s) => [s.id, s]));
  return list.map((f) => ({ id: f.id, kind: f.kind, spaceId: f.space_id, space: f.space_id === null ? null : spaceLabel(byId.get(f.space_id)), created: formatDateTimeAt(f.created_at, zone, locale) }));
}

/**
 * The feed just created at this site, read (and so removed) from the session once; the headers to
 * answer with (the session committed, and nothing cached: the page holds a secret).
 */
export async function revealedFeed(request: Request, access: Access, siteId: number): Promise<{ flashed: Flashed | null; headers: Headers }> {
  const headers = new Headers(access.headers);
  const flashed = access.viewer.session.get("revealedFeed") ?? null;
  if (!flashed) return { flashed: null, headers };
  headers.append("Set-Cookie", await commitSession(request, access.viewer.session));
  headers.set("Cache-Control", "no-store");
  return { flashed: flashed.site_id === siteId ? flashed : null, headers };
}
type Flashed = { site_id: number; id: number; kind: "person" | "space"; space_id: number | null; url: string };

/** The flashed feed with its space in words. */
export const revealedOf = (f: Flashed | null, spaces: SpaceRow[]): RevealedFeed | null =>
  f && { id: f.id, kind: f.kind, url: f.url, space: f.space_id === null ? null : spaceLabel(spaces.find((s) => s.id === f.space_id)) };

const FEED_GONE = "spaces:messages.feedGone";

export async function createFeed({ request, access, form, site }: SpacesAction) {
  const kind = form.get("kind");
  const intent = { intent: "create-feed" };
  let body: { kind: "person" } | { kind: "space"; space_id: number };
  if (kind === "person") body = { kind };
  else if (kind === "space") {
    requireRight(access, "Spaces.viewer");
    const spaceId = requirePostedId(form.get("space_id"));
    body = { kind, space_id: spaceId };
  } else return answerNotice(intent, "spaces:feeds.kind_invalid", 400);
  let created;
  try {
    created = await access.viewer.api("createCalendarFeed", { params: { siteId: site.id }, body });
  } catch (err) {
    return refused(err, { ...intent, notFound: FEED_GONE });
  }
  access.viewer.session.flash("revealedFeed", { site_id: site.id, id: created.id, kind: created.kind, space_id: created.space_id, url: created.url });
  return done(request, access.viewer, `${backTo(request, site)}#calendar-feed`, { key: "spaces:feeds.created", tone: "success" });
}

export async function revokeFeed({ request, access, form, site }: SpacesAction) {
  const feedId = requirePostedId(form.get("feed_id"));
  try {
    await access.viewer.api("revokeCalendarFeed", { params: { siteId: site.id, feedId } });
  } catch (err) {
    return refused(err, { intent: "revoke-feed", row: feedId, notFound: FEED_GONE });
  }
  return done(request, access.viewer, `${backTo(request, site)}#calendar-feed`, { key: "spaces:feeds.revoked", tone: "success" });
}

/**
 * The feed intents: the page's view rule (Spaces.viewer or Spaces.book, which `requireAccess` has
 * checked) is all a feed of my bookings needs, so they do not ask for the booking right the list's
 * other intents need; a space's feed needs Spaces.viewer (checked in `createFeed`; the upstream
 * checks again).
 */
export const FEED_INTENTS = { "create-feed": createFeed, "revoke-feed": revokeFeed } as const;

export const isFeedIntent = (form: FormData) => Object.hasOwn(FEED_INTENTS, String(form.get("intent")));
