/**
 * The badge builder's forms (groups spec §3 badge elements, §9 limits), shared by the browser and
 * the server: the whole badge (its label size and each element's place, size, font size and a text
 * element's words), and adding one element. Sizes are millimetres in steps of 0.5 from the label's
 * top left corner; every element lies on the label. The upstream checks again, and alone knows
 * which fields exist and whether personal fields may be placed.
 */
import { z } from "zod";
import { BADGE_LIMITS, BADGE_REPEATABLE, BADGE_SIZE_NAMES, BADGE_SIZES, type BadgeElement, type BadgeSize } from "@contract";
import { singleLine } from "~/forms/control-characters";

export const BADGE_KINDS = ["photo", "logo", "qr", "name", "group", "date", "time", "field", "personal", "text"] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];
/** The kinds that are words on the badge (they have a font size). */
export const TEXT_KINDS = new Set<BadgeKind>(["name", "group", "date", "time", "field", "personal", "text"]);

const MM = "groups:badge.validation.mm";
const OUTSIDE = "groups:badge.validation.outside";
const mm = (min = 0) => z.number({ error: MM }).min(min, MM).max(500, OUTSIDE).refine((n) => Number.isInteger(n * 2), MM);
const font = `groups:badge.validation.font|${JSON.stringify({ min: BADGE_LIMITS.fontMin, max: BADGE_LIMITS.fontMax })}`;

const elementSchema = z.object({
  kind: z.enum(BADGE_KINDS, { error: "common:fields.invalid_choice" }),
  x: mm(),
  y: mm(),
  width: mm(BADGE_LIMITS.minSide),
  height: mm(BADGE_LIMITS.minSide),
  font_size: z.number({ error: font }).int(font).min(BADGE_LIMITS.fontMin, font).max(BADGE_LIMITS.fontMax, font),
  text: singleLine(z.string().trim().max(BADGE_LIMITS.textLength, "common:validation.too_long")).optional(),
  field_id: z.number().int().positive().optional(),
  personal_field_id: z.number().int().positive().optional(),
});

export const badgeSchema = z
  .object({
    size: z.enum(BADGE_SIZE_NAMES, { error: "common:fields.invalid_choice" }),
    elements: z.array(elementSchema).max(80, "groups:badge.validation.too_many_elements").optional(),
  })
  .superRefine((v, ctx) => {
    const { width, height } = BADGE_SIZES[v.size];
    (v.elements ?? []).forEach((e, i) => {
      if (e.x + e.width > width) ctx.addIssue({ code: "custom", path: ["elements", i, "x"], message: OUTSIDE });
      if (e.y + e.height > height) ctx.addIssue({ code: "custom", path: ["elements", i, "y"], message: OUTSIDE });
      if (e.kind === "text" && !e.text) ctx.addIssue({ code: "custom", path: ["elements", i, "text"], message: "groups:badge.validation.text_required" });
    });
  });

export const addElementSchema = z
  .object({
    kind: z.enum(BADGE_KINDS, { error: "groups:badge.validation.kind" }),
    text: singleLine(z.string().trim().max(BADGE_LIMITS.textLength, "common:validation.too_long")).optional(),
    field_id: z.number({ error: "groups:badge.validation.field" }).int().positive().optional(),
    personal_field_id: z.number({ error: "groups:badge.validation.personal" }).int().positive().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "text" && !v.text) ctx.addIssue({ code: "custom", path: ["text"], message: "groups:badge.validation.text_required" });
    if (v.kind === "field" && v.field_id === undefined) ctx.addIssue({ code: "custom", path: ["field_id"], message: "groups:badge.validation.field" });
    if (v.kind === "personal" && v.personal_field_id === undefined) ctx.addIssue({ code: "custom", path: ["personal_field_id"], message: "groups:badge.validation.personal" });
  });

/** Where a new element goes: the top left corner, at a size that suits its kind, kept on the label. */
export function newElement(kind: BadgeKind, size: BadgeSize, v: { text?: string; field_id?: number; personal_field_id?: number }): BadgeElement {
  const label = BADGE_SIZES[size];
  const square = kind === "photo" || kind === "qr" ? 20 : 0;
  const width = Math.min(square || (kind === "logo" ? 30 : 40), label.width - 4);
  const height = Math.min(square || (kind === "logo" ? 12 : 8), label.height - 4);
  return {
    kind,
    x: 2,
    y: 2,
    width,
    height,
    font_size: 10,
    text: kind === "text" ? (v.text ?? null) : null,
    field_id: kind === "field" ? (v.field_id ?? null) : null,
    personal_field_id: kind === "personal" ? (v.personal_field_id ?? null) : null,
  };
}

/** A parsed element as the upstream takes it (what its kind does not use is null). */
export const toElement = (e: z.infer<typeof elementSchema>): BadgeElement => ({
  kind: e.kind,
  x: e.x,
  y: e.y,
  width: e.width,
  height: e.height,
  font_size: e.font_size,
  text: e.kind === "text" ? (e.text ?? null) : null,
  field_id: e.kind === "field" ? (e.field_id ?? null) : null,
  personal_field_id: e.kind === "personal" ? (e.personal_field_id ?? null) : null,
});

/** How many of a kind a badge may hold (groups spec §9). */
export const kindLimit = (kind: BadgeKind) => ((BADGE_REPEATABLE as readonly string[]).includes(kind) ? BADGE_LIMITS.repeatable : 1);
