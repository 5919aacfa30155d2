/**
 * The Gatehouse upstream contract: every request and answer the portal exchanges with the
 * regional API and the auth service, as zod schemas.
 *
 * This module (with ./constants, plain values re-exported here) is the ONLY part of `upstream/`
 * that `app/` may import (a test enforces it). The reference upstream validates with the same
 * schemas, and serves them as OpenAPI at `/api/v2/openapi.json`.
 *
 * Two kinds of base URL:
 *  - the auth service:  `{AUTH}/api/v2/auth/...`            (global; login, tokens, SSO)
 *  - a regional API:    `{iss}/api/v2/...`                  (per token issuer, e.g. `http://host/eu`)
 *
 * Errors follow one shape (`ErrorBody`): `{ message?, code?, data?, errors? }`. A 422 or 429 carries
 * `errors` (field name -> messages). A 401 during login carries a `code` naming the next step.
 */
import { z } from "zod";
import { EVACUEE_STATUSES } from "./constants.js";

export { EVACUEE_STATUSES };

// ---------------------------------------------------------------------------------------------
// Shared primitives
// ---------------------------------------------------------------------------------------------

export const REGIONS = ["eu", "us"] as const;
export const Region = z.enum(REGIONS);
export type Region = z.infer<typeof Region>;

/** `region:number`, e.g. `eu:1`. The region is the part before the colon. */
export const GlobalClientId = z.string().regex(/^[a-z]{2}:\d+$/);

export const ErrorBody = z.object({
  message: z.string().optional(),
  code: z.string().optional(),
  /** Extra data for some codes: `auth_uri` for sso_user, `login_token` for login steps, … */
  data: z.record(z.string(), z.unknown()).optional(),
  /** Field errors (422 validation, 429 throttling): field name -> messages. */
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** OAuth-style error description (SSO). */
  error: z.string().optional(),
  error_description: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Ok = z.object({ message: z.string() });

// ---------------------------------------------------------------------------------------------
// Tokens (spec platform §3)
// ---------------------------------------------------------------------------------------------

/** Claims of a decoded access token. */
export const AccessTokenClaims = z.object({
  sub: z.string(),
  name: z.string(),
  /** Global client id, `region:number`. */
  aud: GlobalClientId,
  /** Base of the regional API (the portal appends `/api/v2`). Checked against an allow-list. */
  iss: z.string().url(),
  exp: z.number().int(),
  iat: z.number().int(),
  "user:primary": z.boolean(),
  "user:billing": z.boolean(),
  "user:is_super": z.boolean(),
  /** Comma-separated site ids the user is restricted to; empty string = all sites. */
  "user:site_id": z.string(),
  locale: z.string(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaims>;

export const TokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal("Bearer"),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof TokenPair>;

// ---------------------------------------------------------------------------------------------
// Auth service calls (spec platform §7)
// ---------------------------------------------------------------------------------------------

/**
 * Login steps. A 401 from POST auth/login whose `code` is one of these moves the form to that
 * step. `request_email` is where the form starts and where Cancel returns.
 */
export const LOGIN_STEPS = [
  "request_email",
  "password",
  "one_time_password",
  "two_factor_setup",
  "password_expired",
  "accept_terms",
] as const;
export const LoginStep = z.enum(LOGIN_STEPS);
export type LoginStep = z.infer<typeof LoginStep>;

/**
 * Login form (spec §3): email, password, acceptedTerms, newPassword, oneTimePassword,
 * twoFactorAuthSecret, twoFactorAuthCode.
 *
 * After the password is verified, the upstream answers each further step with a 401 whose
 * `data.login_token` stands in for the password on the next post, so the portal never needs to
 * keep the password between steps.
 */
export const LoginRequest = z.object({
  email: z.string().max(254),
  password: z.string().max(1024).optional(),
  login_token: z.string().max(512).optional(),
  acceptedTerms: z.boolean().optional(),
  newPassword: z.string().max(1024).optional(),
  oneTimePassword: z.string().max(16).optional(),
  twoFactorAuthSecret: z.string().max(128).optional(),
  twoFactorAuthCode: z.string().max(16).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/**
 * 401 answers of POST auth/login, by code:
 *  - a LoginStep: move to it (`data.login_token` after the password is known;
 *    `data.secret` and `data.otpauth_uri` for two_factor_setup; `data.policy` for password_expired)
 *  - `sso_user`: `data.auth_uri`, where the browser must go
 *  - `invalid_credentials`, `invalid_code`, `login_expired`, `account_disabled`: an error on the same step
 */
export const LOGIN_ERROR_CODES = [
  "invalid_credentials",
  "invalid_code",
  "login_expired",
  "account_disabled",
  "sso_user",
  "sso_request_access",
  "session_expired",
  "password_expired",
  "two_factor_required",
  "trial_period_over",
  "invalid_grant",
] as const;

export const AccessTokenRequest = z.object({
  refresh_token: z.string().max(512),
  /** Switch to this client (global client id). Omit to refresh for the current client. */
  client_id: GlobalClientId.optional(),
  update_last_client: z.boolean().optional(),
});

export const LogoutResponse = z.object({ redirect_uri: z.string() });

export const ForgotRequest = z.object({ email: z.string().max(254) });
export const ResetRequest = z.object({
  token: z.string().max(512),
  email: z.string().max(254),
  password: z.string().max(1024),
  password_confirmation: z.string().max(1024),
});

/** The browser returns from the identity provider to the portal with `code` and `state`. */
export const SsoLoginRequest = z.object({
  code: z.string().max(2048),
  state: z.string().max(512),
});

/** Data of a 401 `sso_request_access` from POST auth/sso/login. */
export const SsoAccessRequestData = z.object({
  /** Bearer token for POST auth/sso/access-requests (short-lived, single-purpose). */
  token: z.string(),
  email: z.string(),
  clients: z.array(z.object({ id: GlobalClientId, name: z.string() })),
  /** Global client ids already requested by this email. */
  requested: z.array(GlobalClientId),
});
export type SsoAccessRequestData = z.infer<typeof SsoAccessRequestData>;

export const SsoAccessRequestBody = z.object({ client_id: GlobalClientId });

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

/**
 * An uploaded file (branding image, welcome video, evacuation point photo, message attachment) as
 * the entities carry it: its name, `{random}.{kind}`, never a URL. The file is read at
 * `GET {regional}/files/{name}` (`FILE_PATH`) by a caller entitled to it: `Bearer` of a user of the
 * file's client who may see its site, `Device` of a kiosk of its site, or a signed URL the upstream
 * minted (`?expires=&signature=`, at most an hour). Anyone else gets 404.
 */
export const FILE_NAME_PATTERN = /^[A-Za-z0-9_-]{10,64}\.(png|jpeg|gif|webp|mp4|mov|pdf)$/;
export const FileName = z.string().regex(FILE_NAME_PATTERN);
export const FILE_PATH = "files/{name}";
/** The longest a signed file URL may live (seconds). */
export const SIGNED_FILE_URL_MAX_SECONDS = 3600;

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

export const PusherSettings = z.object({
  key: z.string(),
  /** ws host and port of the Pusher-protocol server. */
  host: z.string(),
  port: z.number().int(),
  force_tls: z.boolean(),
  cluster: z.string(),
});

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

export const CUSTOM_FIELD_TYPES = [
  "text",
  "uppercase",
  "email",
  "phone",
  "number",
  "url",
  "notify_list",
  "yes_no",
  "dropdown",
  "dropdown_other",
  "checkboxes",
  "signature",
  "photo",
  "date",
] as const;

export const CustomField = z.object({
  id: z.number().int(),
  label: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  required: z.boolean(),
  options: z.array(z.string()),
  show_on_evacuation_list: z.boolean(),
  show_on_pdf_agreements: z.boolean(),
  favourite: z.boolean(),
  default_option: z.string().nullable(),
  reject_options: z.array(z.string()),
  reject_message: z.string().nullable(),
  /** Groups the field is shown for; null = every group. */
  group_ids: z.array(z.number().int()).nullable(),
});

export const SsoConfig = z.object({
  type: z.enum(["google", "azure", "okta"]),
  domain: z.string(),
  domain_verified: z.boolean(),
  provider: z.object({ client_id: z.string(), provider_host: z.string() }),
  clients: z.array(z.object({ id: GlobalClientId, name: z.string() })),
  default_permissions: z.object({ role_id: z.number().int(), site_ids: z.array(z.number().int()) }),
});

export const BroadcastingAuthRequest = z.object({
  socket_id: z.string().regex(/^\d+\.\d+$/),
  channel_name: z.array(z.string().max(200)).min(1).max(100),
});
export const BroadcastingAuthResponse = z.object({
  channels: z.record(
    z.string(),
    z.object({ status: z.number().int(), data: z.object({ auth: z.string() }).optional() }),
  ),
});

// ---------------------------------------------------------------------------------------------
// Visits: the Today view (groups spec §3, §4, §6 "today view"). The spec leaves these calls "not
// shown"; this is the reference design. Rights: Today.viewer (see who is on site), Today.signInOut,
// Today.signOutAll, Today.approve (pending sign-ins), Today.locations (where a visit signed in).
// ---------------------------------------------------------------------------------------------

/** Standard groups are visitors who do not return; returning groups have members; deliveries are
 * not counted on site (spec platform §4, live counters). */
export const GROUP_TYPES = ["standard", "returning", "delivery"] as const;
export const GroupType = z.enum(GROUP_TYPES);

export const GroupSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  type: GroupType,
  /** Sign-ins wait for approval (pending) before they count as on site. */
  approval_required: z.boolean(),
});
export type GroupSummary = z.infer<typeof GroupSummary>;

export const VISIT_STATUSES = ["pending", "signed_in", "signed_out", "rejected"] as const;
export const VisitStatus = z.enum(VISIT_STATUSES);
/** Where the sign-in was made: the portal, a kiosk (front-desk iPad) or the companion app. */
export const VISIT_SOURCES = ["portal", "kiosk", "companion"] as const;

/** Where a visit signed in (geofenced sign-ins). Only given to users holding Today.locations. */
export const VisitLocation = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** Metres. */
  accuracy: z.number().nonnegative(),
});

export const Visit = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  group: GroupSummary.pick({ id: true, name: true, type: true }),
  /** The group member, for returning groups; null for visitors and deliveries. */
  member_id: z.number().int().nullable(),
  name: z.string(),
  company: z.string().nullable(),
  host: z.string().nullable(),
  status: VisitStatus,
  source: z.enum(VISIT_SOURCES),
  /** ISO 8601 instants. */
  created_at: z.string(),
  signed_in_at: z.string().nullable(),
  signed_out_at: z.string().nullable(),
  /** Null when not recorded, or when the caller may not see locations. */
  location: VisitLocation.nullable(),
});
export type Visit = z.infer<typeof Visit>;

/** GET sites/{siteId}/visits/today: who is on site now (signed in) and who waits for approval. */
export const SiteToday = z.object({
  site: z.object({
    id: z.number().int(),
    name: z.string(),
    timezone: z.string(),
    /** Signed-in visits, delivery groups excluded. */
    visitors_signed_in_count: z.number().int(),
    evacuation_in_progress: z.boolean(),
  }),
  /** Groups shown at the site, in display order. */
  groups: z.array(GroupSummary),
  /** Status signed_in or pending, oldest first. */
  visits: z.array(Visit),
});
export type SiteToday = z.infer<typeof SiteToday>;

/** GET sites/{siteId}/sign-in-options: what the sign-in form offers. Members of returning groups
 * who are not on site or pending at this site. */
export const SignInOptions = z.object({
  groups: z.array(
    GroupSummary.extend({ members: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  ),
});
export type SignInOptions = z.infer<typeof SignInOptions>;

/**
 * POST sites/{siteId}/visits (portal) and POST kiosk/sign-in (device): sign someone in. A returning
 * group needs `member_id` (422 member_id "Signing in needs a group member selected"); other groups
 * need `name`. A group with approval_required creates a pending visit.
 */
export const SignInRequest = z.object({
  group_id: z.number().int().positive(),
  member_id: z.number().int().positive().optional(),
  name: z.string().trim().max(100).optional(),
  company: z.string().trim().max(100).optional(),
  host: z.string().trim().max(100).optional(),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

/** POST sites/{siteId}/visits/sign-out-all: everyone on site (or one group) signed out. */
export const SignOutAllRequest = z.object({ group_id: z.number().int().positive().optional() });
export const SignOutAllResponse = z.object({ signed_out: z.number().int() });

/** GET visits/{visitId}: the visit details dialog's details tab. */
export const VisitDetails = Visit.extend({
  site_name: z.string(),
  member: z
    .object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), mobile: z.string().nullable() })
    .nullable(),
  /** Answers to the site's custom fields, in field order. */
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  notes: z.string().nullable(),
  protected: z.boolean(),
});
export type VisitDetails = z.infer<typeof VisitDetails>;

export const ABSENCE_STATUSES = ["pending", "approved", "declined", "cancelled"] as const;
/** GET visits/{visitId}/absences: the member's absences around today (AbsenceReport.view). */
export const VisitAbsences = z.object({
  /** False for visitors and deliveries: absences belong to group members. */
  applicable: z.boolean(),
  absences: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      /** YYYY-MM-DD, inclusive. */
      starts_on: z.string(),
      ends_on: z.string(),
      status: z.enum(ABSENCE_STATUSES),
      reason: z.string().nullable(),
    }),
  ),
});

