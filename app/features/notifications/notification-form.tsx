/**
 * The notification form (groups spec §3; ADR 028 "Configuration"): where (site, group), when (the
 * trigger), how (the channel) and to whom — recipients for email, SMS and phone calls, channels of
 * the connected Slack workspace, a Workflows URL for Teams, a URL and a Standard Webhooks secret
 * for a webhook — the subject, and the advanced filters (field, operator, value; all or any).
 * Without JavaScript every channel's fields show, each saying which channel it is for, and the
 * filters are a few blank rows plus "Add another filter" (a post that shows the form again with
 * one more row); with JavaScript only the chosen channel's fields show and rows are added in place.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "~/ui/schema-form";
import type { z } from "zod";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "@remix-run/react";
import type { NotificationOptions } from "@contract";
import {
  CUSTOM_FIELD_PREFIX,
  FILTER_FIELDS,
  FILTER_MATCHES,
  FILTER_OPERATORS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_LIMITS,
  NOTIFICATION_TRIGGERS,
  type NotificationChannel,
} from "@contract/notification-messages";
import { CheckField, ChoiceList, FieldErrors, FormErrors, initialValues, SelectField, SubmitButton, TextAreaField, TextField, useHydrated, ValidatedForm } from "~/ui/form";
import { NOTIFICATIONS_PATH } from "./paths";
import { blankFilters, notificationSchema } from "./schema";

type Section = "recipients" | "slack" | "url" | "secret" | "subject";
const SECTIONS: Record<Section, readonly NotificationChannel[]> = {
  recipients: ["email", "sms", "phone"],
  slack: ["slack"],
  url: ["teams", "webhook"],
  secret: ["webhook"],
  subject: ["email", "teams", "webhook"],
};

export function NotificationForm({
  id,
  action,
  intent,
  values,
  options,
  hasSecret,
  lastResult,
  saveLabel,
  isNew,
}: {
  id: string;
  action: string;
  intent: string;
  values: Record<string, unknown>;
  options: NotificationOptions;
  /** A webhook's secret is stored (edit): typing one replaces it, leaving it blank keeps it. */
  hasSecret: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
  saveLabel: string;
  isNew: boolean;
}) {
  const { t } = useTranslation("notifications");
  const hydrated = useHydrated();
  // Typed: the filters are a list of rows.
  const [form, fields] = useSchemaForm<z.input<typeof notificationSchema>>(id, notificationSchema, values, lastResult);
  const [channel, setChannel] = useState<string>(String(fields.channel.initialValue ?? values.channel ?? "email"));
  /** With JavaScript, a section shows only for its channels; without, every section shows with its hint. */
  const shown = (s: Section) => !hydrated || (SECTIONS[s] as readonly string[]).includes(channel);
  const forChannels = (s: Section) => (hydrated ? undefined : t("form.for_channels", { channels: SECTIONS[s].map((c) => t(`channel.${c}`)).join(", ") }));
  const slackMeta = fields.slack_channels as unknown as { initialValue?: unknown; errorId: string; errors?: string[] };
  const matchMeta = fields.filter_match as unknown as { initialValue?: unknown; errorId: string; errors?: string[] };
  const filterRows = fields.filters.getFieldList();
  const fixed = FILTER_FIELDS.map((f) => ({ value: f, label: t(`filter.field.${f}`) }));
  // A custom field named like a fixed one ("Company") is that field: offered once.
  const fixedLabels = new Set(fixed.map((f) => f.label.toLocaleLowerCase()));
  const fieldChoices = [...fixed, ...options.custom_fields.filter((l) => !fixedLabels.has(l.toLocaleLowerCase())).map((l) => ({ value: `${CUSTOM_FIELD_PREFIX}${l}`, label: l }))];
  const hint = (key: string, s: Section) => [t(key), forChannels(s)].filter(Boolean).join(" ");
  return (
    <ValidatedForm form={form} action={action} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <FormErrors formId={form.id} />
      <fieldset className="plain-fieldset">
        <legend className="visually-hidden">{t("form.when_legend")}</legend>
        <SelectField field={fields.trigger as never} label={t("form.trigger")} hint={t("form.trigger_hint")}>
          {NOTIFICATION_TRIGGERS.map((x) => (
            <option key={x} value={x}>
              {t(`trigger.${x}`)}
            </option>
          ))}
        </SelectField>
        <SelectField field={fields.site_id as never} label={t("form.site")}>
          {/* A user restricted to some sites cannot choose every site (the upstream refuses it). */}
          {options.every_site ? <option value="">{t("form.every_site")}</option> : null}
          {options.sites.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <SelectField field={fields.group_id as never} label={t("form.group")}>
          <option value="">{t("form.every_group")}</option>
          {options.groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </SelectField>
        <SelectField field={fields.channel as never} label={t("form.channel")} hint={t("form.channel_hint")} onChange={setChannel}>
          {NOTIFICATION_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {t(`channel.${c}`)}
            </option>
          ))}
        </SelectField>
      </fieldset>

      {shown("recipients") ? (
        <TextAreaField field={fields.recipients as never} label={t("form.recipients")} hint={hint("form.recipients_hint", "recipients")} rows={3} />
      ) : null}
      {shown("slack") ? (
        <ChoiceList
          legend={t("form.slack_channels")}
          before={
            <p className="hint">
              {options.slack.status === "none" ? (
                <>
                  {t("form.slack_connect_first")} <Link to={`${NOTIFICATIONS_PATH}#slack`}>{t("form.slack_connect_link")}</Link>
                </>
              ) : (
                t("form.slack_channels_hint", { workspace: options.slack.workspace ?? "" })
              )}{" "}
              {forChannels("slack")}
            </p>
          }
          name="slack_channels"
          type="checkbox"
          choices={options.slack.channels.map((c) => ({ value: c.id, label: `#${c.name}` }))}
          checked={initialValues(slackMeta.initialValue)}
          errorId={slackMeta.errorId}
          errors={slackMeta.errors}
          idPrefix={`${id}-slack`}
        />
      ) : null}
      {shown("url") ? <TextField field={fields.url as never} label={t("form.url")} hint={hint("form.url_hint", "url")} autoComplete="off" /> : null}
      {shown("secret") ? (
        <fieldset className="choice-list">
          <legend>{t("form.secret_legend")}</legend>
          <p className="hint">{[t(hasSecret ? "form.secret_stored" : "form.secret_hint"), forChannels("secret")].filter(Boolean).join(" ")}</p>
          <TextField field={fields.secret as never} label={t(hasSecret ? "form.secret_replace" : "form.secret")} type="password" autoComplete="off" />
          <CheckField field={fields.generate_secret as never} label={t("form.generate_secret")} hint={t("form.generate_secret_hint")} />
        </fieldset>
      ) : null}
      {shown("subject") ? <TextField field={fields.subject as never} label={t("form.subject")} hint={hint("form.subject_hint", "subject")} autoComplete="off" /> : null}

      <fieldset className="choice-list" aria-describedby={fields.filters.errors?.length ? fields.filters.errorId : undefined}>
        <legend>{t("filter.legend")}</legend>
        <p className="hint">{t("filter.hint", { max: NOTIFICATION_LIMITS.filters })}</p>
        <ChoiceList
          legend={t("filter.match")}
          name="filter_match"
          type="radio"
          choices={FILTER_MATCHES.map((m) => ({ value: m, label: t(`filter.match_${m}`) }))}
          checked={initialValues(matchMeta.initialValue ?? "all")}
          errorId={matchMeta.errorId}
          errors={matchMeta.errors}
          idPrefix={`${id}-match`}
        />
        {filterRows.map((row, i) => {
          const f = row.getFieldset();
          return (
            <div className="filter-row" key={row.key} role="group" aria-label={t("filter.row", { n: i + 1 })}>
              <SelectField field={f.field as never} label={t("filter.field_label", { n: i + 1 })}>
                <option value="">{t("filter.choose_field")}</option>
                {fieldChoices.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </SelectField>
              <SelectField field={f.operator as never} label={t("filter.operator_label", { n: i + 1 })}>
                {FILTER_OPERATORS.map((o) => (
                  <option key={o} value={o}>
                    {t(`filter.operator.${o}`)}
                  </option>
                ))}
              </SelectField>
              <TextField field={f.value as never} label={t("filter.value_label", { n: i + 1 })} autoComplete="off" />
            </div>
          );
        })}
        <FieldErrors id={fields.filters.errorId} errors={fields.filters.errors} />
        {filterRows.length < NOTIFICATION_LIMITS.filters + 3 ? (
          <button className="button button--secondary" {...form.insert.getButtonProps({ name: fields.filters.name, defaultValue: blankFilters(1)[0] })}>
            {t("filter.add")}
          </button>
        ) : null}
      </fieldset>

      {isNew ? <CheckField field={fields.enabled as never} label={t("form.enabled")} hint={t("form.enabled_hint")} /> : null}
      <div className="actions">
        <SubmitButton>{saveLabel}</SubmitButton>
      </div>
    </ValidatedForm>
  );
}
