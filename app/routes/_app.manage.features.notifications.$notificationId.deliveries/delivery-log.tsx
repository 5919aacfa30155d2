/**
 * One notification's deliveries, newest first: status in words with an icon (never colour alone),
 * the event, when, attempts so far, the next attempt or the last error, a Replay button (a plain
 * form), and the attempts in a disclosure (time, HTTP status, the answer's start, error, duration).
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ActionResult } from "~/forms/action-result";
import { rowNotice } from "~/forms/action-result";
import { DataTable } from "~/ui/data-table";
import { SubmitButton } from "~/ui/form";
import { ActionNotice } from "~/ui/notice";

export interface ShownAttempt {
  attempt: number;
  at: string;
  status_code: number | null;
  response_excerpt: string | null;
  error: string | null;
  duration_ms: number;
}

export interface ShownDelivery {
  id: number;
  message_id: string;
  event_type: string;
  status: "pending" | "delivered" | "failed" | "retrying";
  test: boolean;
  replay_of: number | null;
  attempt_count: number;
  created: string;
  next: string | null;
  last_error: string | null;
  attempts: ShownAttempt[];
}

const ICONS: Record<ShownDelivery["status"], string> = { delivered: "✓", failed: "✕", retrying: "↻", pending: "…" };

export function DeliveryLog({ deliveries, path, editable, answer }: { deliveries: ShownDelivery[]; path: string; editable: boolean; answer: ActionResult | undefined }) {
  const { t } = useTranslation("notifications");
  return (
    <ol className="delivery-log" aria-label={t("deliveries.list")}>
      {deliveries.map((d) => (
        <li key={d.id} className={`delivery delivery--${d.status}`} data-delivery={d.id}>
          <h3 className="delivery__title">
            <span className={`status status--${d.status}`}>
              <span aria-hidden="true">{ICONS[d.status]} </span>
              {t(`deliveries.status.${d.status}`)}
            </span>{" "}
            · {t(`deliveries.event.${d.event_type.replace(/\./g, "_")}`, { defaultValue: d.event_type })} · #{d.id}
            {d.test ? <span className="badge"> {t("deliveries.test_badge")}</span> : null}
            {d.replay_of ? <span className="badge"> {t("deliveries.replay_of", { id: d.replay_of })}</span> : null}
          </h3>
          <dl className="delivery__facts">
            <dt>{t("deliveries.created")}</dt>
            <dd>{d.created}</dd>
            <dt>{t("deliveries.attempt_count")}</dt>
            <dd>{d.attempt_count}</dd>
            {d.next ? (
              <>
                <dt>{t("deliveries.next_attempt")}</dt>
                <dd>{d.next}</dd>
              </>
            ) : null}
            {d.last_error ? (
              <>
                <dt>{t("deliveries.last_error")}</dt>
                <dd>{d.last_error}</dd>
              </>
            ) : null}
            <dt>{t("deliveries.webhook_id")}</dt>
            <dd>
              <code>{d.message_id}</code>
            </dd>
          </dl>
          <ActionNotice notice={rowNotice(answer, d.id)} />
          {editable ? (
            <Form method="post" action={path} preventScrollReset>
              <input type="hidden" name="id" value={d.id} />
              <SubmitButton name="intent" value="replay" variant="secondary">
                {t("replay.button")}
                <span className="visually-hidden"> #{d.id}</span>
              </SubmitButton>
            </Form>
          ) : null}
          {d.attempts.length ? (
            <details>
              <summary>{t("deliveries.attempts_title", { n: d.attempts.length })}</summary>
              <DataTable
                caption={t("deliveries.attempts_caption", { id: d.id })}
                columns={[t("deliveries.attempt.number"), t("deliveries.attempt.at"), t("deliveries.attempt.status_code"), t("deliveries.attempt.excerpt"), t("deliveries.attempt.error"), t("deliveries.attempt.duration")]}
              >
                {d.attempts.map((a) => (
                  <tr key={a.attempt}>
                    <th scope="row">{a.attempt}</th>
                    <td>{a.at}</td>
                    <td>{a.status_code ?? t("deliveries.attempt.none")}</td>
                    <td>{a.response_excerpt ? <code className="excerpt">{a.response_excerpt}</code> : t("deliveries.attempt.none")}</td>
                    <td>{a.error ?? t("deliveries.attempt.none")}</td>
                    <td>{t("deliveries.attempt.ms", { ms: a.duration_ms })}</td>
                  </tr>
                ))}
              </DataTable>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
