/**
 * The manage landing's sections (platform §2: "sites, events, groups, block list, client API, forms,
 * notifications, users, rotas, closure periods, or the Spaces editor or the health-check editor";
 * ADR 030), in the order it lists them, each with the pages that can open it (the first one this
 * user may open is where its link goes). A section is listed only when one of its pages has a
 * screen in this portal and the user may open it (`opensScreen`, from the access table): never a
 * link to a page that is not built or that the user would be refused. Rotas and closure periods
 * live on the time-and-attendance add-on's page; health certificates are always denied (platform
 * §2), so that section is never listed.
 */
import type { AccessContext } from "~/access/rules";
import { opensScreen } from "~/access/outcome";

export interface Section {
  /** Translation keys of its title and summary (namespace `manage` unless qualified). */
  title: string;
  summary: string;
  pages: readonly string[];
}

export const SECTIONS: readonly Section[] = [
  { title: "landing.sites.title", summary: "landing.sites.summary", pages: ["/manage/overview/sites"] },
  { title: "landing.events.title", summary: "landing.events.summary", pages: ["/manage/overview/events"] },
  { title: "landing.groups.title", summary: "landing.groups.summary", pages: ["/manage/overview/groups"] },
  {
    title: "landing.safety_check.title",
    summary: "landing.safety_check.summary",
    pages: ["/manage/safety-check/block-list", "/manage/safety-check/sign-in-central-record", "/manage/safety-check/health-certificates"],
  },
  { title: "landing.client_api.title", summary: "landing.client_api.summary", pages: ["/manage/features/api-clients"] },
  { title: "landing.forms.title", summary: "landing.forms.summary", pages: ["/manage/features/forms"] },
  { title: "landing.notifications.title", summary: "landing.notifications.summary", pages: ["/manage/features/notifications"] },
  // An area with a namespace of its own names its title and summary there.
  { title: "users:landing.title", summary: "users:landing.summary", pages: ["/manage/account/users"] },
  { title: "landing.time_and_attendance.title", summary: "landing.time_and_attendance.summary", pages: ["/manage/addons/time-and-attendance"] },
  { title: "landing.spaces.title", summary: "landing.spaces.summary", pages: ["/manage/addons/spaces", "/manage/addons/discover/spaces"] },
  { title: "audit:landing.title", summary: "audit:landing.summary", pages: ["/manage/account/audit-log"] },
];

/** The sections this context may open, each with the page its link goes to. */
export function openSections(ctx: AccessContext): { title: string; summary: string; path: string }[] {
  return SECTIONS.flatMap((s) => {
    const path = s.pages.find((p) => opensScreen(p, ctx));
    return path ? [{ title: s.title, summary: s.summary, path }] : [];
  });
}