/** GET visits/{visitId}/history: the same person's other visits, newest first, at most 20 (History.viewer). */
export const VisitHistory = z.object({ visits: z.array(Visit) });

/** GET visits/{visitId}/badge: what the badge printed at sign-in shows (badge elements, groups spec §3). */
export const VisitBadge = z.object({
  number: z.string(),
  name: z.string(),
  group: z.string(),
  site: z.string(),
  host: z.string().nullable(),
  company: z.string().nullable(),
  /** ISO 8601 instant of the sign-in (or creation, when pending). */
  issued_at: z.string(),
});

/** GET visits/{visitId}/documents: the member's documents (GroupMember.viewer). */
export const VisitDocuments = z.object({
  applicable: z.boolean(),
  documents: z.array(z.object({ id: z.number().int(), title: z.string(), expires_on: z.string().nullable() })),
});

/**
 * Realtime payloads on private-Site.{id}: SignInEvent (a visit became signed_in, or pending),
 * SignOutEvent (a visit was signed out). Locations are never broadcast.
 */
export const SITE_EVENTS = ["SignInEvent", "SignOutEvent", "EvacuationCreatedEvent", "EvacuationCompleteEvent"] as const;
export const VisitEvent = z.object({
  visit: Visit,
  /** The site's count after this change (delivery groups excluded). */
  visitors_signed_in_count: z.number().int(),
});
export type VisitEvent = z.infer<typeof VisitEvent>;

// ---------------------------------------------------------------------------------------------
// Evacuations (platform §2 fire list and evacuation reports, §3 evacuation report, §4 states and
// the event counter, §7 calls and the Evacuation.{id} channel; groups spec §6: evacuation list,
// evacuation reports view / edit / delete). Rights: EvacList.viewer (the fire list, starting an
// evacuation), EvacReport.viewer, EvacReport.editor (mark evacuees, comment, complete),
// EvacReport.delete.
// ---------------------------------------------------------------------------------------------

/** created → in_progress (the first mark or comment) → completed (locked for good). */
export const EVACUATION_STATUSES = ["created", "in_progress", "completed"] as const;
export const EvacueeStatus = z.enum(EVACUEE_STATUSES);

export const EvacuationSummary = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  site_name: z.string(),
  status: z.enum(EVACUATION_STATUSES),
  /** Increases by one with every event on private-Evacuation.{id}. */
  event_counter: z.number().int().nonnegative(),
  started_at: z.string(),
  started_by: z.string(),
  completed_at: z.string().nullable(),
  evacuee_count: z.number().int(),
  accounted_count: z.number().int(),
});
export type EvacuationSummary = z.infer<typeof EvacuationSummary>;

