/**
 * A group's personal fields (groups spec §3 "Personal field", §5 validation, §9 limits): at most 15,
 * at most 4 favourites, labels unique ignoring case, in order; a system field keeps its type and
 * cannot be deleted. Rights and locking as the group's other screens (`group-settings.ts`).
 */
import type { z } from "zod";
import {
  FAVOURITES_FULL,
  LABEL_TAKEN,
  PERSONAL_FIELD_LIMITS,
  PERSONAL_FIELDS_FULL,
  SYSTEM_FIELD_DELETE_MESSAGE,
  SYSTEM_FIELD_TYPE_MESSAGE,
  type PersonalField,
  type PersonalFieldRequest,
  type ReorderRequest,
} from "../../contract/index.ts";
import type { Principal } from "../clients/regional.ts";
import { one, type Queryable } from "../db/index.ts";
import { notFound, validation } from "../http/errors.ts";
import type { App } from "../runtime/app.ts";
import { parseId } from "../sites/manage.ts";
import { changeGroup, readGroup } from "./group-settings.ts";

export const PERSONAL_FIELD_NOT_FOUND = "Personal field not found";
export const PERSONAL_FIELD_ORDER_MESSAGE = "The new order must list every personal field of this group exactly once";

type FieldRow = Record<string, unknown> & { id: number; group_id: number; system: boolean; type: string };


const FLAGS = ["visible_to_member", "on_evacuation_list", "on_host_notifications", "ask_on_first_sign_in", "sensitive", "required", "editable", "favourite", "include_in_visit_record"] as const;
const COLS = ["label", "type", ...FLAGS, "options"] as const;
type FieldInput = z.infer<typeof PersonalFieldRequest>;

function toField(r: FieldRow): z.input<typeof PersonalField> {
  return {
    id: r.id,
    label: r.label as string,
    type: r.type as FieldInput["type"],
    ...(Object.fromEntries(FLAGS.map((f) => [f, r[f] as boolean])) as Record<(typeof FLAGS)[number], boolean>),
    options: (r.options as string[]) ?? [],
    system: r.system,
    position: r.position as number,
  };
}

const fieldsOf = async (q: Queryable, groupId: number) =>
  (await q.query<FieldRow>("SELECT * FROM group_personal_fields WHERE group_id = $1 ORDER BY position, id", [groupId])).map(toField);

/** Options only for the types that choose among them. */
const normalise = (f: FieldInput): FieldInput => (f.type === "dropdown" || f.type === "checkboxes" ? f : { ...f, options: [] });

const values = (f: FieldInput) => COLS.map((c) => (c === "options" ? JSON.stringify(f.options) : f[c]));

/** A unique label (ignoring case) and at most 4 favourites; counted under the group's row lock. */
async function check(q: Queryable, groupId: number, f: FieldInput, exceptId: number | null): Promise<void> {
  if (await one(q, "SELECT 1 FROM group_personal_fields WHERE group_id = $1 AND lower(label) = lower($2) AND id IS DISTINCT FROM $3", [groupId, f.label, exceptId])) {
    throw validation({ label: [LABEL_TAKEN] });
  }
  if (f.favourite) {
    const [{ n }] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM group_personal_fields WHERE group_id = $1 AND favourite AND id IS DISTINCT FROM $2", [groupId, exceptId]);
    if (n >= PERSONAL_FIELD_LIMITS.favourites) throw validation({ favourite: [FAVOURITES_FULL] });
  }
}

async function fieldOf(q: Queryable, groupId: number, idParam: string): Promise<FieldRow> {
  const id = parseId(idParam);
  const row = Number.isNaN(id) ? undefined : await one<FieldRow>(q, "SELECT * FROM group_personal_fields WHERE id = $1 AND group_id = $2 FOR UPDATE", [id, groupId]);
  if (!row) throw notFound(PERSONAL_FIELD_NOT_FOUND);
  return row;
}

/** GET groups/{groupId}/personal-fields. */
export const listPersonalFields = (app: App, p: Principal, idParam: string) => readGroup(app, p, idParam, "ManageVisitorGroup.viewer", (q, g) => fieldsOf(q, g.id));

