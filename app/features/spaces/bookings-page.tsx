/**
 * The bookings list (issue 26; ADR 036): the search (a GET form), every space free or booked in the
 * chosen window grouped by zone path and category — the status in words — with a one-click "Book"
 * (a plain POST form) on each free one, the new-booking form for `?space=`, and the day's "My
 * bookings" and "Everyone's bookings" tables. Shared by the two routes that answer the URL.
 */
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageNotice } from "~/forms/action-result";
import { FieldErrors } from "~/ui/form";
import { ActionNotice } from "~/ui/notice";
import { useKeptActionData } from "~/realtime/use-kept-action-data";
import { Pager } from "~/ui/pager";
import { useRealtime } from "~/realtime/use-realtime";
import type { SpacesResult } from "./actions.server";
import { AlternativeOffer, BookingTable, Hidden, NewBooking } from "./booking-parts";
import { CalendarFeeds } from "./feeds";
import type { listLoader, PlanView } from "./list.server";

function Filter({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactElement }) {
  return (
    <div className="field field--inline">
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldErrors id={`${id}-error`} errors={error ? [error] : undefined} />
    </div>
  );
}
const invalidProps = (id: string, error?: string) => ({ id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined });

export function BookingsPage() {
  const d = useLoaderData<typeof listLoader>();
  // A live reload must not take away a clash's offer or a form's errors (see the hook).
  const answer = useKeptActionData<SpacesResult>();
  const revalidator = useRevalidator();
  const reload = () => revalidator.state === "idle" && revalidator.revalidate();
  // Someone else booked, changed or cancelled here (or a desk was released): load the list again.
  useRealtime(d.channels, (m) => m.event === "BookingsChangedEvent" && reload(), reload);
  const { t } = useTranslation("spaces");
  const p = d.problems;
  const s = d.search;
  const query = new URLSearchParams({ day: s.day, from: s.from, to: s.to, ...(s.category ? { category: s.category } : {}), ...(s.zone ? { zone: s.zone } : {}) });
  const list = `/spaces/${d.site.id}/bookings`;
  // The page of everyone's bookings rides on every form's action, so a change or cancel comes back to it.
  const here = `${list}?${query}${d.page > 1 ? `&page=${d.page}` : ""}`;
  return (
    <div className="spaces-bookings">
      <div className="page-heading">
        <h1>{t("bookings.heading", { site: d.site.name })}</h1>
        {d.can.edit ? <Link to={`/manage/spaces/${d.site.id}`}>{t("bookings.design")}</Link> : null}
      </div>
      <p>{t("bookings.intro", { zone: d.site.timezone })}</p>
      <Form method="get" action={list} className="filter-bar" aria-label={t("search.label")}>
        <Filter id="spaces-day" label={t("search.day")} error={p.day}>
          <input {...invalidProps("spaces-day", p.day)} name="day" type="date" defaultValue={s.day} key={s.day} max="2037-12-31" />
        </Filter>
        <Filter id="spaces-from" label={t("search.from")} error={p.from}>
          <input {...invalidProps("spaces-from", p.from)} name="from" type="time" defaultValue={s.from} key={s.from} />
        </Filter>
        <Filter id="spaces-to" label={t("search.to")} error={p.to}>
          <input {...invalidProps("spaces-to", p.to)} name="to" type="time" defaultValue={s.to} key={s.to} />
        </Filter>
        <Filter id="spaces-category" label={t("search.category")} error={p.category}>
          <select {...invalidProps("spaces-category", p.category)} name="category" defaultValue={s.category} key={s.category}>
            <option value="">{t("search.any_category")}</option>
            {d.categories.map((c) => (
              <option key={c} value={c}>
                {t(`category.${c}`)}
              </option>
            ))}
          </select>
        </Filter>
        <Filter id="spaces-zone" label={t("search.zone")} error={p.zone}>
          <select {...invalidProps("spaces-zone", p.zone)} name="zone" defaultValue={s.zone} key={s.zone}>
            <option value="">{t("search.any_zone")}</option>
            {d.zones.map((z) => (
              <option key={z.id} value={z.id}>
                {z.name}
              </option>
            ))}
          </select>
        </Filter>
        <button type="submit" className="button button--secondary">
          {t("search.submit")}
        </button>
      </Form>
      {p.space ? <FieldErrors id="spaces-space-error" errors={[p.space]} /> : null}
      <ActionNotice notice={answer?.alternative ? null : pageNotice(answer)} />
      {answer?.alternative ? <AlternativeOffer answer={answer} action={here} /> : null}
      {d.newSpace ? (
        <NewBooking key={`${d.newSpace.id}-${d.people?.q ?? ""}`} space={d.newSpace} search={s} can={d.can} action={`${here}&space=${d.newSpace.id}`} back={here} findAction={list} people={d.people} draft={d.draft} />
      ) : d.groups === null ? null : (
        <>
          <h2>{t("list.heading", { day: d.dayLabel, from: s.from, to: s.to })}</h2>
          {d.groups.length === 0 ? <p className="empty-state">{t("list.empty")}</p> : null}
          {d.plans?.tooMany ? <p className="hint">{t("plan.choose_zone")}</p> : null}
          {d.plans?.list.map((plan) => <AvailabilityPlan key={plan.zoneId} plan={plan} more={d.can.book ? (id) => `${here}&space=${id}` : null} />)}
          {d.groups.map((g, gi) => (
            <section key={g.key} aria-labelledby={`spaces-group-${gi}`} className="spaces-group">
              <h3 id={`spaces-group-${gi}`}>{[g.zonePath, t(`category.${g.category}`)].filter(Boolean).join(" · ")}</h3>
              {/* One form per group: each free space's button posts its own id (a floor of 500 spaces renders 1 form a group, not 1 a space). */}
              <Form method="post" action={here} className="table-wrap" id={`spaces-book-${gi}`}>
                {d.can.book ? <Hidden values={{ intent: "book", day: s.day, from: s.from, to: s.to }} /> : null}
                <table className="table">
                  <thead>
                    <tr>
                      <th scope="col">{t("column.space")}</th>
                      <th scope="col">{t("column.status")}</th>
                      <th scope="col">
                        <span className="visually-hidden">{t("column.actions")}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {g.spaces.map((sp) => (
                      <tr key={sp.id} data-space-id={sp.id}>
                        <th scope="row">
                          {sp.name}
                          {sp.tags.length ? <span className="muted"> · {sp.tags.join(", ")}</span> : null}
                        </th>
                        <td>
                          {sp.booked.length === 0 ? (
                            <span className="space-status space-status--free">{t("list.free")}</span>
                          ) : (
                            sp.booked.map((b, i) => (
                              <div key={i} className="space-status space-status--booked">
                                {b.person === null ? t("list.booked_anonymous", { from: b.from, to: b.to }) : t("list.booked_by", { name: b.person, from: b.from, to: b.to })}
                              </div>
                            ))
                          )}
                        </td>
                        <td>
                          {d.can.book && sp.booked.length === 0 ? (
                            <>
                              <button type="submit" name="space_id" value={sp.id} className="button button--secondary">
                                {t("list.book")}
                                <span className="visually-hidden"> {sp.name}</span>
                              </button>{" "}
                              <a href={`${here}&space=${sp.id}`}>
                                {t("list.options")}
                                <span className="visually-hidden"> {sp.name}</span>
                              </a>
                            </>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </Form>
            </section>
          ))}
          <h2 id="spaces-mine">{t("mine.heading")}</h2>
          <BookingTable rows={d.mine} labelledBy="spaces-mine" siteId={d.site.id} query={query.toString()} action={here} answer={answer} />
          {d.everyone ? (
            <>
              <h2 id="spaces-everyone">{t("everyone.heading")}</h2>
              {d.pages > 1 ? <p className="hint">{t("everyone.count", { count: d.everyoneCount })}</p> : null}
              <BookingTable rows={d.everyone} labelledBy="spaces-everyone" siteId={d.site.id} query={query.toString()} action={here} answer={answer} />
              <Pager label={t("everyone.pages")} page={d.page} pages={d.pages} base={list} keep={Object.fromEntries(query)} />
            </>
          ) : null}
        </>
      )}
      {d.newSpace ? null : <CalendarFeeds feeds={d.feeds} revealed={d.revealed} spaces={d.feedSpaces} action={here} answer={answer} />}
    </div>
  );
}

/**
 * The search's spaces on a zone's floor plan, free or booked — by shape as well as colour (a hollow
 * circle is free, a filled square booked) and in words for a screen reader; a free one links to its
 * booking form. Placed with SVG attributes in percentages (the CSP allows no style attribute).
 */
function AvailabilityPlan({ plan, more }: { plan: PlanView; more: ((spaceId: number) => string) | null }) {
  const { t } = useTranslation("spaces");
  const at = (v: number) => `${v * 100}%`;
  return (
    <section aria-labelledby={`spaces-plan-${plan.zoneId}`} className="spaces-plan">
      <h3 id={`spaces-plan-${plan.zoneId}`}>{t("plan.heading", { zone: plan.zoneName })}</h3>
      <p className="plan-legend">
        <svg width="14" height="14" aria-hidden="true" focusable="false">
          <circle cx="7" cy="7" r="5" className="plan-mark plan-mark--free" />
        </svg>{" "}
        {t("plan.legend_free")}{" "}
        <svg width="14" height="14" aria-hidden="true" focusable="false">
          <rect x="2" y="2" width="10" height="10" className="plan-mark plan-mark--booked" />
        </svg>{" "}
        {t("plan.legend_booked")}
      </p>
      <div className="floor-plan">
        <img src={plan.url} alt="" />
        <svg className="floor-plan__markers" role="list" aria-label={t("plan.marked", { zone: plan.zoneName })}>
          {plan.spaces.map((s) => {
            const mark = s.free ? (
              <circle cx={at(s.x)} cy={at(s.y)} r="7" className="plan-mark plan-mark--free" />
            ) : (
              <rect x={at(s.x)} y={at(s.y)} width="12" height="12" transform="translate(-6 -6)" className="plan-mark plan-mark--booked" />
            );
            const name = (
              <text x={at(s.x)} y={at(s.y)} dx="11" dominantBaseline="central" className="floor-plan-canvas__label" aria-hidden="true">
                {s.name}
              </text>
            );
            const label = t(s.free ? "plan.free" : "plan.booked", { name: s.name });
            return (
              <g key={s.id} role="listitem">
                {s.free && more ? (
                  <a href={more(s.id)} aria-label={label} className="plan-link">
                    {mark}
                    {name}
                  </a>
                ) : (
                  <g role="img" aria-label={label}>
                    {mark}
                    {name}
                  </g>
                )}
              </g>
            );
          })}
        </svg>
      </div>
    </section>
  );
}