export const Evacuee = z.object({
  id: z.number().int(),
  name: z.string(),
  group_id: z.number().int(),
  company: z.string().nullable(),
  status: EvacueeStatus,
  evacuation_point_id: z.number().int().nullable(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type Evacuee = z.infer<typeof Evacuee>;

export const EvacuationComment = z.object({
  id: z.number().int(),
  content: z.string(),
  /** The evacuee the comment is about, or null for the whole evacuation. */
  evacuation_evacuee_id: z.number().int().nullable(),
  author: z.string(),
  created_at: z.string(),
});
export type EvacuationComment = z.infer<typeof EvacuationComment>;

/** GET evacuations/{id} (spec §3 evacuation report). */
export const EvacuationReport = z.object({
  evacuation: EvacuationSummary,
  groups: z.array(GroupSummary.pick({ id: true, name: true, type: true })),
  evacuees: z.array(Evacuee),
  comments: z.array(EvacuationComment),
  participants: z.array(z.object({ id: z.number().int(), name: z.string() })),
  evacuation_points: z.array(z.object({ id: z.number().int(), title: z.string() })),
  offline_devices: z.array(z.object({ id: z.number().int(), name: z.string() })),
  bookings: z.array(z.object({ id: z.number().int(), name: z.string(), space: z.string() })),
  /** How each participant reached the report. */
  accessed_via: z.array(z.object({ participant_id: z.number().int(), via: z.enum(["portal", "companion", "kiosk"]) })),
});
export type EvacuationReport = z.infer<typeof EvacuationReport>;

/** GET sites/{siteId}/fire-list: who is on site now, for printing and for starting an evacuation. */
export const FireList = z.object({
  site: z.object({ id: z.number().int(), name: z.string(), timezone: z.string(), address: z.string().nullable() }),
  groups: z.array(GroupSummary.pick({ id: true, name: true, type: true })),
  people: z.array(z.object({ visit_id: z.number().int(), name: z.string(), group_id: z.number().int(), company: z.string().nullable(), host: z.string().nullable(), signed_in_at: z.string() })),
  evacuation_points: z.array(z.object({ id: z.number().int(), title: z.string() })),
  /** The evacuation in progress at this site, if any. */
  active_evacuation: EvacuationSummary.nullable(),
});
export type FireList = z.infer<typeof FireList>;

export const StartEvacuationRequest = z.object({ comment: z.string().trim().max(2000).optional() });
export const EvacuationList = z.object({ evacuations: z.array(EvacuationSummary), page: z.number().int(), per_page: z.number().int(), total: z.number().int() });
export const UpdateEvacueeRequest = z.object({ status: EvacueeStatus, evacuation_point_id: z.number().int().positive().nullable().optional() });
export const AddCommentRequest = z.object({
  content: z.string().trim().min(1, "A comment is required").max(2000),
  evacuation_evacuee_id: z.number().int().positive().nullable().optional(),
});
export const CompleteEvacuationRequest = z.object({ comment: z.string().trim().max(2000).optional() });

/**
 * Events on private-Evacuation.{id}, each with the report's counter after it (+1 per event):
 * EvacueeUpdatedEvent {counter, evacuee}, CommentAddedEvent {counter, comment},
 * EvacuationCompleteEvent {counter, evacuation, comment?} (the completion comment, when given),
 * EvacuationReadyEvent {counter} (reload).
 * On private-Site.{id}: EvacuationCreatedEvent / EvacuationCompleteEvent {evacuation}.
 */
export const EVACUATION_EVENTS = ["EvacueeUpdatedEvent", "CommentAddedEvent", "EvacuationCompleteEvent", "EvacuationReadyEvent"] as const;
export const EvacuationEvent = z.object({
  counter: z.number().int().positive(),
  evacuee: Evacuee.optional(),
  comment: EvacuationComment.optional(),
  evacuation: EvacuationSummary.optional(),
});
export type EvacuationEvent = z.infer<typeof EvacuationEvent>;

// ---------------------------------------------------------------------------------------------
// Manage sites and events (platform §2 /manage/overview and /manage/site/{id} with its tabs, §3 the
// site entity, §5 validation, §6 rules, §8 the site limit message, §9 limits; groups spec §3 custom
// fields, evacuation points, messages, badge elements; §4 device states). The spec leaves these
// calls "not shown"; this is the reference design.
//
// Rights: ManageSite.viewer / .editor for standard and remote sites, ManageEvent.viewer / .editor
// for events: reads need the viewer right of the site's kind, every change (deletion, devices and
// uploads included) the editor right. Active clients only (super users excepted), like the other
// site calls. A site the user may not see (another client's, outside their `site_id` list, unknown)
// answers 404 "Site not found.", the same for all three. Validation errors are 422 `{message,
// errors}` whose `message` is the first field message.
// ---------------------------------------------------------------------------------------------

/** The 19 portal locales (platform §9); a site's kiosk language is one of them. */
export const SUPPORTED_LOCALES = ["ca", "da", "de", "en_GB", "en_AU", "en_US", "es", "fr", "it", "uk", "nl", "pl", "pt", "ja", "sv", "zh_HK", "ru", "tr", "hr"] as const;

/** Limits of this area (platform §5, §9; groups spec §5). */
export const MANAGE_LIMITS = {
  /** The overview's page size (platform §9, pagination default). */
  perPage: 15,
  /** Every date must fall before this instant (date pickers, platform §9). */
  datesBefore: "2038-01-01T00:00:00.000Z",
  /** Geofence radius in metres: hard bounds, and the minimum the portal recommends (platform §9). */
  geofenceRadius: { min: 50, recommendedMin: 150, max: 10_000 },
  /** On-site report times are HH:mm in steps of this many minutes. */
  onSiteReportStepMinutes: 10,
  favouriteFields: 4,
  deviceCodeDigits: 7,
  /** Welcome video: .mov or .mp4, at most 50 MB (platform §9). */
  welcomeVideoBytes: 50 * 1024 * 1024,
  /** Branding image and evacuation point photos: PNG, JPEG, GIF or WebP (checked by content). */
  imageBytes: 10 * 1024 * 1024,
  /** A message's attachment: a PDF or an image, at most 50 MB (groups spec §5, §9). */
  messageAttachmentBytes: 50 * 1024 * 1024,
  /** A device is offline when it has not called in for this long. */
  deviceOfflineAfterMinutes: 5,
} as const;

export const SITE_LIMIT_MESSAGE = (limit: number) => `You have reached your site limit of ${limit}`;

const trimmed = (max: number) => z.string().trim().max(max);
/** Optional text: blank becomes null. */
const blankToNull = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((s) => (s === null || s === "" ? null : s));

let timezones: Set<string> | undefined;
const isTimezone = (tz: string) => tz === "UTC" || (timezones ??= new Set(Intl.supportedValuesOf("timeZone"))).has(tz);

/** An ISO 8601 instant with an offset (the portal converts the site's local time), before 2038. */
export const Instant = z
  .string()
  .trim()
  .refine((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)), "Enter a valid date and time")
  .refine((s) => Number.isNaN(Date.parse(s)) || Date.parse(s) < Date.parse(MANAGE_LIMITS.datesBefore), "Dates must be before 2038");

const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;
/** A comma-separated list of emails, normalised to `a@x.com, b@y.com`. */
export const EmailList = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => s.split(",").every((e) => EMAIL.test(e.trim())), "Emails must be a valid comma-separated list")
  .transform((s) => s.split(",").map((e) => e.trim().toLowerCase()).join(", "));

export const SiteLocation = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  zoom: z.number().int().min(1).max(22).default(16),
  /** Metres around the position that count as on site (geofence). */
  radius: z
    .number()
    .int()
    .min(MANAGE_LIMITS.geofenceRadius.min, `The geofence radius must be between ${MANAGE_LIMITS.geofenceRadius.min} and ${MANAGE_LIMITS.geofenceRadius.max} metres`)
    .max(MANAGE_LIMITS.geofenceRadius.max, `The geofence radius must be between ${MANAGE_LIMITS.geofenceRadius.min} and ${MANAGE_LIMITS.geofenceRadius.max} metres`)
    .default(MANAGE_LIMITS.geofenceRadius.recommendedMin),
});

export const SitePrivacy = z.object({
  autocomplete: z.boolean(),
  hide_sign_outs: z.boolean(),
  full_name_reveal: z.boolean(),
  hide_branding: z.boolean(),
  exact_pre_registration_match: z.boolean(),
  store_badges: z.boolean(),
  store_location_data: z.boolean(),
});
export type SitePrivacy = z.infer<typeof SitePrivacy>;

/** An on-site report: who is on site, mailed at `time` (site time, HH:mm) to `emails`. */
export const OnSiteReportSchedule = z.object({
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]0$/, "On-site report times must be HH:mm in 10-minute steps"),
  emails: EmailList,
});

const OnSiteReportSchedules = z
  .array(OnSiteReportSchedule)
  .max(48)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((s, i) => {
      if (seen.has(s.time)) ctx.addIssue({ code: "custom", path: [i, "time"], message: "Each on-site report time must be unique" });
      seen.add(s.time);
    });
  });

