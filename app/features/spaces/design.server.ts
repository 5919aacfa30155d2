/**
 * The spaces designer's actions (issue 26 item 4; ADR 036), one handler per intent through the one
 * dispatcher: the site's booking rules, add a zone or a space, change a node (name, category, tags,
 * its zone and place among its siblings), place a space on its floor plan by coordinates (one, or
 * several at once from the canvas), delete (Spaces.delete; a zone with children or anything with
 * active bookings is confirmed first and sent again with the upstream's flag), and a zone's floor
 * plan or a space's photo (multipart, as a site's branding image). The portal checks only what it
 * needs to build a request; the upstream's rules come back as its messages on the fields.
 */
import { data } from "@remix-run/node";
import { z } from "zod";
import type { Site } from "@contract";
import { ADVANCE_LIMIT_UNITS, BUFFER_UNITS, SPACE_CATEGORIES, SPACES_DESIGN_MESSAGES } from "@contract/spaces-messages";
import type { Access } from "~/access/guard.server";
import { done, invalid, refused, requirePostedId } from "~/forms/action-result.server";
import type { ActionResult } from "~/forms/action-result";
import { parseSubmission } from "~/forms/submission";
import { UPLOAD_RULES, uploadSchema } from "~/features/manage/media-schemas";
import { UpstreamError } from "~/upstream/errors";

export interface DesignAction {
  request: Request;
  access: Access;
  form: FormData;
  site: Site;
}

/** A delete the upstream wants confirmed: the node and the flags to send it again with. */
export interface DeleteConfirmation {
  node_id: number;
  with_children: boolean;
  cancel_bookings: boolean;
  /** How many active bookings would be cancelled (0: none said). */
  bookings: number;
}
export type DesignResult = ActionResult & { confirm?: DeleteConfirmation };

const GONE = "spaces:messages.nodeGone";
const pathOf = (site: Site) => `/manage/spaces/${site.id}`;

const id = z.coerce.number({ error: "spaces:designer.zone_invalid" }).int().positive().max(999_999_999);
const optionalNumber = (message: string) => z.coerce.number({ error: message }).refine(Number.isFinite, message).optional();
/** Tags typed as one line, separated by commas (the upstream trims, drops repeats and checks the limits). */
const tags = z.string().max(4000, "spaces:messages.tooManyTags").optional().transform((s) => (s ?? "").split(",").map((t) => t.trim()).filter(Boolean));
const name = z.string().max(400, "safety-check:messages.nameTooLong").optional();

export const addSchema = z.object({
  type: z.enum(["zone", "space"]),
  name,
  parent_id: id.optional(),
  category: z.enum(SPACE_CATEGORIES, "spaces:messages.spaceCategory").optional(),
  tags,
});
export const ADD_FIELDS = ["name", "parent_id", "category", "tags"] as const;

export const updateSchema = z.object({
  name,
  category: z.enum(SPACE_CATEGORIES, "spaces:messages.spaceCategory").optional(),
  tags,
  parent_id: id.optional(),
  position: optionalNumber("spaces:messages.position"),
});
export const UPDATE_FIELDS = ["name", "category", "tags", "parent_id", "position"] as const;

export const placeSchema = z.object({ x: optionalNumber("spaces:messages.placement"), y: optionalNumber("spaces:messages.placement") });
export const PLACE_FIELDS = ["x", "y"] as const;

export const settingsSchema = z.object({
  advance_unit: z.enum(ADVANCE_LIMIT_UNITS, "spaces:messages.advanceValue"),
  advance_value: optionalNumber("spaces:messages.advanceValue"),
  buffer_value: optionalNumber("spaces:messages.buffer"),
  buffer_unit: z.enum(BUFFER_UNITS, "spaces:messages.buffer"),
  release_after: optionalNumber("spaces:messages.release"),
});
export const SETTINGS_FIELDS = ["advance_unit", "advance_value", "buffer_value", "buffer_unit", "release_after"] as const;

/** Where the upstream's field messages go on the forms. */
const nodeField = (field: string): string | null =>
  ({ name: "name", category: "category", tags: "tags", parent_id: "parent_id", position: "position", "placement.x": "x", "placement.y": "y", placement: "x" })[field.replace(/\.\d+$/, "")] ?? null;
const settingsField = (field: string): string | null =>
  ({ "booking_advance_limit.value": "advance_value", "booking_advance_limit.unit": "advance_unit", booking_advance_limit: "advance_value", "buffer.value": "buffer_value", "buffer.unit": "buffer_unit", buffer: "buffer_value", release_after_minutes: "release_after" })[field] ?? null;

