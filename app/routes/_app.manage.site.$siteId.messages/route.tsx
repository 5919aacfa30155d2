/**
 * /manage/site/{id}/messages — messages the kiosk shows before sign-in, in order (groups spec §3
 * message: action, label, recipients, attachment, redisplay; §5: a title, content and an icon
 * character are required, and the checkbox label unless the message is only read; §9 redisplay
 * options, message files up to 50 MB). The content is rich text written with a small syntax (see
 * rich-text.server.ts), converted and sanitised here before it is saved (platform §5) — the
 * upstream sanitises it again — and what is shown is the saved HTML sanitised once more. Add, edit
 * (`?edit=<id>`, where the attachment is uploaded too), delete after confirming, move up or down,
 * remove an attachment; every form works without JavaScript; viewers see the list only.
 *
 * The attachment upload is a multipart post whose intent and message come before the file, so the
 * action knows the limit before reading it and stops reading at it (413 with the rule, never a
 * 500). The file is linked at the portal's `/files/{name}` (streamed with the user's token; a PDF
 * comes as a download).
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { parseSubmission } from "~/forms/submission";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { postedId, redirectWithNotice } from "~/features/action-outcome.server";
import { UploadForm } from "~/ui/fields";
import { UPLOAD_RULES, uploadSchema } from "~/features/manage/media-schemas";
import { isMultipart, readMultipartForm, shownFileUrl, unusableUpload, upstreamRefusal } from "~/features/manage/media.server";
import { htmlToRichText, isBlankHtml, messageContentHtml, sanitizeMessageHtml } from "~/features/manage/rich-text.server";
import { DeleteConfirm, MoveButtons } from "~/ui/rows";
import { ActionNotice } from "~/ui/notice";
import { asNotice } from "~/forms/action-result";
import { MESSAGE_ACTIONS, MESSAGE_REDISPLAY, messageRuleKey, messageSchema, toMessageDetails } from "~/features/manage/site-tabs";
import { movedOrder, requirePostedId, siteGroups, tabFailure, withMessagesShown } from "~/features/manage/site-tabs.server";
import { loadManagedSite, replyWith, requireSiteEditor, siteIdParam, upstreamFormErrors } from "~/features/manage/sites.server";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { ChoiceList, FormErrors, initialValues, SelectField, SubmitButton, TextAreaField, TextField, ValidatedForm } from "~/ui/form";
import { upstreamLoad } from "~/upstream/load.server";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

const FORM_FIELDS = ["icon", "title", "content", "action", "checkbox_label", "redisplay", "recipients", "recipient_group_ids"] as const;
const NOT_FOUND = "manage:messages.not_found";
/** The contract's cap on the saved HTML. */
const MAX_HTML = 20_000;
/** Redisplay choices in the order the spec lists them (groups spec §9). */
const REDISPLAY_ORDER = ["12_hours", "1_day", "3_days", "5_days", "1_week", "1_month", "3_months", "6_months", "1_year", "when_updated", "every_time"] as const satisfies readonly (typeof MESSAGE_REDISPLAY)[number][];