/** GET sites/{siteId}: every field of the site entity (platform §3). */
export const SiteDetails = Site.extend({
  /** Comma-separated addresses that receive the site's notices (a device going offline, …). */
  emails: z.string().nullable(),
  on_site_report_schedules: z.array(OnSiteReportSchedule),
  /** Send the on-site report even when nobody is on site. */
  send_empty: z.boolean(),
  /** Ids of the site's favourite custom fields (at most 4), in field order. */
  favourite_fields: z.array(z.number().int()),
  contactless: z.boolean(),
  visitor_photos: z.boolean(),
  qr_scanning: z.boolean(),
  privacy: SitePrivacy,
  geofence_sign_in: z.boolean(),
  geofence_sign_out: z.boolean(),
  /** Events only: true once the event has begun, when its dates can no longer change. */
  dates_locked: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SiteDetails = z.infer<typeof SiteDetails>;

/** Fields a site form sends; PATCH sends any subset. */
const siteFields = {
  name: z.string("A site name is required").trim().min(1, "A site name is required").max(100),
  address: blankToNull(500),
  reply_to_name: blankToNull(100),
  reply_to_email: z.string("A valid reply-to email is required").trim().max(254).regex(EMAIL, "A valid reply-to email is required").transform((s) => s.toLowerCase()),
  timezone: z.string().trim().max(64).refine(isTimezone, "Choose a valid timezone"),
  locale: z.enum(SUPPORTED_LOCALES, "Choose a supported language"),
  location: SiteLocation.nullable(),
  badge_id: z.number().int().positive().nullable(),
  active_from: Instant.nullable(),
  active_until: Instant.nullable(),
  emails: z
    .string()
    .trim()
    .max(2000)
    .nullable()
    .transform((s) => s || null)
    .pipe(EmailList.nullable()),
  on_site_report_schedules: OnSiteReportSchedules,
  send_empty: z.boolean(),
  contactless: z.boolean(),
  visitor_photos: z.boolean(),
  qr_scanning: z.boolean(),
  /** Merged into the stored flags. */
  privacy: SitePrivacy.partial(),
  geofence_sign_in: z.boolean(),
  geofence_sign_out: z.boolean(),
};

/** Event dates (both set, end after start) belong to events only; checked on create here and on
 * the merged site by the upstream on update. */
export function siteDateProblems(s: { type: (typeof SITE_TYPES)[number]; active_from?: string | null; active_until?: string | null }): Record<string, string> {
  const out: Record<string, string> = {};
  if (s.type !== "event") {
    if (s.active_from || s.active_until) out.active_from = "Only events have start and end dates";
    return out;
  }
  if (!s.active_from) out.active_from = "A start date is required";
  if (!s.active_until) out.active_until = "An end date is required";
  if (s.active_from && s.active_until && Date.parse(s.active_until) <= Date.parse(s.active_from)) out.active_until = "The end must be after the start";
  return out;
}

/** POST sites: a standard or remote site, or an event (with start and end). */
export const CreateSiteRequest = z
  .object({
    name: siteFields.name,
    type: z.enum(SITE_TYPES, "Choose a site type"),
    reply_to_email: siteFields.reply_to_email,
    timezone: siteFields.timezone.default("Europe/London"),
    locale: siteFields.locale.default("en_GB"),
    address: siteFields.address.optional(),
    reply_to_name: siteFields.reply_to_name.optional(),
    location: siteFields.location.optional(),
    active_from: siteFields.active_from.optional(),
    active_until: siteFields.active_until.optional(),
  })
  .superRefine((s, ctx) => {
    for (const [field, message] of Object.entries(siteDateProblems(s))) ctx.addIssue({ code: "custom", path: [field], message });
  });

/** PATCH sites/{siteId}: any subset. The type never changes. Event dates are locked once the event has begun. */
export const UpdateSiteRequest = z.object(siteFields).partial();

/** DELETE sites/{siteId}: the user types the site's name to confirm (platform §5). */
export const DeleteSiteRequest = z.object({ name: z.string().max(200) });

/** GET manage/sites?kind=sites|events&search=&page=: the manage overview (15 a page). */
export const SITE_KINDS = ["sites", "events"] as const;
export const ManagedSiteSummary = z.object({
  id: z.number().int(),
  type: z.enum(SITE_TYPES),
  name: z.string(),
  address: z.string().nullable(),
  timezone: z.string(),
  active_from: z.string().nullable(),
  active_until: z.string().nullable(),
  visitors_signed_in_count: z.number().int(),
  devices: z.object({ total: z.number().int(), offline: z.number().int() }),
});
export const ManagedSiteList = z.object({
  kind: z.enum(SITE_KINDS),
  sites: z.array(ManagedSiteSummary),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  /** The client's site limit (standard and remote sites count; events do not), null = none. */
  site_limit: z.number().int().nullable(),
  site_count: z.number().int(),
});

/** Evacuation points (groups spec §3: icon, photo, map location), in display order. */
export const EVACUATION_POINT_ICONS = ["assembly-point", "car-park", "grass", "building", "door", "road", "flag", "first-aid"] as const;
export const LatLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
export const EvacuationPoint = z.object({
  id: z.number().int(),
  title: z.string(),
  icon: z.enum(EVACUATION_POINT_ICONS).nullable(),
  /** The uploaded photo's file name (see FileName). */
  photo: FileName.nullable(),
  location: LatLng.nullable(),
  position: z.number().int(),
});
export type EvacuationPoint = z.infer<typeof EvacuationPoint>;
export const EvacuationPointRequest = z.object({
  title: z.string("An evacuation point name is required").trim().min(1, "An evacuation point name is required").max(100),
  icon: z.enum(EVACUATION_POINT_ICONS, "Choose one of the icons").nullable().optional(),
  location: LatLng.nullable().optional(),
});
export const UpdateEvacuationPointRequest = EvacuationPointRequest.partial();
/** Reorder: every id of the list exactly once, in the new order. */
export const ReorderRequest = z.object({ ids: z.array(z.number().int().positive()).max(500) });

/** Devices (platform §4: online or offline; app up to date or outdated). */
export const Device = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  name: z.string(),
  status: z.enum(["online", "offline"]),
  app_version: z.string().nullable(),
  app_status: z.enum(["up_to_date", "outdated"]),
  last_seen_at: z.string().nullable(),
  connected_at: z.string(),
});
export type Device = z.infer<typeof Device>;
/** POST sites/{siteId}/devices: the 7-digit code the kiosk app shows (spaces allowed) and a name. */
export const ConnectDeviceRequest = z.object({
  code: z
    .string()
    .max(20)
    .transform((s) => s.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{7}$/, "The authorisation code has 7 digits")),
  name: z.string("A device name is required").trim().min(1, "A device name is required").max(100),
});
export const UpdateDeviceRequest = z.object({ name: ConnectDeviceRequest.shape.name });

/**
 * Custom fields (groups spec §3, §5): the rules of each type, shared by the portal's form and the
 * upstream. Choice types need options; yes/no has the options Yes and No; a reject option needs a
 * reject message; signatures and photos are not printed on the evacuation list.
 */
export const CHOICE_FIELD_TYPES = ["dropdown", "dropdown_other", "checkboxes"] as const;
const DEFAULT_OPTION_TYPES = ["dropdown", "dropdown_other", "yes_no"];
const REJECT_TYPES = ["dropdown", "dropdown_other", "checkboxes", "yes_no"];
export const YES_NO_OPTIONS = ["Yes", "No"];

const customFieldShape = {
  label: z.string("A field label is required").trim().min(1, "A field label is required").max(100),
  type: z.enum(CUSTOM_FIELD_TYPES, "Choose a field type"),
  required: z.boolean(),
  options: z.array(z.string().trim().min(1, "Options cannot be blank").max(100)).max(100),
  show_on_evacuation_list: z.boolean(),
  show_on_pdf_agreements: z.boolean(),
  favourite: z.boolean(),
  default_option: blankToNull(100),
  reject_options: z.array(z.string().trim().max(100)).max(100),
  reject_message: blankToNull(500),
  /** Groups the field is shown for; null = every group. */
  group_ids: z.array(z.number().int().positive()).max(200).nullable(),
};
export const CustomFieldInput = z.object({
  ...customFieldShape,
  required: customFieldShape.required.default(false),
  options: customFieldShape.options.default([]),
  show_on_evacuation_list: customFieldShape.show_on_evacuation_list.default(false),
  show_on_pdf_agreements: customFieldShape.show_on_pdf_agreements.default(false),
  favourite: customFieldShape.favourite.default(false),
  default_option: customFieldShape.default_option.default(null),
  reject_options: customFieldShape.reject_options.default([]),
  reject_message: customFieldShape.reject_message.default(null),
  group_ids: customFieldShape.group_ids.default(null),
});
export type CustomFieldInput = z.infer<typeof CustomFieldInput>;

