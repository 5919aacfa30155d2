// ---------------------------------------------------------------------------------------------
// The safety check (issue 18; groups spec §3 "Block list entry", §8; ADR 029): the client's block
// list (BlockList.viewer, active client: list 15 a page with a search, create, edit, delete, a CSV
// template and import with a preview), and the Central Record requirement at sign-in (Client.update,
// the client's `central_record.enabled`). Every sign-in is checked in its group's `safety_check`
// mode (off | soft | hard; group settings, sign-in tab): a hard check refuses with 422
// SIGN_IN_REFUSED_CODE (the visit is kept as rejected with its reason), a soft one flags the visit.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import { Ok, type RouteDef } from "./common.ts";
import type { RawFileDef } from "./files.ts";
import {
  BLOCK_LIST_LIMITS as L,
  BLOCK_LIST_MATCH_RULES,
  CENTRAL_RECORD_GROUP_MODES,
  CENTRAL_RECORD_MINIMUM_RATINGS,
  CENTRAL_RECORD_UNREACHABLE,
  SAFETY_CHECK_MESSAGES as M,
} from "./safety-check-messages.ts";

const oneLine = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), M.fieldTooLong);

export const BlockListField = z.object({ label: oneLine(L.label, M.fieldTooLong).pipe(z.string().min(1, M.fieldLabel)), value: oneLine(L.value, M.fieldTooLong).pipe(z.string().min(1, M.fieldLabel)) });
export type BlockListField = z.infer<typeof BlockListField>;

/** What an entry is made of (create and edit send it whole). */
export const BlockListEntryInput = z
  .object({
    name: oneLine(L.name, M.nameTooLong).pipe(z.string().min(1, M.nameRequired)),
    fields: z.array(BlockListField).max(L.fields, M.tooManyFields).default([]),
    match_rule: z.enum(BLOCK_LIST_MATCH_RULES).default("all"),
    /** With `count`: the name plus at least this many of the fields. */
    match_count: z.number().int().nullable().default(null),
    reason: z.string().trim().max(L.reason, M.reasonTooLong).nullable().default(null),
    /** null: every site. */
    site_id: z.number().int().positive().nullable().default(null),
  })
  .superRefine((e, ctx) => {
    const labels = e.fields.map((f) => f.label.toLowerCase());
    if (new Set(labels).size !== labels.length) ctx.addIssue({ code: "custom", message: M.fieldTwice, path: ["fields"] });
    if (e.match_rule === "count" && (e.match_count === null || e.match_count < 1 || e.match_count > e.fields.length)) {
      ctx.addIssue({ code: "custom", message: M.matchCount, path: ["match_count"] });
    }
  });
export type BlockListEntryInput = z.infer<typeof BlockListEntryInput>;

export const BlockListEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  match_rule: z.enum(BLOCK_LIST_MATCH_RULES),
  match_count: z.number().int().nullable(),
  reason: z.string().nullable(),
  site: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type BlockListEntry = z.infer<typeof BlockListEntry>;