export async function settings({ request, access, form, site }: DesignAction) {
  const submission = parseSubmission(form, { schema: settingsSchema });
  if (submission.status !== "success") return invalid({ intent: "settings" }, submission, SETTINGS_FIELDS);
  const v = submission.value;
  try {
    await access.viewer.api("updateSpacesSettings", {
      params: { siteId: site.id },
      body: {
        booking_advance_limit: { unit: v.advance_unit, value: v.advance_unit === "none" ? null : (v.advance_value ?? null) },
        buffer: { value: v.buffer_value ?? 0, unit: v.buffer_unit },
        release_after_minutes: v.release_after ?? null,
      },
    });
  } catch (err) {
    return refused(err, { intent: "settings", submission, fields: settingsField });
  }
  return done(request, access.viewer, pathOf(site), { key: "spaces:designer.notice.settings_saved", tone: "success" });
}

export async function add({ request, access, form, site }: DesignAction) {
  const type = form.get("type") === "space" ? "space" : "zone";
  const intent = { intent: `add-${type}` };
  const submission = parseSubmission(form, { schema: addSchema });
  if (submission.status !== "success") return invalid(intent, submission, ADD_FIELDS);
  const v = submission.value;
  try {
    await access.viewer.api("createSpaceNode", {
      params: { siteId: site.id },
      body: { type, name: v.name ?? "", parent_id: v.parent_id ?? null, ...(type === "space" ? { category: v.category ?? null, tags: v.tags } : {}) },
    });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: nodeField, notFound: GONE });
  }
  return done(request, access.viewer, pathOf(site), { key: `spaces:designer.notice.${type}_added`, values: { name: (v.name ?? "").trim().slice(0, 100) }, tone: "success" });
}

export async function update({ request, access, form, site }: DesignAction) {
  const nodeId = requirePostedId(form.get("node_id"));
  const intent = { intent: "update", row: nodeId };
  const submission = parseSubmission(form, { schema: updateSchema });
  if (submission.status !== "success") return invalid(intent, submission, UPDATE_FIELDS);
  const v = submission.value;
  const isSpace = form.get("type") === "space";
  // Moved to another zone with the position left as it was: it goes last there (the upstream's default), not to its old index.
  const moved = String(v.parent_id ?? "") !== form.get("was_parent");
  const position = moved && v.position !== undefined && String(v.position) === form.get("was_position") ? undefined : v.position;
  try {
    await access.viewer.api("updateSpaceNode", {
      params: { siteId: site.id, nodeId },
      body: {
        name: v.name ?? "",
        parent_id: v.parent_id ?? null,
        ...(position !== undefined ? { position } : {}),
        ...(isSpace ? { tags: v.tags, ...(v.category ? { category: v.category } : {}) } : {}),
      },
    });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: nodeField, notFound: GONE });
  }
  return done(request, access.viewer, pathOf(site), { key: "spaces:designer.notice.saved", values: { name: (v.name ?? "").trim().slice(0, 100) }, tone: "success" });
}

/** Place one space by coordinates (both empty: take it off the plan). */
export async function place({ request, access, form, site }: DesignAction) {
  const nodeId = requirePostedId(form.get("node_id"));
  const intent = { intent: "place", row: nodeId };
  const submission = parseSubmission(form, { schema: placeSchema });
  if (submission.status !== "success") return invalid(intent, submission, PLACE_FIELDS);
  const { x, y } = submission.value;
  // A missing half is sent as null: the upstream answers it with its placement message.
  const placement = x === undefined && y === undefined ? null : ({ x: x ?? null, y: y ?? null } as { x: number; y: number });
  try {
    await access.viewer.api("updateSpaceNode", { params: { siteId: site.id, nodeId }, body: { placement } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: nodeField, notFound: GONE });
  }
  return done(request, access.viewer, pathOf(site), { key: placement ? "spaces:designer.notice.placed" : "spaces:designer.notice.unplaced", tone: "success" });
}

/** The canvas's save: every moved space's coordinates (`node_id`, `x`, `y` repeated), one change each. */
export async function placeMany({ request, access, form, site }: DesignAction) {
  const ids = form.getAll("node_id");
  const xs = form.getAll("x");
  const ys = form.getAll("y");
  if (ids.length === 0 || ids.length > 500 || xs.length !== ids.length || ys.length !== ids.length) throw new Response("Bad request", { status: 400 });
  const moves = ids.map((raw, i) => {
    const [x, y] = [Number(xs[i]), Number(ys[i])];
    if (!Number.isFinite(x) || !Number.isFinite(y)) throw new Response("Bad request", { status: 400 });
    return { nodeId: requirePostedId(raw), x, y };
  });
  for (const m of moves) {
    try {
      await access.viewer.api("updateSpaceNode", { params: { siteId: site.id, nodeId: m.nodeId }, body: { placement: { x: m.x, y: m.y } } });
    } catch (err) {
      return refused(err, { intent: "place-many", row: m.nodeId, notFound: GONE });
    }
  }
  return done(request, access.viewer, pathOf(site), { key: "spaces:designer.notice.placed", tone: "success" });
}

