/**
 * The portal user forms (platform §5, §6; ADR 020), shared by the browser (conform) and the server:
 * inviting (name, email, role, flags, site access) and editing (the same without the email). The
 * messages are the upstream's own (known-messages: `users:errors.*`), so both say the same words;
 * the upstream checks again and alone knows the rest (a taken email, escalation, visibility).
 */
import { z } from "zod";
import { USER_LIMITS, type PortalUser, type PortalUserOptions } from "@contract";
import { singleLine } from "~/forms/control-characters";
import { EMAIL_KEY } from "~/forms/area-keys";

const TOO_LONG = "common:validation.too_long";
const EMAIL = EMAIL_KEY;
const check = z.boolean({ error: "common:fields.invalid_choice" }).optional();
const id = z.coerce.number({ error: "common:fields.invalid_choice" }).int().positive().max(999_999_999, "common:fields.invalid_choice");

const shape = {
  name: singleLine(z.string({ error: "users:errors.nameRequired" }).trim().min(1, "users:errors.nameRequired").max(USER_LIMITS.name, TOO_LONG)),
  role_id: z.coerce.number({ error: "users:errors.role" }).int().positive("users:errors.role").max(999_999_999, "users:errors.role"),
  primary: check,
  billing: check,
  technical: check,
  device_alerts: check,
  /** Every site of the organisation, or the sites ticked. */
  every_site: check,
  site_ids: z.array(id).max(USER_LIMITS.sites).optional(),
};

const sitesChosen = (v: { every_site?: boolean; site_ids?: number[] }, ctx: z.RefinementCtx) => {
  if (!v.every_site && !(v.site_ids ?? []).length) ctx.addIssue({ code: "custom", path: ["site_ids"], message: "users:validation.choose_sites" });
};

export const editSchema = z.object(shape).superRefine(sitesChosen);
export const inviteSchema = z
  .object({
    ...shape,
    email: singleLine(z.string({ error: EMAIL }).trim().min(1, EMAIL).max(USER_LIMITS.email, EMAIL).email(EMAIL)),
  })
  .superRefine(sitesChosen);
export type EditValues = z.infer<typeof editSchema>;
export type InviteValues = z.infer<typeof inviteSchema>;

const siteIdsOf = (v: EditValues) => (v.every_site ? null : [...new Set(v.site_ids ?? [])]);

/**
 * Billing and technical contact as the upstream takes them: both when the form offered them (an
 * unticked box is false); else only what was posted all the same (read-only boxes are not posted:
 * a hand-made `billing=on` goes to the upstream, which refuses it and says why).
 */
const flagsOf = (v: EditValues, flags: boolean) =>
  flags
    ? { billing: v.billing ?? false, technical: v.technical ?? false }
    : { ...(v.billing === undefined ? {} : { billing: v.billing }), ...(v.technical === undefined ? {} : { technical: v.technical }) };

/** What the upstream takes to change a user: the primary flag only when it changes (ticked, or taken off the primary user). */
export const updateRequest = (v: EditValues, current: Pick<PortalUser, "primary">, flags: boolean) => ({
  name: v.name,
  role_id: v.role_id,
  ...(v.primary ? { primary: true } : current.primary ? { primary: false } : {}),
  ...flagsOf(v, flags),
  device_alerts: v.device_alerts ?? false,
  site_ids: siteIdsOf(v),
});

/** An invitation: never primary (it waits for acceptance). */
export const inviteRequest = (v: InviteValues, flags: boolean) => ({
  name: v.name,
  email: v.email,
  role_id: v.role_id,
  ...flagsOf(v, flags),
  device_alerts: v.device_alerts ?? false,
  site_ids: siteIdsOf(v),
});

/** Whether this user may change `target`'s billing and technical contact here, else why not (issue 24). */
export const flagsFor = (options: Pick<PortalUserOptions, "may_set_flags">, target: Pick<PortalUser, "self"> | null) =>
  target?.self ? ("users:errors.ownFlags" as const) : options.may_set_flags ? (true as const) : ("users:errors.flagsPrimaryOnly" as const);

/** A user as the edit form starts. */
export const formValuesOf = (u: PortalUser) => ({
  name: u.name,
  role_id: String(u.role.id),
  primary: u.primary,
  billing: u.billing,
  technical: u.technical,
  device_alerts: u.device_alerts,
  every_site: u.site_ids === null,
  site_ids: (u.site_ids ?? []).map(String),
});

/** The form's field names (a message about any other goes on the form). */
export const USER_FIELDS = ["name", "email", "role_id", "primary", "billing", "technical", "device_alerts", "every_site", "site_ids"] as const;
