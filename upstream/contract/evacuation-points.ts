/** A managed site's evacuation points tab (the rights and rules of the manage area: manage.ts). */
import { z } from "zod";
import { Ok, type RouteDef } from "./common.ts";
import { FileName } from "./files.ts";
import { ReorderRequest } from "./manage.ts";
import { imageUpload } from "./shared.ts";

/** Evacuation points (groups spec §3: icon, photo, map location), in display order. */
export const EVACUATION_POINT_ICONS = ["assembly-point", "car-park", "grass", "building", "door", "road", "flag", "first-aid"] as const;
export const LatLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
export const EvacuationPoint = z.object({
  id: z.number().int(),
  title: z.string(),
  icon: z.enum(EVACUATION_POINT_ICONS).nullable(),
  /** The uploaded photo's file name (see FileName). */
  photo: FileName.nullable(),
  location: LatLng.nullable(),
  position: z.number().int(),
});
export type EvacuationPoint = z.infer<typeof EvacuationPoint>;
export const EvacuationPointRequest = z.object({
  title: z.string("An evacuation point name is required").trim().min(1, "An evacuation point name is required").max(100),
  icon: z.enum(EVACUATION_POINT_ICONS, "Choose one of the icons").nullable().optional(),
  location: LatLng.nullable().optional(),
});
export const UpdateEvacuationPointRequest = EvacuationPointRequest.partial();

export const evacuationPointRoutes = {
  evacuationPoints: { method: "GET", path: "sites/{siteId}/evacuation-points", base: "regional", auth: "bearer", response: z.array(EvacuationPoint), summary: "The site's evacuation points in order (viewer right)" },
  createEvacuationPoint: { method: "POST", path: "sites/{siteId}/evacuation-points", base: "regional", auth: "bearer", body: EvacuationPointRequest, response: EvacuationPoint, summary: "Add an evacuation point at the end (editor right)" },
  updateEvacuationPoint: { method: "PATCH", path: "sites/{siteId}/evacuation-points/{pointId}", base: "regional", auth: "bearer", body: UpdateEvacuationPointRequest, response: EvacuationPoint, summary: "Change an evacuation point (editor right)" },
  deleteEvacuationPoint: { method: "DELETE", path: "sites/{siteId}/evacuation-points/{pointId}", base: "regional", auth: "bearer", response: Ok, summary: "Delete an evacuation point (editor right); evacuees keep their report without it" },
  reorderEvacuationPoints: { method: "POST", path: "sites/{siteId}/evacuation-points/order", base: "regional", auth: "bearer", body: ReorderRequest, response: z.array(EvacuationPoint), summary: "Reorder the evacuation points: every id once (editor right)" },
  uploadEvacuationPointPhoto: { method: "POST", path: "sites/{siteId}/evacuation-points/{pointId}/photo", base: "regional", auth: "bearer", upload: imageUpload, response: EvacuationPoint, summary: "Upload an evacuation point's photo (multipart `file`, an image of at most 10 MB)" },
  deleteEvacuationPointPhoto: { method: "DELETE", path: "sites/{siteId}/evacuation-points/{pointId}/photo", base: "regional", auth: "bearer", response: EvacuationPoint, summary: "Remove an evacuation point's photo" },
} as const satisfies Record<string, RouteDef>;
