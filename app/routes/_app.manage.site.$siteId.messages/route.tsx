/**
 * /manage/site/{id}/messages — messages the kiosk shows before sign-in, in order (groups spec §3
 * message: action, label, recipients, attachment, redisplay; §5: a title, content and an icon
 * character are required, and the checkbox label unless the message is only read; §9 redisplay
 * options, message files up to 50 MB). The content is rich text written with a small syntax (see
 * rich-text.server.ts), converted and sanitised before it is saved (platform §5) — the upstream
 * sanitises it again — and what is shown is the saved HTML sanitised once more. Add, edit
 * (`?edit=<id>`, where the attachment is uploaded too), delete after confirming, move up or down,
 * remove an attachment; every form works without JavaScript; viewers see the list only.
 *
 * The attachment upload is a multipart post whose intent and message come before the file, so the
 * action knows the limit before reading it and stops reading at it (413 with the rule, never a
 * 500). The file is linked at the portal's `/files/{name}` (streamed with the user's token; a PDF
 * comes as a download).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { asNotice, pageNotice, resultFor } from "~/forms/action-result";
import { postedId } from "~/forms/action-result.server";
import { shownFileUrl } from "~/features/manage/media.server";
import { htmlToRichText, sanitizeMessageHtml } from "~/features/manage/rich-text.server";
import { siteGroups } from "~/features/manage/site-tabs.server";
import { loadManagedSite, siteIdParam } from "~/features/manage/sites.server";
import { siteTabAction } from "~/features/manage/site-tab-action.server";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { upstreamLoad } from "~/upstream/load.server";
import { create, move, NOT_FOUND, remove, removeAttachment, update, uploadAttachment } from "./actions.server";
import { AttachmentForm, type Attachment } from "./attachment";
import { MessageCard, type ShownMessage } from "./message-card";
import { MessageForm } from "./message-form";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "sites")]);
  const { site, can } = await loadManagedSite(access, siteIdParam(params));
  const [messages, groups] = await Promise.all([upstreamLoad(access.viewer.api("siteMessages", { params: { siteId: site.id } })), siteGroups(access, site.id)]);
  const editParam = new URL(request.url).searchParams.get("edit");
  const editId = postedId(editParam);
  const editing = can.edit && editId !== null ? (messages.find((m) => m.id === editId) ?? null) : null;
  const attachmentOf = (a: (typeof messages)[number]["attachment"]): Attachment | null => (a ? { url: shownFileUrl(a.name), kind: a.kind, size: a.size } : null);
  return data(
    {
      title: `${t("site.tab.messages")} · ${site.name} · Gatehouse`,
      site: { id: site.id, name: site.name },
      can,
      groups,
      // Shown as HTML only once sanitised here, whatever the upstream sent.
      messages: messages.map(
        (m): ShownMessage => ({
          id: m.id,
          icon: m.icon,
          title: m.title,
          html: sanitizeMessageHtml(m.content),
          action: m.action,
          checkbox_label: m.checkbox_label,
          recipient_group_ids: m.recipient_group_ids,
          attachment: attachmentOf(m.attachment),
          redisplay: m.redisplay,
        }),
      ),
      editing: editing
        ? {
            id: editing.id,
            icon: editing.icon,
            title: editing.title,
            content: htmlToRichText(editing.content),
            action: editing.action,
            checkbox_label: editing.checkbox_label ?? "",
            redisplay: editing.redisplay,
            recipients: editing.recipient_group_ids === null ? "every" : "chosen",
            recipient_group_ids: (editing.recipient_group_ids ?? []).map(String),
            attachment: attachmentOf(editing.attachment),
          }
        : null,
      editMissing: can.edit && editParam !== null && !editing,
    },
    { headers: access.headers },
  );
}

/** Only the attachment upload is multipart; its intent and message come before the file. */
export const action = (args: ActionFunctionArgs) =>
  siteTabAction(args, { create, update, "upload-attachment": uploadAttachment, "remove-attachment": removeAttachment, move, delete: remove }, (fields) => {
    const row = postedId(fields.get("id"));
    return fields.get("intent") === "upload-attachment" && row !== null ? { form: { intent: "upload-attachment", row }, kind: "attachment" } : null;
  });

export default function MessagesTab() {
  const { site, can, groups, messages, editing, editMissing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("sites");
  const path = `/manage/site/${site.id}/messages`;
  const groupName = new Map((groups ?? []).map((g) => [g.id, g.name]));
  return (
    <>
      <h2>{t("site.tab.messages")}</h2>
      <p className="hint">{t("messages.intro")}</p>
      <ActionNotice notice={pageNotice(actionData) ?? asNotice(editMissing ? NOT_FOUND : null)} />
      {messages.length === 0 ? (
        <p className="empty-state">{t("messages.empty")}</p>
      ) : (
        <ol className="message-list" aria-label={t("messages.list", { count: messages.length })}>
          {messages.map((m, i) => (
            <MessageCard key={m.id} message={m} path={path} editable={can.edit} editing={editing?.id === m.id} first={i === 0} last={i === messages.length - 1} groupName={groupName} />
          ))}
        </ol>
      )}
      {can.edit ? (
        // A new key once the list changes, so the add form starts empty again after a message is added.
        <MessageForm
          key={editing ? `edit-${editing.id}` : `new-${messages.map((m) => m.id).join("-")}`}
          path={path}
          editing={editing}
          groups={groups}
          lastResult={resultFor(actionData, editing ? "update" : "create", editing?.id ?? null)}
        />
      ) : null}
      {can.edit && editing ? (
        <AttachmentForm key={`${editing.id}-${editing.attachment?.url ?? "none"}`} path={path} message={editing} result={resultFor(actionData, "upload-attachment", editing.id)} />
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
