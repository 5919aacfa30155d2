/**
 * The Today view: who is on site, signing in and out, departures and returns, approvals, one visit's dialog.
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { todayRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { approveVisit, depart, getSignInOptions, getSiteToday, getVisit, getVisitAbsences, getVisitBadge, getVisitDocuments, getVisitHistory, returnVisit, signIn, signOut, signOutAll } from "./visits.ts";

export const todayHandlers = {
  siteToday: ({ app, principal, ctx }) => getSiteToday(app, principal, ctx.params.siteId),
  signInOptions: ({ app, principal, ctx }) => getSignInOptions(app, principal, ctx.params.siteId),
  signIn: ({ app, principal, ctx, body }) => signIn(app, principal, ctx.params.siteId, body),
  signOutAll: ({ app, principal, ctx, body }) => signOutAll(app, principal, ctx.params.siteId, body),
  depart: ({ app, principal, ctx, body }) => depart(app, principal, ctx.params.siteId, body),
  returnVisit: ({ app, principal, ctx }) => returnVisit(app, principal, ctx.params.visitId),
  signOut: ({ app, principal, ctx }) => signOut(app, principal, ctx.params.visitId),
  approveVisit: ({ app, principal, ctx }) => approveVisit(app, principal, ctx.params.visitId),
  visit: ({ app, principal, ctx }) => getVisit(app, principal, ctx.params.visitId),
  visitAbsences: ({ app, principal, ctx }) => getVisitAbsences(app, principal, ctx.params.visitId),
  visitHistory: ({ app, principal, ctx }) => getVisitHistory(app, principal, ctx.params.visitId),
  visitBadge: ({ app, principal, ctx }) => getVisitBadge(app, principal, ctx.params.visitId),
  visitDocuments: ({ app, principal, ctx }) => getVisitDocuments(app, principal, ctx.params.visitId),
} satisfies Handlers<keyof typeof todayRoutes>;
