/**
 * A site's custom fields (groups spec §3 types and attributes, §5 rules) and its favourites (at most
 * 4, platform §5). The rules of a type live in the contract (`customFieldProblems`) so the portal's
 * form says the same; here they are checked on the whole field, after a PATCH is merged with the
 * stored one. Yes/no fields always have the options Yes and No; types without options store none.
 * Labels are unique within a site (answers are stored by label on visits). `GET
 * sites/{siteId}/custom-fields` (the Today view's call) lives in ../clients/regional.ts.
 */
import type { z } from "zod";
import {
  CHOICE_FIELD_TYPES,
  type CreateCustomFieldRequest,
  type CustomFieldInput,
  customFieldProblems,
  FAVOURITE_FIELDS_MESSAGE,
  type FavouriteFieldsRequest,
  MANAGE_LIMITS,
  type ReorderRequest,
  type UpdateCustomFieldRequest,
  YES_NO_OPTIONS,
} from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { validation } from "../http/errors.ts";
import { toCustomField } from "../clients/model.ts";
import { changeSite, nextPosition, reorder, siteChild } from "./manage.ts";
import type { Principal } from "../clients/regional.ts";

const NOT_FOUND = "Custom field not found.";
const MAX_FIELDS = 50;

type FieldRow = Record<string, unknown> & { id: number; site_id: number };

const fieldsOf = async (q: Queryable, siteId: number) =>
  (await q.query("SELECT * FROM custom_fields WHERE site_id = $1 ORDER BY position, id", [siteId])).map(toCustomField);

/** Options as the type has them: Yes/No for yes/no, none for types without a choice. */
function normalise(f: CustomFieldInput): CustomFieldInput {
  if (f.type === "yes_no") return { ...f, options: [...YES_NO_OPTIONS] };
  if (!(CHOICE_FIELD_TYPES as readonly string[]).includes(f.type)) return { ...f, options: [] };
  return f;
}

/** Every rule that needs the database: the type's rules, a unique label, the groups, at most 4 favourites. */
async function check(q: Queryable, p: Principal, siteId: number, f: CustomFieldInput, exceptId: number | null): Promise<void> {
  const problems = customFieldProblems(f);
  const first = Object.entries(problems)[0];
  if (first) throw validation({ [first[0]]: [first[1]] });
  if (await one(q, "SELECT 1 FROM custom_fields WHERE site_id = $1 AND lower(label) = lower($2) AND id IS DISTINCT FROM $3", [siteId, f.label, exceptId])) {
    throw validation({ label: ["A field with this label already exists at this site"] });
  }
  if (f.group_ids !== null && f.group_ids.length) {
    const [{ n }] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM groups WHERE client_id = $1 AND id = ANY($2::int[])", [p.client.id, f.group_ids]);
    if (n !== new Set(f.group_ids).size) throw validation({ group_ids: ["Choose groups of your organisation"] });
  }
  if (f.favourite) {
    const [{ n }] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM custom_fields WHERE site_id = $1 AND favourite AND id IS DISTINCT FROM $2", [siteId, exceptId]);
    if (n >= MANAGE_LIMITS.favouriteFields) throw validation({ favourite: [FAVOURITE_FIELDS_MESSAGE] });
  }
}

const COLS = ["label", "type", "required", "options", "show_on_evacuation_list", "show_on_pdf_agreements", "favourite", "default_option", "reject_options", "reject_message", "group_ids"] as const;
const JSON_COLS = new Set(["options", "reject_options", "group_ids"]);
const values = (f: CustomFieldInput) => COLS.map((c) => (JSON_COLS.has(c) && f[c] !== null ? JSON.stringify(f[c]) : f[c]));

export function createCustomField(app: App, p: Principal, siteId: string, body: z.infer<typeof CreateCustomFieldRequest>) {
  return changeSite(app, p, siteId, async (q, site) => {
    const [{ n }] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM custom_fields WHERE site_id = $1", [site.id]);
    if (n >= MAX_FIELDS) throw validation({ label: [`A site can have at most ${MAX_FIELDS} custom fields`] });
    const f = normalise(body);
    await check(q, p, site.id, f, null);
    const [row] = await q.query(
      `INSERT INTO custom_fields (site_id, position, ${COLS.join(", ")})
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11::jsonb, $12, $13::jsonb) RETURNING *`,
      [site.id, await nextPosition(q, "custom_fields", site.id), ...values(f)],
    );
    return toCustomField(row);
  });
}

export function updateCustomField(app: App, p: Principal, siteId: string, fieldId: string, body: z.infer<typeof UpdateCustomFieldRequest>) {
  return changeSite(app, p, siteId, async (q, site) => {
    const stored = toCustomField(await siteChild<FieldRow>(q, "custom_fields", fieldId, site.id, NOT_FOUND, true));
    const defined = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<CustomFieldInput>;
    const merged = { ...stored, ...defined } as CustomFieldInput;
    if (defined.type !== undefined && defined.type !== stored.type) {
      // A new type starts without the old one's default and reject settings, unless they are sent.
      merged.default_option = defined.default_option ?? null;
      merged.reject_options = defined.reject_options ?? [];
      merged.reject_message = defined.reject_message ?? null;
    }
    const f = normalise(merged);
    await check(q, p, site.id, f, stored.id);
    const [row] = await q.query(
      `UPDATE custom_fields SET ${COLS.map((c, i) => `${c} = $${i + 2}${JSON_COLS.has(c) ? "::jsonb" : ""}`).join(", ")} WHERE id = $1 RETURNING *`,
      [stored.id, ...values(f)],
    );
    return toCustomField(row);
  });
}

export function deleteCustomField(app: App, p: Principal, siteId: string, fieldId: string) {
  return changeSite(app, p, siteId, async (q, site) => {
    const field = await siteChild<FieldRow>(q, "custom_fields", fieldId, site.id, NOT_FOUND, true);
    await q.query("DELETE FROM custom_fields WHERE id = $1", [field.id]);
    return { message: "The custom field has been deleted." };
  });
}

export function reorderCustomFields(app: App, p: Principal, siteId: string, body: z.infer<typeof ReorderRequest>) {
  return changeSite(app, p, siteId, async (q, site) => {
    await reorder(q, "custom_fields", site.id, body.ids);
    return fieldsOf(q, site.id);
  });
}

/** Exactly these fields become the favourites (the schema caps them at 4). */
export function setFavouriteFields(app: App, p: Principal, siteId: string, body: z.infer<typeof FavouriteFieldsRequest>) {
  return changeSite(app, p, siteId, async (q, site) => {
    const ids = [...new Set(body.field_ids)];
    const [{ n }] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM custom_fields WHERE site_id = $1 AND id = ANY($2::int[])", [site.id, ids]);
    if (n !== ids.length) throw validation({ field_ids: ["Choose fields of this site"] });
    await q.query("UPDATE custom_fields SET favourite = (id = ANY($2::int[])) WHERE site_id = $1", [site.id, ids]);
    return fieldsOf(q, site.id);
  });
}
