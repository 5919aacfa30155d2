// ---------------------------------------------------------------------------------------------
// SSO self-service (platform §2 /manage/account/sso, §3 "Single sign-on config", §8; issue 16 §5;
// ADR 024): an organisation configures its own single sign-on, verifies its email domain (a DNS
// TXT record `gatehouse-verification=<token>` or a code mailed to an address at the domain), tests a
// sign-in, and then may enforce it; its administrators decide the access requests made at
// /login/sso/request-access and manage who signs in by SSO.
//
// Rights: reading any of it needs ManageUser.viewer (a 403 from `ssoConfig` means "not authorised
// for these settings", platform §8); changing it ManageUser.editor. Approving with a role needs
// every right of that role (nobody grants a right they don't hold).
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import { GlobalClientId, Ok, type RouteDef } from "./common.ts";
import { SSO_MESSAGES } from "./sso-messages.ts";

export const SSO_PROVIDERS = ["google", "azure", "okta"] as const;
export type SsoProvider = (typeof SSO_PROVIDERS)[number];
export const SSO_VERIFICATION_METHODS = ["dns", "email"] as const;

/** The TXT record's value is this prefix and the configuration's token. */
export const SSO_TXT_PREFIX = "gatehouse-verification=";

export const SSO_LIMITS = {
  domain: 253,
  clientId: 255,
  clientSecret: 1024,
  host: 2048,
  email: 254,
  /** The emailed code: 6 digits, 15 minutes, 5 tries. */
  codeDigits: 6,
  codeTtlSeconds: 900,
  codeAttempts: 5,
  clients: 50,
  /** Sites an approval names. */
  sites: 500,
} as const;

// The upstream's words: ./sso-messages (SSO_MESSAGES).

const DOMAIN_RE = /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** Mail domains anyone can have an address at: they prove no organisation. */
export const PUBLIC_EMAIL_DOMAINS = ["gmail.com", "googlemail.com", "outlook.com", "hotmail.com", "live.com", "yahoo.com", "icloud.com", "aol.com", "proton.me", "protonmail.com", "gmx.com", "gmx.de", "web.de", "mail.com"];

/** Lower-case a domain and check it (null when it is no domain). */
export function normalDomain(raw: string): string | null {
  const d = raw.trim().toLowerCase().replace(/\.$/, "");
  return DOMAIN_RE.test(d) ? d : null;
}

export const SsoConfigSave = z.object({
  type: z.enum(SSO_PROVIDERS, { error: SSO_MESSAGES.providerRequired }),
  domain: z.string().max(SSO_LIMITS.domain),
  provider: z.object({
    client_id: z.string().max(SSO_LIMITS.clientId),
    /** Write-only: omitted (or empty) keeps the stored secret. */
    client_secret: z.string().max(SSO_LIMITS.clientSecret).optional(),
    provider_host: z.string().max(SSO_LIMITS.host),
  }),
  /** Other clients (global ids) the configuration applies to; its own always. */
  clients: z.array(GlobalClientId).max(SSO_LIMITS.clients),
  /** The role new SSO users get on approval (default permissions). */
  default_role_id: z.number().int().positive(),
});
export type SsoConfigSave = z.infer<typeof SsoConfigSave>;

export const SsoVerificationStart = z.object({
  method: z.enum(SSO_VERIFICATION_METHODS),
  /** For `email`: an address at the domain the code goes to. */
  email: z.string().max(SSO_LIMITS.email).optional(),
});
export const SsoVerificationCheck = z.object({ code: z.string().max(16).optional() });
export const SsoEnabled = z.object({ enabled: z.boolean() });
export const SsoSettingsSave = z.object({
  enforced: z.boolean(),
  auto_approve: z.boolean(),
  /** A client user (local id) who may always sign in with a password. */
  break_glass_user_id: z.number().int().positive().nullable(),
});
/**
 * Approving: the role, and the sites the person may use (null: every site; omitted: the
 * configuration's default sites). An approver restricted to some sites gives only theirs (ADR 031).
 */
export const SsoApprove = z.object({
  role_id: z.number().int().positive(),
  site_ids: z.array(z.number().int()).max(SSO_LIMITS.sites).nullable().optional(),
});

