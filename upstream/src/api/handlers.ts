/** Binds every route of the contract's `routes` table to its implementation. */
import type { z } from "zod";
import type { IncomingMessage } from "node:http";
import { REGIONS, routes, type RawFileDef, type Region, type RouteName, type Routes, type UploadDef } from "../../contract/index.ts";
import type { App } from "../app.ts";
import { login } from "../auth/login.ts";
import { accessToken, forgot, logout, reset } from "../auth/service.ts";
import { validation, zodErrors } from "../http/errors.ts";
import { bearerToken, type Ctx, type Router } from "../http/router.ts";
import { ssoAccessRequest, ssoLogin } from "../sso/rp.ts";
import { checkSsoVerification, getSsoConfig, saveSsoConfig, saveSsoSettings, setSsoEnabled, startSsoVerification } from "../sso/self-service.ts";
import { approveAccessRequest, declineAccessRequest, listAccessRequests, listSsoUsers, removeSsoUser, requirePassword } from "../sso/sso-users.ts";
import {
  authenticate,
  broadcastingAuth,
  getClient,
  getClients,
  getConfig,
  getCustomFields,
  getRoles,
  getSites,
  type Principal,
} from "./regional.ts";
import {
  approveVisit,
  depart,
  getSignInOptions,
  getSiteToday,
  getVisit,
  getVisitAbsences,
  getVisitBadge,
  getVisitDocuments,
  getVisitHistory,
  returnVisit,
  signIn,
  signOut,
  signOutAll,
} from "./visits.ts";
import {
  addEvacuationComment,
  completeEvacuation,
  deleteEvacuation,
  getEvacuation,
  getFireList,
  listEvacuations,
  startEvacuation,
  updateEvacuee,
} from "./evacuations.ts";
import { createGroup, getSiteGroups, listManagedGroups, setSiteGroups } from "./groups.ts";
import {
  createPersonalField,
  deleteGroup,
  deletePersonalField,
  getCentralRecord,
  getGroup,
  listManagerChoices,
  listPersonalFields,
  reorderPersonalFields,
  updateGroupSettings,
  updatePersonalField,
} from "./group-settings.ts";
import { getGroupBadge, updateGroupBadge } from "./group-badge.ts";
import { deleteGroupAttachment, listGroupAttachments, uploadGroupAttachment } from "./group-attachments.ts";
import { completeGroupSync, connectGroupSync, disconnectGroupSync, getGroupSync, importGroupSync, runGroupSync, updateGroupSync } from "./group-sync.ts";
import {
  completeClientSlack,
  connectClientSlack,
  createNotification,
  deleteNotification,
  disconnectClientSlack,
  getClientSlack,
  getNotification,
  listNotifications,
  notificationOptions,
  rotateNotificationSecret,
  setNotificationEnabled,
  updateNotification,
} from "../notifications/api.ts";
import { completeGroupSlack, connectGroupSlack, disconnectGroupSlack, getGroupSlack, testGroupSlack, updateGroupSlack } from "./group-slack.ts";
import { createSite, deleteSite, getManagedSite, listManagedSites, setSiteFile, updateSite } from "./sites.ts";
import {
  createEvacuationPoint,
  deleteEvacuationPoint,
  listEvacuationPoints,
  reorderEvacuationPoints,
  setEvacuationPointPhoto,
  updateEvacuationPoint,
} from "./evacuation-points.ts";
import { connectDevice, deleteDevice, getDevice, listDevices, updateDevice } from "./devices.ts";
import { createCustomField, deleteCustomField, reorderCustomFields, setFavouriteFields, updateCustomField } from "./custom-fields.ts";
import {
  createAttendee,
  createSignInPoint,
  createSiteMessage,
  deleteAttendee,
  deleteSignInPoint,
  deleteSiteMessage,
  getSiteBadges,
  getSiteSettings,
  listAttendees,
  listSignInPoints,
  listSiteMessages,
  reorderSiteMessages,
  setMessageAttachment,
  updateAttendee,
  updateSignInPoint,
  updateSiteMessage,
  updateSiteSettings,
} from "./site-extras.ts";
import { readUpload, type UploadedFile } from "./uploads.ts";
import {
  approvePreRegistration,
  cancelPreRegistration,
  declinePreRegistration,
  getPreRegistration,
  listPreRegistrations,
  preRegistrationOptions,
  signInPreRegistration,
} from "../pre-registrations/pre-registrations.ts";
import { createPreRegistration, importPreRegistrations } from "../pre-registrations/create.ts";
import { memberExport, memberTemplate } from "../members/io.ts";
import { anonymiseVisit, deleteVisit, getVisitManagement, updateVisit, updateVisitNotes, updateVisitProtection } from "../visits/manage.ts";
import { clearAttendanceOverride, exportDailyAttendance, exportSiteAttendance, getDailyAttendance, getSiteAttendance, setAttendanceOverride } from "../attendance/report.ts";
import { applyMemberImport, getMemberImport, previewMemberImport } from "../members/import.ts";
import { archiveMembers, createMember, deleteMember, getMember, inviteMembers, listMembers, multiEditMembers, updateMember } from "../members/editor.ts";
import { deleteMemberDocument, uploadMemberDocument } from "../members/documents.ts";
import { issueMemberCredential, revokeMemberCredential } from "../members/credentials.ts";
import { submitMagicLink, uploadMagicLinkDocument, viewMagicLink } from "../pre-registrations/magic-links.ts";
import { exportAuditLog, getAuditEntry, listAuditLog } from "../audit/log.ts";
import { callerAddress, withAuditActor } from "../audit/context.ts";
import {
  applyBlockListImport,
  blockListTemplate,
  createBlockListEntry,
  deleteBlockListEntry,
  getBlockListEntry,
  getBlockListImport,
  listBlockList,
  previewBlockListImport,
  updateBlockListEntry,
} from "../safety-check/block-list.ts";
import { getCentralRecordSignIn, updateCentralRecordSignIn } from "../safety-check/central-record-settings.ts";
import { createRole, deleteRole, listRoles, updateRole } from "../roles/roles.ts";
import { deletePortalUser, getPortalUser, invitePortalUser, listPortalUsers, portalUserOptions, removePortalUser2fa, resendInvitation, updatePortalUser } from "../users/portal-users.ts";
import { changePassword, disableTwoFactor, enableTwoFactor, getProfile, startTwoFactor, updateProfile } from "../users/profile.ts";
import { acceptInvitation, declineInvitation, myInvitations } from "../users/invitations.ts";
import { exportHistory, historyVisit, historyVisitBadge, listHistory } from "../history/history.ts";
import { buySmsTokens, getAccountInfo, getPasswordPolicy, getSmsAccount, setAccountLogo, updateAccountInfo, updatePasswordPolicy } from "../account/account.ts";
import { cancelSubscriptions, getBilling, invoicePdf, updateBillingContact } from "../account/billing.ts";
import { chooseReferralReward, getReferrals } from "../account/referrals.ts";
import { listDeliveries, replayDelivery, sendTestEvent } from "../notifications/delivery-api.ts";
import { createApiClient, listApiClients, revokeApiClient } from "../api-clients/credentials.ts";
import { createVisitorForm, deleteVisitorForm, getVisitorForm, listVisitorForms, submitFormLink, updateVisitorForm, viewFormLink, visitorFormOptions } from "../visitor-forms/visitor-forms.ts";

