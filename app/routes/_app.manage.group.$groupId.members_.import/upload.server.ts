/**
 * The members import's upload (ADR 018), streamed to the upstream's `previewMemberImport` as it
 * arrives (`streamUpload`), counted against MEMBER_IO_LIMITS.bytes: the portal never holds the file.
 */
import { MEMBER_IO_LIMITS, type MemberImportPreview } from "@contract";
import type { Access } from "~/access/guard.server";
import { streamUpload, type UploadOutcome as Outcome } from "~/features/manage/streamed-upload.server";

export type UploadOutcome = Outcome<MemberImportPreview>;

/** Read the post, sending its file on to the upstream as it streams. */
export function streamImport(request: Request, access: Access, groupId: number): Promise<UploadOutcome> {
  return streamUpload(request, MEMBER_IO_LIMITS.bytes, ({ filename, type, data }) =>
    access.viewer.api("previewMemberImport", { params: { groupId }, query: { filename }, stream: { type, data } }),
  );
}
