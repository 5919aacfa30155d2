// ---------------------------------------------------------------------------------------------
// Portal users and my profile (platform §3, §5, §6, §8; issue 16 items 1 and 6; ADR 020).
//
// Portal users: ManageUser.viewer to list and read, .editor to invite and change, .delete to
// delete, .remove2fa to remove someone's two-factor authentication. The upstream enforces every
// rule: the primary user cannot be deleted, nobody deletes themselves, nobody gives (or touches a
// user holding) rights they do not hold, and with the client's `group-visibility` flag a user
// restricted to listed sites sees and manages only users whose sites are a subset of theirs.
// A portal user's id is its access to the client (`client_users.id`, the config's local_user_id).
//
// Accounts belong to their owners (issue 24; ADR 009 "Tenant boundary"): inviting an address makes
// an invitation its owner accepts (My profile), and the answers are the same whether the address
// has an account or not. What is global — name, email, password, two-factor — is changed by the
// person, or by an administrator of a client only while the account belongs to that client alone.
// Only the primary user (or a super user) gives the billing, primary and technical-contact flags,
// and nobody their own.
//
// My profile (every signed-in user): the password, two-factor authentication, the language and the
// notification preferences (per client).
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import { Ok, type RouteDef } from "./common.ts";
import { USER_LIMITS, USER_NOTIFICATIONS } from "./user-messages.ts";

const Flags = z.object({
  primary: z.boolean(),
  billing: z.boolean(),
  technical: z.boolean(),
  device_alerts: z.boolean(),
});

/** A portal user as the list shows it. */
export const PortalUser = Flags.extend({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.object({ id: z.number().int(), name: z.string() }),
  /** null = every site of the client. */
  site_ids: z.array(z.number().int()).nullable(),
  two_factor: z.boolean(),
  /** Signs in by single sign-on (else with a password). */
  sso: z.boolean(),
  /** A member who has not chosen a password yet (invited before invitations waited for their owner). */
  invited: z.boolean(),
  /**
   * An invitation its owner has not accepted yet: nothing of the client applies to the account. Its
   * name is the one the inviter gave, two_factor is false and sso is the address's domain's, whether
   * the address has an account or not (the inviter learns nothing about the account).
   */
  pending: z.boolean(),
  /** The signed-in user. */
  self: z.boolean(),
});
export type PortalUser = z.infer<typeof PortalUser>;