export function createPersonalField(app: App, p: Principal, idParam: string, body: FieldInput) {
  return changeGroup(app, p, idParam, "ManageVisitorGroup.editor", async (q, g) => {
    const [{ n }] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM group_personal_fields WHERE group_id = $1", [g.id]);
    if (n >= PERSONAL_FIELD_LIMITS.perGroup) throw validation({ label: [PERSONAL_FIELDS_FULL] });
    const f = normalise(body);
    await check(q, g.id, f, null);
    const [row] = await q.query<FieldRow>(
      `INSERT INTO group_personal_fields (group_id, position, ${COLS.join(", ")})
       VALUES ($1, (SELECT coalesce(max(position), -1) + 1 FROM group_personal_fields WHERE group_id = $1), ${COLS.map((c, i) => `$${i + 2}${c === "options" ? "::jsonb" : ""}`).join(", ")})
       RETURNING *`,
      [g.id, ...values(f)],
    );
    return toField(row);
  });
}

export function updatePersonalField(app: App, p: Principal, idParam: string, fieldId: string, body: FieldInput) {
  return changeGroup(app, p, idParam, "ManageVisitorGroup.editor", async (q, g) => {
    const stored = await fieldOf(q, g.id, fieldId);
    if (stored.system && body.type !== stored.type) throw validation({ type: [SYSTEM_FIELD_TYPE_MESSAGE] });
    const f = normalise(body);
    await check(q, g.id, f, stored.id);
    const [row] = await q.query<FieldRow>(
      `UPDATE group_personal_fields SET ${COLS.map((c, i) => `${c} = $${i + 2}${c === "options" ? "::jsonb" : ""}`).join(", ")} WHERE id = $1 RETURNING *`,
      [stored.id, ...values(f)],
    );
    return toField(row);
  });
}

/**
 * The group's saved badge without the elements that show personal field `fieldId` (order kept; a
 * badge never saved stays NULL). Called where that field is deleted, in the same transaction.
 */
export async function removeBadgeElementsOf(q: Queryable, groupId: number, fieldId: number): Promise<void> {
  await q.query(
    `UPDATE groups SET badge = jsonb_set(badge, '{elements}', (
       SELECT coalesce(jsonb_agg(e ORDER BY i), '[]'::jsonb) FROM jsonb_array_elements(badge->'elements') WITH ORDINALITY AS t(e, i)
       WHERE NOT (e->>'kind' = 'personal' AND e->'personal_field_id' = to_jsonb($2::int))))
     WHERE id = $1 AND badge IS NOT NULL`,
    [groupId, fieldId],
  );
}

/** DELETE groups/{groupId}/personal-fields/{fieldId}: not a system field; the badge's elements showing it go too. */
export function deletePersonalField(app: App, p: Principal, idParam: string, fieldId: string) {
  return changeGroup(app, p, idParam, "ManageVisitorGroup.editor", async (q, g) => {
    const field = await fieldOf(q, g.id, fieldId);
    if (field.system) throw validation({ system: [SYSTEM_FIELD_DELETE_MESSAGE] });
    await q.query("DELETE FROM group_personal_fields WHERE id = $1", [field.id]);
    await removeBadgeElementsOf(q, g.id, field.id);
    return { deleted: true as const };
  });
}

/** PATCH groups/{groupId}/personal-field-order: every field of the group, each once (a stale list is refused). */
export function reorderPersonalFields(app: App, p: Principal, idParam: string, body: z.infer<typeof ReorderRequest>) {
  return changeGroup(app, p, idParam, "ManageVisitorGroup.editor", async (q, g) => {
    const current = (await q.query<{ id: number }>("SELECT id FROM group_personal_fields WHERE group_id = $1 FOR UPDATE", [g.id])).map((r) => r.id);
    const wanted = new Set(body.ids);
    if (wanted.size !== body.ids.length || body.ids.length !== current.length || !current.every((id) => wanted.has(id))) {
      throw validation({ ids: [PERSONAL_FIELD_ORDER_MESSAGE] });
    }
    await q.query(
      "UPDATE group_personal_fields t SET position = o.ord - 1 FROM unnest($1::int[]) WITH ORDINALITY AS o(id, ord) WHERE t.id = o.id AND t.group_id = $2",
      [body.ids, g.id],
    );
    return fieldsOf(q, g.id);
  });
}
