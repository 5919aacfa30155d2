/**
 * /manage/account/sso/access-requests — the requests made at /login/sso/request-access
 * (ManageUser.viewer to see; ManageUser.editor to act): pending first, then the decided ones.
 * Approving opens a dialog (a route, so it works without JavaScript) to choose the role, the
 * default one preselected; declining tells the person (an email, and the request-access page).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { mayEdit } from "~/access/outcome";
import { pageNotice, rowNotice } from "~/forms/action-result";
import { done, refused, requirePostedId } from "~/forms/action-result.server";
import { loadList, ssoClientId, ssoTabAction, type SsoAction } from "~/features/sso/sso.server";
import { SSO_PATH } from "~/features/sso/paths";
import { translator } from "~/i18n/i18n.server";
import { DataTable } from "~/ui/data-table";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { SubmitButton } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";

export const meta: MetaFunction<typeof loader> = pageTitle;
const HERE = `${SSO_PATH}/access-requests`;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t, locale }] = await Promise.all([requireAccess(request), translator(request, "sso")]);
  const requests = await loadList(() => access.viewer.api("ssoAccessRequests", { params: { clientId: ssoClientId(access) } }));
  const when = new Intl.DateTimeFormat(locale.replace("_", "-"), { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return data(
    {
      title: `${t("tab.access_requests")} · ${t("title")} · Gatehouse`,
      editable: mayEdit(access.path, access.ctx),
      requests: requests.map((r) => ({ ...r, when: `${when.format(new Date(r.created_at))} UTC` })),
    },
    { headers: access.headers },
  );
}

/** Decline one pending request (ManageUser.editor). */
async function decline(a: SsoAction) {
  const id = requirePostedId(a.form.get("id"));
  try {
    await a.access.viewer.api("declineSsoAccessRequest", { params: { clientId: a.clientId, requestId: id } });
  } catch (err) {
    return refused(err, { intent: "decline", row: id, notFound: "sso:messages.requestGone" });
  }
  return done(a.request, a.access.viewer, HERE, { key: "sso:requests.declined_notice", tone: "success" });
}

export const action = (args: ActionFunctionArgs) => ssoTabAction(args, { decline });

export default function SsoAccessRequestsTab() {
  const { requests, editable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("sso");
  return (
    <>
      <h2>{t("tab.access_requests")}</h2>
      <p className="hint">{t("requests.intro")}</p>
      <ActionNotice notice={pageNotice(actionData, requests.map((r) => r.id))} />
      {requests.length === 0 ? (
        <p>{t("requests.none")}</p>
      ) : (
        <DataTable caption={t("tab.access_requests")} columns={[t("requests.name"), t("requests.email"), t("requests.requested"), t("requests.status"), editable ? t("requests.actions") : null]}>
          {requests.map((r) => (
            <tr key={r.id}>
              <th scope="row">{r.name}</th>
              <td>{r.email}</td>
              <td>{r.when}</td>
              <td>{r.status === "approved" && r.role ? t("requests.approved_as", { role: r.role }) : t(`requests.state.${r.status}`)}</td>
              {editable ? (
                <td>
                  <ActionNotice notice={rowNotice(actionData, r.id)} />
                  {r.status === "pending" ? (
                    <div className="row-actions__group">
                      <Link className="button" to={`${HERE}/${r.id}`} preventScrollReset>
                        {t("requests.approve")}
                        <span className="visually-hidden"> “{r.name}”</span>
                      </Link>
                      <Form method="post" action={HERE} preventScrollReset>
                        <input type="hidden" name="id" value={r.id} />
                        <SubmitButton name="intent" value="decline" variant="secondary">
                          {t("requests.decline")}
                          <span className="visually-hidden"> “{r.name}”</span>
                        </SubmitButton>
                      </Form>
                    </div>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      )}
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
