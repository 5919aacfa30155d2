/**
 * The booking forms' schemas (issue 26; ADR 036), on the server only (the pages validate nothing in
 * the browser: the upstream's rules — start after now, end after start, the advance limit, the
 * repeat — come back as its messages on the fields, translated through the one catalogue).
 * Here only what the portal must check to build a request: days, times, ids, the note's length.
 */
import { z } from "zod";
import { REPEAT_EVERY, SPACES_LIMITS } from "@contract/spaces-messages";
import { singleLine } from "~/forms/control-characters";
import { validDay, validTime } from "./search.server";

const day = z.string({ error: "spaces:form.day_required" }).trim().refine(validDay, "spaces:search.day_invalid");
const time = z.string({ error: "spaces:form.time_required" }).trim().refine(validTime, "spaces:search.time_invalid");
const id = z.coerce.number({ error: "spaces:form.space_required" }).int().positive().max(999_999_999);
const note = singleLine(z.string().trim().max(SPACES_LIMITS.note, "spaces:form.note_too_long")).optional();

export const bookSchema = z.object({
  space_id: id,
  day,
  from: time,
  to: time,
  note,
  /** Who it is for: "self", or a person the people search found ("user:12", "member:5"). */
  person: z
    .string()
    .regex(/^(self|(user|member):[1-9]\d{0,8})$/, "spaces:form.person_invalid")
    .default("self")
    .transform((v) => (v === "self" ? null : { kind: v.split(":")[0] as "user" | "member", id: Number(v.split(":")[1]) })),
  repeat: z.enum(["none", ...REPEAT_EVERY]).default("none"),
  until: z.string().trim().refine(validDay, "spaces:search.day_invalid").optional(),
}).superRefine((v, ctx) => {
  if (v.repeat !== "none" && v.until === undefined) ctx.addIssue({ code: "custom", path: ["until"], message: "spaces:form.until_required" });
});
export const BOOK_FIELDS = ["space_id", "day", "from", "to", "note", "person", "repeat", "until"] as const;

export const changeSchema = z.object({ space_id: id, day, from: time, to: time, note });
export const CHANGE_FIELDS = ["space_id", "day", "from", "to", "note"] as const;

/** Where the upstream's field messages go on the forms. */
export const formField = (field: string): string | null =>
  ({ start: "from", end: "to", "repeat.until": "until", person: "person", space_id: "space_id" })[field] ?? null;
