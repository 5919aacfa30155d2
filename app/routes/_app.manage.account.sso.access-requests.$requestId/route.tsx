/**
 * /manage/account/sso/access-requests/{id} — approve one pending request (ManageUser.editor): a
 * dialog over the list to choose the role and the sites, the defaults (the configuration's default
 * permissions) preselected. The upstream refuses a role with rights the approver does not hold, and
 * sites outside the approver's (every site, for an approver restricted to some: ADR 031).
 * Once approved the person signs in by SSO and lands on Today.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireIntent } from "~/forms/intents.server";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { pageNotice, resultFor } from "~/forms/action-result";
import { done, invalid, postedId, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { narrowSites, scopeOf, scopeSubject, siteInScope } from "~/access/scope";
import { approveRequest, approveSchema } from "~/features/sso/schemas";
import { loadList, loadSsoConfig, ssoClientId } from "~/features/sso/sso.server";
import { SSO_PATH } from "~/features/sso/paths";
import { translator } from "~/i18n/i18n.server";
import { RouteDialog } from "~/ui/dialog";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { ErrorDialog } from "~/ui/error-dialog";
import { CheckField, ChoiceList, FormErrors, initialValues, SelectField, SubmitButton, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;
const LIST = `${SSO_PATH}/access-requests`;

function requestId(params: LoaderFunctionArgs["params"]): number {
  const id = postedId(params.requestId);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "sso")]);
  const id = requestId(params);
  const clientId = ssoClientId(access);
  const [requests, roles, config] = await Promise.all([
    loadList(() => access.viewer.api("ssoAccessRequests", { params: { clientId } })),
    loadList(() => access.viewer.api("clientRoles")),
    loadSsoConfig(access),
  ]);
  const req = requests.find((r) => r.id === id && r.status === "pending");
  if (!req) throw new Response("Not found", { status: 404, headers: access.headers });
  const defaultRole = config.state === "ok" ? config.config.default_permissions.role_id : 0;
  // The sites on offer: the viewer's own (config), every site only for a viewer with every site; the
  // configuration's default sites ticked, as far as they are the viewer's (ADR 031).
  const scope = scopeOf(scopeSubject(access.viewer.claims, access.ctx), "access-request");
  const defaults = config.state === "ok" ? config.config.default_permissions.site_ids : [];
  const sites = access.config.sites.filter((s) => siteInScope(scope, s.id));
  return data(
    {
      title: `${t("requests.approve_title", { name: req.name })} · Gatehouse`,
      req: { id: req.id, name: req.name, email: req.email },
      roles: roles.map((r) => ({ value: String(r.id), label: r.name })),
      defaultRole: roles.some((r) => r.id === defaultRole) ? String(defaultRole) : "",
      sites: sites.map((s) => ({ value: String(s.id), label: s.name })),
      everySiteOffered: scope.kind === "all",
      everySite: scope.kind === "all" && defaults.length === 0,
      defaultSites: narrowSites(scope, defaults).map(String),
    },
    { headers: access.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  const id = requestId(params);
  const form = await request.formData();
  const intent = requireIntent(form, "approve");
  const submission = parseSubmission(form, { schema: approveSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  try {
    await access.viewer.api("approveSsoAccessRequest", { params: { clientId: ssoClientId(access), requestId: id }, body: approveRequest(submission.value) });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["role_id", "site_ids"], notFound: "sso:messages.requestGone" });
  }
  return done(request, access.viewer, LIST, { key: "sso:requests.approved_notice", tone: "success" });
}

export default function ApproveDialog() {
  const { req, roles, defaultRole, sites, everySiteOffered, everySite, defaultSites } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const notice = pageNotice(actionData);
  const { t } = useTranslation("sso");
  const [form, fields] = useForm<{ role_id?: string; every_site?: boolean; site_ids?: string[] }, any>({
    id: "sso-approve",
    lastResult: resultFor(actionData, "approve"),
    defaultValue: { role_id: defaultRole, every_site: everySite, site_ids: defaultSites },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: approveSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <RouteDialog title={t("requests.approve_title", { name: req.name })} closeTo={LIST}>
      {notice ? <ErrorDialog key={JSON.stringify(notice)} notice={notice} /> : null}
      <p>{t("requests.approve_intro", { email: req.email })}</p>
      <ValidatedForm form={form} action={`${LIST}/${req.id}`} preventScrollReset>
        <FormErrors formId={form.id} />
        <SelectField field={fields.role_id} label={t("requests.role")} hint={t("requests.role_hint")}>
          <option value="">{t("configuration.choose")}</option>
          {roles.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </SelectField>
        {everySiteOffered ? <CheckField field={fields.every_site as never} label={t("requests.every_site")} /> : null}
        <ChoiceList
          legend={t("requests.sites")}
          before={<p className="hint">{t(everySiteOffered ? "requests.sites_hint" : "requests.sites_hint_own")}</p>}
          name="site_ids"
          type="checkbox"
          choices={sites}
          checked={initialValues(fields.site_ids.initialValue ?? defaultSites)}
          errorId={fields.site_ids.errorId}
          errors={fields.site_ids.errors}
          idPrefix="sso-approve-site"
        />
        <div className="actions">
          <SubmitButton name="intent" value="approve">
            {t("requests.approve_submit")}
          </SubmitButton>
        </div>
      </ValidatedForm>
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
