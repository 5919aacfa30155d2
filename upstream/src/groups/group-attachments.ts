/**
 * A group's attachments (groups spec §3 "attachments", §5 and §9 "Files: 30MB in general"): the
 * files its welcome and pre-registration emails carry. At most 5 a group, each a PDF or an image of
 * at most 30 MB (judged by its content, `../sites/uploads.ts`). The group and the count are checked before
 * the upload is read (a foreign group or a full list never costs reading 30 MB) and again under the
 * group's row lock, so concurrent uploads cannot pass the limit. Deleting removes the file too.
 */
import type { z } from "zod";
import { GROUP_ATTACHMENT_LIMITS, GROUP_ATTACHMENTS_FULL, type GroupAttachment } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { notFound, validation } from "../http/errors.ts";
import { changeGroup, readGroup } from "./group-settings.ts";
import { parseId } from "../sites/manage.ts";
import type { Principal } from "../clients/regional.ts";
import { deleteFile, storeGroupFile, type UploadedFile } from "../sites/uploads.ts";

export const ATTACHMENT_NOT_FOUND = "Attachment not found";

interface Row {
  id: number;
  filename: string;
  token: string;
  kind: GroupAttachment["kind"];
  size: number;
  created_at: Date | string;
  file_id: number;
}

const SELECT = `SELECT a.id, a.filename, f.token, f.kind, f.size, a.created_at, a.file_id FROM group_attachments a JOIN files f ON f.id = a.file_id`;

const toAttachment = (r: Row): z.input<typeof GroupAttachment> => ({
  id: r.id,
  filename: r.filename,
  file: `${r.token}.${r.kind}`,
  kind: r.kind,
  size: r.size,
  created_at: new Date(r.created_at).toISOString(),
});

const attachmentsOf = async (q: Queryable, groupId: number) => (await q.query<Row>(`${SELECT} WHERE a.group_id = $1 ORDER BY a.id`, [groupId])).map(toAttachment);

const count = async (q: Queryable, groupId: number) => (await q.query<{ n: number }>("SELECT count(*)::int AS n FROM group_attachments WHERE group_id = $1", [groupId]))[0]!.n;

const full = () => validation({ file: [GROUP_ATTACHMENTS_FULL] });

/** GET groups/{groupId}/attachments. */
export const listGroupAttachments = (app: App, p: Principal, idParam: string) => readGroup(app, p, idParam, "ManageVisitorGroup.viewer", (q, g) => attachmentsOf(q, g.id));

/** POST groups/{groupId}/attachments (multipart `file`). */
export async function uploadGroupAttachment(app: App, p: Principal, idParam: string, upload: () => Promise<UploadedFile>) {
  await readGroup(app, p, idParam, "ManageVisitorGroup.editor", async (q, g) => {
    if ((await count(q, g.id)) >= GROUP_ATTACHMENT_LIMITS.perGroup) throw full();
  });
  const file = await upload();
  return changeGroup(app, p, idParam, "ManageVisitorGroup.editor", async (q, g) => {
    if ((await count(q, g.id)) >= GROUP_ATTACHMENT_LIMITS.perGroup) throw full();
    const stored = await storeGroupFile(q, g.id, file);
    const [{ id }] = await q.query<{ id: number }>("INSERT INTO group_attachments (group_id, file_id, filename) VALUES ($1, $2, $3) RETURNING id", [g.id, stored.id, file.filename]);
    return toAttachment((await one<Row>(q, `${SELECT} WHERE a.id = $1`, [id]))!);
  });
}

/** DELETE groups/{groupId}/attachments/{attachmentId}. */
export function deleteGroupAttachment(app: App, p: Principal, idParam: string, attachmentId: string) {
  return changeGroup(app, p, idParam, "ManageVisitorGroup.editor", async (q, g) => {
    const id = parseId(attachmentId);
    const row = Number.isNaN(id) ? undefined : await one<Row>(q, `${SELECT} WHERE a.id = $1 AND a.group_id = $2`, [id, g.id]);
    if (!row) throw notFound(ATTACHMENT_NOT_FOUND);
    await q.query("DELETE FROM group_attachments WHERE id = $1", [row.id]);
    await deleteFile(q, row.file_id);
    return { deleted: true as const };
  });
}
