/**
 * /manage/account/users — the organisation's portal users (platform §2, §6; ManageUser.viewer;
 * ADR 020): a search (name or email; a GET form), 15 a page, each with role, flags, sites,
 * two-factor status and how they sign in. Inviting and editing open over it as dialogs (child
 * routes: pages of their own without JavaScript); rows delete (after the kit's confirmation),
 * remove two-factor and send invitations again as the user's rights allow.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageCount } from "~/forms/paging";
import { dispatch, type Intents } from "~/forms/intents.server";
import { requireAccess } from "~/access/guard.server";
import { pageNotice } from "~/forms/action-result";
import { listState } from "~/forms/list-state.server";
import { loadOptions, userPermissions } from "~/features/users/users.server";
import { USERS_PATH } from "~/features/users/paths";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { Pager } from "~/ui/pager";
import { SearchBar } from "~/ui/search-bar";
import { remove, removeTwoFactor, resend, type RowAction } from "./actions.server";
import { UserTable } from "./user-table";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "users")]);
  const { search, page, query } = listState(new URL(request.url));
  const [list, options] = await Promise.all([upstreamLoad(access.viewer.api("portalUsers", { query: { search: search || undefined, page } })), loadOptions(access)]);
  return data(
    {
      title: `${t("title")} · Gatehouse`,
      users: list.users,
      total: list.total,
      page: list.page,
      pages: pageCount(list.total, list.per_page),
      search,
      list: query,
      siteNames: Object.fromEntries(options.sites.map((s) => [String(s.id), s.name])),
      can: userPermissions(access),
    },
    { headers: access.headers },
  );
}

const INTENTS = {
  delete: { right: "ManageUser.delete", handler: remove },
  "remove-2fa": { right: "ManageUser.remove2fa", handler: removeTwoFactor },
  resend,
} satisfies Intents<RowAction>;

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  const form = await request.formData();
  return dispatch(form, INTENTS, { request, access, form });
}

export default function PortalUsers() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("users");
  return (
    <>
      <h1>{t("heading")}</h1>
      <div className="toolbar">
        {d.can.edit ? (
          <Link className="button" to={`${USERS_PATH}/new`} preventScrollReset>
            {t("invite")}
          </Link>
        ) : null}
      </div>
      <SearchBar action={USERS_PATH} id="user-search" label={t("search")} value={d.search} submitLabel={t("search_submit")} />
      <ActionNotice notice={pageNotice(answer, d.users.map((u) => u.id))} />
      {d.users.length === 0 ? (
        <p className="empty-state">{d.search ? t("no_match", { search: d.search }) : t("empty")}</p>
      ) : (
        <UserTable base={USERS_PATH} users={d.users} total={d.total} list={d.list} siteNames={d.siteNames} can={d.can} answer={answer} />
      )}
      <Pager label={t("pages")} page={d.page} pages={d.pages} base={USERS_PATH} keep={{ search: d.search }} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
