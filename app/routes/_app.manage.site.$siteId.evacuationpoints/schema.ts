/**
 * The evacuation point form (add, and edit one), shared by server and browser through conform: a
 * title, an icon from the list (none is a choice: "" → none), and an optional location within bounds,
 * both coordinates or neither. Messages are translation keys (namespace "manage").
 */
import { z } from "zod";
import { singleLine } from "~/forms/control-characters";
import { EVACUATION_POINT_ICONS } from "@contract";

const coordinate = (limit: number, message: string) => z.number({ error: message }).min(-limit, message).max(limit, message).optional();

/**
 * Add or change an evacuation point. No icon is a choice ("" → none); the location is both
 * coordinates or neither.
 */
export const evacuationPointSchema = z
  .object({
    title: singleLine(
      z
        .string({ error: "sites:evacuationpoints.validation.title_required" })
        .trim()
        .min(1, "sites:evacuationpoints.validation.title_required")
        .max(100, "common:validation.too_long"),
    ),
    icon: z.enum(EVACUATION_POINT_ICONS, { error: "sites:evacuationpoints.validation.icon" }).optional(),
    lat: coordinate(90, "sites:evacuationpoints.validation.lat"),
    lng: coordinate(180, "sites:evacuationpoints.validation.lng"),
  })
  .superRefine((v, ctx) => {
    if (v.lat === undefined && v.lng !== undefined) ctx.addIssue({ code: "custom", path: ["lat"], message: "sites:evacuationpoints.validation.location_both" });
    if (v.lng === undefined && v.lat !== undefined) ctx.addIssue({ code: "custom", path: ["lng"], message: "sites:evacuationpoints.validation.location_both" });
  });
export type EvacuationPointForm = z.infer<typeof evacuationPointSchema>;

/** The form's field names (an upstream message about another goes on the form). */
export const POINT_FIELDS = ["title", "icon", "lat", "lng"] as const;
