/**
 * /manage/account/users/{id} — one portal user (ManageUser.viewer to open, read-only; .editor to
 * change; ADR 020): name, role, flags and site access, over the users list (a page of its own
 * without JavaScript). The upstream refuses a user gone ("Failed to find existing user"), a role
 * holding rights the editor lacks, sites not theirs to give, the flags' rules (issue 24: the
 * primary user's to give, never one's own), a name of an account shared with other organisations,
 * and one's own sites emptied.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireIntent } from "~/forms/intents.server";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { resultFor } from "~/forms/action-result";
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { editSchema, flagsFor, formValuesOf, updateRequest } from "~/features/users/schema";
import { UserForm } from "~/features/users/user-form";
import { loadOptions, userFormField, userIdParam, userPermissions } from "~/features/users/users.server";
import { USER_NOT_FOUND, userPath, USERS_PATH } from "~/features/users/paths";
import { translator } from "~/i18n/i18n.server";
import { UpstreamError } from "~/upstream/errors";
import { upstreamLoad } from "~/upstream/load.server";
import { RouteDialog } from "~/ui/dialog";
import { ActionNotice } from "~/ui/notice";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

/** A 404 of the upstream as null (the user is not there); any other refusal as it is. */
async function missingAsNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 404) return null;
    throw err;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "users")]);
  const id = userIdParam(params);
  const [user, options] = await Promise.all([upstreamLoad(missingAsNull(access.viewer.api("portalUser", { params: { userId: id } }))), loadOptions(access)]);
  // A user gone (deleted, or not one this user may see): the upstream's words, 404.
  if (!user) return data({ title: `${t("title")} · Gatehouse`, user: null, options, can: userPermissions(access) }, { status: 404, headers: access.headers });
  return data({ title: `${user.name} · ${t("title")} · Gatehouse`, user, options, can: userPermissions(access) }, { headers: access.headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  const id = userIdParam(params);
  const form = await request.formData();
  const intent = requireIntent(form, "save");
  const submission = parseSubmission(form, { schema: editSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  const options = await loadOptions(access);
  try {
    // The current primary flag decides whether an unticked box takes it off (the upstream refuses that).
    const current = await access.viewer.api("portalUser", { params: { userId: id } });
    await access.viewer.api("updatePortalUser", { params: { userId: id }, body: updateRequest(submission.value, current, flagsFor(options, current) === true) });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: userFormField, notFound: USER_NOT_FOUND });
  }
  return done(request, access.viewer, USERS_PATH, { key: "users:saved", values: { name: submission.value.name }, tone: "success" });
}

export default function EditUser() {
  const { user, options, can } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("users");
  if (!user) {
    return (
      <RouteDialog title={t("title")} closeTo={USERS_PATH}>
        <ActionNotice notice={{ key: USER_NOT_FOUND, tone: "error" }} />
      </RouteDialog>
    );
  }
  return (
    <RouteDialog title={can.edit ? t("edit_title", { name: user.name }) : user.name} closeTo={USERS_PATH} wide>
      <p className="hint">
        {user.email}
        {user.pending ? ` · ${t("sign_in.pending")}` : null}
      </p>
      <UserForm
        id="user-edit"
        action={userPath(user.id)}
        intent="save"
        values={formValuesOf(user)}
        options={options}
        invite={false}
        editable={can.edit}
        showPrimary={(options.may_transfer_primary || user.primary) && !user.pending}
        flags={flagsFor(options, user)}
        lastResult={resultFor(answer, "save")}
        saveLabel={t("save")}
      />
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
