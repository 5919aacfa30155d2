/**
 * /manage/account/sso/users — who signs in by single sign-on for this client (ManageUser.viewer):
 * name, email, role, last SSO sign-in. Editors (ManageUser.editor) can make a person sign in with a
 * password again (a link to set one is mailed) or remove their access, after confirming.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { mayEdit } from "~/access/outcome";
import { pageNotice, rowNotice } from "~/forms/action-result";
import { loadList, ssoClientId, ssoTabAction } from "~/features/sso/sso.server";
import { translator } from "~/i18n/i18n.server";
import { DataTable } from "~/ui/data-table";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { SubmitButton } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { DeleteConfirm } from "~/ui/rows";
import { remove, requirePassword } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t, locale }] = await Promise.all([requireAccess(request), translator(request, "sso")]);
  const users = await loadList(() => access.viewer.api("ssoUsers", { params: { clientId: ssoClientId(access) } }));
  const when = new Intl.DateTimeFormat(locale.replace("_", "-"), { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return data(
    {
      title: `${t("tab.users")} · ${t("title")} · Gatehouse`,
      editable: mayEdit(access.path, access.ctx),
      users: users.map((u) => ({ ...u, last: u.last_sso_sign_in ? `${when.format(new Date(u.last_sso_sign_in))} UTC` : null })),
    },
    { headers: access.headers },
  );
}

export const action = (args: ActionFunctionArgs) => ssoTabAction(args, { "require-password": requirePassword, delete: remove });

export default function SsoUsersTab() {
  const { users, editable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("sso");
  const path = "/manage/account/sso/users";
  return (
    <>
      <h2>{t("tab.users")}</h2>
      <p className="hint">{t("users.intro")}</p>
      <ActionNotice notice={pageNotice(actionData, users.map((u) => u.id))} />
      {users.length === 0 ? (
        <p>{t("users.none")}</p>
      ) : (
        <DataTable caption={t("tab.users")} columns={[t("users.name"), t("users.email"), t("users.role"), t("users.last_sign_in"), editable ? t("users.actions") : null]}>
          {users.map((u) => (
            <tr key={u.id}>
              <th scope="row">{u.name}</th>
              <td>{u.email}</td>
              <td>{u.role}</td>
              <td>{u.last ?? t("users.never")}</td>
              {editable ? (
                <td>
                  <ActionNotice notice={rowNotice(actionData, u.id)} />
                  <div className="row-actions__group">
                    <Form method="post" action={path} preventScrollReset>
                      <input type="hidden" name="id" value={u.id} />
                      <SubmitButton name="intent" value="require-password" variant="secondary">
                        {t("users.require_password")}
                        <span className="visually-hidden"> “{u.name}”</span>
                      </SubmitButton>
                    </Form>
                    <DeleteConfirm action={path} id={u.id} name={u.name} question={t("users.remove_question", { name: u.name })} confirm={t("users.remove_confirm")} />
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
