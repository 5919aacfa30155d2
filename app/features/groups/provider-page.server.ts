/**
 * /manage/group/azure-id/{group?} and /manage/group/brivo-id/{group?} (groups spec §2): without a
 * group, the returning groups to connect to the directory (each with its state); with one, that
 * group's integration with the provider — choose the directory group (Brivo: and its facility code),
 * sync now, turn off or on, disconnect. ManageVisitorGroup.viewer to open, .editor to change.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { SyncProvider } from "@contract";
import { pageCount } from "~/forms/paging";
import { requireAccess } from "~/access/guard.server";
import { postedId } from "~/forms/action-result.server";
import { listState } from "~/forms/list-state.server";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { groupTabAction, loadGroup } from "./group.server";
import { providerPath } from "./sync";
import { loadSync, syncHandlers, syncPageData } from "./sync.server";


export async function providerLoader({ request, params }: LoaderFunctionArgs, provider: SyncProvider) {
  const [access, { t, locale }] = await Promise.all([requireAccess(request), translator(request, "groups")]);
  const providerName = t(`sync.provider.${provider}`);
  if (params.groupId === undefined) {
    const { search, page } = listState(new URL(request.url));
    const list = await upstreamLoad(access.viewer.api("manageGroups", { query: { search: search || undefined, page } }));
    return data(
      {
        title: `${providerName} · Gatehouse`,
        provider,
        groups: list.groups.filter((g) => g.type === "returning").map((g) => ({ id: g.id, name: g.name, members: g.member_count })),
        pages: pageCount(list.total, list.per_page),
        page: list.page,
        search,
        group: null,
        directory: null,
        can: null,
      },
      { headers: access.headers },
    );
  }
  const id = postedId(params.groupId);
  if (id === null) throw new Response("Not found", { status: 404 });
  const [{ group, can }, sync] = await Promise.all([loadGroup(access, id), loadSync(access, id)]);
  if (group.type !== "returning") throw new Response("Not found", { status: 404 });
  const directory = syncPageData(access, sync, locale);
  // Another directory connected: this page is not where it is managed (its own, or the details tab).
  const other = sync && sync.provider !== null && sync.provider !== provider ? sync.provider : null;
  return data(
    {
      title: `${providerName} · ${group.name} · Gatehouse`,
      provider,
      groups: null,
      pages: 1,
      page: 1,
      search: "",
      group: { id: group.id, name: group.name },
      directory: { ...directory, providers: directory.providers.filter((p) => p === provider), other },
      can,
    },
    { headers: access.headers },
  );
}

export function providerAction(args: ActionFunctionArgs, provider: SyncProvider) {
  if (args.params.groupId === undefined) throw new Response("Method not allowed", { status: 405 });
  return groupTabAction(args, syncHandlers((group) => providerPath(provider, group.id)));
}
