/**
 * /manage/site/{id}/attendees — an event's attendees (events only: other sites are a 404, as the
 * upstream says): a search (a GET form) and 15 a page (platform §9), add, edit (`?edit=<id>`) and
 * delete (`?delete=<id>`, a confirm step) on this page, with and without JavaScript. Phone numbers
 * are read for the client's country (its settings' `country`, else the region of the site's
 * language) and sent as E.164; empty is valid; an invalid one says "Enter a valid phone number"
 * (with JavaScript as soon as the field loses focus — platform §5). The list keeps its search and
 * page through every action.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { parseSubmission } from "~/forms/submission";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Config, SiteDetails } from "../../upstream/contract/index";
import { requireAccess } from "~/access/guard.server";
import { postedId, redirectWithNotice, shownName } from "~/features/action-outcome.server";
import { attendeeSchema, phoneCheckFor, usePhoneReader } from "~/features/manage/attendees";
import { formatPhone, phoneCountry, toE164 } from "~/features/manage/phone.server";
import { PhoneField } from "~/features/manage/site-extras-fields";
import { loadManagedSite, siteIdParam } from "~/features/manage/sites.server";
import { badRow, invalid, postedRowId, refused } from "~/features/manage/tab-actions.server";
import { TabNotice } from "~/features/manage/tab-notice";
import { toLanguageTag, type Locale } from "~/i18n/config";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { FormErrors, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

const FIELDS = ["name", "email", "phone", "company"] as const;
type Values = Record<(typeof FIELDS)[number], string | undefined>;

/** The client's country for phone numbers, else the region of the site's language (en_GB → GB). */
function countryFor(config: Config, site: Pick<SiteDetails, "locale">): string | undefined {
  return phoneCountry(String(config.client.settings.country ?? "")) ?? phoneCountry(site.locale.split("_")[1]);
}

