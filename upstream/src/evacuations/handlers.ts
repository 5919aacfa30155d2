/**
 * The fire list, evacuations and their reports, and a site's evacuation points.
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { evacuationPointRoutes, evacuationRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { createEvacuationPoint, deleteEvacuationPoint, listEvacuationPoints, reorderEvacuationPoints, setEvacuationPointPhoto, updateEvacuationPoint } from "./evacuation-points.ts";
import { addEvacuationComment, completeEvacuation, deleteEvacuation, getEvacuation, getFireList, listEvacuations, startEvacuation, updateEvacuee } from "./evacuations.ts";

export const evacuationHandlers = {
  fireList: ({ app, principal, ctx }) => getFireList(app, principal, ctx.params.siteId),
  startEvacuation: ({ app, principal, ctx, body }) => startEvacuation(app, principal, ctx.params.siteId, body),
  evacuations: ({ app, principal, ctx }) => listEvacuations(app, principal, ctx.url.searchParams),
  evacuation: ({ app, principal, ctx }) => getEvacuation(app, principal, ctx.params.evacuationId),
  updateEvacuee: ({ app, principal, ctx, body }) => updateEvacuee(app, principal, ctx.params.evacuationId, ctx.params.evacueeId, body),
  addEvacuationComment: ({ app, principal, ctx, body }) => addEvacuationComment(app, principal, ctx.params.evacuationId, body),
  completeEvacuation: ({ app, principal, ctx, body }) => completeEvacuation(app, principal, ctx.params.evacuationId, body),
  deleteEvacuation: ({ app, principal, ctx }) => deleteEvacuation(app, principal, ctx.params.evacuationId),
  evacuationPoints: ({ app, principal, ctx }) => listEvacuationPoints(app, principal, ctx.params.siteId),
  createEvacuationPoint: ({ app, principal, ctx, body }) => createEvacuationPoint(app, principal, ctx.params.siteId, body),
  updateEvacuationPoint: ({ app, principal, ctx, body }) => updateEvacuationPoint(app, principal, ctx.params.siteId, ctx.params.pointId, body),
  deleteEvacuationPoint: ({ app, principal, ctx }) => deleteEvacuationPoint(app, principal, ctx.params.siteId, ctx.params.pointId),
  reorderEvacuationPoints: ({ app, principal, ctx, body }) => reorderEvacuationPoints(app, principal, ctx.params.siteId, body),
  uploadEvacuationPointPhoto: ({ app, principal, ctx, body }) => setEvacuationPointPhoto(app, principal, ctx.params.siteId, ctx.params.pointId, body),
  deleteEvacuationPointPhoto: ({ app, principal, ctx }) => setEvacuationPointPhoto(app, principal, ctx.params.siteId, ctx.params.pointId, null),
} satisfies Handlers<keyof typeof evacuationRoutes | keyof typeof evacuationPointRoutes>;
