/**
 * The safety check: the block list and the Central Record at sign-in (ADR 029).
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { safetyCheckRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { applyBlockListImport, blockListTemplate, createBlockListEntry, deleteBlockListEntry, getBlockListEntry, getBlockListImport, listBlockList, previewBlockListImport, updateBlockListEntry } from "./block-list.ts";
import { getCentralRecordSignIn, updateCentralRecordSignIn } from "./central-record-settings.ts";

export const safetyCheckHandlers = {
  // The safety check (safety-check/; ADR 029).
  blockListTemplate: ({ app, principal, ctx }) => blockListTemplate(app, principal, ctx),
  previewBlockListImport: ({ app, principal, ctx, body }) => previewBlockListImport(app, principal, ctx.url, body),
  blockListImport: ({ app, principal, ctx }) => getBlockListImport(app, principal, ctx.params.importId),
  applyBlockListImport: ({ app, principal, ctx }) => applyBlockListImport(app, principal, ctx.params.importId),
  blockList: ({ app, principal, ctx }) => listBlockList(app, principal, ctx.url.searchParams),
  createBlockListEntry: ({ app, principal, body }) => createBlockListEntry(app, principal, body),
  blockListEntry: ({ app, principal, ctx }) => getBlockListEntry(app, principal, ctx.params.entryId),
  updateBlockListEntry: ({ app, principal, ctx, body }) => updateBlockListEntry(app, principal, ctx.params.entryId, body),
  deleteBlockListEntry: ({ app, principal, ctx }) => deleteBlockListEntry(app, principal, ctx.params.entryId),
  centralRecordSignIn: ({ app, principal }) => getCentralRecordSignIn(app, principal),
  updateCentralRecordSignIn: ({ app, principal, body }) => updateCentralRecordSignIn(app, principal, body),
} satisfies Handlers<keyof typeof safetyCheckRoutes>;
