/**
 * A group's Slack connection as its notifications tab shows it (ADR 016): not connected (connect
 * Slack), or connected — the workspace, the channel sign-ins are posted to, the state (posting,
 * failing and why, or needing to be connected again), the last message — with the editor's forms:
 * choose the channel, send a test message, disconnect (or connect again). Read-only for a viewer.
 * No JavaScript needed.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import type { GroupSlack } from "@contract";
import { Facts, IntentButtons } from "~/features/groups/integration-parts";
import { FormErrors, SelectField, SubmitButton, ValidatedForm } from "~/ui/form";
import { channelSchema } from "./schema";

export function SlackPanel({
  slack,
  action,
  editable,
  lastChannel,
  lastMessageText,
}: {
  /** The connection, or null when it cannot be read just now. */
  slack: GroupSlack | null;
  action: string;
  editable: boolean;
  lastChannel: SubmissionResult<string[]> | undefined;
  /** The last message that reached Slack, written out for the user's zone and language (null: none). */
  lastMessageText: string | null;
}) {
  const { t } = useTranslation("groups");
  const [form, fields] = useForm<{ channel_id: string | undefined }, any>({
    id: "slack-channel",
    lastResult: lastChannel,
    defaultValue: { channel_id: slack?.channel?.id ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: channelSchema }),
    shouldValidate: "onSubmit",
  });
  if (!slack) return <p className="warning">{t("slack.unavailable")}</p>;
  if (slack.status === "none") {
    return (
      <>
        <p>{t("slack.none")}</p>
        {editable ? <IntentButtons action={action} buttons={[{ intent: "connect", label: t("slack.connect"), variant: "primary" }]} /> : null}
      </>
    );
  }
  const reason = slack.error ? t(`slack.error.${slack.error}`) : "";
  const state =
    slack.status === "reconnect"
      ? t("slack.status.reconnect", { reason })
      : slack.status === "error"
        ? t("slack.status.error", { reason })
        : t(slack.channel ? "slack.status.connected" : "slack.status.no_channel");
  // The chosen channel stays choosable when Slack could not list the channels just now.
  const channels = slack.channel && !slack.channels.some((c) => c.id === slack.channel!.id) ? [slack.channel, ...slack.channels] : slack.channels;
  return (
    <>
      <Facts
        facts={[
          { term: t("slack.fact.workspace"), value: slack.workspace ?? "" },
          { term: t("slack.fact.channel"), value: slack.channel ? `#${slack.channel.name}` : t("slack.not_chosen") },
          { term: t("slack.fact.status"), value: state, error: slack.status !== "connected" },
          { term: t("slack.fact.last_message"), value: lastMessageText ?? t("slack.never") },
        ]}
      />
      {editable && slack.status === "reconnect" ? (
        <IntentButtons
          action={action}
          buttons={[
            { intent: "connect", label: t("slack.reconnect"), variant: "primary" },
            { intent: "disconnect", label: t("slack.disconnect") },
          ]}
        />
      ) : editable ? (
        <>
          <ValidatedForm form={form} action={action}>
            <FormErrors formId={form.id} />
            <SelectField field={fields.channel_id} label={t("slack.field.channel")} hint={t("slack.field.channel_hint")}>
              <option value="">{t("slack.choose_channel")}</option>
              {channels.map((c) => (
                <option key={c.id} value={c.id}>
                  #{c.name}
                </option>
              ))}
            </SelectField>
            <div className="actions">
              <SubmitButton name="intent" value="channel">
                {t("slack.save_channel")}
              </SubmitButton>
            </div>
          </ValidatedForm>
          <IntentButtons
            action={action}
            buttons={[...(slack.channel ? [{ intent: "test", label: t("slack.test") }] : []), { intent: "disconnect", label: t("slack.disconnect") }]}
          />
        </>
      ) : null}
    </>
  );
}