/**
 * The parsed JSON body; for an upload route, a function that reads and checks the file (called by
 * the implementation after its access checks, so a refused call never reads a large body).
 */
type BodyOf<N extends RouteName> = Routes[N] extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : Routes[N] extends { upload: UploadDef }
    ? () => Promise<UploadedFile>
    : Routes[N] extends { rawFile: RawFileDef }
      ? IncomingMessage
      : undefined;
type PrincipalOf<N extends RouteName> = Routes[N]["base"] extends "regional" ? Principal : undefined;

interface Call<N extends RouteName> {
  app: App;
  ctx: Ctx;
  body: BodyOf<N>;
  principal: PrincipalOf<N>;
}

type Impl = { [N in RouteName]: (c: Call<N>) => Promise<z.input<Routes[N]["response"]>> | z.input<Routes[N]["response"]> };

const impl: Impl = {
  login: ({ app, body }) => login(app, body),
  accessToken: ({ app, body }) => accessToken(app, body),
  logout: ({ app, ctx }) => logout(app, bearerToken(ctx.req)),
  forgot: ({ app, body }) => forgot(app, body),
  reset: ({ app, body }) => reset(app, body),
  ssoLogin: ({ app, body }) => ssoLogin(app, body),
  ssoAccessRequest: ({ app, ctx, body }) => ssoAccessRequest(app, bearerToken(ctx.req), body),
  clients: ({ app, principal }) => getClients(app, principal),
  config: ({ app, principal }) => getConfig(app, principal),
  client: ({ app, principal }) => getClient(app, principal),
  sites: ({ app, principal }) => getSites(app, principal),
  clientRoles: ({ app, principal }) => getRoles(app, principal),
  siteCustomFields: ({ app, principal, ctx }) => getCustomFields(app, principal, ctx.params.siteId),
  broadcastingAuth: ({ app, principal, body }) => broadcastingAuth(app, principal, body),
  siteToday: ({ app, principal, ctx }) => getSiteToday(app, principal, ctx.params.siteId),
  signInOptions: ({ app, principal, ctx }) => getSignInOptions(app, principal, ctx.params.siteId),
  signIn: ({ app, principal, ctx, body }) => signIn(app, principal, ctx.params.siteId, body),
  signOutAll: ({ app, principal, ctx, body }) => signOutAll(app, principal, ctx.params.siteId, body),
  signOut: ({ app, principal, ctx }) => signOut(app, principal, ctx.params.visitId),
  depart: ({ app, principal, ctx, body }) => depart(app, principal, ctx.params.siteId, body),
  returnVisit: ({ app, principal, ctx }) => returnVisit(app, principal, ctx.params.visitId),
  approveVisit: ({ app, principal, ctx }) => approveVisit(app, principal, ctx.params.visitId),
  visit: ({ app, principal, ctx }) => getVisit(app, principal, ctx.params.visitId),
  visitAbsences: ({ app, principal, ctx }) => getVisitAbsences(app, principal, ctx.params.visitId),
  visitHistory: ({ app, principal, ctx }) => getVisitHistory(app, principal, ctx.params.visitId),
  visitBadge: ({ app, principal, ctx }) => getVisitBadge(app, principal, ctx.params.visitId),
  visitDocuments: ({ app, principal, ctx }) => getVisitDocuments(app, principal, ctx.params.visitId),
  fireList: ({ app, principal, ctx }) => getFireList(app, principal, ctx.params.siteId),
  startEvacuation: ({ app, principal, ctx, body }) => startEvacuation(app, principal, ctx.params.siteId, body),
  evacuations: ({ app, principal, ctx }) => listEvacuations(app, principal, ctx.url.searchParams),
  evacuation: ({ app, principal, ctx }) => getEvacuation(app, principal, ctx.params.evacuationId),
  updateEvacuee: ({ app, principal, ctx, body }) => updateEvacuee(app, principal, ctx.params.evacuationId, ctx.params.evacueeId, body),
  addEvacuationComment: ({ app, principal, ctx, body }) => addEvacuationComment(app, principal, ctx.params.evacuationId, body),
  completeEvacuation: ({ app, principal, ctx, body }) => completeEvacuation(app, principal, ctx.params.evacuationId, body),
  deleteEvacuation: ({ app, principal, ctx }) => deleteEvacuation(app, principal, ctx.params.evacuationId),
  manageSites: ({ app, principal, ctx }) => listManagedSites(app, principal, ctx.url.searchParams),
  createSite: ({ app, principal, body }) => createSite(app, principal, body),
  site: ({ app, principal, ctx }) => getManagedSite(app, principal, ctx.params.siteId),
  updateSite: ({ app, principal, ctx, body }) => updateSite(app, principal, ctx.params.siteId, body),
  deleteSite: ({ app, principal, ctx, body }) => deleteSite(app, principal, ctx.params.siteId, body),
  uploadBrandingImage: ({ app, principal, ctx, body }) => setSiteFile(app, principal, ctx.params.siteId, "branding_image", body),
  deleteBrandingImage: ({ app, principal, ctx }) => setSiteFile(app, principal, ctx.params.siteId, "branding_image", null),
  uploadWelcomeVideo: ({ app, principal, ctx, body }) => setSiteFile(app, principal, ctx.params.siteId, "welcome_video", body),
  deleteWelcomeVideo: ({ app, principal, ctx }) => setSiteFile(app, principal, ctx.params.siteId, "welcome_video", null),
  evacuationPoints: ({ app, principal, ctx }) => listEvacuationPoints(app, principal, ctx.params.siteId),
  createEvacuationPoint: ({ app, principal, ctx, body }) => createEvacuationPoint(app, principal, ctx.params.siteId, body),
  updateEvacuationPoint: ({ app, principal, ctx, body }) => updateEvacuationPoint(app, principal, ctx.params.siteId, ctx.params.pointId, body),
  deleteEvacuationPoint: ({ app, principal, ctx }) => deleteEvacuationPoint(app, principal, ctx.params.siteId, ctx.params.pointId),
  reorderEvacuationPoints: ({ app, principal, ctx, body }) => reorderEvacuationPoints(app, principal, ctx.params.siteId, body),
  uploadEvacuationPointPhoto: ({ app, principal, ctx, body }) => setEvacuationPointPhoto(app, principal, ctx.params.siteId, ctx.params.pointId, body),
  deleteEvacuationPointPhoto: ({ app, principal, ctx }) => setEvacuationPointPhoto(app, principal, ctx.params.siteId, ctx.params.pointId, null),
  devices: ({ app, principal, ctx }) => listDevices(app, principal, ctx.params.siteId),
  device: ({ app, principal, ctx }) => getDevice(app, principal, ctx.params.siteId, ctx.params.deviceId),
  connectDevice: ({ app, principal, ctx, body }) => connectDevice(app, principal, ctx.params.siteId, body),
  updateDevice: ({ app, principal, ctx, body }) => updateDevice(app, principal, ctx.params.siteId, ctx.params.deviceId, body),
  deleteDevice: ({ app, principal, ctx }) => deleteDevice(app, principal, ctx.params.siteId, ctx.params.deviceId),
  createCustomField: ({ app, principal, ctx, body }) => createCustomField(app, principal, ctx.params.siteId, body),
  updateCustomField: ({ app, principal, ctx, body }) => updateCustomField(app, principal, ctx.params.siteId, ctx.params.fieldId, body),
  deleteCustomField: ({ app, principal, ctx }) => deleteCustomField(app, principal, ctx.params.siteId, ctx.params.fieldId),
  reorderCustomFields: ({ app, principal, ctx, body }) => reorderCustomFields(app, principal, ctx.params.siteId, body),
  setFavouriteFields: ({ app, principal, ctx, body }) => setFavouriteFields(app, principal, ctx.params.siteId, body),
  siteMessages: ({ app, principal, ctx }) => listSiteMessages(app, principal, ctx.params.siteId),
  createSiteMessage: ({ app, principal, ctx, body }) => createSiteMessage(app, principal, ctx.params.siteId, body),
  updateSiteMessage: ({ app, principal, ctx, body }) => updateSiteMessage(app, principal, ctx.params.siteId, ctx.params.messageId, body),
  deleteSiteMessage: ({ app, principal, ctx }) => deleteSiteMessage(app, principal, ctx.params.siteId, ctx.params.messageId),
  reorderSiteMessages: ({ app, principal, ctx, body }) => reorderSiteMessages(app, principal, ctx.params.siteId, body),
  uploadSiteMessageAttachment: ({ app, principal, ctx, body }) => setMessageAttachment(app, principal, ctx.params.siteId, ctx.params.messageId, body),
  deleteSiteMessageAttachment: ({ app, principal, ctx }) => setMessageAttachment(app, principal, ctx.params.siteId, ctx.params.messageId, null),
  siteBadges: ({ app, principal, ctx }) => getSiteBadges(app, principal, ctx.params.siteId),
  signInPoints: ({ app, principal, ctx }) => listSignInPoints(app, principal, ctx.params.siteId),
  createSignInPoint: ({ app, principal, ctx, body }) => createSignInPoint(app, principal, ctx.params.siteId, body),
  updateSignInPoint: ({ app, principal, ctx, body }) => updateSignInPoint(app, principal, ctx.params.siteId, ctx.params.pointId, body),
  deleteSignInPoint: ({ app, principal, ctx }) => deleteSignInPoint(app, principal, ctx.params.siteId, ctx.params.pointId),
  attendees: ({ app, principal, ctx }) => listAttendees(app, principal, ctx.params.siteId, ctx.url.searchParams),
  createAttendee: ({ app, principal, ctx, body }) => createAttendee(app, principal, ctx.params.siteId, body),
  updateAttendee: ({ app, principal, ctx, body }) => updateAttendee(app, principal, ctx.params.siteId, ctx.params.attendeeId, body),
  deleteAttendee: ({ app, principal, ctx }) => deleteAttendee(app, principal, ctx.params.siteId, ctx.params.attendeeId),
  siteGroups: ({ app, principal, ctx }) => getSiteGroups(app, principal, ctx.params.siteId),
  setSiteGroups: ({ app, principal, ctx, body }) => setSiteGroups(app, principal, ctx.params.siteId, body),
  manageGroups: ({ app, principal, ctx }) => listManagedGroups(app, principal, ctx.url.searchParams),
  createGroup: ({ app, principal, body }) => createGroup(app, principal, body),
  group: ({ app, principal, ctx }) => getGroup(app, principal, ctx.params.groupId),
  updateGroupSettings: ({ app, principal, ctx, body }) => updateGroupSettings(app, principal, ctx.params.groupId, body),
  deleteGroup: ({ app, principal, ctx, body }) => deleteGroup(app, principal, ctx.params.groupId, body),
  personalFields: ({ app, principal, ctx }) => listPersonalFields(app, principal, ctx.params.groupId),
  createPersonalField: ({ app, principal, ctx, body }) => createPersonalField(app, principal, ctx.params.groupId, body),
  updatePersonalField: ({ app, principal, ctx, body }) => updatePersonalField(app, principal, ctx.params.groupId, ctx.params.fieldId, body),
  deletePersonalField: ({ app, principal, ctx }) => deletePersonalField(app, principal, ctx.params.groupId, ctx.params.fieldId),
  reorderPersonalFields: ({ app, principal, ctx, body }) => reorderPersonalFields(app, principal, ctx.params.groupId, body),
  managerChoices: ({ app, principal, ctx }) => listManagerChoices(app, principal, ctx.url.searchParams),
  centralRecord: ({ app, principal }) => getCentralRecord(app, principal),
  groupBadge: ({ app, principal, ctx }) => getGroupBadge(app, principal, ctx.params.groupId),
  updateGroupBadge: ({ app, principal, ctx, body }) => updateGroupBadge(app, principal, ctx.params.groupId, body),
  groupSync: ({ app, principal, ctx }) => getGroupSync(app, principal, ctx.params.groupId),
  connectGroupSync: ({ app, principal, ctx, body }) => connectGroupSync(app, principal, ctx.params.groupId, body),
  completeGroupSync: ({ app, principal, body }) => completeGroupSync(app, principal, body),
  updateGroupSync: ({ app, principal, ctx, body }) => updateGroupSync(app, principal, ctx.params.groupId, body),
  runGroupSync: ({ app, principal, ctx }) => runGroupSync(app, principal, ctx.params.groupId),
  disconnectGroupSync: ({ app, principal, ctx }) => disconnectGroupSync(app, principal, ctx.params.groupId),
  importGroupSync: ({ app, principal, ctx, body }) => importGroupSync(app, principal, ctx.params.groupId, body),
  groupAttachments: ({ app, principal, ctx }) => listGroupAttachments(app, principal, ctx.params.groupId),
  uploadGroupAttachment: ({ app, principal, ctx, body }) => uploadGroupAttachment(app, principal, ctx.params.groupId, body),
  deleteGroupAttachment: ({ app, principal, ctx }) => deleteGroupAttachment(app, principal, ctx.params.groupId, ctx.params.attachmentId),
  groupSlack: ({ app, principal, ctx }) => getGroupSlack(app, principal, ctx.params.groupId),
  connectGroupSlack: ({ app, principal, ctx, body }) => connectGroupSlack(app, principal, ctx.params.groupId, body),
  completeGroupSlack: ({ app, principal, ctx, body }) => completeGroupSlack(app, principal, ctx.params.groupId, body),
  updateGroupSlack: ({ app, principal, ctx, body }) => updateGroupSlack(app, principal, ctx.params.groupId, body),
  testGroupSlack: ({ app, principal, ctx }) => testGroupSlack(app, principal, ctx.params.groupId),
  disconnectGroupSlack: ({ app, principal, ctx }) => disconnectGroupSlack(app, principal, ctx.params.groupId),
  siteSettings: ({ app, principal, ctx }) => getSiteSettings(app, principal, ctx.params.siteId),
  updateSiteSettings: ({ app, principal, ctx, body }) => updateSiteSettings(app, principal, ctx.params.siteId, body),
  preRegistrations: ({ app, principal, ctx }) => listPreRegistrations(app, principal, ctx.url.searchParams),
  preRegistrationOptions: ({ app, principal }) => preRegistrationOptions(app, principal),
  preRegistration: ({ app, principal, ctx }) => getPreRegistration(app, principal, ctx.params.preRegistrationId),
  createPreRegistration: ({ app, principal, body }) => createPreRegistration(app, principal, body),
  importPreRegistrations: ({ app, principal, body }) => importPreRegistrations(app, principal, body),
  approvePreRegistration: ({ app, principal, ctx }) => approvePreRegistration(app, principal, ctx.params.preRegistrationId),
  declinePreRegistration: ({ app, principal, ctx }) => declinePreRegistration(app, principal, ctx.params.preRegistrationId),
  cancelPreRegistration: ({ app, principal, ctx }) => cancelPreRegistration(app, principal, ctx.params.preRegistrationId),
  signInPreRegistration: ({ app, principal, ctx }) => signInPreRegistration(app, principal, ctx.params.preRegistrationId),
  ssoConfig: ({ app, principal, ctx }) => getSsoConfig(app, principal, ctx.params.clientId),
  saveSsoConfig: ({ app, principal, ctx, body }) => saveSsoConfig(app, principal, ctx.params.clientId, body),
  startSsoVerification: ({ app, principal, ctx, body }) => startSsoVerification(app, principal, ctx.params.clientId, body),
  checkSsoVerification: ({ app, principal, ctx, body }) => checkSsoVerification(app, principal, ctx.params.clientId, body),
  setSsoEnabled: ({ app, principal, ctx, body }) => setSsoEnabled(app, principal, ctx.params.clientId, body),
  saveSsoSettings: ({ app, principal, ctx, body }) => saveSsoSettings(app, principal, ctx.params.clientId, body),
  ssoUsers: ({ app, principal, ctx }) => listSsoUsers(app, principal, ctx.params.clientId),
  ssoRequirePassword: ({ app, principal, ctx }) => requirePassword(app, principal, ctx.params.clientId, ctx.params.userId),
  removeSsoUser: ({ app, principal, ctx }) => removeSsoUser(app, principal, ctx.params.clientId, ctx.params.userId),
  ssoAccessRequests: ({ app, principal, ctx }) => listAccessRequests(app, principal, ctx.params.clientId),
  approveSsoAccessRequest: ({ app, principal, ctx, body }) => approveAccessRequest(app, principal, ctx.params.clientId, ctx.params.requestId, body),
  declineSsoAccessRequest: ({ app, principal, ctx }) => declineAccessRequest(app, principal, ctx.params.clientId, ctx.params.requestId),
  magicLink: ({ app, body }) => viewMagicLink(app, body),
  submitMagicLink: ({ app, body }) => submitMagicLink(app, body),
  // Members in and out as spreadsheets (issue 15 §3; ADR 018).
  memberTemplate: ({ app, principal, ctx }) => memberTemplate(app, principal, ctx),
  memberExport: ({ app, principal, ctx }) => memberExport(app, principal, ctx),
  // Visit history and its export (issue 17; ADR 025).
  history: ({ app, principal, ctx }) => listHistory(app, principal, ctx.url.searchParams),
  historyExport: ({ app, principal, ctx }) => exportHistory(app, principal, ctx),
  historyVisit: ({ app, principal, ctx }) => historyVisit(app, principal, ctx.params.visitId),
  historyVisitBadge: ({ app, principal, ctx }) => historyVisitBadge(app, principal, ctx.params.visitId),
  previewMemberImport: ({ app, principal, ctx, body }) => previewMemberImport(app, principal, ctx.params.groupId, ctx.url, body),
  memberImport: ({ app, principal, ctx }) => getMemberImport(app, principal, ctx.params.groupId, ctx.params.importId, ctx.url),
  applyMemberImport: ({ app, principal, ctx, body }) => applyMemberImport(app, principal, ctx.params.groupId, ctx.params.importId, body),
  // The members tab and the member editor (members/).
  groupMembers: ({ app, principal, ctx }) => listMembers(app, principal, ctx.params.groupId, ctx.url.searchParams),
  createMember: ({ app, principal, ctx, body }) => createMember(app, principal, ctx.params.groupId, body),
  member: ({ app, principal, ctx }) => getMember(app, principal, ctx.params.groupId, ctx.params.memberId),
  updateMember: ({ app, principal, ctx, body }) => updateMember(app, principal, ctx.params.groupId, ctx.params.memberId, body),
  deleteMember: ({ app, principal, ctx }) => deleteMember(app, principal, ctx.params.groupId, ctx.params.memberId),
  archiveMembers: ({ app, principal, ctx, body }) => archiveMembers(app, principal, ctx.params.groupId, body),
  multiEditMembers: ({ app, principal, ctx, body }) => multiEditMembers(app, principal, ctx.params.groupId, body),
  inviteMembers: ({ app, principal, ctx, body }) => inviteMembers(app, principal, ctx.params.groupId, body),
  uploadMemberDocument: ({ app, principal, ctx, body }) => uploadMemberDocument(app, principal, ctx.params.groupId, ctx.params.memberId, ctx.url.searchParams, body),
  deleteMemberDocument: ({ app, principal, ctx }) => deleteMemberDocument(app, principal, ctx.params.groupId, ctx.params.memberId, ctx.params.documentId),
  issueMemberCredential: ({ app, principal, ctx, body }) => issueMemberCredential(app, principal, ctx.params.groupId, ctx.params.memberId, body),
  revokeMemberCredential: ({ app, principal, ctx }) => revokeMemberCredential(app, principal, ctx.params.groupId, ctx.params.memberId, ctx.params.credentialId),
  uploadMagicLinkDocument: ({ app, ctx, body }) => uploadMagicLinkDocument(app, ctx.url.searchParams, body),
  // The audit log (issue 16 §3; ADR 022).
  auditLog: ({ app, principal, ctx }) => listAuditLog(app, principal, ctx),
  auditEntry: ({ app, principal, ctx }) => getAuditEntry(app, principal, ctx.params.entryId),
  auditExport: ({ app, principal, ctx }) => exportAuditLog(app, principal, ctx),
  // Roles and permissions (roles/; ADR 021).
  roles: ({ app, principal }) => listRoles(app, principal),
  createRole: ({ app, principal, body }) => createRole(app, principal, body),
  updateRole: ({ app, principal, ctx, body }) => updateRole(app, principal, ctx.params.roleId, body),
  deleteRole: ({ app, principal, ctx }) => deleteRole(app, principal, ctx.params.roleId),
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
  disableTwoFactor: ({ app, principal, body }) => disableTwoFactor(app, principal, body),
  myInvitations: ({ app, principal }) => myInvitations(app, principal),
  acceptInvitation: ({ app, principal, ctx }) => acceptInvitation(app, principal, ctx.params.invitationId),
  declineInvitation: ({ app, principal, ctx }) => declineInvitation(app, principal, ctx.params.invitationId),
  // Visit management (visits/; ADR 026).
  visitManagement: ({ app, principal, ctx }) => getVisitManagement(app, principal, ctx.params.visitId),
  updateVisit: ({ app, principal, ctx, body }) => updateVisit(app, principal, ctx.params.visitId, body),
  updateVisitNotes: ({ app, principal, ctx, body }) => updateVisitNotes(app, principal, ctx.params.visitId, body),
  updateVisitProtection: ({ app, principal, ctx, body }) => updateVisitProtection(app, principal, ctx.params.visitId, body),
  anonymiseVisit: ({ app, principal, ctx }) => anonymiseVisit(app, principal, ctx.params.visitId),
  deleteVisit: ({ app, principal, ctx }) => deleteVisit(app, principal, ctx.params.visitId),
  // The account pages (account/; ADR 023).
  accountInfo: ({ app, principal }) => getAccountInfo(app, principal),
  updateAccountInfo: ({ app, principal, body }) => updateAccountInfo(app, principal, body),
  uploadAccountLogo: ({ app, principal, body }) => setAccountLogo(app, principal, body),
  deleteAccountLogo: ({ app, principal }) => setAccountLogo(app, principal, null),
  passwordPolicy: ({ app, principal }) => getPasswordPolicy(app, principal),
  updatePasswordPolicy: ({ app, principal, body }) => updatePasswordPolicy(app, principal, body),
  smsAccount: ({ app, principal }) => getSmsAccount(app, principal),
  buySmsTokens: ({ app, principal, body }) => buySmsTokens(app, principal, body),
  billing: ({ app, principal }) => getBilling(app, principal),
  updateBillingContact: ({ app, principal, body }) => updateBillingContact(app, principal, body),
  cancelSubscriptions: ({ app, principal, body }) => cancelSubscriptions(app, principal, body),
  invoicePdf: ({ app, principal, ctx }) => invoicePdf(app, principal, ctx),
  referrals: ({ app, principal }) => getReferrals(app, principal),
  chooseReferralReward: ({ app, principal, ctx, body }) => chooseReferralReward(app, principal, ctx.params.referralId, body),
  // Attendance reports (attendance/; ADR 027).
  siteAttendance: ({ app, principal, ctx }) => getSiteAttendance(app, principal, ctx.url),
  siteAttendanceExport: ({ app, principal, ctx }) => exportSiteAttendance(app, principal, ctx),
  dailyAttendance: ({ app, principal, ctx }) => getDailyAttendance(app, principal, ctx.url),
  dailyAttendanceExport: ({ app, principal, ctx }) => exportDailyAttendance(app, principal, ctx),
  setAttendanceOverride: ({ app, principal, ctx, body }) => setAttendanceOverride(app, principal, ctx, body),
  clearAttendanceOverride: ({ app, principal, ctx }) => clearAttendanceOverride(app, principal, ctx),
  // The safety check (safety-check/; ADR 029).
  blockListTemplate: ({ app, principal, ctx }) => blockListTemplate(app, principal, ctx),
  previewBlockListImport: ({ app, principal, ctx, body }) => previewBlockListImport(app, principal, ctx.url, body),
  blockListImport: ({ app, principal, ctx }) => getBlockListImport(app, principal, ctx.params.importId),
  applyBlockListImport: ({ app, principal, ctx }) => applyBlockListImport(app, principal, ctx.params.importId),
  blockList: ({ app, principal, ctx }) => listBlockList(app, principal, ctx.url.searchParams),
  createBlockListEntry: ({ app, principal, body }) => createBlockListEntry(app, principal, body),
  blockListEntry: ({ app, principal, ctx }) => getBlockListEntry(app, principal, ctx.params.entryId),
  updateBlockListEntry: ({ app, principal, ctx, body }) => updateBlockListEntry(app, principal, ctx.params.entryId, body),
  deleteBlockListEntry: ({ app, principal, ctx }) => deleteBlockListEntry(app, principal, ctx.params.entryId),
  centralRecordSignIn: ({ app, principal }) => getCentralRecordSignIn(app, principal),
  updateCentralRecordSignIn: ({ app, principal, body }) => updateCentralRecordSignIn(app, principal, body),
  notifications: ({ app, principal, ctx }) => listNotifications(app, principal, ctx.url.searchParams),
  notificationOptions: ({ app, principal }) => notificationOptions(app, principal),
  notification: ({ app, principal, ctx }) => getNotification(app, principal, ctx.params.notificationId),
  createNotification: ({ app, principal, body }) => createNotification(app, principal, body),
  updateNotification: ({ app, principal, ctx, body }) => updateNotification(app, principal, ctx.params.notificationId, body),
  setNotificationEnabled: ({ app, principal, ctx, body }) => setNotificationEnabled(app, principal, ctx.params.notificationId, body),
  rotateNotificationSecret: ({ app, principal, ctx }) => rotateNotificationSecret(app, principal, ctx.params.notificationId),
  deleteNotification: ({ app, principal, ctx }) => deleteNotification(app, principal, ctx.params.notificationId),
  clientSlack: ({ app, principal }) => getClientSlack(app, principal),
  connectClientSlack: ({ app, principal, body }) => connectClientSlack(app, principal, body),
  completeClientSlack: ({ app, principal, body }) => completeClientSlack(app, principal, body),
  disconnectClientSlack: ({ app, principal }) => disconnectClientSlack(app, principal),
  // Notification delivery: the log, replay, the test event (notifications/delivery-api.ts; ADR 028).
  notificationDeliveries: ({ app, principal, ctx }) => listDeliveries(app, principal, ctx.params.notificationId, ctx.url.searchParams.get("page")),
  replayNotificationDelivery: ({ app, principal, ctx }) => replayDelivery(app, principal, ctx.params.notificationId, ctx.params.deliveryId),
  testNotification: ({ app, principal, ctx }) => sendTestEvent(app, principal, ctx.params.notificationId),
  // The client API's credentials and visitor forms (api-clients/, visitor-forms/; ADR 030).
  apiClients: ({ app, principal }) => listApiClients(app, principal),
  createApiClient: ({ app, principal, body }) => createApiClient(app, principal, body),
  revokeApiClient: ({ app, principal, ctx }) => revokeApiClient(app, principal, ctx.params.apiClientId),
  visitorForms: ({ app, principal, ctx }) => listVisitorForms(app, principal, ctx.url.searchParams),
  visitorFormOptions: ({ app, principal }) => visitorFormOptions(app, principal),
  createVisitorForm: ({ app, principal, body }) => createVisitorForm(app, principal, body),
  visitorForm: ({ app, principal, ctx }) => getVisitorForm(app, principal, ctx.params.formId),
  updateVisitorForm: ({ app, principal, ctx, body }) => updateVisitorForm(app, principal, ctx.params.formId, body),
  deleteVisitorForm: ({ app, principal, ctx }) => deleteVisitorForm(app, principal, ctx.params.formId),
  formLink: ({ app, body }) => viewFormLink(app, body),
  submitFormLink: ({ app, ctx, body }) => submitFormLink(app, body, callerAddress(ctx.req, app.opts.trustedProxies)),
};

