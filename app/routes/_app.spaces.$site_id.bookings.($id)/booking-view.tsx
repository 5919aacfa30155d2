/**
 * One booking (issue 26 item 3; ADR 036): its space, zone path, times in the site's zone, person,
 * who booked it, status (used, released, cancelled) and series; where the user may, the form to
 * change its space, times or note and the form to cancel it (a series: only this day, or this and
 * the following).
 */
import { useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { SpacesResult } from "~/features/spaces/actions.server";
import { AlternativeOffer, Hidden, statusWords } from "~/features/spaces/booking-parts";
import { pageNotice, resultFor } from "~/forms/action-result";
import { FormErrors, InputField, SelectField, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { ActionNotice } from "~/ui/notice";
import type { bookingLoader } from "./booking.server";

type Fields = { space_id: string; day: string; from: string; to: string; note: string };

export function BookingView() {
  const d = useLoaderData<typeof bookingLoader>();
  const answer = useActionData<SpacesResult>();
  const { t } = useTranslation("spaces");
  const b = d.booking;
  const s = d.search;
  const query = new URLSearchParams({ day: s.day, from: s.from, to: s.to, ...(s.category ? { category: s.category } : {}), ...(s.zone ? { zone: s.zone } : {}) });
  const here = `/spaces/${d.site.id}/bookings/${b.id}?${query}`;
  const [form, fields] = useForm<Partial<Fields>, any>({ id: `spaces-change-${b.id}`, lastResult: answer?.alternative ? undefined : resultFor(answer, "change", b.id), defaultValue: d.values });
  const facts: [string, string | null][] = [
    ["booking.space", b.space],
    ["booking.zone", b.zonePath || null],
    ["booking.category", t(`category.${b.category}`)],
    ["booking.starts", b.start],
    ["booking.ends", b.end],
    ["booking.person", b.person],
    ["booking.booked_by", b.bookedBy],
    ["booking.status", t(statusWords(b))],
    ["booking.used_at", b.usedAt],
    ["booking.ended_at", b.status !== "active" ? b.endedAt : null],
    ["booking.series", b.series ? t("status.repeats") : null],
    ["booking.note", b.note],
  ];
  return (
    <div className="spaces-booking">
      <div className="page-heading">
        <h1>{t("booking.heading", { name: b.space })}</h1>
      </div>
      <p>
        <Link to={`/spaces/${d.site.id}/bookings?${query}`}>{t("booking.back", { site: d.site.name })}</Link>
      </p>
      <ActionNotice notice={answer?.alternative ? null : pageNotice(answer)} />
      {answer?.alternative ? <AlternativeOffer answer={answer} action={here} /> : null}
      <dl className="details-list">
        {facts
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k}>
              <dt>{t(k)}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
      {b.canChange ? (
        <>
          <section aria-labelledby="spaces-change-heading">
            <h2 id="spaces-change-heading">{t("booking.change_heading")}</h2>
            <p>{t("bookings.intro", { zone: d.site.timezone })}</p>
            <ValidatedForm form={form} action={here}>
              <input type="hidden" name="booking_id" value={b.id} />
              <FormErrors formId={form.id} />
              <SelectField field={fields.space_id} label={t("form.space")}>
                {d.spaceOptions.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </SelectField>
              <InputField field={fields.day} label={t("form.day")} type="date" max="2037-12-31" />
              <InputField field={fields.from} label={t("form.from")} type="time" />
              <InputField field={fields.to} label={t("form.to")} type="time" />
              <TextField field={fields.note} label={t("form.note")} autoComplete="off" />
              <div className="actions">
                <SubmitButton name="intent" value="change">
                  {t("booking.save")}
                </SubmitButton>
              </div>
            </ValidatedForm>
          </section>
          <section aria-labelledby="spaces-cancel-heading">
            <h2 id="spaces-cancel-heading">{t("booking.cancel_heading")}</h2>
            <Form method="post" action={here}>
              <Hidden values={{ booking_id: String(b.id) }} />
              {b.series ? (
                <fieldset>
                  <legend>{t("booking.which")}</legend>
                  <div className="radio">
                    <input type="radio" id="spaces-scope-one" name="scope" value="one" defaultChecked />
                    <label htmlFor="spaces-scope-one">{t("booking.only_this")}</label>
                  </div>
                  <div className="radio">
                    <input type="radio" id="spaces-scope-following" name="scope" value="following" />
                    <label htmlFor="spaces-scope-following">{t("booking.and_following")}</label>
                  </div>
                </fieldset>
              ) : null}
              <SubmitButton name="intent" value="cancel" variant="secondary">
                {t("booking.cancel")}
              </SubmitButton>
            </Form>
          </section>
        </>
      ) : null}
    </div>
  );
}
