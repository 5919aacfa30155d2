/**
 * The member editor's forms (groups spec §2, §3 "Group member", §5), shared by the browser (conform)
 * and the server; messages are translation keys of the members namespace. The upstream checks
 * again and alone knows what needs the database (an email taken, a manager's group, a tag in use).
 */
import { z } from "zod";
import {
  EMERGENCY_PHONE_TYPES,
  EMERGENCY_RELATIONSHIPS,
  EVACUATION_ASSISTANCE,
  MEMBER_EDITOR_LIMITS,
  MEMBER_LIMITS,
  MEMBER_NOTIFICATIONS,
  MEMBER_PERMISSIONS,
  ROTA_DAYS,
  type MemberDetail,
} from "@contract";
import { singleLine } from "~/forms/control-characters";

const TOO_LONG = "common:validation.too_long";
const text = (max: number) => singleLine(z.string().trim().max(max, TOO_LONG)).optional();
const date = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "members:validation.date")
  .refine((s) => s < "2038", "members:validation.before2038")
  .optional();
const check = z.boolean({ error: "common:fields.invalid_choice" }).optional();
const id = z.coerce.number({ error: "common:fields.invalid_choice" }).int().positive();

/** Sites shown: every site the group is shown at, or the ones ticked. */
const sitesShape = { every_site: check, site_ids: z.array(id).max(1000).optional() };

/** The details tab's core fields, and adding a member (the same fields). */
export const coreSchema = z
  .object({
    name: singleLine(z.string({ error: "members:validation.nameRequired" }).trim().min(1, "members:validation.nameRequired").max(MEMBER_LIMITS.name, TOO_LONG)),
    email: singleLine(z.string().trim().max(MEMBER_LIMITS.email, TOO_LONG).email("members:validation.email")).optional(),
    mobile: text(40),
    pin: singleLine(z.string().trim().regex(/^[0-9]{4}$/, "members:validation.pin")).optional(),
    starts_on: date,
    ends_on: date,
    manager_id: id.optional(),
    ...sitesShape,
  })
  .superRefine((v, ctx) => {
    if (v.starts_on && v.ends_on && v.ends_on < v.starts_on) ctx.addIssue({ code: "custom", path: ["ends_on"], message: "members:validation.dates" });
  });
export type CoreValues = z.infer<typeof coreSchema>;

export const siteIdsOf = (v: { every_site?: boolean; site_ids?: number[] }) => (v.every_site ? null : (v.site_ids ?? []));

/** The core fields as the upstream takes them (a blank clears). */
export const coreRequest = (v: CoreValues) => ({
  name: v.name,
  email: v.email ?? null,
  mobile: v.mobile ?? null,
  pin: v.pin ?? null,
  starts_on: v.starts_on ?? null,
  ends_on: v.ends_on ?? null,
  manager_id: v.manager_id ?? null,
  site_ids: siteIdsOf(v),
});

export const coreValuesOf = (m: MemberDetail) => ({
  name: m.name,
  email: m.email ?? "",
  mobile: m.mobile ?? "",
  pin: m.pin ?? "",
  starts_on: m.starts_on ?? "",
  ends_on: m.ends_on ?? "",
  manager_id: m.manager ? String(m.manager.id) : "",
  every_site: m.site_ids === null,
  site_ids: (m.site_ids ?? []).map(String),
});