/** The rules of a field's type, on the whole field (after defaults, or merged with the stored one). */
export function customFieldProblems(f: CustomFieldInput): Record<string, string> {
  const out: Record<string, string> = {};
  const options = f.type === "yes_no" ? YES_NO_OPTIONS : f.options;
  if ((CHOICE_FIELD_TYPES as readonly string[]).includes(f.type)) {
    if (options.length === 0) out.options = "Add at least one option";
    else if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) out.options = "Options must be unique";
  }
  if (f.default_option !== null) {
    if (!DEFAULT_OPTION_TYPES.includes(f.type)) out.default_option = "Only dropdown and yes/no fields have a default option";
    else if (!options.includes(f.default_option)) out.default_option = "The default option must be one of the options";
  }
  if (f.reject_options.length) {
    if (!REJECT_TYPES.includes(f.type)) out.reject_options = "Only choice and yes/no fields can reject a sign-in";
    else if (!f.reject_options.every((o) => options.includes(o))) out.reject_options = "Reject options must be among the options";
    else if (!f.reject_message) out.reject_message = "A reject message is required when a reject option is set";
  }
  if ((f.type === "signature" || f.type === "photo") && f.show_on_evacuation_list) {
    out.show_on_evacuation_list = "Signature and photo fields cannot be shown on the evacuation list";
  }
  return out;
}

/** POST sites/{siteId}/custom-fields; PATCH sends any subset (checked on the merged field). */
export const CreateCustomFieldRequest = CustomFieldInput.superRefine((f, ctx) => {
  for (const [field, message] of Object.entries(customFieldProblems(f))) ctx.addIssue({ code: "custom", path: [field], message });
});
export const UpdateCustomFieldRequest = z.object(customFieldShape).partial();
/** POST sites/{siteId}/favourite-fields: exactly these fields are the favourites (at most 4). */
export const FAVOURITE_FIELDS_MESSAGE = `You can choose at most ${MANAGE_LIMITS.favouriteFields} favourite fields`;
export const FavouriteFieldsRequest = z.object({
  field_ids: z.array(z.number().int().positive()).max(MANAGE_LIMITS.favouriteFields, FAVOURITE_FIELDS_MESSAGE),
});

/**
 * Site messages shown on the kiosk before sign-in (groups spec §3 message: action, label,
 * recipients, attachment, redisplay; §5: title, content, an icon character and a checkbox label are
 * required). `content` is rich text, sanitised on save. The action is what people do before going
 * on: tick the checkbox (`acknowledge`, its label required), sign with a finger (`sign`, the label
 * is the prompt above the signature, required) or only read it (`read`, no label: none is kept).
 * Recipients are every group (null) or the groups listed (at least one, shown at the site).
 * The attachment (a PDF or an image, at most 50 MB) is uploaded and removed with its own calls.
 */
export const MESSAGE_REDISPLAY = ["every_time", "when_updated", "12_hours", "1_day", "3_days", "5_days", "1_week", "1_month", "3_months", "6_months", "1_year"] as const;
export const MESSAGE_ACTIONS = ["acknowledge", "sign", "read"] as const;
export type MessageAction = (typeof MESSAGE_ACTIONS)[number];
/** What a message's attachment may be (judged by content). */
export const ATTACHMENT_KINDS = ["pdf", "png", "jpeg", "gif", "webp"] as const;
export const CHECKBOX_LABEL_REQUIRED = "A checkbox label is required";
export const RECIPIENTS_REQUIRED = "Choose at least one group";
export const RECIPIENTS_UNKNOWN = "Choose groups shown at this site";
export const ATTACHMENT_KIND_MESSAGE = "The attachment must be a PDF, PNG, JPEG, GIF or WebP file";
export const SiteMessage = z.object({
  id: z.number().int(),
  icon: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  action: z.enum(MESSAGE_ACTIONS),
  /** The checkbox's label or the signature's prompt; null for `read`. */
  checkbox_label: z.string().nullable(),
  /** Groups that see the message; null = every group. */
  recipient_group_ids: z.array(z.number().int()).nullable(),
  attachment: z.object({ name: FileName, kind: z.enum(ATTACHMENT_KINDS), size: z.number().int() }).nullable(),
  redisplay: z.enum(MESSAGE_REDISPLAY),
  position: z.number().int(),
  updated_at: z.string(),
});
export type SiteMessage = z.infer<typeof SiteMessage>;

/**
 * The rules that tie a message's attributes together, on the whole message (after defaults, or a
 * PATCH merged with the stored one): a label unless the action is `read`; chosen recipients are at
 * least one group. Field -> message; the upstream and the portal's form both use it.
 */
export function messageProblems(m: { action: MessageAction; checkbox_label: string | null | undefined; recipient_group_ids: readonly number[] | null | undefined }): Record<string, string> {
  const out: Record<string, string> = {};
  if (m.action !== "read" && !m.checkbox_label?.trim()) out.checkbox_label = CHECKBOX_LABEL_REQUIRED;
  if (m.recipient_group_ids && m.recipient_group_ids.length === 0) out.recipient_group_ids = RECIPIENTS_REQUIRED;
  return out;
}

const siteMessageShape = {
  icon: z.string("An icon character is required").trim().min(1, "An icon character is required").max(16),
  title: z.string("A message title is required").trim().min(1, "A message title is required").max(100),
  content: z.string("Message content is required").trim().min(1, "Message content is required").max(20_000),
  action: z.enum(MESSAGE_ACTIONS, "Choose what people do with the message"),
  /** Blank is none (allowed only for `read`). */
  checkbox_label: blankToNull(200),
  recipient_group_ids: z.array(z.number(RECIPIENTS_UNKNOWN).int(RECIPIENTS_UNKNOWN).positive(RECIPIENTS_UNKNOWN)).max(200).nullable(),
  redisplay: z.enum(MESSAGE_REDISPLAY),
};
export const SiteMessageRequest = z
  .object({
    ...siteMessageShape,
    action: siteMessageShape.action.default("acknowledge"),
    checkbox_label: siteMessageShape.checkbox_label.default(null),
    recipient_group_ids: siteMessageShape.recipient_group_ids.default(null),
    redisplay: siteMessageShape.redisplay.default("when_updated"),
  })
  .superRefine((m, ctx) => {
    for (const [field, message] of Object.entries(messageProblems(m))) ctx.addIssue({ code: "custom", path: [field], message });
  });
/** PATCH sends any subset; the rules are checked on the merged message. */
export const UpdateSiteMessageRequest = z.object(siteMessageShape).partial();

/** Badge templates of the client, and the one the site prints (groups spec §3 badge elements). */
export const BADGE_ELEMENT_TYPES = ["photo", "logo", "qr", "name", "group", "date", "time", "field", "personal", "text"] as const;
export const SiteBadges = z.object({
  badge_id: z.number().int().nullable(),
  store_badges: z.boolean(),
  badges: z.array(z.object({ id: z.number().int(), name: z.string(), elements: z.array(z.enum(BADGE_ELEMENT_TYPES)) })),
});

/** Sign-in points: named QR codes placed around a site that the companion app scans to sign in. */
export const SignInPoint = z.object({ id: z.number().int(), name: z.string(), qr_value: z.string(), created_at: z.string() });
export const SignInPointRequest = z.object({ name: z.string("A sign-in point name is required").trim().min(1, "A sign-in point name is required").max(100) });

/** Attendees of an event (event sites only; 404 for other sites). Phones are stored E.164. */
export const Attendee = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  created_at: z.string(),
});
export const AttendeeList = z.object({ attendees: z.array(Attendee), page: z.number().int(), per_page: z.number().int(), total: z.number().int() });
export const AttendeeRequest = z.object({
  name: z.string("A name is required").trim().min(1, "A name is required").max(100),
  email: z
    .string()
    .trim()
    .max(254)
    .refine((s) => s === "" || EMAIL.test(s), "A valid email is required")
    .nullable()
    .transform((s) => (s ? s.toLowerCase() : null))
    .optional(),
  /** Parsed for the client's country; empty is valid; stored as E.164 (platform §5 phone input). */
  phone: blankToNull(40).optional(),
  company: blankToNull(100).optional(),
});
export const UpdateAttendeeRequest = AttendeeRequest.partial();
export const PHONE_MESSAGE = "Enter a valid phone number";

