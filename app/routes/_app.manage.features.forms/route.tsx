/**
 * /manage/features/forms — the organisation's visitor forms (ManageForm.viewer; ADR 030): a search
 * (a GET form), 15 a page, each with its sites and groups, whether it is on, how many visitors used
 * it and its public link (copied with one click when JavaScript is on; selectable text without).
 * New and edit open over it as dialogs (child routes: pages of their own without JavaScript); rows
 * delete after the kit's confirmation.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageCount } from "~/forms/paging";
import { dispatch } from "~/forms/intents.server";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { pageNotice } from "~/forms/action-result";
import { listState } from "~/forms/list-state.server";
import { loadFormOptions, mayEditForms } from "~/features/visitor-forms/forms.server";
import { FORMS_PATH } from "~/features/visitor-forms/paths";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { Pager } from "~/ui/pager";
import { SearchBar } from "~/ui/search-bar";
import { remove } from "./actions.server";
import { FormTable } from "./form-table";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "features")]);
  const { search, page, query } = listState(new URL(request.url));
  const [list, options] = await Promise.all([upstreamLoad(access.viewer.api("visitorForms", { query: { search: search || undefined, page } })), loadFormOptions(access)]);
  return data(
    {
      title: `${t("forms.title")} · Gatehouse`,
      forms: list.forms,
      total: list.total,
      page: list.page,
      pages: pageCount(list.total, list.per_page),
      search,
      list: query,
      siteNames: Object.fromEntries(options.sites.map((s) => [String(s.id), s.name])),
      groupNames: Object.fromEntries(options.groups.map((g) => [String(g.id), g.name])),
      edit: mayEditForms(access),
    },
    { headers: access.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  const form = await request.formData();
  return dispatch(form, { delete: remove }, { request, access, form });
}

export default function VisitorForms() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("features");
  return (
    <>
      <h1>{t("forms.heading")}</h1>
      <p className="hint">{t("forms.intro")}</p>
      <div className="toolbar">
        {d.edit ? (
          <Link className="button" to={`${FORMS_PATH}/new`} preventScrollReset>
            {t("forms.new")}
          </Link>
        ) : null}
      </div>
      <SearchBar action={FORMS_PATH} id="form-search" label={t("forms.search")} value={d.search} submitLabel={t("forms.search_submit")} />
      <ActionNotice notice={pageNotice(answer, d.forms.map((f) => f.id))} />
      {d.forms.length === 0 ? (
        <p className="empty-state">{d.search ? t("forms.no_match", { search: d.search }) : t("forms.empty")}</p>
      ) : (
        <FormTable forms={d.forms} total={d.total} list={d.list} siteNames={d.siteNames} groupNames={d.groupNames} edit={d.edit} answer={answer} />
      )}
      <Pager label={t("forms.pages")} page={d.page} pages={d.pages} base={FORMS_PATH} keep={{ search: d.search }} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