/** The list's search and page from a URL (bounded), as a query string to keep ("" when neither). */
function listState(url: URL) {
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 100);
  const page = postedId(url.searchParams.get("page")) ?? 1;
  const query = new URLSearchParams({ ...(search ? { search } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString();
  return { search, page, query: query ? `?${query}` : "" };
}

async function eventSite(access: Parameters<typeof loadManagedSite>[0], id: number) {
  const managed = await loadManagedSite(access, id);
  if (managed.site.type !== "event") throw new Response("Not found", { status: 404 });
  return managed;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const id = siteIdParam(params);
  const { site, can } = await eventSite(access, id);
  const { search, page, query } = listState(new URL(request.url));
  const list = await upstreamLoad(access.viewer.api("attendees", { params: { siteId: id }, query: { search: search || undefined, page } }));
  const country = countryFor(access.config, site);
  let countryName = country ?? "";
  try {
    if (country) countryName = new Intl.DisplayNames([toLanguageTag(access.viewer.locale as Locale)], { type: "region" }).of(country) ?? country;
  } catch {
    // An unknown language tag: the code itself.
  }
  return data(
    {
      title: `${t("manage:site.tab.attendees")} · ${site.name} · Gatehouse`,
      site: { id: site.id, name: site.name },
      can,
      country: country ?? null,
      countryName,
      search,
      query,
      page: list.page,
      pages: Math.max(1, Math.ceil(list.total / list.per_page)),
      total: list.total,
      attendees: list.attendees.map((a) => ({ id: a.id, name: a.name, email: a.email, phone: a.phone, phoneShown: a.phone ? formatPhone(a.phone) : null, company: a.company })),
    },
    { headers: access.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  const { viewer } = access;
  const siteId = siteIdParam(params);
  const { site, can } = await eventSite(access, siteId);
  if (!can.edit) throw new Response("Forbidden", { status: 403 });
  const form = await request.formData();
  const intent = form.get("intent");
  const back = `/manage/site/${siteId}/attendees${listState(new URL(request.url)).query}`;
  const country = countryFor(access.config, site);
  if (intent !== "add" && intent !== "edit" && intent !== "delete") throw new Response("Bad request", { status: 400 });
  const attendeeId = intent === "add" ? null : postedRowId(form);
  if (intent !== "add" && attendeeId === null) return badRow(intent);

  if (intent === "delete") {
    try {
      await viewer.api("deleteAttendee", { params: { siteId, attendeeId: attendeeId! } });
    } catch (err) {
      return refused(err, "delete", attendeeId, null, []);
    }
    // The name is only echoed in the notice (as text), never trusted.
    const name = shownName(form.get("name"));
    return redirectWithNotice(request, viewer, back, { key: name ? "manage:attendees.deleted" : "manage:attendees.deleted_unnamed", values: { name }, tone: "success" });
  }

  const submission = parseSubmission(form, { schema: attendeeSchema(country, toE164) });
  if (submission.status !== "success") return invalid(intent, attendeeId, submission);
  const v = submission.value;
  const body = { name: v.name, email: v.email ?? null, phone: v.phone ? toE164(v.phone, country) : null, company: v.company ?? null };
  try {
    if (intent === "add") await viewer.api("createAttendee", { params: { siteId }, body });
    else await viewer.api("updateAttendee", { params: { siteId, attendeeId: attendeeId! }, body });
  } catch (err) {
    return refused(err, intent, attendeeId, submission, FIELDS);
  }
  return redirectWithNotice(request, viewer, back, { key: intent === "add" ? "manage:attendees.added" : "manage:attendees.saved", values: { name: v.name }, tone: "success" });
}

type Row = { id: number; name: string; email: string | null; phone: string | null; phoneShown: string | null; company: string | null };

function AttendeeForm({
  id,
  intent,
  row,
  action,
  country,
  countryName,
  lastResult,
  children,
}: {
  id: string;
  intent: "add" | "edit";
  row?: Row;
  action: string;
  country: string | null;
  countryName: string;
  lastResult: any;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation("manage");
  const readPhone = usePhoneReader();
  const [form, fields] = useForm<Values, any>({
    id,
    lastResult,
    defaultValue: row ? { name: row.name, email: row.email ?? "", phone: row.phoneShown ?? "", company: row.company ?? "" } : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: attendeeSchema(country ?? undefined, phoneCheckFor(readPhone, formData)) }),
    // Platform §5: a phone number is checked as soon as the field loses focus.
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <ValidatedForm form={form} action={action} preventScrollReset>
      {row ? <input type="hidden" name="id" value={row.id} /> : null}
      <FormErrors formId={form.id} />
      <TextField field={fields.name} label={t("attendees.field.name")} autoComplete="off" />
      <TextField field={fields.email} label={t("attendees.field.email")} type="email" autoComplete="off" />
      <PhoneField field={fields.phone} label={t("attendees.field.phone")} hint={country ? t("attendees.field.phone_hint", { country: countryName }) : undefined} />
      <TextField field={fields.company} label={t("attendees.field.company")} autoComplete="off" />
      <div className="actions">
        <SubmitButton name="intent" value={intent}>
          {t(intent === "add" ? "attendees.add.submit" : "attendees.edit.submit")}
        </SubmitButton>
        {children}
      </div>
    </ValidatedForm>
  );
}

export default function SiteAttendeesTab() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation("manage");
  const base = `/manage/site/${d.site.id}/attendees`;
  const list = `${base}${d.query}`;
  const withRow = (name: "edit" | "delete", id: number) => `${base}?${new URLSearchParams({ ...(d.search ? { search: d.search } : {}), ...(d.page > 1 ? { page: String(d.page) } : {}), [name]: String(id) })}`;
  const pageLink = (page: number) => `${base}?${new URLSearchParams({ ...(d.search ? { search: d.search } : {}), page: String(page) })}`;
  const rowParam = (name: string) => {
    const v = searchParams.get(name);
    return v && /^\d{1,9}$/.test(v) ? Number(v) : null;
  };
  const editing = d.can.edit ? (actionData?.intent === "edit" ? actionData.id : rowParam("edit")) : null;
  const deleting = d.can.edit ? rowParam("delete") : null;
  const editRow = d.attendees.find((a) => a.id === editing);
  const deleteRow = d.attendees.find((a) => a.id === deleting);
  const missing = (editing !== null && !editRow) || (deleting !== null && !deleteRow);
  return (
    <>
      <h2>{t("site.tab.attendees")}</h2>
      <TabNotice notice={actionData?.notice ?? (missing ? "manage:site_rows.row_gone" : null)} />
      <Form method="get" action={base} className="filter-bar" role="search">
        <div className="field field--inline">
          <label htmlFor="attendee-search">{t("attendees.search")}</label>
          <input id="attendee-search" type="search" name="search" defaultValue={d.search} key={d.search} maxLength={100} />
        </div>
        <button type="submit" className="button button--secondary">
          {t("attendees.search_submit")}
        </button>
      </Form>
      {d.attendees.length === 0 ? (
        <p className="empty-state">{d.search ? t("attendees.no_match", { search: d.search }) : t("attendees.empty")}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t("attendees.caption", { count: d.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("attendees.column.name")}</th>
                <th scope="col">{t("attendees.column.email")}</th>
                <th scope="col">{t("attendees.column.phone")}</th>
                <th scope="col">{t("attendees.column.company")}</th>
                {d.can.edit ? <th scope="col">{t("attendees.column.actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {d.attendees.map((a) => (
                <tr key={a.id} data-attendee-id={a.id}>
                  <th scope="row">{a.name}</th>
                  <td>{a.email ?? ""}</td>
                  <td>{a.phone ? <a href={`tel:${a.phone}`}>{a.phoneShown}</a> : ""}</td>
                  <td>{a.company ?? ""}</td>
                  {d.can.edit ? (
                    <td className="row-actions">
                      <Link to={withRow("edit", a.id)} preventScrollReset>
                        {t("attendees.edit.start")}
                        <span className="visually-hidden"> {a.name}</span>
                      </Link>{" "}
                      <Link to={withRow("delete", a.id)} preventScrollReset>
                        {t("attendees.delete.start")}
                        <span className="visually-hidden"> {a.name}</span>
                      </Link>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {d.pages > 1 ? (
        <nav aria-label={t("attendees.pages")} className="pagination">
          {d.page > 1 ? <Link to={pageLink(d.page - 1)}>{t("overview.previous")}</Link> : null}
          <span>{t("overview.page_of", { page: d.page, pages: d.pages })}</span>
          {d.page < d.pages ? <Link to={pageLink(d.page + 1)}>{t("overview.next")}</Link> : null}
        </nav>
      ) : null}

      {deleteRow ? (
        <section className="danger-zone" aria-labelledby="delete-attendee-heading">
          <h3 id="delete-attendee-heading">{t("attendees.delete.heading", { name: deleteRow.name })}</h3>
          <Form method="post" action={list} preventScrollReset>
            <input type="hidden" name="id" value={deleteRow.id} />
            <input type="hidden" name="name" value={deleteRow.name} />
            <p>{t("attendees.delete.warning", { name: deleteRow.name })}</p>
            <div className="actions">
              <SubmitButton name="intent" value="delete">
                {t("attendees.delete.submit")}
              </SubmitButton>
              <Link to={list} preventScrollReset>
                {t("attendees.cancel")}
              </Link>
            </div>
          </Form>
        </section>
      ) : null}

      {d.can.edit && editRow ? (
        <section className="tab-section" aria-labelledby="edit-attendee-heading">
          <h3 id="edit-attendee-heading">{t("attendees.edit.heading", { name: editRow.name })}</h3>
          <AttendeeForm
            key={`edit-${editRow.id}`}
            id={`attendee-edit-${editRow.id}`}
            intent="edit"
            row={editRow}
            action={list}
            country={d.country}
            countryName={d.countryName}
            lastResult={actionData?.intent === "edit" && actionData.id === editRow.id ? actionData.result : undefined}
          >
            <Link to={list} preventScrollReset>
              {t("attendees.cancel")}
            </Link>
          </AttendeeForm>
        </section>
      ) : d.can.edit ? (
        <section className="tab-section" aria-labelledby="add-attendee-heading">
          <h3 id="add-attendee-heading">{t("attendees.add.heading")}</h3>
          <AttendeeForm
            id="attendee-add"
            intent="add"
            action={list}
            country={d.country}
            countryName={d.countryName}
            lastResult={actionData?.intent === "add" ? actionData.result : undefined}
          />
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
