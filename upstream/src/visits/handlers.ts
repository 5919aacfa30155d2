/**
 * Visit management (ADR 026).
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { visitRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { anonymiseVisit, deleteVisit, getVisitManagement, updateVisit, updateVisitNotes, updateVisitProtection } from "./manage.ts";

export const visitHandlers = {
  // Visit management (visits/; ADR 026).
  visitManagement: ({ app, principal, ctx }) => getVisitManagement(app, principal, ctx.params.visitId),
  updateVisit: ({ app, principal, ctx, body }) => updateVisit(app, principal, ctx.params.visitId, body),
  updateVisitNotes: ({ app, principal, ctx, body }) => updateVisitNotes(app, principal, ctx.params.visitId, body),
  updateVisitProtection: ({ app, principal, ctx, body }) => updateVisitProtection(app, principal, ctx.params.visitId, body),
  anonymiseVisit: ({ app, principal, ctx }) => anonymiseVisit(app, principal, ctx.params.visitId),
  deleteVisit: ({ app, principal, ctx }) => deleteVisit(app, principal, ctx.params.visitId),
} satisfies Handlers<keyof typeof visitRoutes>;