/** Site settings tab (needs the client's site-settings flag, beta.site-settings). */
export const SiteSettings = z.object({
  /** Everyone still signed in is signed out at this site time (HH:mm), or never. */
  auto_sign_out_at: z.string().nullable(),
  /** Seconds of inactivity before the kiosk returns to its welcome screen. */
  kiosk_idle_timeout: z.number().int(),
  /** The kiosk offers a language choice. */
  language_selection: z.boolean(),
  /** Visitors must name the person they visit. */
  require_host: z.boolean(),
});
export const SITE_SETTINGS_DEFAULTS: z.infer<typeof SiteSettings> = { auto_sign_out_at: null, kiosk_idle_timeout: 60, language_selection: true, require_host: false };
export const UpdateSiteSettingsRequest = z
  .object({
    auto_sign_out_at: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time as HH:mm").nullable(),
    kiosk_idle_timeout: z.number().int().min(15, "The idle timeout must be between 15 and 600 seconds").max(600, "The idle timeout must be between 15 and 600 seconds"),
    language_selection: z.boolean(),
    require_host: z.boolean(),
  })
  .partial();

// ---------------------------------------------------------------------------------------------
// Manage groups, as far as sites need them (platform §2 /manage/overview/groups and the site's
// groups tab, §5 "the group limit and the site limit are enforced"; groups spec §2 /manage/group/add,
// §5 "The group name is required"). A group is shown at every site of the client (`site_ids` NULL)
// or at the sites listed. Rights: ManageVisitorGroup.viewer to list, .editor to add; which groups a
// site shows is the site's setting (the viewer or editor right of the site's kind). Active clients
// only, like the site calls.
// ---------------------------------------------------------------------------------------------

/** The group limit's message: the spec's catalogue has this one for a tier's limit (platform §8). */
export const GROUP_LIMIT_MESSAGE = "You are over the limit, please upgrade your tier";
export const GROUP_NAME_MAX = 100;

/** GET manage/groups?search=&page=: the manage overview of groups (by name, 15 a page). */
export const ManagedGroupSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  type: GroupType,
  approval_required: z.boolean(),
  /** Shown at every site of the client (also future ones), or at `site_count` of them. */
  every_site: z.boolean(),
  site_count: z.number().int(),
  /** Members (returning groups; 0 for the others). */
  member_count: z.number().int(),
});
export type ManagedGroupSummary = z.infer<typeof ManagedGroupSummary>;
export const ManagedGroupList = z.object({
  groups: z.array(ManagedGroupSummary),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  /** The client's group limit (every group counts), null = none. */
  group_limit: z.number().int().nullable(),
  group_count: z.number().int(),
});

/** POST groups: a new group, shown at every site; 422 `group_limit` at the client's limit. */
export const CreateGroupRequest = z.object({
  name: z.string("The group name is required").trim().min(1, "The group name is required").max(GROUP_NAME_MAX, `The group name must be at most ${GROUP_NAME_MAX} characters`),
  type: z.enum(GROUP_TYPES, "Choose a group type"),
});

/** GET sites/{siteId}/groups: every group of the client, in display order, and whether this site shows it. */
export const SiteGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  type: GroupType,
  /** Shown at this site. */
  shown: z.boolean(),
  /** Shown at every site (the group lists no sites). */
  every_site: z.boolean(),
});
export type SiteGroup = z.infer<typeof SiteGroup>;
export const SiteGroups = z.object({ groups: z.array(SiteGroup) });

/**
 * POST sites/{siteId}/groups: exactly these groups are shown at the site (editor right of its
 * kind). A group shown at every site that is left out is from then on shown at every other site
 * the client has now. Ids must be groups of the client.
 */
export const SetSiteGroupsRequest = z.object({
  group_ids: z.array(z.number("Choose among your groups").int("Choose among your groups").positive("Choose among your groups")).max(1000),
});

/** Multipart uploads: one file in the part named `field`; its content must be one of `kinds`. */
export const IMAGE_KINDS = ["png", "jpeg", "gif", "webp"] as const;
export const VIDEO_KINDS = ["mp4", "mov"] as const;
export const DOCUMENT_KINDS = ["pdf"] as const;
export interface UploadDef {
  field: "file";
  kinds: readonly ((typeof IMAGE_KINDS)[number] | (typeof VIDEO_KINDS)[number] | (typeof DOCUMENT_KINDS)[number])[];
  maxBytes: number;
}
const imageUpload = { field: "file", kinds: IMAGE_KINDS, maxBytes: MANAGE_LIMITS.imageBytes } as const satisfies UploadDef;
const videoUpload = { field: "file", kinds: VIDEO_KINDS, maxBytes: MANAGE_LIMITS.welcomeVideoBytes } as const satisfies UploadDef;
const attachmentUpload = { field: "file", kinds: ATTACHMENT_KINDS, maxBytes: MANAGE_LIMITS.messageAttachmentBytes } as const satisfies UploadDef;

// ---------------------------------------------------------------------------------------------
// The route table: one entry per call. Used for OpenAPI and by the typed client.
// ---------------------------------------------------------------------------------------------

type Schema = z.ZodType;
export interface RouteDef {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Path below the base, e.g. `auth/login` or `sites/{siteId}/custom-fields`. */
  path: string;
  base: "auth" | "regional";
  auth: "none" | "bearer";
  body?: Schema;
  /** A multipart/form-data upload instead of a JSON body (see UploadDef). */
  upload?: UploadDef;
  response: Schema;
  summary: string;
  /** A POST that only reads (changes nothing the caller's config or data shows). */
  readOnly?: true;
}

