/** Uploaded files: how entities name them, where they are read, and what an upload may carry. */
import { z } from "zod";

/**
 * An uploaded file (branding image, welcome video, evacuation point photo, message attachment) as
 * the entities carry it: its name, `{random}.{kind}`, never a URL. The file is read at
 * `GET {regional}/files/{name}` (`FILE_PATH`) by a caller entitled to it: `Bearer` of a user of the
 * file's client who may see its site, `Device` of a kiosk of its site, or a signed URL the upstream
 * minted (`?expires=&signature=`, at most an hour). Anyone else gets 404.
 */
export const FILE_NAME_PATTERN = /^[A-Za-z0-9_-]{10,64}\.(png|jpeg|gif|webp|mp4|mov|pdf)$/;
export const FileName = z.string().regex(FILE_NAME_PATTERN);
export const FILE_PATH = "files/{name}";
/** The longest a signed file URL may live (seconds). */
export const SIGNED_FILE_URL_MAX_SECONDS = 3600;

/** Multipart uploads: one file in the part named `field`; its content must be one of `kinds`. */
export const IMAGE_KINDS = ["png", "jpeg", "gif", "webp"] as const;
export const VIDEO_KINDS = ["mp4", "mov"] as const;
export const DOCUMENT_KINDS = ["pdf"] as const;
export interface UploadDef {
  field: "file";
  kinds: readonly ((typeof IMAGE_KINDS)[number] | (typeof VIDEO_KINDS)[number] | (typeof DOCUMENT_KINDS)[number])[];
  maxBytes: number;
}

/** A file sent as the whole request body (not multipart), streamed: its declared type one of `types`, at most `maxBytes`. */
export interface RawFileDef {
  types: readonly string[];
  maxBytes: number;
}
