/**
 * /manage/account/permissions — the client's roles (issue 16 item 2; platform §6; ADR 021;
 * ManageUser.viewer to open, ManageUser.editor to change): Administrator and Standard User (built
 * in, read-only) and the custom roles, each with how many users hold it; add a role, open one in
 * the editor, delete a custom role (after the kit's confirmation; the upstream refuses while users
 * hold it, and the page says how many), and "view as". A role held by users outside the viewer's
 * sites is only opened, never edited or deleted (ADR 031).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { dispatch } from "~/forms/intents.server";
import { permissionsAt } from "~/access/outcome";
import { roleInScope, scopeOf, scopeSubject } from "~/access/scope";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { pageNotice, rowNotice } from "~/forms/action-result";
import { PERMISSIONS_PATH } from "~/features/roles/paths";
import { loadRoles } from "~/features/roles/roles.server";
import { translator } from "~/i18n/i18n.server";
import { DataTable } from "~/ui/data-table";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { DeleteConfirm } from "~/ui/rows";
import { remove } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "roles")]);
  const roles = await loadRoles(access);
  const scope = scopeOf(scopeSubject(access.viewer.claims, access.ctx), "role");
  return data(
    {
      title: `${t("heading")} · Gatehouse`,
      // A role held by users outside the viewer's sites is read-only for them (ADR 031).
      roles: roles.map((r) => ({ id: r.id, name: r.name, built_in: r.built_in, user_count: r.user_count, inScope: roleInScope(scope, r) })),
      canEdit: permissionsAt(PERMISSIONS_PATH, access.ctx).edit,
    },
    { headers: access.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  const form = await request.formData();
  return dispatch(form, { delete: () => remove(request, access, form) }, null);
}

export default function RolesPage() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("roles");
  return (
    <>
      <h1>{t("heading")}</h1>
      <p>{t("intro")}</p>
      <div className="toolbar">
        {d.canEdit ? (
          <Link className="button" to={`${PERMISSIONS_PATH}/new`}>
            {t("add")}
          </Link>
        ) : null}
        <Link className="button button--secondary" to={`${PERMISSIONS_PATH}/view-as`}>
          {t("view_as.link")}
        </Link>
      </div>
      <ActionNotice notice={pageNotice(answer, d.roles.map((r) => r.id))} />
      <DataTable caption={t("caption")} columns={[t("column.name"), t("column.kind"), t("column.users"), t("column.actions")]}>
        {d.roles.map((r) => (
          <tr key={r.id}>
            <th scope="row">{r.name}</th>
            <td>{r.built_in ? t("kind.built_in") : t("kind.custom")}</td>
            <td>{r.user_count}</td>
            <td>
              <div className="row-actions__group">
                <Link className="button button--secondary" to={`${PERMISSIONS_PATH}/${r.id}`}>
                  {d.canEdit && !r.built_in && r.inScope ? t("edit") : t("open")}
                  <span className="visually-hidden"> “{r.name}”</span>
                </Link>
                {d.canEdit && !r.built_in && !r.inScope ? <span className="hint">{t("out_of_scope")}</span> : null}
                {d.canEdit && !r.built_in && r.inScope ? (
                  <DeleteConfirm action={PERMISSIONS_PATH} id={r.id} name={r.name} question={t("delete.question", { name: r.name })} confirm={t("delete.confirm")} hidden={{ name: r.name }} />
                ) : null}
              </div>
              <ActionNotice notice={rowNotice(answer, r.id)} />
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