const flag = (form: FormData, name: string) => form.get(name) === "1";

/** Delete a node; a refusal that a flag would lift comes back as a confirmation to send. */
export async function remove({ request, access, form, site }: DesignAction) {
  const nodeId = requirePostedId(form.get("node_id"));
  const sent = { with_children: flag(form, "with_children"), cancel_bookings: flag(form, "cancel_bookings") };
  try {
    await access.viewer.api("deleteSpaceNode", {
      params: { siteId: site.id, nodeId },
      query: { ...(sent.with_children ? { with_children: "1" } : {}), ...(sent.cancel_bookings ? { cancel_bookings: "1" } : {}) },
    });
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 422) {
      const messages = Object.values(err.body.errors ?? {}).flat();
      const children = messages.includes(SPACES_DESIGN_MESSAGES.hasChildren);
      const bookings = err.body.code === "space_has_bookings" ? Number((err.body.data as { bookings?: unknown } | undefined)?.bookings) || 1 : 0;
      if (children || bookings) {
        const confirm: DeleteConfirmation = { node_id: nodeId, with_children: sent.with_children || children, cancel_bookings: sent.cancel_bookings || bookings > 0, bookings };
        return data<DesignResult>({ intent: "delete", row: nodeId, result: null, notice: null, confirm }, { status: 422 });
      }
    }
    return refused(err, { intent: "delete", row: nodeId, notFound: GONE });
  }
  return done(request, access.viewer, pathOf(site), { key: "spaces:designer.notice.deleted", tone: "success" });
}

type FileKind = "floor-plan" | "photo";
const UPLOAD_CALL = { "floor-plan": "uploadSpaceFloorPlan", photo: "uploadSpacePhoto" } as const;
const REMOVE_CALL = { "floor-plan": "deleteSpaceFloorPlan", photo: "deleteSpacePhoto" } as const;

/** Upload a zone's floor plan or a space's photo (replacing the one stored). */
export async function upload({ request, access, form, site }: DesignAction, kind: FileKind) {
  const nodeId = requirePostedId(form.get("node_id"));
  const intent = { intent: `upload-${kind}`, row: nodeId };
  const submission = parseSubmission(form, { schema: uploadSchema("image") });
  if (submission.status !== "success") return invalid(intent, submission);
  const file = submission.value.file as File;
  try {
    await access.viewer.api(UPLOAD_CALL[kind], { params: { siteId: site.id, nodeId }, file: { name: file.name, type: file.type, data: file } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["file"], notFound: GONE, file: { field: "file", tooLarge: UPLOAD_RULES.image.tooLarge } });
  }
  return done(request, access.viewer, pathOf(site), { key: `spaces:designer.notice.${kind}_saved`, tone: "success" });
}

export async function removeFile({ request, access, form, site }: DesignAction, kind: FileKind) {
  const nodeId = requirePostedId(form.get("node_id"));
  try {
    await access.viewer.api(REMOVE_CALL[kind], { params: { siteId: site.id, nodeId } });
  } catch (err) {
    return refused(err, { intent: `remove-${kind}`, row: nodeId, notFound: GONE });
  }
  return done(request, access.viewer, pathOf(site), { key: `spaces:designer.notice.${kind}_removed`, tone: "success" });
}

/** The designer's intents: every one Spaces.editor (the table's edit right), deleting Spaces.delete too. */
export const DESIGN_INTENTS = {
  settings,
  "add-zone": add,
  "add-space": add,
  update,
  place,
  "place-many": placeMany,
  delete: { right: "Spaces.delete", handler: remove },
  "upload-floor-plan": (a: DesignAction) => upload(a, "floor-plan"),
  "upload-photo": (a: DesignAction) => upload(a, "photo"),
  "remove-floor-plan": (a: DesignAction) => removeFile(a, "floor-plan"),
  "remove-photo": (a: DesignAction) => removeFile(a, "photo"),
} as const;

/** The upload intents: a file comes only with these (its limit known before it is read). */
export const UPLOAD_INTENTS = new Set(["upload-floor-plan", "upload-photo"]);
