/**
 * Pre-registrations and their magic links (ADR 019).
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { preRegistrationRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { submitMagicLink, uploadMagicLinkDocument, viewMagicLink } from "./magic-links.ts";
import { approvePreRegistration, cancelPreRegistration, declinePreRegistration, getPreRegistration, listPreRegistrations, preRegistrationOptions, signInPreRegistration } from "./pre-registrations.ts";
import { createPreRegistration, importPreRegistrations } from "./create.ts";

export const preRegistrationHandlers = {
  preRegistrations: ({ app, principal, ctx }) => listPreRegistrations(app, principal, ctx.url.searchParams),
  preRegistrationOptions: ({ app, principal }) => preRegistrationOptions(app, principal),
  preRegistration: ({ app, principal, ctx }) => getPreRegistration(app, principal, ctx.params.preRegistrationId),
  createPreRegistration: ({ app, principal, body }) => createPreRegistration(app, principal, body),
  importPreRegistrations: ({ app, principal, body }) => importPreRegistrations(app, principal, body),
  approvePreRegistration: ({ app, principal, ctx }) => approvePreRegistration(app, principal, ctx.params.preRegistrationId),
  declinePreRegistration: ({ app, principal, ctx }) => declinePreRegistration(app, principal, ctx.params.preRegistrationId),
  cancelPreRegistration: ({ app, principal, ctx }) => cancelPreRegistration(app, principal, ctx.params.preRegistrationId),
  signInPreRegistration: ({ app, principal, ctx }) => signInPreRegistration(app, principal, ctx.params.preRegistrationId),
  magicLink: ({ app, body }) => viewMagicLink(app, body),
  submitMagicLink: ({ app, body }) => submitMagicLink(app, body),
  uploadMagicLinkDocument: ({ app, ctx, body }) => uploadMagicLinkDocument(app, ctx.url.searchParams, body),
} satisfies Handlers<keyof typeof preRegistrationRoutes>;