export const routes = {
  login: { method: "POST", path: "auth/login", base: "auth", auth: "none", body: LoginRequest, response: TokenPair, summary: "Sign in; 401 codes drive the steps" },
  accessToken: { method: "POST", path: "auth/access-token", base: "auth", auth: "none", body: AccessTokenRequest, response: TokenPair, summary: "Refresh tokens or switch client (refresh tokens rotate)" },
  logout: { method: "POST", path: "auth/logout", base: "auth", auth: "bearer", response: LogoutResponse, summary: "Revoke the session's tokens" },
  forgot: { method: "POST", path: "auth/forgot", base: "auth", auth: "none", body: ForgotRequest, response: Ok, summary: "Send a password reset link" },
  reset: { method: "POST", path: "auth/reset", base: "auth", auth: "none", body: ResetRequest, response: Ok, summary: "Reset a password with a token" },
  ssoLogin: { method: "POST", path: "auth/sso/login", base: "auth", auth: "none", body: SsoLoginRequest, response: TokenPair, summary: "Complete single sign-on" },
  ssoAccessRequest: { method: "POST", path: "auth/sso/access-requests", base: "auth", auth: "bearer", body: SsoAccessRequestBody, response: Ok, summary: "Request access to a client after SSO" },
  clients: { method: "GET", path: "clients", base: "regional", auth: "bearer", response: z.array(ClientSummary), summary: "Clients the user can access" },
  config: { method: "GET", path: "config", base: "regional", auth: "bearer", response: Config, summary: "Configuration for the token's client" },
  client: { method: "GET", path: "client", base: "regional", auth: "bearer", response: Client, summary: "The token's client" },
  sites: { method: "GET", path: "sites", base: "regional", auth: "bearer", response: z.array(Site), summary: "Sites of the client the user may see" },
  clientRoles: { method: "GET", path: "client/roles", base: "regional", auth: "bearer", response: z.array(Role), summary: "Roles of the client" },
  siteCustomFields: { method: "GET", path: "sites/{siteId}/custom-fields", base: "regional", auth: "bearer", response: z.array(CustomField), summary: "Custom fields of a site" },
  ssoConfig: { method: "GET", path: "sso/{clientId}/config", base: "regional", auth: "bearer", response: SsoConfig, summary: "Single sign-on configuration; 403 when not authorised" },
  broadcastingAuth: { method: "POST", path: "broadcasting/auth", base: "regional", auth: "bearer", body: BroadcastingAuthRequest, response: BroadcastingAuthResponse, readOnly: true, summary: "Authorise private channels (batched)" },
  siteToday: { method: "GET", path: "sites/{siteId}/visits/today", base: "regional", auth: "bearer", response: SiteToday, summary: "Who is on site now and who waits for approval (Today.viewer)" },
  signInOptions: { method: "GET", path: "sites/{siteId}/sign-in-options", base: "regional", auth: "bearer", response: SignInOptions, summary: "Groups and members the sign-in form offers (Today.signInOut)" },
  signIn: { method: "POST", path: "sites/{siteId}/visits", base: "regional", auth: "bearer", body: SignInRequest, response: Visit, summary: "Sign a visitor or member in (Today.signInOut); broadcasts SignInEvent" },
  signOutAll: { method: "POST", path: "sites/{siteId}/visits/sign-out-all", base: "regional", auth: "bearer", body: SignOutAllRequest, response: SignOutAllResponse, summary: "Sign everyone (or one group) out (Today.signOutAll); broadcasts SignOutEvent each" },
  signOut: { method: "POST", path: "visits/{visitId}/sign-out", base: "regional", auth: "bearer", response: Visit, summary: "Sign a visit out (Today.signInOut); broadcasts SignOutEvent" },
  approveVisit: { method: "POST", path: "visits/{visitId}/approve", base: "regional", auth: "bearer", response: Visit, summary: "Approve a pending sign-in (Today.approve); broadcasts SignInEvent" },
  visit: { method: "GET", path: "visits/{visitId}", base: "regional", auth: "bearer", response: VisitDetails, summary: "Visit details (Today.viewer)" },
  visitAbsences: { method: "GET", path: "visits/{visitId}/absences", base: "regional", auth: "bearer", response: VisitAbsences, summary: "The member's absences (AbsenceReport.view)" },
  visitHistory: { method: "GET", path: "visits/{visitId}/history", base: "regional", auth: "bearer", response: VisitHistory, summary: "The same person's other visits (History.viewer)" },
  visitBadge: { method: "GET", path: "visits/{visitId}/badge", base: "regional", auth: "bearer", response: VisitBadge, summary: "The visit's badge (Today.viewer)" },
  visitDocuments: { method: "GET", path: "visits/{visitId}/documents", base: "regional", auth: "bearer", response: VisitDocuments, summary: "The member's documents (GroupMember.viewer)" },
  fireList: { method: "GET", path: "sites/{siteId}/fire-list", base: "regional", auth: "bearer", response: FireList, summary: "Who is on site now, for the fire list (EvacList.viewer)" },
  startEvacuation: { method: "POST", path: "sites/{siteId}/evacuations", base: "regional", auth: "bearer", body: StartEvacuationRequest, response: EvacuationSummary, summary: "Start an evacuation of the site (EvacList.viewer); broadcasts EvacuationCreatedEvent" },
  evacuations: { method: "GET", path: "evacuations", base: "regional", auth: "bearer", response: EvacuationList, summary: "Past and current evacuations, newest first (EvacReport.viewer); query site_id, page" },
  evacuation: { method: "GET", path: "evacuations/{evacuationId}", base: "regional", auth: "bearer", response: EvacuationReport, summary: "An evacuation report (EvacReport.viewer)" },
  updateEvacuee: { method: "PATCH", path: "evacuations/{evacuationId}/evacuees/{evacueeId}", base: "regional", auth: "bearer", body: UpdateEvacueeRequest, response: Evacuee, summary: "Mark an evacuee (EvacReport.editor); 422 once completed" },
  addEvacuationComment: { method: "POST", path: "evacuations/{evacuationId}/comments", base: "regional", auth: "bearer", body: AddCommentRequest, response: EvacuationComment, summary: "Comment on the evacuation or an evacuee (EvacReport.editor)" },
  completeEvacuation: { method: "POST", path: "evacuations/{evacuationId}/complete", base: "regional", auth: "bearer", body: CompleteEvacuationRequest, response: EvacuationSummary, summary: "Complete and lock the evacuation (EvacReport.editor)" },
  deleteEvacuation: { method: "DELETE", path: "evacuations/{evacuationId}", base: "regional", auth: "bearer", response: Ok, summary: "Delete a completed evacuation report (EvacReport.delete)" },
  // Manage sites and events (see that section above).
  manageSites: { method: "GET", path: "manage/sites", base: "regional", auth: "bearer", response: ManagedSiteList, summary: "Manage overview: sites (standard and remote; ManageSite.viewer) or events (ManageEvent.viewer), 15 a page; query kind, search, page" },
  createSite: { method: "POST", path: "sites", base: "regional", auth: "bearer", body: CreateSiteRequest, response: SiteDetails, summary: "Add a site (ManageSite.editor) or an event (ManageEvent.editor); 422 at the site limit" },
  site: { method: "GET", path: "sites/{siteId}", base: "regional", auth: "bearer", response: SiteDetails, summary: "Every field of a site (ManageSite.viewer, or ManageEvent.viewer for events)" },
  updateSite: { method: "PATCH", path: "sites/{siteId}", base: "regional", auth: "bearer", body: UpdateSiteRequest, response: SiteDetails, summary: "Change a site (editor right of its kind); an event's dates are locked once it has begun" },
  deleteSite: { method: "DELETE", path: "sites/{siteId}", base: "regional", auth: "bearer", body: DeleteSiteRequest, response: Ok, summary: "Delete a site and everything at it (editor right of its kind); the typed name must match" },
  uploadBrandingImage: { method: "POST", path: "sites/{siteId}/branding-image", base: "regional", auth: "bearer", upload: imageUpload, response: SiteDetails, summary: "Upload the branding image (multipart `file`: PNG, JPEG, GIF or WebP, at most 10 MB)" },
  deleteBrandingImage: { method: "DELETE", path: "sites/{siteId}/branding-image", base: "regional", auth: "bearer", response: SiteDetails, summary: "Remove the branding image" },
  uploadWelcomeVideo: { method: "POST", path: "sites/{siteId}/welcome-video", base: "regional", auth: "bearer", upload: videoUpload, response: SiteDetails, summary: "Upload the welcome video (multipart `file`: .mov or .mp4, at most 50 MB)" },
  deleteWelcomeVideo: { method: "DELETE", path: "sites/{siteId}/welcome-video", base: "regional", auth: "bearer", response: SiteDetails, summary: "Remove the welcome video" },
  evacuationPoints: { method: "GET", path: "sites/{siteId}/evacuation-points", base: "regional", auth: "bearer", response: z.array(EvacuationPoint), summary: "The site's evacuation points in order (viewer right)" },
  createEvacuationPoint: { method: "POST", path: "sites/{siteId}/evacuation-points", base: "regional", auth: "bearer", body: EvacuationPointRequest, response: EvacuationPoint, summary: "Add an evacuation point at the end (editor right)" },
  updateEvacuationPoint: { method: "PATCH", path: "sites/{siteId}/evacuation-points/{pointId}", base: "regional", auth: "bearer", body: UpdateEvacuationPointRequest, response: EvacuationPoint, summary: "Change an evacuation point (editor right)" },
  deleteEvacuationPoint: { method: "DELETE", path: "sites/{siteId}/evacuation-points/{pointId}", base: "regional", auth: "bearer", response: Ok, summary: "Delete an evacuation point (editor right); evacuees keep their report without it" },
  reorderEvacuationPoints: { method: "POST", path: "sites/{siteId}/evacuation-points/order", base: "regional", auth: "bearer", body: ReorderRequest, response: z.array(EvacuationPoint), summary: "Reorder the evacuation points: every id once (editor right)" },
  uploadEvacuationPointPhoto: { method: "POST", path: "sites/{siteId}/evacuation-points/{pointId}/photo", base: "regional", auth: "bearer", upload: imageUpload, response: EvacuationPoint, summary: "Upload an evacuation point's photo (multipart `file`, an image of at most 10 MB)" },
  deleteEvacuationPointPhoto: { method: "DELETE", path: "sites/{siteId}/evacuation-points/{pointId}/photo", base: "regional", auth: "bearer", response: EvacuationPoint, summary: "Remove an evacuation point's photo" },
  devices: { method: "GET", path: "sites/{siteId}/devices", base: "regional", auth: "bearer", response: z.array(Device), summary: "The site's devices: online or offline, app up to date or outdated (viewer right)" },
  device: { method: "GET", path: "sites/{siteId}/devices/{deviceId}", base: "regional", auth: "bearer", response: Device, summary: "One device (viewer right)" },
  connectDevice: { method: "POST", path: "sites/{siteId}/devices", base: "regional", auth: "bearer", body: ConnectDeviceRequest, response: Device, summary: "Connect the kiosk showing this 7-digit code to the site (editor right); 422 for a wrong or expired code" },
  updateDevice: { method: "PATCH", path: "sites/{siteId}/devices/{deviceId}", base: "regional", auth: "bearer", body: UpdateDeviceRequest, response: Device, summary: "Rename a device (editor right)" },
  deleteDevice: { method: "DELETE", path: "sites/{siteId}/devices/{deviceId}", base: "regional", auth: "bearer", response: Ok, summary: "Disconnect a device: its token stops working (editor right)" },
  createCustomField: { method: "POST", path: "sites/{siteId}/custom-fields", base: "regional", auth: "bearer", body: CreateCustomFieldRequest, response: CustomField, summary: "Add a custom field (editor right); the rules of its type; at most 4 favourites" },
  updateCustomField: { method: "PATCH", path: "sites/{siteId}/custom-fields/{fieldId}", base: "regional", auth: "bearer", body: UpdateCustomFieldRequest, response: CustomField, summary: "Change a custom field (editor right); the rules are checked on the whole field" },
  deleteCustomField: { method: "DELETE", path: "sites/{siteId}/custom-fields/{fieldId}", base: "regional", auth: "bearer", response: Ok, summary: "Delete a custom field (editor right)" },
  reorderCustomFields: { method: "POST", path: "sites/{siteId}/custom-fields/order", base: "regional", auth: "bearer", body: ReorderRequest, response: z.array(CustomField), summary: "Reorder the custom fields: every id once (editor right)" },
  setFavouriteFields: { method: "POST", path: "sites/{siteId}/favourite-fields", base: "regional", auth: "bearer", body: FavouriteFieldsRequest, response: z.array(CustomField), summary: "Make exactly these custom fields the favourites, at most 4 (editor right)" },
  siteMessages: { method: "GET", path: "sites/{siteId}/messages", base: "regional", auth: "bearer", response: z.array(SiteMessage), summary: "The site's messages in order (viewer right)" },
  createSiteMessage: { method: "POST", path: "sites/{siteId}/messages", base: "regional", auth: "bearer", body: SiteMessageRequest, response: SiteMessage, summary: "Add a message; its rich text is sanitised (editor right)" },
  updateSiteMessage: { method: "PATCH", path: "sites/{siteId}/messages/{messageId}", base: "regional", auth: "bearer", body: UpdateSiteMessageRequest, response: SiteMessage, summary: "Change a message; its rich text is sanitised (editor right)" },
  deleteSiteMessage: { method: "DELETE", path: "sites/{siteId}/messages/{messageId}", base: "regional", auth: "bearer", response: Ok, summary: "Delete a message (editor right)" },
  uploadSiteMessageAttachment: { method: "POST", path: "sites/{siteId}/messages/{messageId}/attachment", base: "regional", auth: "bearer", upload: attachmentUpload, response: SiteMessage, summary: "Attach a file to a message, replacing any (multipart `file`: PDF, PNG, JPEG, GIF or WebP, at most 50 MB; editor right)" },
  deleteSiteMessageAttachment: { method: "DELETE", path: "sites/{siteId}/messages/{messageId}/attachment", base: "regional", auth: "bearer", response: SiteMessage, summary: "Remove a message's attachment (editor right)" },
  reorderSiteMessages: { method: "POST", path: "sites/{siteId}/messages/order", base: "regional", auth: "bearer", body: ReorderRequest, response: z.array(SiteMessage), summary: "Reorder the messages: every id once (editor right)" },
  siteBadges: { method: "GET", path: "sites/{siteId}/badges", base: "regional", auth: "bearer", response: SiteBadges, summary: "The client's badge templates and the site's badge (viewer right); choose one with PATCH sites/{siteId} badge_id" },
  signInPoints: { method: "GET", path: "sites/{siteId}/sign-in-points", base: "regional", auth: "bearer", response: z.array(SignInPoint), summary: "The site's sign-in points (viewer right)" },
  createSignInPoint: { method: "POST", path: "sites/{siteId}/sign-in-points", base: "regional", auth: "bearer", body: SignInPointRequest, response: SignInPoint, summary: "Add a sign-in point with a fresh QR value (editor right)" },
  updateSignInPoint: { method: "PATCH", path: "sites/{siteId}/sign-in-points/{pointId}", base: "regional", auth: "bearer", body: SignInPointRequest, response: SignInPoint, summary: "Rename a sign-in point (editor right)" },
  deleteSignInPoint: { method: "DELETE", path: "sites/{siteId}/sign-in-points/{pointId}", base: "regional", auth: "bearer", response: Ok, summary: "Delete a sign-in point; its QR code stops working (editor right)" },
  attendees: { method: "GET", path: "sites/{siteId}/attendees", base: "regional", auth: "bearer", response: AttendeeList, summary: "An event's attendees, 15 a page (ManageEvent.viewer); query search, page; 404 for other sites" },
  createAttendee: { method: "POST", path: "sites/{siteId}/attendees", base: "regional", auth: "bearer", body: AttendeeRequest, response: Attendee, summary: "Add an attendee to an event (ManageEvent.editor); phone stored E.164" },
  updateAttendee: { method: "PATCH", path: "sites/{siteId}/attendees/{attendeeId}", base: "regional", auth: "bearer", body: UpdateAttendeeRequest, response: Attendee, summary: "Change an attendee (ManageEvent.editor)" },
  deleteAttendee: { method: "DELETE", path: "sites/{siteId}/attendees/{attendeeId}", base: "regional", auth: "bearer", response: Ok, summary: "Remove an attendee (ManageEvent.editor)" },
  siteGroups: { method: "GET", path: "sites/{siteId}/groups", base: "regional", auth: "bearer", response: SiteGroups, summary: "Every group of the client and whether this site shows it (viewer right of the site's kind)" },
  setSiteGroups: { method: "POST", path: "sites/{siteId}/groups", base: "regional", auth: "bearer", body: SetSiteGroupsRequest, response: SiteGroups, summary: "Show exactly these groups at the site (editor right of the site's kind); 422 for a group of another client" },
  manageGroups: { method: "GET", path: "manage/groups", base: "regional", auth: "bearer", response: ManagedGroupList, summary: "Manage overview: groups by name, 15 a page, with the group limit (ManageVisitorGroup.viewer); query search, page" },
  createGroup: { method: "POST", path: "groups", base: "regional", auth: "bearer", body: CreateGroupRequest, response: ManagedGroupSummary, summary: "Add a group, shown at every site (ManageVisitorGroup.editor); 422 group_limit at the client's group limit" },
  siteSettings: { method: "GET", path: "sites/{siteId}/settings", base: "regional", auth: "bearer", response: SiteSettings, summary: "Site settings (ManageSite.viewer and the site-settings flag; 403 without the flag)" },
  updateSiteSettings: { method: "PATCH", path: "sites/{siteId}/settings", base: "regional", auth: "bearer", body: UpdateSiteSettingsRequest, response: SiteSettings, summary: "Change site settings (ManageSite.editor and the site-settings flag)" },
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RouteBody<N extends RouteName> = Routes[N] extends { body: infer B extends Schema } ? z.input<B> : never;
export type RouteResponse<N extends RouteName> = z.infer<Routes[N]["response"]>;

/** Build an OpenAPI 3.1 document from the route table. */
export function openApiDocument(servers: { url: string; description: string }[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, r] of Object.entries(routes) as [string, RouteDef][]) {
    const p = `/${r.path}`;
    paths[p] ??= {};
    const params = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    paths[p][r.method.toLowerCase()] = {
      operationId: name,
      summary: r.summary,
      tags: [r.base],
      ...(params.length ? { parameters: params } : {}),
      ...(r.auth === "bearer" ? { security: [{ bearer: [] }] } : {}),
      ...(r.body
        ? { requestBody: { required: true, content: { "application/json": { schema: z.toJSONSchema(r.body, { io: "input", unrepresentable: "any" }) } } } }
        : {}),
      ...(r.upload
        ? {
            requestBody: {
              required: true,
              content: {
                "multipart/form-data": {
                  schema: { type: "object", required: [r.upload.field], properties: { [r.upload.field]: { type: "string", format: "binary", description: `${r.upload.kinds.join(", ")}; at most ${r.upload.maxBytes} bytes` } } },
                },
              },
            },
          }
        : {}),
      responses: {
        "200": { description: "OK", content: { "application/json": { schema: z.toJSONSchema(r.response, { unrepresentable: "any" }) } } },
        default: { description: "Error", content: { "application/json": { schema: z.toJSONSchema(ErrorBody, { unrepresentable: "any" }) } } },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Gatehouse regional API and auth service", version: "2" },
    servers,
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    paths,
  };
}
