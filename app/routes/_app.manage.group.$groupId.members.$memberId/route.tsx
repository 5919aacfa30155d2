/**
 * /manage/group/{id}/members/{memberId} — the member editor (groups spec §2), a dialog over the
 * members list (a page of its own without JavaScript), with its tabs as child routes; tabs the user
 * may not open are not offered. The bare URL goes to the details tab (the access table's redirect).
 * Archive or unarchive from here posts to the members tab's action.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { groupIdParam } from "~/features/groups/group.server";
import { loadMember, memberIdParam, memberPermissions, memberTabs } from "~/features/members/member.server";
import { memberPath, membersPath } from "~/features/members/paths";
import { translator } from "~/i18n/i18n.server";
import { RouteDialog } from "~/ui/dialog";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { SubmitButton } from "~/ui/form";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "members")]);
  const groupId = groupIdParam(params);
  const memberId = memberIdParam(params);
  const member = await loadMember(access, groupId, memberId);
  return data(
    {
      title: `${member.name} · ${t("editor.title")} · Gatehouse`,
      member: { id: member.id, name: member.name, state: member.state, email: member.email },
      groupId,
      tabs: memberTabs(access, groupId, memberId),
      can: memberPermissions(access),
    },
    { headers: access.headers },
  );
}

export default function MemberDialog() {
  const { member, groupId, tabs, can } = useLoaderData<typeof loader>();
  const { t } = useTranslation("members");
  const list = membersPath(groupId);
  return (
    <RouteDialog title={member.name} closeTo={list} wide>
      <p className="muted">
        <span className={`status status--${member.state}`}>{t(`state.${member.state}`)}</span>
        {member.email ? ` · ${member.email}` : ""}
      </p>
      <nav aria-label={t("editor.tabs")} className="tabs">
        {tabs.map((tab) => (
          <NavLink key={tab} to={memberPath(groupId, member.id, tab)} preventScrollReset>
            {t(`tab.${tab}`)}
          </NavLink>
        ))}
      </nav>
      <div className="tab-panel">
        <Outlet />
      </div>
      {can.edit ? (
        <Form method="post" action={list} className="actions">
          <input type="hidden" name="ids" value={member.id} />
          <input type="hidden" name="back" value="member" />
          <SubmitButton name="intent" value={member.state === "archived" ? "unarchive" : "archive"} variant="secondary">
            {t(member.state === "archived" ? "unarchive_row" : "archive_row", { name: member.name })}
          </SubmitButton>
        </Form>
      ) : null}
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
