/**
 * The safety check's words and values without zod (ADR 010): the portal's known-messages table and
 * browser code import them; ./safety-check.ts builds its schemas on them; ./index re-exports them.
 */
import type { Catalogue } from "./catalogue.ts";
import { SAFETY_CHECK_KEYS } from "./message-keys.ts";

export const BLOCK_LIST_LIMITS = {
  perPage: 15,
  name: 100,
  reason: 500,
  /** Custom field values one entry matches on. */
  fields: 10,
  label: 100,
  value: 200,
  search: 100,
  /** The largest import file (bytes) and its rows. */
  importBytes: 2 * 1024 * 1024,
  importRows: 5_000,
  /** How long a preview may be applied (minutes). */
  previewMinutes: 60,
  /** Refused rows a preview lists (all are counted). */
  refusedShown: 200,
} as const;

export const BLOCK_LIST_MATCH_RULES = ["all", "count"] as const;
export type BlockListMatchRule = (typeof BLOCK_LIST_MATCH_RULES)[number];

/** The import's columns: Name (required), Match (`all` or a number), Reason, Site; any other header is a custom field's label. */
export const BLOCK_LIST_IMPORT_HEADERS = { name: "Name", match: "Match", reason: "Reason", site: "Site" } as const;

export const SAFETY_CHECK_MESSAGES = {
  nameRequired: "Enter the name of the person to block",
  nameTooLong: "The name must be at most 100 characters",
  reasonTooLong: "The reason must be at most 500 characters",
  fieldLabel: "Each custom field needs a label and a value",
  fieldTooLong: "A custom field's label or value is too long",
  fieldTwice: "A custom field is named twice",
  tooManyFields: "An entry matches on at most 10 custom fields",
  matchCount: "The number of fields to match must be between 1 and the number of fields given",
  site: "Choose one of your sites, or every site",
  entryNotFound: "Block list entry not found",
  // The import (the whole file: 422 `errors.file`, or 413 for its size).
  fileTooLarge: "The file must be at most 2 MB",
  fileTooManyRows: "The file has more than 5,000 rows: split it into smaller files",
  fileEncoding: "The file is not UTF-8 text: save it as CSV UTF-8",
  fileEmpty: "The file is empty: use the template's header row and one row per person",
  fileNoRows: "The file has a header row but no entries",
  fileHeader: "The first row must be the block list template's header row, with a Name column",
  fileHeaderTwice: "The header row names a column twice: name each column once",
  fileFormula: "The file holds a formula: type the values instead",
  fileUnreadable: "The block list file could not be read as CSV",
  fileControl: "The header row holds a control character (such as NUL): remove it",
  previewGone: "This block list preview is no longer available: upload the file again",
  // A refused row.
  rowDuplicate: "Another row of the file, or an entry of the block list, is the same",
  rowMatch: "Match must be all or a number of fields",
  rowSite: "None of your sites has this name",
  rowCells: "The row has more cells than the header row has columns",
  rowControl: "The row holds a control character (such as NUL): remove it",
  // Central Record at sign-in.
  centralRecordOff: "Central Record is not enabled for this account",
  ratingSystem: "Choose rating systems your Central Record has",
  group: "Choose groups of your account",
  /** A hard safety check refused the sign-in: the words for the person signing in (never the reason). */
  signInRefused: "Sorry, we cannot sign you in here. Please speak to reception.",
} as const;

/** The code of a 422 that refused a sign-in for the safety check (the visit was written as rejected). */
export const SIGN_IN_REFUSED_CODE = "safety_check_refused";

export const CENTRAL_RECORD_GROUP_MODES = ["linked", "chosen"] as const;
export const CENTRAL_RECORD_MINIMUM_RATINGS = ["pass", "warning"] as const;
export const CENTRAL_RECORD_UNREACHABLE = ["reject", "allow_flagged"] as const;

export const SAFETY_CHECK_CATALOGUE: Catalogue = { tables: [{ branch: SAFETY_CHECK_KEYS, messages: SAFETY_CHECK_MESSAGES }] };
