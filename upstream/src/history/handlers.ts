/**
 * Visit history and its export (issue 17; ADR 025).
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { historyRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { exportHistory, historyVisit, historyVisitBadge, listHistory } from "./history.ts";

export const historyHandlers = {
  // Visit history and its export (issue 17; ADR 025).
  history: ({ app, principal, ctx }) => listHistory(app, principal, ctx.url.searchParams),
  historyExport: ({ app, principal, ctx }) => exportHistory(app, principal, ctx),
  historyVisit: ({ app, principal, ctx }) => historyVisit(app, principal, ctx.params.visitId),
  historyVisitBadge: ({ app, principal, ctx }) => historyVisitBadge(app, principal, ctx.params.visitId),
} satisfies Handlers<keyof typeof historyRoutes>;
