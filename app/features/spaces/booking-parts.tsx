/**
 * The booking screens' parts (issue 26; ADR 036): hidden fields, the offered alternative of a 409
 * (one click books it with what was posted), a table of bookings with change and cancel, and the
 * new-booking form (someone else, a repeat, a note). Plain forms: all of it works without JavaScript.
 */
import { useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useKeptActionData } from "~/realtime/use-kept-action-data";
import { useTranslation } from "react-i18next";
import { REPEAT_EVERY } from "@contract/spaces-messages";
import { resultFor, rowNotice } from "~/forms/action-result";
import { FormErrors, InputField, SelectField, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { ActionNotice } from "~/ui/notice";
import type { SpacesResult } from "./actions.server";
import type { BookingRow } from "./list.server";

export function Hidden({ values }: { values: Record<string, string> }) {
  return (
    <>
      {Object.entries(values).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

/** "Book <name> instead": the posted form again with the upstream's nearest free space. */
export function AlternativeOffer({ answer, action }: { answer: SpacesResult; action: string }) {
  const { t } = useTranslation("spaces");
  const alt = answer.alternative!;
  return (
    <div className="notice notice--error" role="alert">
      <p>{t("messages.unavailable")}</p>
      <Form method="post" action={action} className="inline-form">
        <Hidden values={{ ...alt.again, space_id: String(alt.space_id) }} />
        <SubmitButton name="intent" value={answer.intent}>
          {t(answer.intent === "change" ? "alternative.change" : "alternative.book", { name: alt.name })}
        </SubmitButton>
      </Form>
    </div>
  );
}

export function statusWords(r: Pick<BookingRow, "status" | "used">): string {
  return r.status === "active" ? (r.used ? "status.used" : "status.active") : `status.${r.status}`;
}

export function BookingTable({ rows, labelledBy, siteId, query, action, answer }: { rows: BookingRow[]; labelledBy: string; siteId: number; query: string; action: string; answer: SpacesResult | undefined }) {
  const { t } = useTranslation("spaces");
  if (rows.length === 0) return <p className="empty-state">{t("mine.empty")}</p>;
  return (
    <div className="table-wrap">
      <table className="table" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">{t("column.space")}</th>
            <th scope="col">{t("column.zone")}</th>
            <th scope="col">{t("column.time")}</th>
            <th scope="col">{t("column.person")}</th>
            <th scope="col">{t("column.booked_by")}</th>
            <th scope="col">{t("column.status")}</th>
            <th scope="col">
              <span className="visually-hidden">{t("column.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-booking-id={r.id}>
              <th scope="row">{r.space}</th>
              <td>{r.zonePath}</td>
              <td>{t("time_range", { from: r.from, to: r.to })}</td>
              <td>{r.person}</td>
              <td>{r.bookedBy}</td>
              <td>
                {t(statusWords(r))}
                {r.series ? <span className="muted"> · {t("status.repeats")}</span> : null}
                <ActionNotice notice={rowNotice(answer, r.id)} />
              </td>
              <td>
                <Link to={`/spaces/${siteId}/bookings/${r.id}?${query}&on=${r.on}`}>
                  {r.canChange ? t("mine.change") : t("mine.open")}
                  <span className="visually-hidden"> {t("mine.which", { space: r.space, from: r.from, to: r.to })}</span>
                </Link>
                {r.canChange && r.status === "active" ? (
                  <Form method="post" action={action} className="inline-form">
                    <Hidden values={{ booking_id: String(r.id) }} />
                    <SubmitButton name="intent" value="cancel" variant="secondary">
                      {t("mine.cancel")}
                      <span className="visually-hidden"> {t("mine.which", { space: r.space, from: r.from, to: r.to })}</span>
                    </SubmitButton>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Search = { day: string; from: string; to: string };
type BookFields = { space_id: string; day: string; from: string; to: string; note: string; person_kind: string; person_id: string; repeat: string; until: string };

/** The new-booking form for one space: the day and times (the search's), someone else, a repeat, a note. */
export function NewBooking({ space, search, can, action, back }: { space: { id: number; name: string; zonePath: string }; search: Search; can: { book: boolean; book_for_others: boolean }; action: string; back: string }) {
  const { t } = useTranslation("spaces");
  const answer = useKeptActionData<SpacesResult>();
  const [form, fields] = useForm<Partial<BookFields>, any>({
    id: `spaces-book-${space.id}`,
    lastResult: answer?.alternative ? undefined : resultFor(answer, "book"),
    defaultValue: { day: search.day, from: search.from, to: search.to, person_kind: "self", repeat: "none" },
  });
  return (
    <section aria-labelledby="spaces-new-heading">
      <h2 id="spaces-new-heading">{t("new.heading", { name: space.name })}</h2>
      {space.zonePath ? <p>{space.zonePath}</p> : null}
      {can.book ? (
        <ValidatedForm form={form} action={action}>
          <input type="hidden" name="space_id" value={space.id} />
          <FormErrors formId={form.id} />
          <InputField field={fields.day} label={t("form.day")} type="date" max="2037-12-31" />
          <InputField field={fields.from} label={t("form.from")} type="time" />
          <InputField field={fields.to} label={t("form.to")} type="time" />
          {can.book_for_others ? (
            <>
              <SelectField field={fields.person_kind} label={t("form.for")}>
                <option value="self">{t("form.for_self")}</option>
                <option value="user">{t("form.for_user")}</option>
                <option value="member">{t("form.for_member")}</option>
              </SelectField>
              <InputField field={fields.person_id} label={t("form.person_id")} hint={t("form.person_id_hint")} type="text" inputMode="numeric" autoComplete="off" />
            </>
          ) : null}
          <SelectField field={fields.repeat} label={t("form.repeat")}>
            <option value="none">{t("form.repeat_none")}</option>
            {REPEAT_EVERY.map((r) => (
              <option key={r} value={r}>
                {t(`form.repeat_${r}`)}
              </option>
            ))}
          </SelectField>
          <InputField field={fields.until} label={t("form.until")} hint={t("form.until_hint")} type="date" max="2037-12-31" />
          <TextField field={fields.note} label={t("form.note")} autoComplete="off" />
          <div className="actions">
            <SubmitButton name="intent" value="book">
              {t("new.submit", { name: space.name })}
            </SubmitButton>
          </div>
        </ValidatedForm>
      ) : (
        <p>{t("new.cannot_book")}</p>
      )}
      <p>
        <Link to={back}>{t("new.back")}</Link>
      </p>
    </section>
  );
}
