/**
 * A group's members: the members tab, the member editor, documents, credentials, and spreadsheets in and out (ADR 017, ADR 018).
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { memberIoRoutes, memberRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { issueMemberCredential, revokeMemberCredential } from "./credentials.ts";
import { deleteMemberDocument, uploadMemberDocument } from "./documents.ts";
import { archiveMembers, createMember, deleteMember, inviteMembers, multiEditMembers, updateMember } from "./editor.ts";
import { applyMemberImport, getMemberImport, previewMemberImport } from "./import.ts";
import { memberExport, memberTemplate } from "./io.ts";
import { getMember, listMembers } from "./view.ts";

export const memberHandlers = {
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
  // Members in and out as spreadsheets (issue 15 §3; ADR 018).
  memberTemplate: ({ app, principal, ctx }) => memberTemplate(app, principal, ctx),
  memberExport: ({ app, principal, ctx }) => memberExport(app, principal, ctx),
  previewMemberImport: ({ app, principal, ctx, body }) => previewMemberImport(app, principal, ctx.params.groupId, ctx.url, body),
  memberImport: ({ app, principal, ctx }) => getMemberImport(app, principal, ctx.params.groupId, ctx.params.importId, ctx.url),
  applyMemberImport: ({ app, principal, ctx, body }) => applyMemberImport(app, principal, ctx.params.groupId, ctx.params.importId, body),
} satisfies Handlers<keyof typeof memberRoutes | keyof typeof memberIoRoutes>;
