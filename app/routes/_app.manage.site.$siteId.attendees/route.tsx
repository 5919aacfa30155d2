/**
 * /manage/site/{id}/attendees — an event's attendees (events only: other sites are a 404, as the
 * upstream says): a search (a GET form) and 15 a page (platform §9), add, edit (`?edit=<id>`) and
 * delete (the kit's confirmation) on this page, with and without JavaScript. Phone numbers
 * are read for the client's country (its settings' `country`, else the region of the site's
 * language) and sent as E.164; empty is valid; an invalid one says "Enter a valid phone number"
 * (with JavaScript as soon as the field loses focus — platform §5). The list keeps its search and
 * page through every action.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Config, SiteDetails } from "@contract";
import { pageCount } from "~/forms/paging";
import { dispatch } from "~/forms/intents.server";
import { requireAccess } from "~/access/guard.server";
import { listState } from "~/forms/list-state.server";
import { formatPhone, phoneCountry } from "~/features/manage/phone.server";
import { loadManagedSite, siteIdParam } from "~/features/manage/sites.server";
import { ActionNotice } from "~/ui/notice";
import { asNotice, pageNotice, resultFor } from "~/forms/action-result";
import { toLanguageTag, type Locale } from "~/i18n/config";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { DataTable } from "~/ui/data-table";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { Pager } from "~/ui/pager";
import { DeleteConfirm } from "~/ui/rows";
import { SearchBar } from "~/ui/search-bar";
import { add, edit, remove } from "./actions.server";
import { AttendeeForm } from "./attendee-form";

export const meta: MetaFunction<typeof loader> = pageTitle;

/** The client's country for phone numbers, else the region of the site's language (en_GB → GB). */
function countryFor(config: Config, site: Pick<SiteDetails, "locale">): string | undefined {
  return phoneCountry(String(config.client.settings.country ?? "")) ?? phoneCountry(site.locale.split("_")[1]);
}

async function eventSite(access: Parameters<typeof loadManagedSite>[0], id: number) {
  const managed = await loadManagedSite(access, id);
  if (managed.site.type !== "event") throw new Response("Not found", { status: 404 });
  return managed;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "sites")]);
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
      title: `${t("site.tab.attendees")} · ${site.name} · Gatehouse`,
      site: { id: site.id, name: site.name },
      can,
      country: country ?? null,
      countryName,
      search,
      query,
      page: list.page,
      pages: pageCount(list.total, list.per_page),
      total: list.total,
      attendees: list.attendees.map((a) => ({ id: a.id, name: a.name, email: a.email, phone: a.phone, phoneShown: a.phone ? formatPhone(a.phone) : null, company: a.company })),
    },
    { headers: access.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  const siteId = siteIdParam(params);
  const { site, can } = await eventSite(access, siteId);
  if (!can.edit) throw new Response("Forbidden", { status: 403 });
  const form = await request.formData();
  const back = `/manage/site/${siteId}/attendees${listState(new URL(request.url)).query}`;
  const args = { request, viewer: access.viewer, siteId, form, country: countryFor(access.config, site), back };
  return dispatch(form, { add, edit, delete: remove }, args);
}

export default function SiteAttendeesTab() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation("sites");
  const base = `/manage/site/${d.site.id}/attendees`;
  const list = `${base}${d.query}`;
  const withRow = (name: "edit", id: number) => `${base}?${new URLSearchParams({ ...(d.search ? { search: d.search } : {}), ...(d.page > 1 ? { page: String(d.page) } : {}), [name]: String(id) })}`;
  const rowParam = (name: string) => {
    const v = searchParams.get(name);
    return v && /^\d{1,9}$/.test(v) ? Number(v) : null;
  };
  const edited = actionData && actionData.intent === "edit" ? actionData.row : undefined;
  const editing = d.can.edit ? (edited !== undefined ? edited : rowParam("edit")) : null;
  const editRow = d.attendees.find((a) => a.id === editing);
  const missing = editing !== null && !editRow;
  return (
    <>
      <h2>{t("site.tab.attendees")}</h2>
      <ActionNotice notice={pageNotice(actionData) ?? asNotice(missing ? "common:rows.row_gone" : null)} />
      <SearchBar action={base} id="attendee-search" label={t("attendees.search")} value={d.search} submitLabel={t("attendees.search_submit")} />
      {d.attendees.length === 0 ? (
        <p className="empty-state">{d.search ? t("attendees.no_match", { search: d.search }) : t("attendees.empty")}</p>
      ) : (
        <DataTable
          caption={t("attendees.caption", { count: d.total })}
          columns={[t("attendees.column.name"), t("attendees.column.email"), t("attendees.column.phone"), t("attendees.column.company"), d.can.edit ? t("attendees.column.actions") : null]}
        >
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
                  <DeleteConfirm
                    action={list}
                    id={a.id}
                    name={a.name}
                    question={`${t("attendees.delete.heading", { name: a.name })} ${t("attendees.delete.warning", { name: a.name })}`}
                    confirm={t("attendees.delete.submit")}
                    hidden={{ name: a.name }}
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      )}
      <Pager label={t("attendees.pages")} page={d.page} pages={d.pages} base={base} keep={{ search: d.search }} />


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
            lastResult={resultFor(actionData, "edit", editRow.id)}
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
            lastResult={resultFor(actionData, "add")}
          />
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