/** Register all contract routes: auth ones under `/api/v2/`, regional ones under `/{region}/api/v2/`. */
export function registerContractRoutes(router: Router, app: App): void {
  for (const name of Object.keys(routes) as RouteName[]) {
    const def = routes[name];
    const regions: (Region | null)[] = def.base === "auth" ? [null] : [...REGIONS];
    for (const region of regions) {
      const prefix = region ? `/${region}/api/v2/` : "/api/v2/";
      router.add(def.method, prefix + def.path, async (ctx) => {
        app.stats.record(name, ctx.req.headers);
        const fault = app.stats.takeFault(name);
        if (fault !== null) return { status: fault.status, body: { message: "Injected fault", ...(fault.code ? { code: fault.code } : {}) } };

        const principal = region ? await authenticate(app, ctx.req, region) : undefined;
        let body: unknown;
        const schema = "body" in def ? (def.body as z.ZodType) : undefined;
        if (schema) {
          const parsed = schema.safeParse(await ctx.readBody());
          if (!parsed.success) throw validation(zodErrors(parsed.error));
          body = parsed.data;
        } else if ("upload" in def) {
          const upload = def.upload as UploadDef;
          body = () => readUpload(ctx.req, upload);
        } else if ("rawFile" in def) {
          // Streamed: the implementation reads it after its access checks.
          body = ctx.req;
        }
        const fn = impl[name] as (c: Call<RouteName>) => Promise<unknown> | unknown;
        const call = () => fn({ app, ctx, body: body as never, principal: principal as never });
        // A signed-in user's call: every write it makes is recorded in the audit log as theirs.
        const result = await (principal
          ? withAuditActor(
              { client_id: principal.client.id, user_id: principal.user.id, user_name: principal.user.name, address: callerAddress(ctx.req, app.opts.trustedProxies), operation: name },
              call,
            )
          : call());
        // A download has written its answer itself.
        if ("download" in def) return undefined;
        if (app.opts.testHooks) {
          const check = def.response.safeParse(result);
          if (!check.success) app.log({ level: "error", msg: "response does not match the contract", route: name, issues: check.error.issues });
        }
        return { status: 200, body: result };
      });
    }
  }
}
