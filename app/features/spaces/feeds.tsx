/**
 * The booking screens' "Calendar feed" section (issue 26 item 5; ADR 036): a feed just made with its
 * secret URL (this page load only: a readonly field, and a copy button once JavaScript runs), the
 * caller's live feeds at the site (kind, space, created) each with reset (a new URL, the old one
 * stops) and revoke, and the forms to create one — my bookings; with Spaces.viewer a space's.
 * Plain POST forms with intents: all of it works without JavaScript.
 */
import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { rowNotice, type ActionResult } from "~/forms/action-result";
import { CopyButton } from "~/ui/copy-button";
import { SubmitButton } from "~/ui/form";
import { ActionNotice } from "~/ui/notice";
import { Hidden } from "./booking-parts";
import type { FeedRow, RevealedFeed } from "./feeds.server";

export function CalendarFeeds({
  feeds,
  revealed,
  spaces,
  action,
  answer,
}: {
  feeds: FeedRow[];
  revealed: RevealedFeed | null;
  /** The spaces a feed may be made of, by zone (Spaces.viewer); empty: only my bookings. */
  spaces: { zonePath: string; spaces: { id: number; name: string }[] }[];
  action: string;
  answer: ActionResult | undefined;
}) {
  const { t } = useTranslation("spaces");
  // With JavaScript the page loads again on its own (someone books: BookingsChangedEvent), and the
  // session gave the URL to the first load only: keep it on screen while that feed is live.
  const [kept, setKept] = useState(revealed);
  useEffect(() => {
    if (revealed) setKept(revealed);
  }, [revealed]);
  const shown = revealed ?? (kept && feeds.some((f) => f.id === kept.id) ? kept : null);
  const hasMine = feeds.some((f) => f.kind === "person");
  const what = (f: { kind: string; space: string | null }) => (f.kind === "person" ? t("feeds.kind_person") : t("feeds.kind_space", { space: f.space ?? t("feeds.space_gone") }));
  return (
    <section id="calendar-feed" aria-labelledby="calendar-feed-heading" className="calendar-feeds">
      <h2 id="calendar-feed-heading">{t("feeds.heading")}</h2>
      <p className="hint">{t("feeds.intro")}</p>
      {shown ? (
        <div className="revealed">
          <h3>{t("feeds.created_heading", { what: what(shown) })}</h3>
          <p>
            <strong>{t("feeds.url_once")}</strong>
          </p>
          <div className="field">
            <label htmlFor="calendar-feed-url">{t("feeds.url")}</label>
            <input id="calendar-feed-url" readOnly value={shown.url} spellCheck={false} autoComplete="off" size={60} />
            <CopyButton target="calendar-feed-url" label={t("feeds.copy")} />
          </div>
          <p className="hint">{t("feeds.url_hint")}</p>
        </div>
      ) : null}
      {feeds.length ? (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t("feeds.column_kind")}</th>
                <th scope="col">{t("feeds.column_created")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("column.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {feeds.map((f) => (
                <tr key={f.id} data-feed-id={f.id}>
                  <th scope="row">{what(f)}</th>
                  <td>{f.created}</td>
                  <td>
                    <Form method="post" action={action} className="inline-form">
                      <Hidden values={{ kind: f.kind, ...(f.spaceId !== null ? { space_id: String(f.spaceId) } : {}) }} />
                      <SubmitButton name="intent" value="create-feed" variant="secondary">
                        {t("feeds.reset")}
                        <span className="visually-hidden"> {what(f)}</span>
                      </SubmitButton>
                    </Form>{" "}
                    <Form method="post" action={action} className="inline-form">
                      <Hidden values={{ feed_id: String(f.id) }} />
                      <SubmitButton name="intent" value="revoke-feed" variant="secondary">
                        {t("feeds.revoke")}
                        <span className="visually-hidden"> {what(f)}</span>
                      </SubmitButton>
                    </Form>
                    <ActionNotice notice={rowNotice(answer, f.id)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="empty-state">{t("feeds.none")}</p>
      )}
      {hasMine ? null : (
        <Form method="post" action={action} className="inline-form">
          <Hidden values={{ kind: "person" }} />
          <SubmitButton name="intent" value="create-feed" variant="secondary">
            {t("feeds.create_mine")}
          </SubmitButton>
        </Form>
      )}
      {spaces.length ? (
        <Form method="post" action={action} className="inline-form">
          <Hidden values={{ kind: "space" }} />
          <div className="field field--inline">
            <label htmlFor="calendar-feed-space">{t("feeds.space")}</label>
            <select id="calendar-feed-space" name="space_id" required>
              {spaces.map((g) => {
                const options = g.spaces.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ));
                return g.zonePath ? (
                  <optgroup key={g.zonePath} label={g.zonePath}>
                    {options}
                  </optgroup>
                ) : (
                  options
                );
              })}
            </select>
          </div>
          <SubmitButton name="intent" value="create-feed" variant="secondary">
            {t("feeds.create_space")}
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}