/** platform §3 "Single sign-on config", and what self-service adds. */
export const SsoConfig = z.object({
  type: z.enum(SSO_PROVIDERS),
  domain: z.string(),
  domain_verified: z.boolean(),
  provider: z.object({ client_id: z.string(), provider_host: z.string() }),
  clients: z.array(z.object({ id: GlobalClientId, name: z.string() })),
  default_permissions: z.object({ role_id: z.number().int(), site_ids: z.array(z.number().int()) }),
  enabled: z.boolean(),
  /** The secret is never sent back: only whether one is stored. */
  has_client_secret: z.boolean(),
  verification: z.object({
    method: z.enum(SSO_VERIFICATION_METHODS).nullable(),
    /** DNS: publish a TXT record named `record_name` with `record_value`. */
    record_name: z.string(),
    record_value: z.string().nullable(),
    /** Email: where the code went (until verified). */
    email: z.string().nullable(),
  }),
  settings: z.object({
    enforced: z.boolean(),
    auto_approve: z.boolean(),
    break_glass_user_id: z.number().int().nullable(),
    /** The last successful SSO sign-in through this configuration, and the last change to it. */
    tested_at: z.string().nullable(),
    changed_at: z.string(),
    /** Who may be the break-glass account: this client's users who sign in with a password. */
    break_glass_candidates: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
  }),
});
export type SsoConfig = z.infer<typeof SsoConfig>;

export const SsoUser = z.object({
  /** The client user's id (local). */
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  last_sso_sign_in: z.string().nullable(),
});
export type SsoUser = z.infer<typeof SsoUser>;

export const SsoAccessRequest = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  status: z.enum(["pending", "approved", "declined"]),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  role: z.string().nullable(),
});
export type SsoAccessRequest = z.infer<typeof SsoAccessRequest>;

const P = "sso/{clientId}";
export const ssoRoutes = {
  ssoConfig: { method: "GET", path: `${P}/config`, base: "regional", auth: "bearer", response: SsoConfig, summary: "Single sign-on configuration; 403 when not authorised" },
  saveSsoConfig: { method: "PATCH", path: `${P}/config`, base: "regional", auth: "bearer", body: SsoConfigSave, response: SsoConfig, summary: "Create or change the configuration (a new domain or provider needs verifying and testing again)" },
  startSsoVerification: { method: "POST", path: `${P}/config/verification`, base: "regional", auth: "bearer", body: SsoVerificationStart, response: SsoConfig, summary: "Start verifying the domain: a TXT record token, or a code mailed to an address at the domain" },
  checkSsoVerification: { method: "POST", path: `${P}/config/verification/check`, base: "regional", auth: "bearer", body: SsoVerificationCheck, response: SsoConfig, summary: "Look the TXT record up, or check the mailed code" },
  setSsoEnabled: { method: "POST", path: `${P}/config/enabled`, base: "regional", auth: "bearer", body: SsoEnabled, response: SsoConfig, summary: "Enable (verified domains only) or disable single sign-on" },
  saveSsoSettings: { method: "PATCH", path: `${P}/settings`, base: "regional", auth: "bearer", body: SsoSettingsSave, response: SsoConfig, summary: "Enforce (after a test sign-in, with a break-glass account), auto-approve" },
  ssoUsers: { method: "GET", path: `${P}/users`, base: "regional", auth: "bearer", response: z.array(SsoUser), summary: "Who signs in by single sign-on" },
  ssoRequirePassword: { method: "POST", path: `${P}/users/{userId}/require-password`, base: "regional", auth: "bearer", response: Ok, summary: "Sign in with a password again (a reset link is mailed)" },
  removeSsoUser: { method: "DELETE", path: `${P}/users/{userId}`, base: "regional", auth: "bearer", response: Ok, summary: "Remove the user's access to this client" },
  ssoAccessRequests: { method: "GET", path: `${P}/access-requests`, base: "regional", auth: "bearer", response: z.array(SsoAccessRequest), summary: "Access requests made after single sign-on" },
  approveSsoAccessRequest: { method: "POST", path: `${P}/access-requests/{requestId}/approve`, base: "regional", auth: "bearer", body: SsoApprove, response: Ok, summary: "Approve with a role (its rights held by the approver)" },
  declineSsoAccessRequest: { method: "POST", path: `${P}/access-requests/{requestId}/decline`, base: "regional", auth: "bearer", response: Ok, summary: "Decline (the person is told)" },
} as const satisfies Record<string, RouteDef>;
