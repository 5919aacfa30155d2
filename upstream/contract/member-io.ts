// ---------------------------------------------------------------------------------------------
// Group members in and out as spreadsheets (issue 15 §3, groups spec §2 "members import"): the
// template, export (CSV, XLSX), and import with a preview before anything is written (ADR 018).
//
// Columns (one header row, the same for the template, export and import; export → edit →
// re-import round-trips): Member ID, Name, Email, Mobile, Start date, End date, Sites shown,
// Archived. Import matches a row on its member id, else on its email, within the group.
//
// Rights: GroupMember.viewer for the template; GroupMember.viewer and ManageVisitorGroup.export to
// export; GroupMember.editor to import (preview and apply). Returning groups only.
// ---------------------------------------------------------------------------------------------
import type { Catalogue } from "./catalogue.ts";
import { z } from "zod";
import { SHEET_FORMATS, type RouteDef, type SheetFormat } from "./common.ts";
import type { RawFileDef } from "./files.ts";

export const MEMBER_IO_FORMATS = SHEET_FORMATS;
export type MemberIoFormat = SheetFormat;

export const MEMBER_IO_LIMITS = {
  /** The largest file an import takes (bytes). 10,000 members are about 1 MB of CSV. */
  bytes: 10 * 1024 * 1024,
  /** Rows (members) one import takes, header not counted. */
  rows: 20_000,
  /** Characters of one cell. */
  cell: 1000,
  /** How long a preview may be applied (minutes). */
  previewMinutes: 60,
  /** Refused rows a preview lists (all are counted). */
  refusedShown: 500,
  /** Changes a preview page lists. */
  perPage: 50,
} as const;

/** The columns in their order, with the header each has in the file. */
export const MEMBER_IO_COLUMNS = ["member_id", "name", "email", "mobile", "start_date", "end_date", "sites", "archived"] as const;
export type MemberIoColumn = (typeof MEMBER_IO_COLUMNS)[number];
export const MEMBER_IO_HEADERS: Record<MemberIoColumn, string> = {
  member_id: "Member ID",
  name: "Name",
  email: "Email",
  mobile: "Mobile",
  start_date: "Start date",
  end_date: "End date",
  sites: "Sites shown",
  archived: "Archived",
};
/** Sites shown are site names joined by this (empty: every site the group is shown at). */
export const MEMBER_IO_SITE_SEPARATOR = ";";
/** How "archived" is written in an export (an import also takes true/false, y/n, 1/0). */
export const MEMBER_IO_YES = "yes";
export const MEMBER_IO_NO = "no";

/** The whole file refused (422 `errors.file`, or 413 for its size). */
export const IMPORT_FILE_MESSAGES = {
  tooLarge: "The file must be at most 10 MB",
  tooManyRows: "The file has more than 20,000 members: split it into smaller files",
  encoding: "The file is not UTF-8 text: save it as CSV UTF-8 or as an Excel workbook",
  empty: "The file is empty",
  noRows: "The file has a header row but no members",
  headerMissing: "The first row must be the template's header row: the Name column is missing",
  headerUnknown: "The header row has a column the template does not have: use the template's header row",
  headerTwice: "The header row names a column twice",
  unreadable: "The file could not be read as CSV or as an Excel workbook",
  /** 413: the workbook unpacks past its bounds (a ZIP bomb among others; ADR 018). */
  unpacked: "The workbook is too large once unpacked: keep only the members sheet, or save it as CSV UTF-8",
  /** 422: more entries than a workbook of members has. */
  parts: "The workbook has more than 1,000 parts: keep only the members sheet, or save it as CSV UTF-8",
  notReturning: "Only returning groups have members",
} as const;

/** The preview is gone (expired, applied, or another user's). */
export const IMPORT_PREVIEW_GONE = "This preview is no longer available: upload the file again";
/** Apply found the group changed since the preview: the answer (409) says so; the preview is made again. */
export const IMPORT_STALE = "The group's members changed since the preview: check the new preview and apply again";
export const IMPORT_STALE_CODE = "import_stale";

/** Why a row is refused, besides the core fields' rules (MEMBER_MESSAGES). */
export const IMPORT_ROW_MESSAGES = {
  duplicateEmail: "Another row of the file has this email",
  duplicateId: "Another row of the file has this member id",
  memberId: "The member id is not one of this group's members",
  unknownSite: "No site has this name",
  archivedValue: "Archived must be yes or no",
  formula: "A cell holds a formula: type its value instead",
  extraCells: "The row has more cells than the header",
  cellTooLong: "A cell is longer than 1000 characters",
  controlCharacters: "A cell holds a control character (such as NUL): remove it",
  synced: "The directory keeps this member's name, email and mobile",
} as const;

