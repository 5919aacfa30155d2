/**
 * The member editor's actions, one handler per intent (each tab posts its own): parse with the
 * form's schema → `invalid`; call the upstream → `refused`; `done` back to the tab with a notice.
 * A tab's intents are only accepted on that tab.
 */
import type { z } from "zod";
import type { MemberTab, MemberUpdate } from "@contract";
import { MEMBER_NOTIFICATIONS } from "@contract";
import { done, invalid, refused, requirePostedId } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { memberPath, MEMBER_NOT_FOUND, type MemberTabAction } from "./member.server";
import {
  centralRecordSchema,
  contactsRequest,
  contactsSchema,
  coreRequest,
  coreSchema,
  documentSchema,
  evacuationSchema,
  notificationsSchema,
  personalRequest,
  personalSchema,
  rfidSchema,
  securitySchema,
  spacesSchema,
  ticked,
  timeRequest,
  timeSchema,
} from "./schemas";
import { uploadSchema } from "~/features/manage/media-schemas";
import type { UploadTarget } from "~/features/manage/upload.server";

const SAVED = (a: MemberTabAction) => ({ key: "members:saved", values: { name: a.member.name }, tone: "success" as const });
const back = (a: MemberTabAction, tab: MemberTab) => memberPath(a.groupId, a.member.id, tab);

/** Save one tab's part: the form parsed by `schema`, sent as `body(value)`. */
async function saveTab<S extends Parameters<typeof parseSubmission>[1]["schema"]>(a: MemberTabAction, tab: MemberTab, intent: string, schema: S, body: (v: never) => MemberUpdate, fields: (f: string) => string | null) {
  const submission = parseSubmission(a.form, { schema });
  if (submission.status !== "success") return invalid({ intent }, submission);
  try {
    await a.viewer.api("updateMember", { params: { groupId: a.groupId, memberId: a.member.id }, body: body(submission.value as never) });
  } catch (err) {
    return refused(err, { intent, submission, fields, notFound: MEMBER_NOT_FOUND, upstreamFailed: "members:errors.save_failed" });
  }
  return done(a.request, a.viewer, back(a, tab), SAVED(a));
}

/** An upstream field name to the form's: `core.name` is `name`; `emergency_contacts.0.phone` is `contacts[0].phone`. */
const lastPart = (f: string) => f.replace(/^(core|evacuation|spaces|central_record|notifications|permissions|time_and_attendance)\./, "");
const contactField = (f: string) => {
  const m = /^emergency_contacts\.(\d+)\.(\w+)$/.exec(f);
  return m ? `contacts[${m[1]}].${m[2]}` : null;
};
const personalField = (f: string) => {
  const m = /^personal\.(\d+)$/.exec(f);
  return m ? `f${m[1]}` : null;
};

export const HANDLERS: Record<MemberTab, Record<string, (a: MemberTabAction) => Promise<unknown>>> = {
  "central-record": {
    "save-central-record": (a) => saveTab(a, "central-record", "save-central-record", centralRecordSchema, (v: { record_id?: string }) => ({ central_record: { record_id: v.record_id ?? null } }), (f) => (f.startsWith("central_record") ? "record_id" : null)),
  },
  details: {
    "save-core": (a) => saveTab(a, "details", "save-core", coreSchema, (v) => ({ core: coreRequest(v) }), (f) => lastPart(f)),
    "save-contacts": (a) => saveTab(a, "details", "save-contacts", contactsSchema, (v) => ({ emergency_contacts: contactsRequest(v) }), contactField),
    "save-personal": (a) => saveTab(a, "details", "save-personal", personalSchema(a.member.personal), (v: Record<string, unknown>) => ({ personal: personalRequest(a.member.personal, v) }), personalField),
  },
  notifications: {
    "save-notifications": (a) => saveTab(a, "notifications", "save-notifications", notificationsSchema, (v: Record<string, unknown>) => ({ notifications: ticked(MEMBER_NOTIFICATIONS, v) }), lastPart),
  },
  security: {
    "save-security": (a) => saveTab(a, "security", "save-security", securitySchema, (v: Record<string, unknown>) => ({ permissions: ticked(a.member.permissions_offered, v) }), lastPart),
  },
  evacuation: {
    "save-evacuation": (a) =>
      saveTab(a, "evacuation", "save-evacuation", evacuationSchema, (v: z.infer<typeof evacuationSchema>) => ({
        evacuation: { assistance: v.assistance, notes: v.notes ?? "", warden: v.warden === true, first_aider: v.first_aider === true },
      }), lastPart),
  },
  spaces: {
    "save-spaces": (a) => saveTab(a, "spaces", "save-spaces", spacesSchema, (v: { zones?: string[] }) => ({ spaces: { zones: [...new Set(v.zones ?? [])] } }), () => "zones"),
  },
  "time-and-attendance": {
    "save-time": (a) => saveTab(a, "time-and-attendance", "save-time", timeSchema, (v) => ({ time_and_attendance: timeRequest(v) }), (f) => lastPart(f).replace(/^rota\./, "").replace(/^adjustments\.(\d+)\./, "adjustments[$1].")),
  },
  documents: { "upload-document": uploadDocument, delete: deleteDocument },
  credentials: { "issue-qr": issueQr, "add-rfid": addRfid, delete: revoke },
  companion: { invite },
};

