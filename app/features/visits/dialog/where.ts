/**
 * Where the visit details dialog opens (issue 17; ADR 025): over Today or over the visit history.
 * The dialog and its tabs are one set of loaders and screens (`loaders.server.ts`, `screens.tsx`);
 * the route modules of each place are thin and only say which place they are.
 */
export const DIALOG_PLACES = {
  today: { base: "/today", routeId: "routes/_app.today.visits.$visitId", visit: "visit", badge: "visitBadge" },
  history: { base: "/reports/history", routeId: "routes/_app.reports.history.visits.$visitId", visit: "historyVisit", badge: "historyVisitBadge" },
} as const;
export type DialogPlace = keyof typeof DIALOG_PLACES;

/** The dialog's path for a visit and tab at a place. */
export const visitPath = (place: DialogPlace, visitId: number, tab: string) => `${DIALOG_PLACES[place].base}/visits/${visitId}/${tab}`;
