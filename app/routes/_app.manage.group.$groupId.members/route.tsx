/**
 * /manage/group/{id}/members — a returning group's members (groups spec §2, §4; GroupMember.viewer):
 * the status filter all / current / upcoming / archived with counts (links), a search (a GET form),
 * 15 a page; select many (checkboxes tied to one form, no JavaScript needed) to multi-edit, archive,
 * unarchive or send companion invites; per row open, archive or unarchive, delete (after the kit's
 * confirmation; GroupMember.delete). The member editor, "add a member" and multi-edit open over it
 * as dialogs (child routes). Read-only for viewers.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MEMBER_FILTERS, type MemberFilter } from "@contract";
import { pageCount } from "~/forms/paging";
import { dispatch, type Intents } from "~/forms/intents.server";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { pageNotice } from "~/forms/action-result";
import { groupIdParam, loadGroup } from "~/features/groups/group.server";
import { memberPermissions } from "~/features/members/member.server";
import { membersPath } from "~/features/members/paths";
import { listState } from "~/forms/list-state.server";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { MemberIoLinks } from "~/features/members/io-links";
import { ioPermissions } from "~/features/members/io-links.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { Pager } from "~/ui/pager";
import { SearchBar } from "~/ui/search-bar";
import { archive, invite, multiEdit, remove, unarchive, type ListAction } from "./actions.server";
import { MemberFilters, MemberTable, SelectionActions } from "./member-table";

export const meta: MetaFunction<typeof loader> = pageTitle;

const filterOf = (url: URL): MemberFilter => {
  const f = url.searchParams.get("filter") ?? "all";
  return (MEMBER_FILTERS as readonly string[]).includes(f) ? (f as MemberFilter) : "all";
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "members")]);
  const id = groupIdParam(params);
  const url = new URL(request.url);
  const { search, page } = listState(url);
  const filter = filterOf(url);
  // The group and its members in one round trip (the upstream checks the right on each).
  const [{ group }, list] = await Promise.all([
    loadGroup(access, id, membersPath(id)),
    upstreamLoad(access.viewer.api("groupMembers", { params: { groupId: id }, query: { filter, search: search || undefined, page } })),
  ]);
  if (group.type !== "returning") throw new Response("Not found", { status: 404 });
  const keep = new URLSearchParams({ ...(filter !== "all" ? { filter } : {}), ...(search ? { search } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString();
  return data(
    {
      title: `${t("groups:tab.members")} · ${group.name} · Gatehouse`,
      group: { id: group.id, name: group.name },
      members: list.members,
      counts: list.counts,
      total: list.total,
      page: list.page,
      pages: pageCount(list.total, list.per_page),
      search,
      filter,
      list: keep ? `?${keep}` : "",
      can: memberPermissions({ ctx: access.ctx, path: membersPath(id) }),
      io: ioPermissions(access),
    },
    { headers: access.headers },
  );
}

const INTENTS = { archive, unarchive, delete: { right: "GroupMember.delete", handler: remove }, invite, "multi-edit": multiEdit } satisfies Intents<ListAction>;

export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  const groupId = groupIdParam(params);
  const form = await request.formData();
  return dispatch(form, INTENTS, { request, access, groupId, form });
}

export default function GroupMembersTab() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("members");
  const base = membersPath(d.group.id);
  return (
    <>
      <h2>{t("groups:tab.members")}</h2>
      <div className="toolbar">
        {d.can.edit ? (
          <a className="button" href={`${base}/new`}>
            {t("add")}
          </a>
        ) : null}
        <MemberIoLinks groupId={d.group.id} can={d.io} />
      </div>
      <MemberFilters base={base} filter={d.filter} counts={d.counts} search={d.search} />
      <SearchBar action={base} id="member-search" label={t("search")} value={d.search} submitLabel={t("search_submit")} keep={d.filter !== "all" ? { filter: d.filter } : {}} />
      <ActionNotice notice={pageNotice(answer, d.members.map((m) => m.id))} />
      {d.members.length === 0 ? (
        <p className="empty-state">{d.search ? t("no_match", { search: d.search }) : t(`empty.${d.filter}`)}</p>
      ) : (
        <>
          {d.can.edit ? <SelectionActions base={base} list={d.list} filter={d.filter} /> : null}
          <MemberTable base={base} members={d.members} total={d.total} list={d.list} can={d.can} answer={answer} />
        </>
      )}
      <Pager label={t("pages")} page={d.page} pages={d.pages} base={base} keep={{ search: d.search, ...(d.filter !== "all" ? { filter: d.filter } : {}) }} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