export const BlockListPage = z.object({
  entries: z.array(BlockListEntry),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** The sites an entry may be scoped to (the user's sites). */
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type BlockListPage = z.infer<typeof BlockListPage>;

export const BlockListImportRow = z.object({
  line: z.number().int(),
  name: z.string(),
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  match_rule: z.enum(BLOCK_LIST_MATCH_RULES),
  match_count: z.number().int().nullable(),
  reason: z.string().nullable(),
  site_id: z.number().int().nullable(),
});
export const BlockListImportPreview = z.object({
  id: z.string(),
  filename: z.string(),
  expires_at: z.string(),
  /** Every row to add, by line. */
  add: z.array(BlockListImportRow),
  /** The first BLOCK_LIST_LIMITS.refusedShown refused rows, by line, with why. */
  refused: z.array(z.object({ line: z.number().int(), name: z.string().nullable(), reasons: z.array(z.string()) })),
  refused_total: z.number().int(),
});
export type BlockListImportPreview = z.infer<typeof BlockListImportPreview>;
export const BlockListImportApplied = z.object({ added: z.number().int() });

const importFile = { types: ["text/csv", "application/vnd.ms-excel", "application/octet-stream", "text/plain"], maxBytes: L.importBytes } as const satisfies RawFileDef;

export const CentralRecordSignIn = z.object({
  enabled: z.boolean(),
  groups: z.enum(CENTRAL_RECORD_GROUP_MODES),
  group_ids: z.array(z.number().int()),
  rating_systems: z.array(z.string().max(100)).max(50),
  minimum_rating: z.enum(CENTRAL_RECORD_MINIMUM_RATINGS),
  when_unreachable: z.enum(CENTRAL_RECORD_UNREACHABLE),
});
export type CentralRecordSignIn = z.infer<typeof CentralRecordSignIn>;

export const CentralRecordSignInPage = z.object({
  settings: CentralRecordSignIn,
  /** The client's groups, with whether their integrations tab links Central Record. */
  groups: z.array(z.object({ id: z.number().int(), name: z.string(), linked: z.boolean() })),
  /** The record's rating systems now (empty with `error` when it could not be read). */
  rating_systems: z.array(z.object({ id: z.string(), name: z.string() })),
  error: z.string().nullable(),
});
export type CentralRecordSignInPage = z.infer<typeof CentralRecordSignInPage>;

export const safetyCheckRoutes = {
  // Before `blockListEntry`: the router tries routes in this order.
  blockListTemplate: { method: "GET", path: "block-list/template", base: "regional", auth: "bearer", download: true, response: z.void(), summary: "The import template: the header row (and one example) as CSV (BlockList.viewer)" },
  previewBlockListImport: { method: "POST", path: "block-list/imports", base: "regional", auth: "bearer", rawFile: importFile, response: BlockListImportPreview, summary: "Read a CSV of block-list entries (the body, streamed; `?filename=`) and keep its preview (rows to add, refused rows with line and reason); nothing is added (BlockList.viewer)" },
  blockListImport: { method: "GET", path: "block-list/imports/{importId}", base: "regional", auth: "bearer", response: BlockListImportPreview, summary: "A kept preview (the user who uploaded it)" },
  applyBlockListImport: { method: "POST", path: "block-list/imports/{importId}/apply", base: "regional", auth: "bearer", response: BlockListImportApplied, summary: "Add a preview's rows in one transaction (BlockList.viewer)" },
  blockList: { method: "GET", path: "block-list", base: "regional", auth: "bearer", response: BlockListPage, summary: "The client's block list, 15 a page, by name (`?search=&page=`; BlockList.viewer, active client)" },
  createBlockListEntry: { method: "POST", path: "block-list", base: "regional", auth: "bearer", body: BlockListEntryInput, response: BlockListEntry, summary: "Add an entry; open pre-registration links of a person it matches are revoked (BlockList.viewer)" },
  blockListEntry: { method: "GET", path: "block-list/{entryId}", base: "regional", auth: "bearer", response: BlockListEntry, summary: "One entry (BlockList.viewer)" },
  updateBlockListEntry: { method: "PATCH", path: "block-list/{entryId}", base: "regional", auth: "bearer", body: BlockListEntryInput, response: BlockListEntry, summary: "Change an entry, whole (BlockList.viewer)" },
  deleteBlockListEntry: { method: "DELETE", path: "block-list/{entryId}", base: "regional", auth: "bearer", response: Ok, summary: "Remove an entry (BlockList.viewer)" },
  centralRecordSignIn: { method: "GET", path: "safety-check/central-record", base: "regional", auth: "bearer", response: CentralRecordSignInPage, summary: "The Central Record requirement at sign-in (Client.update; 403 without central_record.enabled)" },
  updateCentralRecordSignIn: { method: "PATCH", path: "safety-check/central-record", base: "regional", auth: "bearer", body: CentralRecordSignIn, response: CentralRecordSignInPage, summary: "Save it (Client.update)" },
} as const satisfies Record<string, RouteDef>;
