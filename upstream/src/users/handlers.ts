/**
 * Portal users, my profile and my invitations (ADR 020).
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { userRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { acceptInvitation, declineInvitation, myInvitations } from "./invitations.ts";
import { deletePortalUser, getPortalUser, invitePortalUser, listPortalUsers, portalUserOptions, removePortalUser2fa, resendInvitation, updatePortalUser } from "./portal-users.ts";
import { changePassword, disableTwoFactor, enableTwoFactor, getProfile, startTwoFactor, updateProfile } from "./profile.ts";

export const userHandlers = {
  // Portal users and my profile (users/; ADR 020).
  portalUsers: ({ app, principal, ctx }) => listPortalUsers(app, principal, ctx.url.searchParams),
  portalUserOptions: ({ app, principal }) => portalUserOptions(app, principal),
  invitePortalUser: ({ app, principal, body }) => invitePortalUser(app, principal, body),
  portalUser: ({ app, principal, ctx }) => getPortalUser(app, principal, ctx.params.userId),
  updatePortalUser: ({ app, principal, ctx, body }) => updatePortalUser(app, principal, ctx.params.userId, body),
  deletePortalUser: ({ app, principal, ctx }) => deletePortalUser(app, principal, ctx.params.userId),
  removePortalUser2fa: ({ app, principal, ctx }) => removePortalUser2fa(app, principal, ctx.params.userId),
  resendInvitation: ({ app, principal, ctx }) => resendInvitation(app, principal, ctx.params.userId),
  profile: ({ app, principal }) => getProfile(app, principal),
  updateProfile: ({ app, principal, body }) => updateProfile(app, principal, body),
  changePassword: ({ app, principal, body }) => changePassword(app, principal, body),
  startTwoFactor: ({ app, principal }) => startTwoFactor(app, principal),
  enableTwoFactor: ({ app, principal, body }) => enableTwoFactor(app, principal, body),
  myInvitations: ({ app, principal }) => myInvitations(app, principal),
  acceptInvitation: ({ app, principal, ctx }) => acceptInvitation(app, principal, ctx.params.invitationId),
  declineInvitation: ({ app, principal, ctx }) => declineInvitation(app, principal, ctx.params.invitationId),
  disableTwoFactor: ({ app, principal, body }) => disableTwoFactor(app, principal, body),
} satisfies Handlers<keyof typeof userRoutes>;