/** Emergency contacts: up to 5 rows; a row left blank is none. */
export const contactsSchema = z.object({
  contacts: z
    .array(
      z.object({
        name: text(100),
        phone: text(40),
        phone_type: z.enum(EMERGENCY_PHONE_TYPES, { error: "common:fields.invalid_choice" }).optional(),
        relationship: z.enum(EMERGENCY_RELATIONSHIPS, { error: "common:fields.invalid_choice" }).optional(),
      }),
    )
    .max(MEMBER_LIMITS.emergencyContacts)
    .optional()
    .superRefine((rows, ctx) => {
      (rows ?? []).forEach((r, i) => {
        if (!r.name && !r.phone) return;
        if (!r.name) ctx.addIssue({ code: "custom", path: [i, "name"], message: "members:validation.contact_name" });
        if (!r.phone) ctx.addIssue({ code: "custom", path: [i, "phone"], message: "members:validation.contact_phone" });
      });
    }),
});
export const contactsRequest = (v: z.infer<typeof contactsSchema>) =>
  (v.contacts ?? []).filter((r) => r.name && r.phone).map((r) => ({ name: r.name!, phone: r.phone!, phone_type: r.phone_type ?? "mobile", relationship: r.relationship ?? "other" }));
export const contactRows = (m: MemberDetail) =>
  [...m.emergency_contacts, ...Array.from({ length: MEMBER_LIMITS.emergencyContacts }, () => ({ name: "", phone: "", phone_type: "mobile", relationship: "other" }))].slice(0, MEMBER_LIMITS.emergencyContacts);

/** The personal fields the member's group has (a sensitive one without the right is not in the form). */
export const personalSchema = (fields: MemberDetail["personal"]) =>
  z.object(
    Object.fromEntries(
      fields
        .filter((f) => !f.withheld)
        .map((f) => [`f${f.field_id}`, f.type === "checkboxes" ? z.array(z.string().max(MEMBER_EDITOR_LIMITS.personalValue)).max(100).optional() : z.string().trim().max(MEMBER_EDITOR_LIMITS.personalValue, TOO_LONG).optional()]),
    ),
  );
export const personalRequest = (fields: MemberDetail["personal"], v: Record<string, unknown>) =>
  Object.fromEntries(
    fields
      .filter((f) => !f.withheld)
      .map((f) => {
        const value = v[`f${f.field_id}`];
        return [String(f.field_id), Array.isArray(value) ? value.join("\n") : typeof value === "string" ? value : ""];
      }),
  );

/** Ticks: notifications, permission flags. */
export const ticksSchema = (keys: readonly string[]) => z.object(Object.fromEntries(keys.map((k) => [k, check])));
export const ticked = (keys: readonly string[], v: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, v[k] === true]));
export const notificationsSchema = ticksSchema(MEMBER_NOTIFICATIONS);
export const securitySchema = ticksSchema(MEMBER_PERMISSIONS);

export const evacuationSchema = z.object({
  assistance: z.enum(EVACUATION_ASSISTANCE, { error: "common:fields.invalid_choice" }),
  notes: z.string().trim().max(MEMBER_EDITOR_LIMITS.evacuationNotes, TOO_LONG).optional(),
  warden: check,
  first_aider: check,
});

/** Permitted zones: ids of zones ticked in the site's zone tree (the upstream checks they are the member's sites'). */
export const spacesSchema = z.object({
  // One message on the list (not on an entry: the checkboxes share one name).
  zones: z
    .array(z.string())
    .max(MEMBER_EDITOR_LIMITS.zones, "members:validation.zones_limit")
    .refine((ids) => ids.every((id) => /^\d{1,9}$/.test(id)), "members:validation.zone_choice")
    .optional(),
});

const halfDays = (min: number) => z.coerce.number({ error: "members:validation.number" }).min(min, "members:validation.number").max(MEMBER_EDITOR_LIMITS.leaveDays, "members:validation.number").multipleOf(0.5, "members:validation.half_days");
const rotaHours = z.coerce.number({ error: "members:validation.hours" }).min(0, "members:validation.hours").max(MEMBER_EDITOR_LIMITS.rotaHours, "members:validation.hours").optional();

