/**
 * What every area of the contract shares: regions, the global client id, the error and OK bodies,
 * and `RouteDef`, the shape of one call in a route table.
 */
import { z } from "zod";
import type { RawFileDef, UploadDef } from "./files.ts";

// ---------------------------------------------------------------------------------------------
// Shared primitives
// ---------------------------------------------------------------------------------------------

export const REGIONS = ["eu", "us"] as const;
export const Region = z.enum(REGIONS);
export type Region = z.infer<typeof Region>;

/** `region:number`, e.g. `eu:1`. The region is the part before the colon. */
export const GlobalClientId = z.string().regex(/^[a-z]{2}:\d+$/);

export const ErrorBody = z.object({
  message: z.string().optional(),
  code: z.string().optional(),
  /** Extra data for some codes: `auth_uri` for sso_user, `login_token` for login steps, … */
  data: z.record(z.string(), z.unknown()).optional(),
  /** Field errors (422 validation, 429 throttling): field name -> messages. */
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** OAuth-style error description (SSO). */
  error: z.string().optional(),
  error_description: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Ok = z.object({ message: z.string() });

// ---------------------------------------------------------------------------------------------
// One call of a route table (each area has its own; index.ts merges them).
// ---------------------------------------------------------------------------------------------

type Schema = z.ZodType;
export interface RouteDef {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Path below the base, e.g. `auth/login` or `sites/{siteId}/custom-fields`. */
  path: string;
  base: "auth" | "regional";
  auth: "none" | "bearer";
  body?: Schema;
  /** A multipart/form-data upload instead of a JSON body (see UploadDef). */
  upload?: UploadDef;
  /** One file sent as it is (not multipart), streamed (see RawFileDef). */
  rawFile?: RawFileDef;
  /** The answer is a file streamed back (CSV, XLSX, …), not JSON: `response` describes nothing. */
  download?: true;
  response: Schema;
  summary: string;
  /** A POST that only reads (changes nothing the caller's config or data shows). */
  readOnly?: true;
  /** Answers beyond the ones every route of its kind has (`knownErrors`): status → what it means. */
  errors?: Readonly<Record<string, string>>;
}

/** The spreadsheet formats every export offers (`?format=`), streamed by the upstream. */
export const SHEET_FORMATS = ["csv", "xlsx"] as const;
export type SheetFormat = (typeof SHEET_FORMATS)[number];
