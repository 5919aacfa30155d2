/**
 * /manage/group/{id}/members — a returning group's members as the upstream has them (groups spec
 * §2; GroupMember.viewer): a search by name or email (a GET form) and 15 a page. The member editor,
 * import and multi-edit are the members area (the next issue).
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { groupIdParam, loadGroup } from "~/features/groups/group.server";
import { listState } from "~/forms/list-state.server";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { MemberIoLinks } from "~/features/members/io-links";
import { DataTable } from "~/ui/data-table";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { Pager } from "~/ui/pager";
import { SearchBar } from "~/ui/search-bar";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "groups")]);
  const id = groupIdParam(params);
  const { search, page } = listState(new URL(request.url));
  // The group and its members in one round trip (the upstream checks the right on each).
  const [{ group }, list] = await Promise.all([loadGroup(access, id), upstreamLoad(access.viewer.api("groupMembers", { params: { groupId: id }, query: { search: search || undefined, page } }))]);
  if (group.type !== "returning") throw new Response("Not found", { status: 404 });
  return data(
    {
      title: `${t("tab.members")} · ${group.name} · Gatehouse`,
      group: { id: group.id, name: group.name },
      members: list.members,
      total: list.total,
      page: list.page,
      pages: Math.max(1, Math.ceil(list.total / list.per_page)),
      search,
    },
    { headers: access.headers },
  );
}

export default function GroupMembersTab() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("groups");
  const base = `/manage/group/${d.group.id}/members`;
  return (
    <>
      <h2>{t("tab.members")}</h2>
      <MemberIoLinks groupId={d.group.id} />
      <SearchBar action={base} id="member-search" label={t("members.search")} value={d.search} submitLabel={t("members.search_submit")} />
      {d.members.length === 0 ? (
        <p className="empty-state">{d.search ? t("members.no_match", { search: d.search }) : t("members.empty")}</p>
      ) : (
        <DataTable caption={t("members.caption", { count: d.total })} columns={[t("members.column.name"), t("members.column.email"), t("members.column.mobile")]}>
          {d.members.map((m) => (
            <tr key={m.id}>
              <th scope="row">{m.name}</th>
              <td>{m.email ?? ""}</td>
              <td>{m.mobile ? <a href={`tel:${m.mobile}`}>{m.mobile}</a> : ""}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager label={t("members.pages")} page={d.page} pages={d.pages} base={base} keep={{ search: d.search }} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
