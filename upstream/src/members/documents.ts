/**
 * A member's documents (the editor's documents tab; groups spec §3, §5 "Files: 30MB"): a title, an
 * expiry, and a PDF or an image of at most 30 MB stored as a file of the member's group (read at
 * `files/{name}` by the group's viewers). The title and the member are checked before the upload is
 * read, so a refused call never reads 30 MB. Deleting removes the file too.
 */
import { MEMBER_EDITOR_LIMITS, MEMBER_EDITOR_MESSAGES } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { notFound, validation } from "../http/errors.ts";
import { changeGroup, readGroup } from "../groups/group-settings.ts";
import { parseId } from "../sites/manage.ts";
import type { Principal } from "../clients/regional.ts";
import { deleteFile, storeGroupFile, type UploadedFile } from "../sites/uploads.ts";
import { memberOf } from "./view.ts";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function documentFields(query: URLSearchParams) {
  const title = (query.get("title") ?? "").replace(/[\u0000-\u001f\u007f]/g, " ").trim();
  const expires = (query.get("expires_on") ?? "").trim();
  const problems: Record<string, string[]> = {};
  if (!title || title.length > MEMBER_EDITOR_LIMITS.documentTitle) problems.title = [MEMBER_EDITOR_MESSAGES.documentTitle];
  if (expires && (!DATE.test(expires) || Number.isNaN(Date.parse(expires)) || expires >= "2038")) problems.expires_on = ["Dates must be before 2038"];
  if (Object.keys(problems).length) throw validation(problems);
  return { title, expires_on: expires || null };
}

const count = async (q: Queryable, memberId: number) => (await q.query<{ n: number }>("SELECT count(*)::int AS n FROM member_documents WHERE member_id = $1", [memberId]))[0]!.n;

/** POST groups/{groupId}/members/{memberId}/documents?title=&expires_on= (multipart `file`). */
export async function uploadMemberDocument(app: App, p: Principal, idParam: string, memberId: string, query: URLSearchParams, upload: () => Promise<UploadedFile>) {
  const fields = documentFields(query);
  await readGroup(app, p, idParam, "GroupMember.editor", async (q, g) => {
    const m = await memberOf(q, g, memberId);
    if ((await count(q, m.id)) >= MEMBER_EDITOR_LIMITS.documents) throw validation({ file: [MEMBER_EDITOR_MESSAGES.documentsFull] });
  });
  const file = await upload();
  return changeGroup(app, p, idParam, "GroupMember.editor", async (q, g) => {
    const m = await memberOf(q, g, memberId, true);
    if ((await count(q, m.id)) >= MEMBER_EDITOR_LIMITS.documents) throw validation({ file: [MEMBER_EDITOR_MESSAGES.documentsFull] });
    const stored = await storeGroupFile(q, g.id, file);
    const [row] = await q.query<{ id: number; created_at: Date }>(
      "INSERT INTO member_documents (member_id, title, expires_on, file_id, filename) VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at",
      [m.id, fields.title, fields.expires_on, stored.id, file.filename],
    );
    return { id: row!.id, title: fields.title, expires_on: fields.expires_on, file: stored.name, filename: file.filename, size: file.data.length, created_at: new Date(row!.created_at).toISOString() };
  });
}

/** DELETE groups/{groupId}/members/{memberId}/documents/{documentId}. */
export function deleteMemberDocument(app: App, p: Principal, idParam: string, memberId: string, documentId: string) {
  return changeGroup(app, p, idParam, "GroupMember.editor", async (q, g) => {
    const m = await memberOf(q, g, memberId, true);
    const id = parseId(documentId);
    const row = Number.isNaN(id) ? undefined : await one<{ id: number; file_id: number | null }>(q, "SELECT id, file_id FROM member_documents WHERE id = $1 AND member_id = $2", [id, m.id]);
    if (!row) throw notFound(MEMBER_EDITOR_MESSAGES.documentNotFound);
    await q.query("DELETE FROM member_documents WHERE id = $1", [row.id]);
    await deleteFile(q, row.file_id);
    return { deleted: true as const };
  });
}
