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
import { ChoiceList, FormErrors, InputField, SelectField, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { useErrorText } from "~/ui/form-parts";
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
type BookFields = { space_id: string; day: string; from: string; to: string; note: string; person: string; repeat: string; until: string };

/** The new-booking form for one space: the day and times (the search's), someone else, a repeat, a note. */
type Found = { value: string; name: string; detail: string };
export type PeopleSearch = { q: string; found: Found[] | null; problem: string | null } | null;
type Draft = { person: string; repeat: string; until: string; note: string } | null;

export function NewBooking({
  space,
  search,
  can,
  action,
  back,
  findAction,
  people,
  draft,
}: {
  space: { id: number; name: string; zonePath: string };
  search: Search & { category?: string; zone?: string };
  can: { book: boolean; book_for_others: boolean };
  action: string;
  back: string;
  /** Where "Find" sends the form (a GET of the list with this space's form). */
  findAction: string;
  people: PeopleSearch;
  draft: Draft;
}) {
  const { t } = useTranslation("spaces");
  const answer = useKeptActionData<SpacesResult>();
  const [form, fields] = useForm<Partial<BookFields>, any>({
    id: `spaces-book-${space.id}`,
    lastResult: answer?.alternative ? undefined : resultFor(answer, "book"),
    defaultValue: { day: search.day, from: search.from, to: search.to, person: draft?.person ?? "self", repeat: draft?.repeat ?? "none", until: draft?.until ?? "", note: draft?.note ?? "" },
  });
  const errorText = useErrorText();
  // Who it may be for: me, and whoever the last "Find" found (the one chosen before stays listed after a refused post).
  const sent = String(fields.person.initialValue ?? "self");
  const choices = [{ value: "self", label: t("form.for_self") }, ...(people?.found ?? []).map((p) => ({ value: p.value, label: p.name, hint: p.detail || undefined }))];
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
              <ChoiceList
                legend={t("form.for")}
                name={fields.person.name}
                type="radio"
                choices={choices}
                checked={new Set([choices.some((c) => c.value === sent) ? sent : "self"])}
                errorId={fields.person.errorId}
                errors={fields.person.errors}
                idPrefix={`spaces-book-${space.id}-person`}
                before={people?.found?.length === 0 ? <p>{t("form.no_people", { q: people.q })}</p> : null}
              />
              <div className="field">
                <label htmlFor={`spaces-book-${space.id}-find`}>{t("form.find_person")}</label>
                <p className="hint" id={`spaces-book-${space.id}-find-hint`}>
                  {t("form.find_person_hint")}
                </p>
                <input
                  id={`spaces-book-${space.id}-find`}
                  name="person_q"
                  type="search"
                  maxLength={100}
                  autoComplete="off"
                  defaultValue={people?.q ?? ""}
                  aria-invalid={people?.problem ? true : undefined}
                  aria-describedby={`spaces-book-${space.id}-find-hint${people?.problem ? ` spaces-book-${space.id}-find-error` : ""}`}
                />
                {people?.problem ? (
                  <p className="error" id={`spaces-book-${space.id}-find-error`}>
                    {errorText(people.problem)}
                  </p>
                ) : null}
                {search.category ? <input type="hidden" name="category" value={search.category} /> : null}
                {search.zone ? <input type="hidden" name="zone" value={search.zone} /> : null}
                <button type="submit" className="button button--secondary" formMethod="get" formAction={findAction} formNoValidate name="space" value={space.id}>
                  {t("form.find")}
                </button>
              </div>
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