type Attachment = { url: string | null; kind: string; size: number };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const { site, can } = await loadManagedSite(access, siteIdParam(params));
  const [messages, groups] = await Promise.all([upstreamLoad(access.viewer.api("siteMessages", { params: { siteId: site.id } })), siteGroups(access, site.id)]);
  const editParam = new URL(request.url).searchParams.get("edit");
  const editId = postedId(editParam);
  const editing = can.edit && editId !== null ? (messages.find((m) => m.id === editId) ?? null) : null;
  const attachmentOf = (a: (typeof messages)[number]["attachment"]): Attachment | null => (a ? { url: shownFileUrl(a.name), kind: a.kind, size: a.size } : null);
  return data(
    {
      title: `${t("manage:site.tab.messages")} · ${site.name} · Gatehouse`,
      site: { id: site.id, name: site.name },
      can,
      groups,
      // Shown as HTML only once sanitised here, whatever the upstream sent.
      messages: messages.map((m) => ({
        id: m.id,
        icon: m.icon,
        title: m.title,
        html: sanitizeMessageHtml(m.content),
        action: m.action,
        checkbox_label: m.checkbox_label,
        recipient_group_ids: m.recipient_group_ids,
        attachment: attachmentOf(m.attachment),
        redisplay: m.redisplay,
      })),
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

type ActionResult =
  | { intent: "create" | "update"; result: SubmissionResult<string[]>; error?: undefined }
  | { intent: "upload-attachment"; id: number; result: SubmissionResult<string[]>; error?: undefined }
  | { intent: "row"; error: string; result?: undefined };

/** A form result with one message on the file field (no submission to reply with: the read stopped). */
const fileError = (message: string): SubmissionResult<string[]> => ({ status: "error", initialValue: null, error: { file: [message] } });

/** The upstream's rule messages in the user's language where they are the contract's. */
const translated = (errors: Record<string, string[]>) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.map(messageRuleKey)]));

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, access, id } = await requireSiteEditor(request, params);
  const path = `/manage/site/${id}/messages`;
  const rowError = (status: number, error: string) => data<ActionResult>({ intent: "row", error }, { status });

  let form: FormData;
  if (isMultipart(request)) {
    // Only the attachment upload is multipart; its intent and message come before the file.
    const read = await readMultipartForm(request, (fields) => (fields.get("intent") === "upload-attachment" ? UPLOAD_RULES.attachment.maxBytes : null));
    if (!read.ok) {
      const messageId = postedId(read.fields.get("id") ?? null);
      if (read.reason === "too_large" && read.fields.get("intent") === "upload-attachment" && messageId !== null) {
        return data<ActionResult>({ intent: "upload-attachment", id: messageId, result: fileError(UPLOAD_RULES.attachment.tooLarge) }, { status: 413 });
      }
      throw unusableUpload(read);
    }
    form = read.form;
  } else {
    form = await request.formData();
  }
  const intent = form.get("intent");

  if (intent === "create" || intent === "update") {
    const messageId = intent === "update" ? requirePostedId(form.get("id")) : null;
    const submission = parseSubmission(form, { schema: messageSchema });
    // A message about one element (`recipient_group_ids[0]`) goes on the list.
    if (submission.status !== "success") return data<ActionResult>({ intent, result: withMessagesShown(submission.reply(), FORM_FIELDS) }, { status: 400 });
    const v = submission.value;
    // Converted and sanitised before it leaves the portal; nothing visible left is no content.
    const content = messageContentHtml(v.content);
    if (isBlankHtml(content)) return data<ActionResult>({ intent, result: submission.reply({ fieldErrors: { content: ["manage:messages.validation.content_required"] } }) }, { status: 400 });
    if (content.length > MAX_HTML) return data<ActionResult>({ intent, result: submission.reply({ fieldErrors: { content: ["manage:validation.too_long"] } }) }, { status: 400 });
    // Without a list of groups to choose from, an edit keeps the recipients the message had.
    const groupsOffered = (await siteGroups(access, id)) !== null;
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
      if (messageId === null) await viewer.api("createSiteMessage", { params: { siteId: id }, body });
      else await viewer.api("updateSiteMessage", { params: { siteId: id, messageId }, body });
    } catch (err) {
      const errors = upstreamFormErrors(err, FORM_FIELDS);
      if (errors) return data<ActionResult>({ intent, result: replyWith(submission, translated(errors)) }, { status: 422 });
      const failure = tabFailure(err, NOT_FOUND);
      return rowError(failure.status, failure.message);
    }
    return redirectWithNotice(request, viewer, path, { key: messageId === null ? "manage:messages.added" : "manage:messages.saved", values: { title: v.title }, tone: "success" });
  }

  if (intent === "upload-attachment") {
    const messageId = requirePostedId(form.get("id"));
    const submission = parseSubmission(form, { schema: uploadSchema("attachment") });
    if (submission.status !== "success") return data<ActionResult>({ intent, id: messageId, result: submission.reply() }, { status: 400 });
    const file = submission.value.file as File;
    let title: string;
    try {
      ({ title } = await viewer.api("uploadSiteMessageAttachment", { params: { siteId: id, messageId }, file: { name: file.name, type: file.type, data: file } }));
    } catch (err) {
      // A 403 is the Forbidden page; a 413 the rule on the file field.
      const refusal = upstreamRefusal(err);
      if (refusal?.status === 413) return data<ActionResult>({ intent, id: messageId, result: replyWith(submission, { file: [UPLOAD_RULES.attachment.tooLarge] }) }, { status: 413 });
      if (refusal) return rowError(404, NOT_FOUND);
      const errors = upstreamFormErrors(err, ["file"]);
      if (errors) return data<ActionResult>({ intent, id: messageId, result: replyWith(submission, translated(errors)) }, { status: 422 });
      const failure = tabFailure(err, NOT_FOUND);
      return rowError(failure.status, failure.message);
    }
    return redirectWithNotice(request, viewer, `${path}?edit=${messageId}`, { key: "manage:messages.attachment_saved", values: { title }, tone: "success" });
  }

  if (intent === "remove-attachment") {
    const messageId = requirePostedId(form.get("id"));
    let title: string;
    try {
      ({ title } = await viewer.api("deleteSiteMessageAttachment", { params: { siteId: id, messageId } }));
    } catch (err) {
      const failure = tabFailure(err, NOT_FOUND);
      return rowError(failure.status, failure.message);
    }
    return redirectWithNotice(request, viewer, path, { key: "manage:messages.attachment_removed", values: { title }, tone: "success" });
  }

  if (intent === "move" || intent === "delete") {
    const messageId = requirePostedId(form.get("id"));
    const direction = intent === "move" ? form.get("direction") : null;
    const messages = await viewer.api("siteMessages", { params: { siteId: id } });
    const message = messages.find((m) => m.id === messageId);
    const order = intent === "move" ? movedOrder(messages.map((m) => m.id), messageId, direction) : null;
    if (!message) return rowError(404, NOT_FOUND);
    try {
      if (intent === "move") await viewer.api("reorderSiteMessages", { params: { siteId: id }, body: { ids: order! } });
      else await viewer.api("deleteSiteMessage", { params: { siteId: id, messageId } });
    } catch (err) {
      const failure = tabFailure(err, NOT_FOUND);
      return rowError(failure.status, failure.message);
    }
    return redirectWithNotice(request, viewer, path, { key: intent === "move" ? "manage:messages.moved" : "manage:messages.deleted", values: { title: message.title }, tone: "success" });
  }

  throw new Response("Bad request", { status: 400 });
}