/** The file the documents tab takes (its intent comes before the file). */
export const uploadOf = (fields: Map<string, string>): UploadTarget | null => (fields.get("intent") === "upload-document" ? { form: { intent: "upload-document" }, kind: "document" } : null);

async function uploadDocument(a: MemberTabAction) {
  const intent = { intent: "upload-document" };
  const submission = parseSubmission(a.form, { schema: documentSchema.and(uploadSchema("document")) });
  if (submission.status !== "success") return invalid(intent, submission);
  const file = submission.value.file as File;
  try {
    await a.viewer.api("uploadMemberDocument", {
      params: { groupId: a.groupId, memberId: a.member.id },
      query: { title: submission.value.title, expires_on: submission.value.expires_on },
      file: { name: file.name, type: file.type, data: file },
    });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["title", "expires_on", "file"], notFound: MEMBER_NOT_FOUND, file: { field: "file", tooLarge: "groups:attachments.rules" }, upstreamFailed: "members:errors.upload_failed" });
  }
  return done(a.request, a.viewer, back(a, "documents"), { key: "members:documents.added", values: { title: submission.value.title }, tone: "success" });
}

async function deleteDocument(a: MemberTabAction) {
  const id = requirePostedId(a.form.get("id"));
  try {
    await a.viewer.api("deleteMemberDocument", { params: { groupId: a.groupId, memberId: a.member.id, documentId: id } });
  } catch (err) {
    return refused(err, { intent: "delete", row: id, notFound: "members:documents.gone" });
  }
  return done(a.request, a.viewer, back(a, "documents"), { key: "members:documents.deleted", tone: "success" });
}

async function issueQr(a: MemberTabAction) {
  try {
    await a.viewer.api("issueMemberCredential", { params: { groupId: a.groupId, memberId: a.member.id }, body: { kind: "qr" } });
  } catch (err) {
    return refused(err, { intent: "issue-qr", notFound: MEMBER_NOT_FOUND });
  }
  return done(a.request, a.viewer, back(a, "credentials"), { key: "members:credentials.qr_issued", values: { name: a.member.name }, tone: "success" });
}

async function addRfid(a: MemberTabAction) {
  const intent = { intent: "add-rfid" };
  const submission = parseSubmission(a.form, { schema: rfidSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  try {
    await a.viewer.api("issueMemberCredential", { params: { groupId: a.groupId, memberId: a.member.id }, body: { kind: "rfid", value: submission.value.value } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["value"], notFound: MEMBER_NOT_FOUND });
  }
  return done(a.request, a.viewer, back(a, "credentials"), { key: "members:credentials.rfid_added", values: { value: submission.value.value.toUpperCase() }, tone: "success" });
}

async function revoke(a: MemberTabAction) {
  const id = requirePostedId(a.form.get("id"));
  try {
    await a.viewer.api("revokeMemberCredential", { params: { groupId: a.groupId, memberId: a.member.id, credentialId: id } });
  } catch (err) {
    return refused(err, { intent: "delete", row: id, notFound: "members:credentials.gone" });
  }
  return done(a.request, a.viewer, back(a, "credentials"), { key: "members:credentials.revoked", tone: "success" });
}

async function invite(a: MemberTabAction) {
  try {
    await a.viewer.api("inviteMembers", { params: { groupId: a.groupId }, body: { ids: [a.member.id], bulk: false } });
  } catch (err) {
    return refused(err, { intent: "invite", notFound: MEMBER_NOT_FOUND });
  }
  return done(a.request, a.viewer, back(a, "companion"), { key: "members:companion.sent", values: { name: a.member.name }, tone: "success" });
}
