/**
 * A zone's floor plan and a space's photo (issue 26 item 4; ADR 036): uploaded as a site's branding
 * image is (multipart `file`, an image of at most 10 MB, judged by its first bytes), stored as a file
 * of the site — served by the file route to the site's users only — and named on the node
 * (`space_nodes.floor_plan` / `.photo`, which GET spaces/{siteId} lists). Access and the node's kind
 * are checked before the upload is read; replacing or removing deletes the old file in the same
 * transaction.
 */
import { SPACES_DESIGN_MESSAGES as M } from "../../contract/index.ts";
import type { Principal } from "../clients/regional.ts";
import { validation } from "../http/errors.ts";
import type { App } from "../runtime/app.ts";
import { storeFile, type UploadedFile } from "../sites/uploads.ts";
import { deleteNamedFiles, designerAt, lockedNodes, nodeIn } from "./design.ts";

export type NodeFile = "floor_plan" | "photo";

/** Which kind of node has the file: a zone its floor plan, a space its photo. */
const OWNER: Record<NodeFile, { type: "zone" | "space"; refusal: string }> = {
  floor_plan: { type: "zone", refusal: M.floorPlanZone },
  photo: { type: "space", refusal: M.photoSpace },
};

/** Replace (a file) or remove (null) a node's floor plan or photo (the caller answers the site's SpacesSite). */
export async function setNodeFile(app: App, p: Principal, siteIdParam: string, nodeIdParam: string, column: NodeFile, upload: (() => Promise<UploadedFile>) | null): Promise<void> {
  const at = await designerAt(app.db, p, siteIdParam, "edit");
  const check = (nodes: Awaited<ReturnType<typeof lockedNodes>>) => {
    const node = nodeIn(nodes, nodeIdParam);
    if (node.type !== OWNER[column].type) throw validation({ file: [OWNER[column].refusal] });
    return node;
  };
  // Before the upload is read: a foreign node or one of the wrong kind never costs reading 10 MB.
  check(await lockedNodes(app.db, at.site.id, false));
  const file = upload ? await upload() : null;
  await app.db.tx(async (q) => {
    const node = check(await lockedNodes(q, at.site.id));
    const stored = file ? await storeFile(app, q, at.site.id, file) : null;
    await q.query(`UPDATE space_nodes SET ${column} = $2 WHERE id = $1`, [node.id, stored?.name ?? null]);
    if (node[column] !== null) await deleteNamedFiles(q, at.site.id, [node[column]]);
  });
}