/** Time and attendance: the week's hours, the leave allowance, and adjustments (rows; a blank row is none). */
export const timeSchema = z.object({
  ...Object.fromEntries(ROTA_DAYS.map((d) => [d, rotaHours])),
  leave_allowance: halfDays(0).optional(),
  adjustments: z
    .array(z.object({ days: halfDays(-MEMBER_EDITOR_LIMITS.leaveDays).optional(), reason: text(200) }))
    .max(MEMBER_EDITOR_LIMITS.adjustments)
    .optional()
    .superRefine((rows, ctx) => {
      (rows ?? []).forEach((r, i) => {
        if (r.days === undefined && !r.reason) return;
        if (r.days === undefined) ctx.addIssue({ code: "custom", path: [i, "days"], message: "members:validation.number" });
        if (!r.reason) ctx.addIssue({ code: "custom", path: [i, "reason"], message: "members:validation.reason" });
      });
    }),
});
export const timeRequest = (v: z.infer<typeof timeSchema>) => ({
  rota: Object.fromEntries(ROTA_DAYS.map((d) => [d, Number((v as Record<string, unknown>)[d] ?? 0)])) as Record<(typeof ROTA_DAYS)[number], number>,
  leave_allowance: v.leave_allowance ?? 0,
  adjustments: (v.adjustments ?? []).filter((r) => r.days !== undefined && r.reason).map((r) => ({ days: r.days!, reason: r.reason! })),
});

export const centralRecordSchema = z.object({ record_id: text(100) });

export const rfidSchema = z.object({ value: singleLine(z.string({ error: "members:validation.rfid" }).trim().regex(/^[A-Za-z0-9]{4,64}$/, "members:validation.rfid")) });

export const documentSchema = z.object({
  title: singleLine(z.string({ error: "members:validation.document_title" }).trim().min(1, "members:validation.document_title").max(MEMBER_EDITOR_LIMITS.documentTitle, TOO_LONG)),
  expires_on: date,
  file: z.any(),
});

/** Multi-edit: each change applies only when its box is ticked; flags are kept, set or cleared. */
export const PERMISSION_CHANGES = ["keep", "set", "clear"] as const;
export const multiEditSchema = z
  .object({
    ids: z.array(id).min(1, "members:validation.choose_members").max(MEMBER_LIMITS.multiEdit, "members:validation.over_limit"),
    change_sites: check,
    ...sitesShape,
    change_starts_on: check,
    starts_on: date,
    change_ends_on: check,
    ends_on: date,
    change_manager: check,
    manager_id: id.optional(),
    ...Object.fromEntries(MEMBER_PERMISSIONS.map((k) => [`perm_${k}`, z.enum(PERMISSION_CHANGES, { error: "common:fields.invalid_choice" }).optional()])),
  })
  .superRefine((v, ctx) => {
    const perms = MEMBER_PERMISSIONS.some((k) => ((v as Record<string, unknown>)[`perm_${k}`] ?? "keep") !== "keep");
    if (!v.change_sites && !v.change_starts_on && !v.change_ends_on && !v.change_manager && !perms) ctx.addIssue({ code: "custom", path: [], message: "members:validation.nothing_to_change" });
  });
export function multiEditRequest(v: z.infer<typeof multiEditSchema>) {
  const r = v as Record<string, unknown>;
  const permissions = Object.fromEntries(MEMBER_PERMISSIONS.filter((k) => (r[`perm_${k}`] ?? "keep") !== "keep").map((k) => [k, r[`perm_${k}`] === "set"]));
  return {
    ids: v.ids,
    ...(v.change_sites ? { site_ids: siteIdsOf(v) } : {}),
    ...(v.change_starts_on ? { starts_on: v.starts_on ?? null } : {}),
    ...(v.change_ends_on ? { ends_on: v.ends_on ?? null } : {}),
    ...(v.change_manager ? { manager_id: v.manager_id ?? null } : {}),
    permissions,
  };
}

/** The members tab's selection (checkboxes) with the action chosen. */
export const selectionSchema = z.object({ ids: z.array(id).min(1, "members:validation.choose_members").max(MEMBER_LIMITS.multiEdit, "members:validation.over_limit") });
