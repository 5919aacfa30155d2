/**
 * Helpers the manage areas' schemas share. Not part of the contract's surface: index.ts does not
 * re-export this file.
 */
import { z } from "zod";
import { IMAGE_KINDS, type UploadDef } from "./files.ts";
import { MANAGE_LIMITS } from "./manage.ts";

/** Optional text: blank becomes null. */
export const blankToNull = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((s) => (s === null || s === "" ? null : s));

/** One email address (the site's reply-to, an attendee's, each of an email list). */
export const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;

/** Branding images and evacuation point photos. */
export const imageUpload = { field: "file", kinds: IMAGE_KINDS, maxBytes: MANAGE_LIMITS.imageBytes } as const satisfies UploadDef;
