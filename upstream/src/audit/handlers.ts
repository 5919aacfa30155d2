/**
 * The audit log (issue 16 §3; ADR 022).
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { auditRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { exportAuditLog, getAuditEntry, listAuditLog } from "./log.ts";

export const auditHandlers = {
  auditExport: ({ app, principal, ctx }) => exportAuditLog(app, principal, ctx),
  // The audit log (issue 16 §3; ADR 022).
  auditLog: ({ app, principal, ctx }) => listAuditLog(app, principal, ctx),
  auditEntry: ({ app, principal, ctx }) => getAuditEntry(app, principal, ctx.params.entryId),
} satisfies Handlers<keyof typeof auditRoutes>;
