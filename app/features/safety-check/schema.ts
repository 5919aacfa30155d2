/**
 * The block-list entry form (ADR 029), shared by the browser (conform) and the server: name, reason,
 * site (every site, or one), the custom field values (FIELD_ROWS label/value pairs, blank pairs
 * ignored) and the match rule (all, or at least N of the fields). Its messages are the contract's
 * words' keys (area-keys: `safety-check:messages.*`), so the browser and the upstream say the same.
 */
import { z } from "zod";
import { BLOCK_LIST_LIMITS as L, type BlockListEntry, type BlockListEntryInput } from "@contract";
import { singleLine } from "~/forms/control-characters";
import { areaKey } from "~/forms/area-keys";
import { FIELD_ROWS } from "./paths";

const k = (name: Parameters<typeof areaKey<"safety-check">>[1]) => areaKey("safety-check", name);
const text = (max: number, tooLong: string) => singleLine(z.string().trim().max(max, tooLong)).optional();

const pairs = Object.fromEntries(
  Array.from({ length: FIELD_ROWS }, (_, i) => [
    [`label_${i}`, text(L.label, k("fieldTooLong"))],
    [`value_${i}`, text(L.value, k("fieldTooLong"))],
  ]).flat(),
) as Record<string, ReturnType<typeof text>>;

export const entrySchema = z
  .object({
    name: singleLine(z.string({ error: k("nameRequired") }).trim().min(1, k("nameRequired")).max(L.name, k("nameTooLong"))),
    reason: z.string().trim().max(L.reason, k("reasonTooLong")).optional(),
    site_id: z.string().regex(/^\d{0,9}$/, k("site")).optional(),
    match_rule: z.enum(["all", "count"], { error: k("matchCount") }).default("all"),
    match_count: z.coerce.number({ error: k("matchCount") }).int(k("matchCount")).min(1, k("matchCount")).max(L.fields, k("matchCount")).optional(),
    ...pairs,
  })
  .superRefine((v, ctx) => {
    const rec = v as unknown as Record<string, string | undefined>;
    let given = 0;
    for (let i = 0; i < FIELD_ROWS; i++) {
      const label = rec[`label_${i}`] ?? "";
      const value = rec[`value_${i}`] ?? "";
      if (!label && !value) continue;
      given++;
      if (!label) ctx.addIssue({ code: "custom", path: [`label_${i}`], message: k("fieldLabel") });
      if (!value) ctx.addIssue({ code: "custom", path: [`value_${i}`], message: k("fieldLabel") });
    }
    if (v.match_rule === "count" && (v.match_count === undefined || v.match_count > given)) ctx.addIssue({ code: "custom", path: ["match_count"], message: k("matchCount") });
  });
export type EntryValues = z.infer<typeof entrySchema>;

/** What the upstream takes. */
export function entryRequest(v: EntryValues): BlockListEntryInput {
  const rec = v as unknown as Record<string, string | undefined>;
  const fields = Array.from({ length: FIELD_ROWS }, (_, i) => ({ label: rec[`label_${i}`] ?? "", value: rec[`value_${i}`] ?? "" })).filter((f) => f.label && f.value);
  return {
    name: v.name,
    reason: v.reason || null,
    site_id: v.site_id ? Number(v.site_id) : null,
    fields,
    match_rule: v.match_rule,
    match_count: v.match_rule === "count" ? (v.match_count ?? null) : null,
  };
}

/** The form's values for an entry. */
export function entryValues(e: BlockListEntry): Record<string, string> {
  const out: Record<string, string> = { name: e.name, reason: e.reason ?? "", site_id: e.site ? String(e.site.id) : "", match_rule: e.match_rule, match_count: e.match_count ? String(e.match_count) : "" };
  e.fields.slice(0, FIELD_ROWS).forEach((f, i) => {
    out[`label_${i}`] = f.label;
    out[`value_${i}`] = f.value;
  });
  return out;
}

/** The upstream's field names on the form's (a refusal of `fields` is said on the first pair). */
export const entryFormField = (name: string) => (name === "fields" || name.startsWith("fields.") ? "label_0" : name);
