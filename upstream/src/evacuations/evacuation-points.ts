/**
 * A site's evacuation points (groups spec §3: icon, photo, map location), in display order: the
 * fire list and evacuation reports show them in this order. Titles are unique within a site (the
 * fire list tells evacuees apart by them); a site has at most 50. Deleting a point leaves past
 * reports intact (their evacuees lose the point, ON DELETE SET NULL).
 */
import type { z } from "zod";
import type { EvacuationPoint, EvacuationPointRequest, ReorderRequest, UpdateEvacuationPointRequest } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { validation } from "../http/errors.ts";
import { changeSite, managedSite, nextPosition, readSite, reorder, siteChild } from "../sites/manage.ts";
import type { Principal } from "../clients/regional.ts";
import { deleteFile, storeFile, type UploadedFile } from "../sites/uploads.ts";

const MAX_POINTS = 50;

interface PointRow {
  id: number;
  site_id: number;
  title: string;
  icon: EvacuationPoint["icon"];
  photo: string | null;
  photo_file_id: number | null;
  lat: number | null;
  lng: number | null;
  position: number;
}

const toPoint = (r: PointRow): EvacuationPoint => ({
  id: r.id,
  title: r.title,
  icon: r.icon ?? null,
  photo: r.photo ?? null,
  location: r.lat === null || r.lng === null ? null : { lat: Number(r.lat), lng: Number(r.lng) },
  position: r.position,
});

const pointsOf = async (q: Queryable, siteId: number) =>
  (await q.query<PointRow>("SELECT * FROM evacuation_points WHERE site_id = $1 ORDER BY position, id", [siteId])).map(toPoint);

const pointById = async (q: Queryable, id: number) => toPoint((await one<PointRow>(q, "SELECT * FROM evacuation_points WHERE id = $1", [id]))!);

const NOT_FOUND = "Evacuation point not found.";

async function uniqueTitle(q: Queryable, siteId: number, title: string, exceptId: number | null): Promise<void> {
  const clash = await one(q, "SELECT 1 FROM evacuation_points WHERE site_id = $1 AND lower(title) = lower($2) AND id IS DISTINCT FROM $3", [siteId, title, exceptId]);
  if (clash) throw validation({ title: ["An evacuation point with this name already exists at this site"] });
}

export const listEvacuationPoints = (app: App, p: Principal, siteId: string) => readSite(app, p, siteId, (q, site) => pointsOf(q, site.id));

export function createEvacuationPoint(app: App, p: Principal, siteId: string, body: z.infer<typeof EvacuationPointRequest>) {
  return changeSite(app, p, siteId, async (q, site) => {
    const [{ n }] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM evacuation_points WHERE site_id = $1", [site.id]);
    if (n >= MAX_POINTS) throw validation({ title: [`A site can have at most ${MAX_POINTS} evacuation points`] });
    await uniqueTitle(q, site.id, body.title, null);
    const [{ id }] = await q.query<{ id: number }>(
      "INSERT INTO evacuation_points (site_id, title, icon, lat, lng, position) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
      [site.id, body.title, body.icon ?? null, body.location?.lat ?? null, body.location?.lng ?? null, await nextPosition(q, "evacuation_points", site.id)],
    );
    return pointById(q, id);
  });
}

export function updateEvacuationPoint(app: App, p: Principal, siteId: string, pointId: string, body: z.infer<typeof UpdateEvacuationPointRequest>) {
  return changeSite(app, p, siteId, async (q, site) => {
    const point = await siteChild<PointRow>(q, "evacuation_points", pointId, site.id, NOT_FOUND, true);
    if (body.title !== undefined) await uniqueTitle(q, site.id, body.title, point.id);
    await q.query(
      `UPDATE evacuation_points SET title = coalesce($2, title), icon = CASE WHEN $3 THEN $4 ELSE icon END,
              lat = CASE WHEN $5 THEN $6::float8 ELSE lat END, lng = CASE WHEN $5 THEN $7::float8 ELSE lng END WHERE id = $1`,
      [point.id, body.title ?? null, body.icon !== undefined, body.icon ?? null, body.location !== undefined, body.location?.lat ?? null, body.location?.lng ?? null],
    );
    return pointById(q, point.id);
  });
}

export function deleteEvacuationPoint(app: App, p: Principal, siteId: string, pointId: string) {
  return changeSite(app, p, siteId, async (q, site) => {
    const point = await siteChild<PointRow>(q, "evacuation_points", pointId, site.id, NOT_FOUND, true);
    await q.query("DELETE FROM evacuation_points WHERE id = $1", [point.id]);
    await deleteFile(q, point.photo_file_id);
    return { message: "The evacuation point has been deleted." };
  });
}

export function reorderEvacuationPoints(app: App, p: Principal, siteId: string, body: z.infer<typeof ReorderRequest>) {
  return changeSite(app, p, siteId, async (q, site) => {
    await reorder(q, "evacuation_points", site.id, body.ids);
    return pointsOf(q, site.id);
  });
}

/** Replace (or remove, with null) a point's photo; access is checked before the upload is read. */
export async function setEvacuationPointPhoto(app: App, p: Principal, siteId: string, pointId: string, upload: (() => Promise<UploadedFile>) | null) {
  const site = await managedSite(app.db, p, siteId, "editor");
  await siteChild(app.db, "evacuation_points", pointId, site.id, NOT_FOUND);
  const file = upload ? await upload() : null;
  return changeSite(app, p, siteId, async (q, locked) => {
    const point = await siteChild<PointRow>(q, "evacuation_points", pointId, locked.id, NOT_FOUND, true);
    const stored = file ? await storeFile(app, q, locked.id, file) : null;
    await q.query("UPDATE evacuation_points SET photo = $2, photo_file_id = $3 WHERE id = $1", [point.id, stored?.name ?? null, stored?.id ?? null]);
    await deleteFile(q, point.photo_file_id);
    return pointById(q, point.id);
  });
}
