/**
 * The messages tab's actions, one handler per intent (the route's action is `siteTabAction`):
 * add, save, upload or remove the attachment, move, delete. Each parses its form with the schema the
 * browser uses, answers a refusal with `refused` (the one mapping of upstream refusals) and succeeds
 * with `done`. The content is converted and sanitised here before it leaves the portal.
 *
 * The attachment upload is a multipart post whose intent and message come before the file, so
 * the action (`siteTabAction` with `postedForm`) knows the limit before reading it and stops reading
 * at it (413 with the rule).
 */
import { answer, done, invalid, refused, requirePostedId } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { UPLOAD_RULES, uploadSchema } from "~/features/manage/media-schemas";
import { isBlankHtml, messageContentHtml } from "~/features/manage/rich-text.server";
import { deleteRow, moveRow } from "~/forms/row-changes.server";
import { siteGroups } from "~/features/manage/site-tabs.server";
import type { SiteTabAction } from "~/features/manage/sites.server";
import { MESSAGE_FIELDS, messageSchema, toMessageDetails } from "./schema";

export const NOT_FOUND = "sites:messages.not_found";
/** The contract's cap on the saved HTML. */
const MAX_HTML = 20_000;
const ATTACHMENT = { field: "file", tooLarge: UPLOAD_RULES.attachment.tooLarge };

const pathOf = (site: SiteTabAction["site"]) => `/manage/site/${site.id}/messages`;

/** Add a message (`messageId` null) or save one: its content as sanitised HTML, its recipients when groups are offered. */
async function save({ request, viewer, site, form }: SiteTabAction, messageId: number | null) {
  const intent = { intent: messageId === null ? "create" : "update", row: messageId };
  const submission = parseSubmission(form, { schema: messageSchema });
  // A message about one element (`recipient_group_ids[0]`) goes on the list.
  if (submission.status !== "success") return invalid(intent, submission, MESSAGE_FIELDS);
  const v = submission.value;
  // Converted and sanitised before it leaves the portal; nothing visible left is no content.
  const content = messageContentHtml(v.content);
  if (isBlankHtml(content)) return answer(intent, { result: submission.reply({ fieldErrors: { content: ["sites:messages.validation.content_required"] } }) }, 400);
  if (content.length > MAX_HTML) return answer(intent, { result: submission.reply({ fieldErrors: { content: ["common:validation.too_long"] } }) }, 400);
  // Without a list of groups to choose from, an edit keeps the recipients the message had.
  const groupsOffered = (await siteGroups({ viewer }, site.id)) !== null;
  const details = toMessageDetails(v);
  const body = {
    icon: v.icon,
    title: v.title,
    content,
    action: details.action,
    checkbox_label: details.checkbox_label,
    redisplay: v.redisplay,
    ...(groupsOffered ? { recipient_group_ids: details.recipient_group_ids } : {}),
  };
  try {
    if (messageId === null) await viewer.api("createSiteMessage", { params: { siteId: site.id }, body });
    else await viewer.api("updateSiteMessage", { params: { siteId: site.id, messageId }, body });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: MESSAGE_FIELDS, notFound: NOT_FOUND });
  }
  return done(request, viewer, pathOf(site), { key: messageId === null ? "sites:messages.added" : "sites:messages.saved", values: { title: v.title }, tone: "success" });
}

export const create = (args: SiteTabAction) => save(args, null);
export const update = (args: SiteTabAction) => save(args, requirePostedId(args.form.get("id")));

/** Upload a message's attachment (replacing the one it had); back to its edit view. */
export async function uploadAttachment({ request, viewer, site, form }: SiteTabAction) {
  const messageId = requirePostedId(form.get("id"));
  const intent = { intent: "upload-attachment", row: messageId };
  const submission = parseSubmission(form, { schema: uploadSchema("attachment") });
  if (submission.status !== "success") return invalid(intent, submission);
  const file = submission.value.file as File;
  let title: string;
  try {
    ({ title } = await viewer.api("uploadSiteMessageAttachment", { params: { siteId: site.id, messageId }, file: { name: file.name, type: file.type, data: file } }));
  } catch (err) {
    return refused(err, { ...intent, submission, fields: [ATTACHMENT.field], notFound: NOT_FOUND, file: ATTACHMENT });
  }
  return done(request, viewer, `${pathOf(site)}?edit=${messageId}`, { key: "sites:messages.attachment_saved", values: { title }, tone: "success" });
}

/** Remove a message's attachment. */
export async function removeAttachment({ request, viewer, site, form }: SiteTabAction) {
  const messageId = requirePostedId(form.get("id"));
  let title: string;
  try {
    ({ title } = await viewer.api("deleteSiteMessageAttachment", { params: { siteId: site.id, messageId } }));
  } catch (err) {
    return refused(err, { intent: "remove-attachment", row: messageId, notFound: NOT_FOUND });
  }
  return done(request, viewer, pathOf(site), { key: "sites:messages.attachment_removed", values: { title }, tone: "success" });
}

/** The site's messages, as their move and delete forms need them. */
const messageList = ({ viewer, site }: SiteTabAction) => ({ rows: () => viewer.api("siteMessages", { params: { siteId: site.id } }), notFound: NOT_FOUND, path: pathOf(site) });

/** Move a message up or down (the upstream gets the full new order). */
export const move = (args: SiteTabAction) =>
  moveRow(
    args,
    messageList(args),
    (ids) => args.viewer.api("reorderSiteMessages", { params: { siteId: args.site.id }, body: { ids } }),
    (m) => ({ key: "sites:messages.moved", values: { title: m.title }, tone: "success" }),
  );

/** Delete a message (and its attachment), once confirmed. */
export const remove = (args: SiteTabAction) =>
  deleteRow(
    args,
    messageList(args),
    (messageId) => args.viewer.api("deleteSiteMessage", { params: { siteId: args.site.id, messageId } }),
    (m) => ({ key: "sites:messages.deleted", values: { title: m.title }, tone: "success" }),
  );