export const PortalUserList = z.object({
  users: z.array(PortalUser),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PortalUserList = z.infer<typeof PortalUserList>;

/** What the invite and edit forms choose among, for this user: roles (and which they may give) and sites. */
export const PortalUserOptions = z.object({
  roles: z.array(z.object({ id: z.number().int(), name: z.string(), grantable: z.boolean() })),
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Restricted to listed sites under group visibility: "every site" is not theirs to give. */
  sites_only: z.boolean(),
  /** May make another user primary (the primary user, or a super user). */
  may_transfer_primary: z.boolean(),
  /** May give or take the billing and technical contact flags of others (the primary user, or a super user). */
  may_set_flags: z.boolean(),
});
export type PortalUserOptions = z.infer<typeof PortalUserOptions>;

const name = z.string().max(USER_LIMITS.name);
const siteIds = z.array(z.number().int()).max(USER_LIMITS.sites).nullable();

export const InvitePortalUser = Flags.partial().extend({
  name,
  email: z.string().max(USER_LIMITS.email),
  role_id: z.number().int(),
  site_ids: siteIds,
});
export type InvitePortalUser = z.infer<typeof InvitePortalUser>;

export const UpdatePortalUser = Flags.partial().extend({
  name: name.optional(),
  role_id: z.number().int().optional(),
  site_ids: siteIds.optional(),
});
export type UpdatePortalUser = z.infer<typeof UpdatePortalUser>;

// --- My profile ----------------------------------------------------------------------------------

export const Profile = z.object({
  name: z.string(),
  email: z.string(),
  locale: z.string(),
  sso: z.boolean(),
  two_factor: z.boolean(),
  /** Forced by one of the user's clients: it cannot be removed. */
  two_factor_required: z.boolean(),
  password_changed_at: z.string().nullable(),
  notifications: z.record(z.enum(USER_NOTIFICATIONS), z.boolean()),
});
export type Profile = z.infer<typeof Profile>;

export const UpdateProfile = z.object({
  /** The person's own name: global, shown in every client they belong to. */
  name: z.string().max(USER_LIMITS.name).optional(),
  locale: z.string().max(10).optional(),
  notifications: z.partialRecord(z.enum(USER_NOTIFICATIONS), z.boolean()).optional(),
});

export const ChangePassword = z.object({
  current_password: z.string().max(1024),
  password: z.string().max(1024),
  password_confirmation: z.string().max(1024),
});

/** An invitation waiting for the signed-in person (My profile: accept or decline). */
export const MyInvitation = z.object({
  id: z.number().int(),
  client: z.object({ id: z.string(), name: z.string() }),
  /** Who invited them (null: that user is gone). */
  invited_by: z.string().nullable(),
  role: z.string(),
  created_at: z.string(),
});
export type MyInvitation = z.infer<typeof MyInvitation>;

/** A two-factor secret issued for set-up (the key to type, and the otpauth URI of its QR code). */
export const TwoFactorSetup = z.object({ secret: z.string(), otpauth_uri: z.string() });
export const TwoFactorCode = z.object({ code: z.string().max(16) });

export const userRoutes = {
  portalUsers: { method: "GET", path: "portal-users", base: "regional", auth: "bearer", response: PortalUserList, summary: "Portal users of the client (search, page; 15 a page)" },
  portalUserOptions: { method: "GET", path: "portal-user-options", base: "regional", auth: "bearer", response: PortalUserOptions, summary: "Roles and sites the caller may give" },
  invitePortalUser: { method: "POST", path: "portal-users", base: "regional", auth: "bearer", body: InvitePortalUser, response: z.object({ id: z.number().int() }), summary: "Invite a portal user (an invitation its owner accepts; the same answer whether the address has an account or not)" },
  portalUser: { method: "GET", path: "portal-users/{userId}", base: "regional", auth: "bearer", response: PortalUser, summary: "One portal user" },
  updatePortalUser: { method: "PATCH", path: "portal-users/{userId}", base: "regional", auth: "bearer", body: UpdatePortalUser, response: PortalUser, summary: "Change a portal user's name, role, flags or sites" },
  deletePortalUser: { method: "DELETE", path: "portal-users/{userId}", base: "regional", auth: "bearer", response: Ok, summary: "Delete a portal user (their access to this client)" },
  removePortalUser2fa: { method: "DELETE", path: "portal-users/{userId}/two-factor", base: "regional", auth: "bearer", response: Ok, summary: "Remove a portal user's two-factor authentication" },
  resendInvitation: { method: "POST", path: "portal-users/{userId}/invitation", base: "regional", auth: "bearer", response: Ok, summary: "Send an invited user a new invitation" },
  profile: { method: "GET", path: "me/profile", base: "regional", auth: "bearer", response: Profile, summary: "The signed-in user's profile" },
  updateProfile: { method: "PATCH", path: "me/profile", base: "regional", auth: "bearer", body: UpdateProfile, response: Profile, summary: "Change one's name, language or notification preferences" },
  changePassword: { method: "POST", path: "me/password", base: "regional", auth: "bearer", body: ChangePassword, response: Ok, summary: "Change the password (current, new, confirmation)" },
  startTwoFactor: { method: "POST", path: "me/two-factor/setup", base: "regional", auth: "bearer", response: TwoFactorSetup, summary: "Issue (or read again) a two-factor secret to set up" },
  enableTwoFactor: { method: "POST", path: "me/two-factor", base: "regional", auth: "bearer", body: TwoFactorCode, response: Ok, summary: "Turn two-factor on with a code of the issued secret" },
  myInvitations: { method: "GET", path: "me/invitations", base: "regional", auth: "bearer", response: z.array(MyInvitation), summary: "Invitations waiting for the signed-in person" },
  acceptInvitation: { method: "POST", path: "me/invitations/{invitationId}", base: "regional", auth: "bearer", response: z.object({ message: z.string(), client: z.object({ id: z.string(), name: z.string() }) }), summary: "Accept an invitation: the person joins the client" },
  declineInvitation: { method: "DELETE", path: "me/invitations/{invitationId}", base: "regional", auth: "bearer", response: Ok, summary: "Decline an invitation" },
  disableTwoFactor: { method: "DELETE", path: "me/two-factor", base: "regional", auth: "bearer", body: TwoFactorCode, response: Ok, summary: "Turn two-factor off with a current code" },
} as const satisfies Record<string, RouteDef>;
