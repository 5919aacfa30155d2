/**
 * The import's two actions (ADR 018): `upload` streams the file to the upstream and shows its
 * preview (nothing written); `apply` writes the preview whole, back to the members tab with
 * "N created, M updated, K archived". A group changed since the preview: a new preview, said so.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { IMPORT_STALE_CODE } from "@contract";
import type { Access } from "~/access/guard.server";
import { answer, answerNotice, done, invalid, refused } from "~/forms/action-result.server";
import { noticeOf } from "~/forms/action-result";
import { UpstreamError } from "~/upstream/errors";
import { ApplySchema } from "./schema";
import { streamImport } from "./upload.server";

export const importPath = (groupId: number, preview?: string) => `/manage/group/${groupId}/members/import${preview ? `?preview=${encodeURIComponent(preview)}` : ""}`;

/** POST multipart: the file on to the upstream; its preview, or why not. */
export async function upload(request: Request, access: Access, groupId: number) {
  const form = { intent: "upload" };
  const outcome = await streamImport(request, access, groupId);
  if (outcome.ok) return done(request, access.viewer, importPath(groupId, outcome.preview.id), { key: "members:import.preview.ready", tone: "info" });
  switch (outcome.reason) {
    case "too_large":
      return answer(form, { notice: noticeOf("members:import.upload.too_large") }, 413);
    case "no_file":
      return answerNotice(form, "members:import.upload.choose_file", 400);
    case "unreadable":
      return answerNotice(form, "common:errors.bad_request_body", 400);
    case "refused":
      return refused(outcome.error, { ...form, notFound: "members:import.group_gone" });
  }
}

/** POST apply: the kept preview written in one transaction, or a new preview when the group changed. */
export async function apply(request: Request, access: Access, groupId: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ApplySchema });
  if (submission.status !== "success") return invalid({ intent: "apply" }, submission);
  const { preview, archive_missing } = submission.value;
  try {
    const applied = await access.viewer.api("applyMemberImport", { params: { groupId, importId: preview }, body: { archive_missing: archive_missing === "on" } });
    return done(request, access.viewer, `/manage/group/${groupId}/members`, { key: "members:import.applied", values: applied, tone: "success" });
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 409 && err.body.code === IMPORT_STALE_CODE) {
      return done(request, access.viewer, importPath(groupId, preview), { key: "members:import.preview.stale", tone: "error" });
    }
    return refused(err, { intent: "apply", submission, notFound: "members:import.preview.gone" });
  }
}