/** A file's size in the user's language ("1.2 MB", "1,2 MB", "340 kB"…). */
function fileSize(bytes: number, language: string): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), "megabyte"] : bytes >= 1024 ? [bytes / 1024, "kilobyte"] : [bytes, "byte"];
  try {
    return new Intl.NumberFormat(language.replace("_", "-"), { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
  } catch {
    return `${bytes} B`;
  }
}

export default function MessagesTab() {
  const { site, can, groups, messages, editing, editMissing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const { t, i18n } = useTranslation("manage");
  const path = `/manage/site/${site.id}/messages`;
  const groupName = new Map((groups ?? []).map((g) => [g.id, g.name]));
  return (
    <>
      <h2>{t("site.tab.messages")}</h2>
      <p className="hint">{t("messages.intro")}</p>
      <ActionNotice notice={asNotice(actionData?.intent === "row" ? actionData.error : editMissing ? NOT_FOUND : null)} />
      {messages.length === 0 ? (
        <p className="empty-state">{t("messages.empty")}</p>
      ) : (
        <ol className="message-list" aria-label={t("messages.list", { count: messages.length })}>
          {messages.map((m, i) => (
            <li key={m.id} className="message-card" aria-current={editing?.id === m.id ? "true" : undefined}>
              <h3>
                <span className="message-card__icon" aria-hidden="true">
                  {m.icon}
                </span>{" "}
                {m.title}
              </h3>
              <div className="message-card__content rich-text" dangerouslySetInnerHTML={{ __html: m.html }} />
              {m.action === "acknowledge" ? (
                <p className="message-card__checkbox">
                  <span aria-hidden="true">☐ </span>
                  <span className="visually-hidden">{t("messages.checkbox_shown")} </span>
                  {m.checkbox_label}
                </p>
              ) : m.action === "sign" ? (
                <p className="message-card__checkbox">
                  <span aria-hidden="true">✍ </span>
                  <span className="visually-hidden">{t("messages.signature_shown")} </span>
                  {m.checkbox_label}
                </p>
              ) : null}
              <dl className="message-card__details">
                <div>
                  <dt>{t("messages.action_shown")}</dt>
                  <dd>{t(`messages.action.${m.action}`)}</dd>
                </div>
                <div>
                  <dt>{t("messages.recipients_shown")}</dt>
                  <dd>
                    {m.recipient_group_ids === null
                      ? t("messages.recipients_every")
                      : m.recipient_group_ids.map((gid) => groupName.get(gid) ?? t("customfields.group_elsewhere", { id: gid })).join(", ")}
                  </dd>
                </div>
                <div>
                  <dt>{t("messages.attachment_shown")}</dt>
                  <dd>
                    {m.attachment ? (
                      <>
                        {m.attachment.url ? (
                          <a href={m.attachment.url} target="_blank" rel="noopener noreferrer">
                            {t("messages.attachment_open")}
                            <span className="visually-hidden"> “{m.title}”</span>
                          </a>
                        ) : (
                          t("messages.attachment_not_shown")
                        )}{" "}
                        <span className="muted">({t("messages.attachment_about", { kind: t(`messages.attachment_kind.${m.attachment.kind}`), size: fileSize(m.attachment.size, i18n.language) })})</span>
                        {can.edit ? (
                          <Form method="post" action={path} preventScrollReset className="message-card__remove">
                            <input type="hidden" name="id" value={m.id} />
                            <SubmitButton name="intent" value="remove-attachment" variant="secondary">
                              {t("messages.attachment_remove")}
                              <span className="visually-hidden"> “{m.title}”</span>
                            </SubmitButton>
                          </Form>
                        ) : null}
                      </>
                    ) : (
                      t("messages.attachment_none")
                    )}
                  </dd>
                </div>
              </dl>
              <p className="muted">{t("messages.redisplay_shown", { when: t(`messages.redisplay.${m.redisplay}`) })}</p>
              {can.edit ? (
                <div className="row-actions__group">
                  <Link className="button button--secondary" to={`${path}?edit=${m.id}`} preventScrollReset>
                    {t("fields_common.edit")}
                    <span className="visually-hidden"> “{m.title}”</span>
                  </Link>
                  <MoveButtons action={path} id={m.id} name={m.title} first={i === 0} last={i === messages.length - 1} />
                  <DeleteConfirm action={path} id={m.id} name={m.title} question={t("messages.delete_question", { title: m.title })} confirm={t("messages.delete_confirm")} />
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {can.edit ? (
        // A new key once the list changes, so the add form starts empty again after a message is added.
        <MessageForm key={editing ? `edit-${editing.id}` : `new-${messages.map((m) => m.id).join("-")}`} path={path} editing={editing} groups={groups} actionData={actionData} />
      ) : null}
      {can.edit && editing ? (
        <AttachmentForm
          key={`${editing.id}-${editing.attachment?.url ?? "none"}`}
          path={path}
          message={editing}
          result={actionData?.intent === "upload-attachment" && actionData.id === editing.id ? actionData.result : undefined}
        />
      ) : null}
    </>
  );
}

type MessageValues = {
  icon: string | undefined;
  title: string | undefined;
  content: string | undefined;
  action: string | undefined;
  checkbox_label: string | undefined;
  redisplay: string | undefined;
  recipients: string | undefined;
  recipient_group_ids: string[] | undefined;
};

type Editing = {
  id: number;
  title: string;
  recipient_group_ids: string[];
  attachment: Attachment | null;
} & Omit<MessageValues, "recipient_group_ids">;

function MessageForm({
  path,
  editing,
  groups,
  actionData,
}: {
  path: string;
  editing: Editing | null;
  groups: { id: number; name: string }[] | null;
  actionData: ActionResult | undefined;
}) {
  const { t } = useTranslation("manage");
  const intent = editing ? "update" : "create";
  const [form, fields] = useForm<MessageValues, any>({
    id: `site-message-${editing?.id ?? "new"}`,
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
    defaultValue: editing
      ? {
          icon: editing.icon,
          title: editing.title,
          content: editing.content,
          action: editing.action,
          checkbox_label: editing.checkbox_label,
          redisplay: editing.redisplay,
          recipients: editing.recipients,
          recipient_group_ids: editing.recipient_group_ids,
        }
      : { redisplay: "when_updated", action: "acknowledge", recipients: "every" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: messageSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // Groups a stored message names that are not shown at this site stay listed, so saving keeps them.
  const groupChoices = groups
    ? [...groups, ...(editing?.recipient_group_ids ?? []).map(Number).filter((id) => !groups.some((g) => g.id === id)).map((id) => ({ id, name: t("customfields.group_elsewhere", { id }) }))]
    : null;
  return (
    <section className="tab-section" aria-labelledby="message-form-heading">
      <h3 id="message-form-heading">{editing ? t("messages.edit_heading", { title: editing.title }) : t("messages.add_heading")}</h3>
      {/* An edit posts to its own URL, so a refused one (also without JavaScript) comes back to it. */}
      <ValidatedForm form={form} action={editing ? `${path}?edit=${editing.id}` : path} preventScrollReset>
        <FormErrors formId={form.id} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <TextField field={fields.icon} label={t("messages.field.icon")} hint={t("messages.field.icon_hint")} autoComplete="off" />
        <TextField field={fields.title} label={t("messages.field.title")} autoComplete="off" />
        <TextAreaField field={fields.content} label={t("messages.field.content")} hint={t("messages.field.content_hint")} rows={8} />
        <ChoiceList
          legend={t("messages.field.action")}
          name={fields.action.name}
          type="radio"
          idPrefix={`${form.id}-action`}
          choices={MESSAGE_ACTIONS.map((a) => ({ value: a, label: t(`messages.action.${a}`), hint: t(`messages.action_hint.${a}`) }))}
          checked={initialValues(fields.action.initialValue)}
          errorId={fields.action.errorId}
          errors={fields.action.errors}
        />
        <TextField field={fields.checkbox_label} label={t("messages.field.checkbox_label")} hint={t("messages.field.checkbox_label_hint")} autoComplete="off" />
        {groupChoices ? (
          <>
            <ChoiceList
              legend={t("messages.field.recipients")}
              name={fields.recipients.name}
              type="radio"
              idPrefix={`${form.id}-recipients`}
              choices={[
                { value: "every", label: t("messages.recipients_choice.every") },
                { value: "chosen", label: t("messages.recipients_choice.chosen") },
              ]}
              checked={initialValues(fields.recipients.initialValue)}
              errorId={fields.recipients.errorId}
              errors={fields.recipients.errors}
            />
            <ChoiceList
              legend={t("messages.field.recipient_groups")}
              name={fields.recipient_group_ids.name}
              type="checkbox"
              idPrefix={`${form.id}-group`}
              choices={groupChoices.map((g) => ({ value: String(g.id), label: g.name }))}
              checked={initialValues(fields.recipient_group_ids.initialValue)}
              errorId={fields.recipient_group_ids.errorId}
              errors={fields.recipient_group_ids.errors}
              before={
                <p className="hint">
                  {groupChoices.length === 0 ? t("customfields.no_groups") : t("messages.field.recipient_groups_hint")}
                </p>
              }
            />
          </>
        ) : null}
        <SelectField field={fields.redisplay} label={t("messages.field.redisplay")}>
          {REDISPLAY_ORDER.map((r) => (
            <option key={r} value={r}>
              {t(`messages.redisplay_option.${r}`)}
            </option>
          ))}
        </SelectField>
        <div className="actions">
          <SubmitButton name="intent" value={intent}>
            {editing ? t("messages.save") : t("messages.add")}
          </SubmitButton>
          {editing ? (
            <Link to={path} preventScrollReset>
              {t("fields_common.cancel")}
            </Link>
          ) : null}
        </div>
      </ValidatedForm>
    </section>
  );
}

/** The message's attachment on its edit view: what it has, and a new one to upload (replacing it). */
function AttachmentForm({ path, message, result }: { path: string; message: Editing; result: SubmissionResult<string[]> | undefined }) {
  const { t, i18n } = useTranslation("manage");
  const editPath = `${path}?edit=${message.id}`;
  const a = message.attachment;
  return (
    <section className="tab-section media-section" aria-labelledby="message-attachment-heading">
      <h3 id="message-attachment-heading">{t("messages.attachment_heading", { title: message.title })}</h3>
      <p className={a ? undefined : "muted"}>
        {a ? (
          <>
            {a.url ? (
              <a href={a.url} target="_blank" rel="noopener noreferrer">
                {t("messages.attachment_open")}
              </a>
            ) : (
              t("messages.attachment_not_shown")
            )}{" "}
            <span className="muted">({t("messages.attachment_about", { kind: t(`messages.attachment_kind.${a.kind}`), size: fileSize(a.size, i18n.language) })})</span>
          </>
        ) : (
          t("messages.attachment_none")
        )}
      </p>
      <UploadForm
        id={`message-attachment-${message.id}`}
        schema={uploadSchema("attachment")}
        accept={UPLOAD_RULES.attachment.accept}
        action={editPath}
        intent="upload-attachment"
        hidden={{ id: message.id }}
        lastResult={result}
        label={t("messages.attachment_field")}
        hint={t("media.attachment_hint")}
        submitLabel={t("messages.attachment_upload")}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
