/**
 * /manage/account/users/new — invite a portal user (ManageUser.editor; ADR 020): name, email, role,
 * flags, site access, over the users list (a page of its own without JavaScript). The upstream
 * mails the invitation (its outbox): someone new chooses a password from its link, someone who has
 * an account accepts it on My profile; until then it is listed as pending, the same either way
 * (issue 24). Billing and technical contact only for the primary user (or a super user).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireIntent } from "~/forms/intents.server";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { resultFor } from "~/forms/action-result";
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { flagsFor, inviteRequest, inviteSchema } from "~/features/users/schema";
import { UserForm } from "~/features/users/user-form";
import { loadOptions, userFormField } from "~/features/users/users.server";
import { USERS_PATH } from "~/features/users/paths";
import { translator } from "~/i18n/i18n.server";
import { RouteDialog } from "~/ui/dialog";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "users")]);
  const options = await loadOptions(access);
  return data({ title: `${t("invite")} · Gatehouse`, options }, { headers: access.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  const form = await request.formData();
  const intent = requireIntent(form, "invite");
  const submission = parseSubmission(form, { schema: inviteSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  const options = await loadOptions(access);
  try {
    await access.viewer.api("invitePortalUser", { body: inviteRequest(submission.value, flagsFor(options, null) === true) });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: userFormField });
  }
  return done(request, access.viewer, USERS_PATH, { key: "users:invited", values: { email: submission.value.email }, tone: "success" });
}

export default function InviteUser() {
  const { options } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("users");
  return (
    <RouteDialog title={t("invite")} closeTo={USERS_PATH} wide>
      <p className="hint">{t("invite_intro")}</p>
      <UserForm
        id="user-invite"
        action={`${USERS_PATH}/new`}
        intent="invite"
        values={{ every_site: !options.sites_only }}
        options={options}
        invite
        editable
        showPrimary={false}
        flags={flagsFor(options, null)}
        lastResult={resultFor(answer, "invite")}
        saveLabel={t("invite_submit")}
      />
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
