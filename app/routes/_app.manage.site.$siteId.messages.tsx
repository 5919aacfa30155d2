/**
 * /manage/site/{id}/messages — messages the kiosk shows before sign-in, in order (groups spec §3
 * message; §5: a title, content, an icon character and a checkbox label are required; §9 redisplay
 * options). The content is rich text written with a small syntax (see rich-text.server.ts),
 * converted and sanitised here before it is saved (platform §5) — the upstream sanitises it again —
 * and what is shown is the saved HTML sanitised once more. Add, edit (`?edit=<id>`), delete after
 * confirming, move up or down; every form works without JavaScript; viewers see the list only.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { postedId, redirectWithNotice } from "~/features/action-outcome.server";
import { htmlToRichText, isBlankHtml, messageContentHtml, sanitizeMessageHtml } from "~/features/manage/rich-text.server";
import { DeleteConfirm, MoveButtons, TabError } from "~/features/manage/site-tab-ui";
import { MESSAGE_REDISPLAY, messageSchema } from "~/features/manage/site-tabs";
import { movedOrder, requirePostedId, tabFailure } from "~/features/manage/site-tabs.server";
import { loadManagedSite, replyWith, requireSiteEditor, siteIdParam, upstreamFormErrors } from "~/features/manage/sites.server";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { FormErrors, SelectField, SubmitButton, TextAreaField, TextField, ValidatedForm } from "~/ui/form";
import { upstreamLoad } from "~/upstream/load.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Gatehouse" }];

const FORM_FIELDS = ["icon", "title", "content", "checkbox_label", "redisplay"] as const;
const NOT_FOUND = "manage:messages.not_found";
/** The contract's cap on the saved HTML. */
const MAX_HTML = 20_000;
/** Redisplay choices in the order the spec lists them (groups spec §9). */
const REDISPLAY_ORDER = ["12_hours", "1_day", "3_days", "5_days", "1_week", "1_month", "3_months", "6_months", "1_year", "when_updated", "every_time"] as const satisfies readonly (typeof MESSAGE_REDISPLAY)[number][];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const { site, can } = await loadManagedSite(access, siteIdParam(params));
  const messages = await upstreamLoad(access.viewer.api("siteMessages", { params: { siteId: site.id } }));
  const editParam = new URL(request.url).searchParams.get("edit");
  const editId = postedId(editParam);
  const editing = can.edit && editId !== null ? (messages.find((m) => m.id === editId) ?? null) : null;
  return data(
    {
      title: `${t("manage:site.tab.messages")} · ${site.name} · Gatehouse`,
      site: { id: site.id, name: site.name },
      can,
      // Shown as HTML only once sanitised here, whatever the upstream sent.
      messages: messages.map((m) => ({ id: m.id, icon: m.icon, title: m.title, html: sanitizeMessageHtml(m.content), checkbox_label: m.checkbox_label, redisplay: m.redisplay })),
      editing: editing ? { id: editing.id, icon: editing.icon, title: editing.title, content: htmlToRichText(editing.content), checkbox_label: editing.checkbox_label, redisplay: editing.redisplay } : null,
      editMissing: can.edit && editParam !== null && !editing,
    },
    { headers: access.headers },
  );
}

type ActionResult = { intent: "create" | "update"; result: SubmissionResult<string[]>; error?: undefined } | { intent: "row"; error: string; result?: undefined };

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, id } = await requireSiteEditor(request, params);
  const form = await request.formData();
  const intent = form.get("intent");
  const path = `/manage/site/${id}/messages`;
  const rowError = (status: number, error: string) => data<ActionResult>({ intent: "row", error }, { status });

  if (intent === "create" || intent === "update") {
    const messageId = intent === "update" ? requirePostedId(form.get("id")) : null;
    const submission = parseWithZod(form, { schema: messageSchema });
    if (submission.status !== "success") return data<ActionResult>({ intent, result: submission.reply() }, { status: 400 });
    const v = submission.value;
    // Converted and sanitised before it leaves the portal; nothing visible left is no content.
    const content = messageContentHtml(v.content);
    if (isBlankHtml(content)) return data<ActionResult>({ intent, result: submission.reply({ fieldErrors: { content: ["manage:messages.validation.content_required"] } }) }, { status: 400 });
    if (content.length > MAX_HTML) return data<ActionResult>({ intent, result: submission.reply({ fieldErrors: { content: ["manage:validation.too_long"] } }) }, { status: 400 });
    const body = { icon: v.icon, title: v.title, content, checkbox_label: v.checkbox_label, redisplay: v.redisplay };
    try {
      if (messageId === null) await viewer.api("createSiteMessage", { params: { siteId: id }, body });
      else await viewer.api("updateSiteMessage", { params: { siteId: id, messageId }, body });
    } catch (err) {
      const errors = upstreamFormErrors(err, FORM_FIELDS);
      if (errors) return data<ActionResult>({ intent, result: replyWith(submission, errors) }, { status: 422 });
      const failure = tabFailure(err, NOT_FOUND);
      return rowError(failure.status, failure.message);
    }
    return redirectWithNotice(request, viewer, path, { key: messageId === null ? "manage:messages.added" : "manage:messages.saved", values: { title: v.title }, tone: "success" });
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

export default function MessagesTab() {
  const { site, can, messages, editing, editMissing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const { t } = useTranslation("manage");
  const path = `/manage/site/${site.id}/messages`;
  return (
    <>
      <h2>{t("site.tab.messages")}</h2>
      <p className="hint">{t("messages.intro")}</p>
      <TabError message={actionData?.intent === "row" ? actionData.error : editMissing ? NOT_FOUND : null} />
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
              <p className="message-card__checkbox">
                <span aria-hidden="true">☐ </span>
                <span className="visually-hidden">{t("messages.checkbox_shown")} </span>
                {m.checkbox_label}
              </p>
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
        <MessageForm key={editing ? `edit-${editing.id}` : `new-${messages.map((m) => m.id).join("-")}`} path={path} editing={editing} actionData={actionData} />
      ) : null}
    </>
  );
}

type MessageValues = { icon: string | undefined; title: string | undefined; content: string | undefined; checkbox_label: string | undefined; redisplay: string | undefined };

function MessageForm({
  path,
  editing,
  actionData,
}: {
  path: string;
  editing: { id: number; icon: string; title: string; content: string; checkbox_label: string; redisplay: string } | null;
  actionData: ActionResult | undefined;
}) {
  const { t } = useTranslation("manage");
  const intent = editing ? "update" : "create";
  const [form, fields] = useForm<MessageValues, any>({
    id: `site-message-${editing?.id ?? "new"}`,
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
    defaultValue: editing ?? { redisplay: "when_updated" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: messageSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="tab-section" aria-labelledby="message-form-heading">
      <h3 id="message-form-heading">{editing ? t("messages.edit_heading", { title: editing.title }) : t("messages.add_heading")}</h3>
      <ValidatedForm form={form} action={path} preventScrollReset>
        <FormErrors formId={form.id} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <TextField field={fields.icon} label={t("messages.field.icon")} hint={t("messages.field.icon_hint")} autoComplete="off" />
        <TextField field={fields.title} label={t("messages.field.title")} autoComplete="off" />
        <TextAreaField field={fields.content} label={t("messages.field.content")} hint={t("messages.field.content_hint")} rows={8} />
        <TextField field={fields.checkbox_label} label={t("messages.field.checkbox_label")} hint={t("messages.field.checkbox_label_hint")} autoComplete="off" />
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
