/**
 * The block list import's upload, streamed to the upstream's `previewBlockListImport` (ADR 029, as
 * ADR 018's member import: `streamUpload`), counted against BLOCK_LIST_LIMITS.importBytes.
 */
import { BLOCK_LIST_LIMITS, type BlockListImportPreview } from "@contract";
import type { Access } from "~/access/guard.server";
import { streamUpload, type UploadOutcome as Outcome } from "~/features/manage/streamed-upload.server";

export type UploadOutcome = Outcome<BlockListImportPreview>;

/** Read the post, sending its file on to the upstream as it streams. */
export function streamBlockListImport(request: Request, access: Access): Promise<UploadOutcome> {
  return streamUpload(request, BLOCK_LIST_LIMITS.importBytes, ({ filename, type, data }) =>
    access.viewer.api("previewBlockListImport", { query: { filename }, stream: { type, data } }),
  );
}
