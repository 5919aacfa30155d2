/**
 * /manage/safety-check/block-list — the client's block list (groups spec §3 "Block list entry";
 * BlockList.viewer, active accounts; ADR 029): a search (a GET form), 15 a page, each entry with
 * what it matches on, its reason and site. Adding and editing open over it as dialogs (child
 * routes, pages of their own without JavaScript); rows delete after the kit's confirmation; the
 * CSV import (with a preview) and its template are a page of their own.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { BlockListEntry } from "@contract";
import { pageCount } from "~/forms/paging";
import { dispatch } from "~/forms/intents.server";
import { requireAccess } from "~/access/guard.server";
import { pageNotice, rowNotice } from "~/forms/action-result";
import { listState } from "~/forms/list-state.server";
import { BLOCK_LIST_PATH } from "~/features/safety-check/paths";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { DataTable } from "~/ui/data-table";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { Pager } from "~/ui/pager";
import { DeleteConfirm } from "~/ui/rows";
import { SearchBar } from "~/ui/search-bar";
import { remove } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "safety-check")]);
  const { search, page, query } = listState(new URL(request.url));
  const list = await upstreamLoad(access.viewer.api("blockList", { query: { search: search || undefined, page } }));
  return data(
    { title: `${t("block_list.title")} · Gatehouse`, entries: list.entries, total: list.total, page: list.page, pages: pageCount(list.total, list.per_page), search, list: query },
    { headers: access.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  const form = await request.formData();
  return dispatch(form, { delete: () => remove(request, access, form) }, null);
}

function matchText(e: BlockListEntry, t: (k: string, o?: Record<string, unknown>) => string) {
  if (e.fields.length === 0) return t("match.name_only");
  const fields = e.fields.map((f) => `${f.label}: ${f.value}`).join(" · ");
  return e.match_rule === "all" ? t("match.all_of", { fields }) : t("match.count_of", { n: e.match_count ?? 1, fields });
}

export default function BlockList() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("safety-check");
  return (
    <section aria-labelledby="block-list-title" className="stack">
      <h2 id="block-list-title">{t("block_list.title")}</h2>
      <p className="hint">{t("block_list.intro")}</p>
      <div className="toolbar">
        <Link className="button" to={`${BLOCK_LIST_PATH}/new`} preventScrollReset>
          {t("block_list.add")}
        </Link>
        <Link className="button button--secondary" to={`${BLOCK_LIST_PATH}/import`}>
          {t("block_list.import")}
        </Link>
      </div>
      <SearchBar action={BLOCK_LIST_PATH} id="block-list-search" label={t("block_list.search")} value={d.search} submitLabel={t("block_list.search_submit")} />
      <ActionNotice notice={pageNotice(answer, d.entries.map((e) => e.id))} />
      {d.entries.length === 0 ? (
        <p className="empty-state">{d.search ? t("block_list.no_match", { search: d.search }) : t("block_list.empty")}</p>
      ) : (
        <DataTable caption={t("block_list.caption", { total: d.total })} columns={[t("column.name"), t("column.match"), t("column.reason"), t("column.site"), t("column.actions")]}>
          {d.entries.map((e) => (
            <tr key={e.id}>
              <th scope="row">
                <Link to={`${BLOCK_LIST_PATH}/${e.id}`} preventScrollReset>
                  {e.name}
                </Link>
              </th>
              <td>{matchText(e, t as never)}</td>
              <td>{e.reason ?? ""}</td>
              <td>{e.site ? e.site.name : t("entry.every_site")}</td>
              <td>
                <div className="row-actions__group">
                  <Link className="button button--secondary" to={`${BLOCK_LIST_PATH}/${e.id}`} preventScrollReset>
                    {t("block_list.edit")}
                    <span className="visually-hidden"> {e.name}</span>
                  </Link>
                  <DeleteConfirm action={BLOCK_LIST_PATH} id={e.id} name={e.name} question={t("block_list.delete_question", { name: e.name })} confirm={t("block_list.delete_confirm")} hidden={{ name: e.name, list: d.list }} />
                </div>
                <ActionNotice notice={rowNotice(answer as never, e.id)} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager label={t("block_list.pages")} page={d.page} pages={d.pages} base={BLOCK_LIST_PATH} keep={{ search: d.search }} />
      <Outlet />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
