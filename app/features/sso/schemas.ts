/**
 * The SSO self-service forms' schemas (shared with the browser through conform; messages are keys).
 * The contract's rules keep the upstream's words (SSO_MESSAGES, translated by known-messages).
 */
import { z } from "zod";
import { SSO_LIMITS, SSO_MESSAGES, SSO_PROVIDERS, normalDomain } from "@contract";
import { areaKey } from "~/forms/area-keys";
import { singleLine } from "~/forms/control-characters";

const TOO_LONG = "common:validation.too_long";
const required = (max: number, message: string) => singleLine(z.string({ error: message }).trim().min(1, message).max(max, TOO_LONG));
const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
const check = z.boolean({ error: "common:fields.invalid_choice" }).optional();

export const configSchema = z.object({
  type: z.enum(SSO_PROVIDERS, { error: areaKey("sso", "providerRequired") }),
  domain: required(SSO_LIMITS.domain, areaKey("sso", "domainInvalid")).refine((d) => normalDomain(d) !== null, areaKey("sso", "domainInvalid")),
  client_id: required(SSO_LIMITS.clientId, areaKey("sso", "clientIdRequired")),
  client_secret: singleLine(z.string().max(SSO_LIMITS.clientSecret, TOO_LONG)).optional(),
  provider_host: required(SSO_LIMITS.host, areaKey("sso", "hostInvalid")).refine((h) => /^https?:\/\//i.test(h), areaKey("sso", "hostInvalid")),
  clients: z.array(z.string().regex(/^[a-z]{2}:\d+$/, "common:fields.invalid_choice")).max(SSO_LIMITS.clients).optional(),
  default_role_id: id(areaKey("sso", "roleUnknown")),
});

export const emailSchema = z.object({
  email: singleLine(z.string({ error: areaKey("sso", "emailNotAtDomain") }).trim().max(SSO_LIMITS.email, TOO_LONG).email(areaKey("sso", "emailNotAtDomain"))),
});

export const codeSchema = z.object({
  code: z.string({ error: areaKey("sso", "codeInvalid") }).trim().regex(/^\d{6}$/, areaKey("sso", "codeInvalid")),
});

export const settingsSchema = z.object({
  enforced: check,
  auto_approve: check,
  break_glass_user_id: z.union([z.literal(""), id("common:fields.invalid_choice")]).optional(),
});

/**
 * Approving a request: the role, and the sites the person may use — every site (offered only to an
 * approver with every site) or the sites ticked (ADR 031).
 */
export const approveSchema = z
  .object({
    role_id: id(areaKey("sso", "roleUnknown")),
    every_site: check,
    site_ids: z.array(id("common:fields.invalid_choice")).max(SSO_LIMITS.sites).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.every_site && !(v.site_ids ?? []).length) ctx.addIssue({ code: "custom", path: ["site_ids"], message: areaKey("sso", "sitesRequired") });
  });

/** What the upstream takes to approve: the sites null for every site. */
export const approveRequest = (v: z.infer<typeof approveSchema>) => ({ role_id: v.role_id, site_ids: v.every_site ? null : [...new Set(v.site_ids ?? [])] });
