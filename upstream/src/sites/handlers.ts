/**
 * Managing sites: the site, its files, custom fields, messages, badges, sign-in points, attendees and settings.
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { eventRoutes, fieldRoutes, messageRoutes, siteExtraRoutes, siteRoutes, siteSettingRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { createCustomField, deleteCustomField, reorderCustomFields, setFavouriteFields, updateCustomField } from "./custom-fields.ts";
import { createAttendee, createSignInPoint, createSiteMessage, deleteAttendee, deleteSignInPoint, deleteSiteMessage, getSiteBadges, getSiteSettings, listAttendees, listSignInPoints, listSiteMessages, reorderSiteMessages, setMessageAttachment, updateAttendee, updateSignInPoint, updateSiteMessage, updateSiteSettings } from "./site-extras.ts";
import { createSite, deleteSite, getManagedSite, listManagedSites, setSiteFile, updateSite } from "./sites.ts";

export const siteHandlers = {
  manageSites: ({ app, principal, ctx }) => listManagedSites(app, principal, ctx.url.searchParams),
  createSite: ({ app, principal, body }) => createSite(app, principal, body),
  site: ({ app, principal, ctx }) => getManagedSite(app, principal, ctx.params.siteId),
  updateSite: ({ app, principal, ctx, body }) => updateSite(app, principal, ctx.params.siteId, body),
  deleteSite: ({ app, principal, ctx, body }) => deleteSite(app, principal, ctx.params.siteId, body),
  uploadBrandingImage: ({ app, principal, ctx, body }) => setSiteFile(app, principal, ctx.params.siteId, "branding_image", body),
  deleteBrandingImage: ({ app, principal, ctx }) => setSiteFile(app, principal, ctx.params.siteId, "branding_image", null),
  uploadWelcomeVideo: ({ app, principal, ctx, body }) => setSiteFile(app, principal, ctx.params.siteId, "welcome_video", body),
  deleteWelcomeVideo: ({ app, principal, ctx }) => setSiteFile(app, principal, ctx.params.siteId, "welcome_video", null),
  createCustomField: ({ app, principal, ctx, body }) => createCustomField(app, principal, ctx.params.siteId, body),
  updateCustomField: ({ app, principal, ctx, body }) => updateCustomField(app, principal, ctx.params.siteId, ctx.params.fieldId, body),
  deleteCustomField: ({ app, principal, ctx }) => deleteCustomField(app, principal, ctx.params.siteId, ctx.params.fieldId),
  reorderCustomFields: ({ app, principal, ctx, body }) => reorderCustomFields(app, principal, ctx.params.siteId, body),
  setFavouriteFields: ({ app, principal, ctx, body }) => setFavouriteFields(app, principal, ctx.params.siteId, body),
  siteMessages: ({ app, principal, ctx }) => listSiteMessages(app, principal, ctx.params.siteId),
  createSiteMessage: ({ app, principal, ctx, body }) => createSiteMessage(app, principal, ctx.params.siteId, body),
  updateSiteMessage: ({ app, principal, ctx, body }) => updateSiteMessage(app, principal, ctx.params.siteId, ctx.params.messageId, body),
  deleteSiteMessage: ({ app, principal, ctx }) => deleteSiteMessage(app, principal, ctx.params.siteId, ctx.params.messageId),
  uploadSiteMessageAttachment: ({ app, principal, ctx, body }) => setMessageAttachment(app, principal, ctx.params.siteId, ctx.params.messageId, body),
  deleteSiteMessageAttachment: ({ app, principal, ctx }) => setMessageAttachment(app, principal, ctx.params.siteId, ctx.params.messageId, null),
  reorderSiteMessages: ({ app, principal, ctx, body }) => reorderSiteMessages(app, principal, ctx.params.siteId, body),
  siteBadges: ({ app, principal, ctx }) => getSiteBadges(app, principal, ctx.params.siteId),
  signInPoints: ({ app, principal, ctx }) => listSignInPoints(app, principal, ctx.params.siteId),
  createSignInPoint: ({ app, principal, ctx, body }) => createSignInPoint(app, principal, ctx.params.siteId, body),
  updateSignInPoint: ({ app, principal, ctx, body }) => updateSignInPoint(app, principal, ctx.params.siteId, ctx.params.pointId, body),
  deleteSignInPoint: ({ app, principal, ctx }) => deleteSignInPoint(app, principal, ctx.params.siteId, ctx.params.pointId),
  attendees: ({ app, principal, ctx }) => listAttendees(app, principal, ctx.params.siteId, ctx.url.searchParams),
  createAttendee: ({ app, principal, ctx, body }) => createAttendee(app, principal, ctx.params.siteId, body),
  updateAttendee: ({ app, principal, ctx, body }) => updateAttendee(app, principal, ctx.params.siteId, ctx.params.attendeeId, body),
  deleteAttendee: ({ app, principal, ctx }) => deleteAttendee(app, principal, ctx.params.siteId, ctx.params.attendeeId),
  siteSettings: ({ app, principal, ctx }) => getSiteSettings(app, principal, ctx.params.siteId),
  updateSiteSettings: ({ app, principal, ctx, body }) => updateSiteSettings(app, principal, ctx.params.siteId, body),
} satisfies Handlers<keyof typeof siteRoutes | keyof typeof fieldRoutes | keyof typeof messageRoutes | keyof typeof siteExtraRoutes | keyof typeof eventRoutes | keyof typeof siteSettingRoutes>;
