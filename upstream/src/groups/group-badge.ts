/**
 * A group's badge (groups spec §3 badge elements, §9 limits): the label size and the elements placed
 * on it, in millimetres from the label's top left corner, with what field and personal elements may
 * show.
 *
 * Rights as the group's other screens (`group-settings.ts`): ManageVisitorGroup.viewer to read,
 * .editor to save; active clients only; another client's group or a malformed id is 404 "Group not
 * found"; saving runs in one transaction with the group's row locked.
 *
 * Storage (migration 010): `groups.badge` holds `{size, elements}` as saved, normalised (only a text
 * element keeps `text`, a field element `field_id`, a personal element `personal_field_id`); NULL
 * reads as the contract's GROUP_BADGE_DEFAULT. Deleting a personal field removes the elements that
 * show it (`removeBadgeElementsOf`, same transaction). A field element whose custom field no longer
 * exists (the field or its site deleted) is left out when the badge is read.
 *
 * Personal elements need the client's `beta.badge-personal-fields` setting (read as the other
 * `beta.*` settings are, from the principal's client); a badge saved while it was on keeps its
 * personal elements when it is turned off, and saving it again is then refused until they go.
 */
import type { z } from "zod";
import {
  BADGE_LIMITS,
  BADGE_OUTSIDE,
  BADGE_PERSONAL_OFF,
  BADGE_REPEATABLE,
  BADGE_SIZES,
  BADGE_TEXT_REQUIRED,
  BADGE_TOO_MANY,
  BADGE_UNKNOWN_FIELD,
  BADGE_UNKNOWN_PERSONAL,
  type BadgeElement,
  GROUP_BADGE_DEFAULT,
  type GroupBadge,
  type GroupBadgeRequest,
} from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import type { Queryable } from "../db/index.ts";
import { validation } from "../http/errors.ts";
import { changeGroup, readGroup, type GroupRow } from "./group-settings.ts";
import type { Principal } from "../clients/regional.ts";

/** The client setting that lets personal fields be placed on badges. */
export const BADGE_PERSONAL_FLAG = "beta.badge-personal-fields";

type Badge = z.infer<typeof GroupBadgeRequest>;
type Options = Pick<z.input<typeof GroupBadge>, "personal_fields_allowed" | "custom_fields" | "personal_fields">;

const personalAllowed = (p: Principal) => (p.client.settings as Record<string, unknown> | null)?.[BADGE_PERSONAL_FLAG] === true;

/** What field and personal elements may show: every custom field of the client's sites, the group's personal fields in order. */
async function optionsOf(q: Queryable, p: Principal, groupId: number): Promise<Options> {
  const custom_fields = await q.query<{ id: number; label: string; site: string }>(
    `SELECT f.id, f.label, s.name AS site FROM custom_fields f JOIN sites s ON s.id = f.site_id
     WHERE s.client_id = $1 ORDER BY s.position, s.id, f.position, f.id`,
    [p.client.id],
  );
  const personal_fields = await q.query<{ id: number; label: string }>(
    "SELECT id, label FROM group_personal_fields WHERE group_id = $1 ORDER BY position, id",
    [groupId],
  );
  return { personal_fields_allowed: personalAllowed(p), custom_fields, personal_fields };
}

/** Only the element's own kind keeps text, field_id and personal_field_id; keys in the contract's order. */
function normaliseElement(e: BadgeElement): BadgeElement {
  return {
    kind: e.kind,
    x: e.x,
    y: e.y,
    width: e.width,
    height: e.height,
    font_size: e.font_size,
    text: e.kind === "text" ? e.text : null,
    field_id: e.kind === "field" ? e.field_id : null,
    personal_field_id: e.kind === "personal" ? e.personal_field_id : null,
  };
}

async function answer(q: Queryable, p: Principal, g: Pick<GroupRow, "id" | "badge">): Promise<z.input<typeof GroupBadge>> {
  const options = await optionsOf(q, p, g.id);
  const stored = (g.badge as Badge | null) ?? GROUP_BADGE_DEFAULT;
  const fieldIds = new Set(options.custom_fields.map((f) => f.id));
  const elements = stored.elements.filter((e) => e.kind !== "field" || (e.field_id !== null && fieldIds.has(e.field_id)));
  return { size: stored.size, elements, ...options };
}

/** GET groups/{groupId}/badge. */
export const getGroupBadge = (app: App, p: Principal, idParam: string) => readGroup(app, p, idParam, "ManageVisitorGroup.viewer", (q, g) => answer(q, p, g));

/**
 * PATCH groups/{groupId}/badge: the whole badge. Beyond the schema: every element on the label
 * (`elements.<i>.x` / `.y`), at most 20 each of field, personal and text and one of every other kind
 * (`elements`), a text element's text (`elements.<i>.text`), a field of the client's sites
 * (`elements.<i>.field_id`), a personal element only with the flag (`elements.<i>.kind`) and of this
 * group's fields (`elements.<i>.personal_field_id`). Every problem found is answered at once.
 */
export function updateGroupBadge(app: App, p: Principal, idParam: string, body: Badge) {
  return changeGroup(app, p, idParam, "ManageVisitorGroup.editor", async (q, g) => {
    const options = await optionsOf(q, p, g.id);
    const fieldIds = new Set(options.custom_fields.map((f) => f.id));
    const personalIds = new Set(options.personal_fields.map((f) => f.id));
    const size = BADGE_SIZES[body.size];
    const errors: Record<string, string[]> = {};

    const counts = new Map<string, number>();
    for (const e of body.elements) counts.set(e.kind, (counts.get(e.kind) ?? 0) + 1);
    const repeatable = new Set<string>(BADGE_REPEATABLE);
    if ([...counts].some(([kind, n]) => n > (repeatable.has(kind) ? BADGE_LIMITS.repeatable : 1))) errors.elements = [BADGE_TOO_MANY];

    body.elements.forEach((e, i) => {
      const at = (key: string, message: string) => (errors[`elements.${i}.${key}`] = [message]);
      if (e.x + e.width > size.width) at("x", BADGE_OUTSIDE);
      if (e.y + e.height > size.height) at("y", BADGE_OUTSIDE);
      if (e.kind === "text" && !e.text) at("text", BADGE_TEXT_REQUIRED);
      if (e.kind === "field" && (e.field_id === null || !fieldIds.has(e.field_id))) at("field_id", BADGE_UNKNOWN_FIELD);
      if (e.kind === "personal") {
        if (!options.personal_fields_allowed) at("kind", BADGE_PERSONAL_OFF);
        else if (e.personal_field_id === null || !personalIds.has(e.personal_field_id)) at("personal_field_id", BADGE_UNKNOWN_PERSONAL);
      }
    });
    if (Object.keys(errors).length) throw validation(errors);

    const badge: Badge = { size: body.size, elements: body.elements.map(normaliseElement) };
    await q.query("UPDATE groups SET badge = $2::jsonb WHERE id = $1", [g.id, JSON.stringify(badge)]);
    return { size: badge.size, elements: badge.elements, ...options };
  });
}