/** One reason a row is refused: the column (null: the row), the message's code and text, and the value when it helps (a site's name). */
export const ImportReason = z.object({
  column: z.enum(MEMBER_IO_COLUMNS).nullable(),
  /** A key of IMPORT_ROW_MESSAGES or MEMBER_MESSAGES. */
  code: z.string(),
  message: z.string(),
  value: z.string().nullable(),
});
export type ImportReason = z.infer<typeof ImportReason>;

export const IMPORT_ACTIONS = ["create", "update", "archive", "missing"] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** A change the import would make: `missing` is a member not in the file (archived only when apply is asked to). */
export const ImportChange = z.object({
  /** The file's line (1 is the header); null for a member not in the file. */
  line: z.number().int().nullable(),
  action: z.enum(IMPORT_ACTIONS),
  member_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  /** The columns whose values change (an update). */
  columns: z.array(z.enum(MEMBER_IO_COLUMNS)),
});
export type ImportChange = z.infer<typeof ImportChange>;

export const ImportRefusedRow = z.object({ line: z.number().int(), name: z.string().nullable(), reasons: z.array(ImportReason) });
export type ImportRefusedRow = z.infer<typeof ImportRefusedRow>;

export const ImportCounts = z.object({
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  archive: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  missing: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCounts>;

export const MemberImportPreview = z.object({
  id: z.string(),
  group_id: z.number().int(),
  filename: z.string(),
  expires_at: z.string(),
  counts: ImportCounts,
  /** The first MEMBER_IO_LIMITS.refusedShown refused rows, by line. */
  refused: z.array(ImportRefusedRow),
  /** One page of the changes (`missing` ones last), by line. */
  changes: z.array(ImportChange),
  page: z.number().int(),
  per_page: z.number().int(),
  /** Changes in all (create + update + archive + missing). */
  total: z.number().int(),
});
export type MemberImportPreview = z.infer<typeof MemberImportPreview>;

export const ApplyMemberImport = z.object({
  /** Archive the group's members that are not in the file (the preview's `missing`). */
  archive_missing: z.boolean(),
});

export const MemberImportApplied = z.object({ created: z.number().int(), updated: z.number().int(), archived: z.number().int() });
export type MemberImportApplied = z.infer<typeof MemberImportApplied>;

/** What an import takes: the file as it is (CSV or XLSX, judged by its first bytes), streamed. */
const importFile = { types: ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "application/octet-stream"], maxBytes: MEMBER_IO_LIMITS.bytes } as const satisfies RawFileDef;

export const memberIoRoutes = {
  memberTemplate: { method: "GET", path: "groups/{groupId}/member-template", base: "regional", auth: "bearer", download: true, response: z.void(), summary: "The import template: the header row as CSV or XLSX (`?format=csv|xlsx`; GroupMember.viewer)" },
  memberExport: { method: "GET", path: "groups/{groupId}/member-export", base: "regional", auth: "bearer", download: true, response: z.void(), summary: "The group's members as CSV or XLSX (`?format=`), streamed; formula cells escaped (GroupMember.viewer and ManageVisitorGroup.export)" },
  previewMemberImport: { method: "POST", path: "groups/{groupId}/member-imports", base: "regional", auth: "bearer", rawFile: importFile, response: MemberImportPreview, summary: "Read a CSV or XLSX file of members (the body, streamed; `?filename=`) and keep its preview: nothing is written to the members (GroupMember.editor)" },
  memberImport: { method: "GET", path: "groups/{groupId}/member-imports/{importId}", base: "regional", auth: "bearer", response: MemberImportPreview, summary: "A kept preview, a page of its changes at a time (`?page=`; GroupMember.editor, the user who uploaded it)" },
  applyMemberImport: { method: "POST", path: "groups/{groupId}/member-imports/{importId}/apply", base: "regional", auth: "bearer", body: ApplyMemberImport, response: MemberImportApplied, summary: "Write a preview's creates, updates and archives in one transaction; 409 `import_stale` (and a new preview) when the group changed since (GroupMember.editor)" },
} as const satisfies Record<string, RouteDef>;

/** The members import's catalogue (ADR 035; ADR 018): a file refused whole, a preview gone or stale. */
export const MEMBER_IMPORT_CATALOGUE: Catalogue = {
  tables: [{ branch: "members:import.file.", messages: IMPORT_FILE_MESSAGES }],
  pairs: [
    [IMPORT_PREVIEW_GONE, "members:import.preview.gone"],
    [IMPORT_STALE, "members:import.preview.stale"],
  ],
};
