/** The client, its sites, the user's roles and rights: what GET config answers, and the calls around it. */
import { z } from "zod";
import { GlobalClientId, type RouteDef } from "./common.ts";
import { CustomField } from "./fields.ts";
import { FileName } from "./files.ts";
import { PusherSettings } from "./realtime.ts";

// ---------------------------------------------------------------------------------------------
// Regional API entities (spec platform §3)
// ---------------------------------------------------------------------------------------------

export const SCHEDULING_STATUSES = [
  "disabled",
  "pending",
  "provisioning",
  "activated",
  "deactivated",
  "connection_error",
] as const;

export const ClientSettings = z
  .object({
    account_status: z.enum(["normal", "subscription_problem", "limited", "disabled"]).default("normal"),
    country: z.string().length(2),
    time_and_attendance_enabled: z.boolean().default(false),
    time_and_attendance: z
      .object({
        subscription_id: z.string().nullable(),
        usage_warning_at: z.string().nullable(),
        back_under_usage: z.boolean(),
      })
      .nullable()
      .default(null),
    central_record: z.object({ enabled: z.boolean() }).default({ enabled: false }),
    spaces_enabled: z.boolean().default(false),
    tier: z.enum(["essentials", "enhanced", "pro"]).default("essentials"),
    companion_app_version: z.string().nullable().default(null),
  })
  /** Feature flags arrive as `beta.{id}` keys with boolean values. */
  .catchall(z.unknown());
export type ClientSettings = z.infer<typeof ClientSettings>;

export const Client = z.object({
  id: z.number().int(),
  name: z.string(),
  global_client_id: GlobalClientId,
  trial_ends_on: z.string().nullable(),
  is_school: z.boolean(),
  reseller: z.boolean(),
  scheduling_status: z.enum(SCHEDULING_STATUSES),
  settings: ClientSettings,
  site_limit: z.number().int().nullable(),
  /** Groups the client may have (null = no limit). */
  group_limit: z.number().int().nullable(),
  sms_tokens_available: z.number().int(),
  sms_tokens_pending: z.number().int(),
  logo: z.string().nullable(),
  force_2fa: z.boolean(),
  password_expiry_days: z.union([z.literal(30), z.literal(60), z.literal(90)]).nullable(),
  force_reauthentication: z.boolean(),
  prevent_password_reuse: z.boolean(),
});
export type Client = z.infer<typeof Client>;

export const SITE_TYPES = ["standard", "remote", "event"] as const;

export const Site = z.object({
  id: z.number().int(),
  type: z.enum(SITE_TYPES),
  name: z.string(),
  space_exists: z.boolean(),
  spaces_enabled: z.boolean(),
  visitors_signed_in_count: z.number().int(),
  evacuation_in_progress: z.boolean(),
  address: z.string().nullable(),
  reply_to_name: z.string().nullable(),
  reply_to_email: z.string().nullable(),
  timezone: z.string(),
  locale: z.string(),
  location: z
    .object({ zoom: z.number(), radius: z.number(), lat: z.number(), lng: z.number() })
    .nullable(),
  badge_id: z.number().int().nullable(),
  /** The branding image's file name (see FileName). */
  branding_image: FileName.nullable(),
  /** The welcome video's file name. */
  welcome_video: FileName.nullable(),
  active_from: z.string().nullable(),
  active_until: z.string().nullable(),
});
export type Site = z.infer<typeof Site>;

export const Role = z.object({ id: z.number().int(), name: z.string() });
export type Role = z.infer<typeof Role>;

/** Accessible client summary (GET clients). Sites are only of type standard or remote. */
export const ClientSummary = z.object({
  id: GlobalClientId,
  name: z.string(),
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
  roles: z.array(Role),
  last_used: z.boolean(),
});
export type ClientSummary = z.infer<typeof ClientSummary>;

export const CurrentUser = z.object({
  sub: z.string(),
  aud: GlobalClientId,
  locale: z.string(),
  name: z.string(),
  email: z.string(),
});

export const Config = z.object({
  client: Client,
  sites: z.array(Site),
  pusher: PusherSettings,
  /** Rights of the user in this client, e.g. "ManageSite.viewer". */
  abilities: z.array(z.string()),
  roles: z.array(Role),
  latest_app_version: z.string(),
  local_user_id: z.number().int(),
  sso_provider_id: z.number().int().nullable(),
  user: CurrentUser,
});
export type Config = z.infer<typeof Config>;

export const configRoutes = {
  clients: { method: "GET", path: "clients", base: "regional", auth: "bearer", response: z.array(ClientSummary), summary: "Clients the user can access" },
  config: { method: "GET", path: "config", base: "regional", auth: "bearer", response: Config, summary: "Configuration for the token's client" },
  client: { method: "GET", path: "client", base: "regional", auth: "bearer", response: Client, summary: "The token's client" },
  sites: { method: "GET", path: "sites", base: "regional", auth: "bearer", response: z.array(Site), summary: "Sites of the client the user may see" },
  clientRoles: { method: "GET", path: "client/roles", base: "regional", auth: "bearer", response: z.array(Role), summary: "Roles of the client" },
  siteCustomFields: { method: "GET", path: "sites/{siteId}/custom-fields", base: "regional", auth: "bearer", response: z.array(CustomField), summary: "Custom fields of a site" },
} as const satisfies Record<string, RouteDef>;
