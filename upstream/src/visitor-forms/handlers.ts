/**
 * Visitor forms and their public links (ADR 030).
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { formRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { callerAddress } from "../audit/context.ts";
import { createVisitorForm, deleteVisitorForm, getVisitorForm, listVisitorForms, submitFormLink, updateVisitorForm, viewFormLink, visitorFormOptions } from "./visitor-forms.ts";

export const visitorFormHandlers = {
  visitorForms: ({ app, principal, ctx }) => listVisitorForms(app, principal, ctx.url.searchParams),
  visitorFormOptions: ({ app, principal }) => visitorFormOptions(app, principal),
  createVisitorForm: ({ app, principal, body }) => createVisitorForm(app, principal, body),
  visitorForm: ({ app, principal, ctx }) => getVisitorForm(app, principal, ctx.params.formId),
  updateVisitorForm: ({ app, principal, ctx, body }) => updateVisitorForm(app, principal, ctx.params.formId, body),
  deleteVisitorForm: ({ app, principal, ctx }) => deleteVisitorForm(app, principal, ctx.params.formId),
  formLink: ({ app, body }) => viewFormLink(app, body),
  submitFormLink: ({ app, ctx, body }) => submitFormLink(app, body, callerAddress(ctx.req, app.opts.trustedProxies)),
} satisfies Handlers<keyof typeof formRoutes>;
