/**
 * /manage/group/{id}/members/new — add a member (GroupMember.editor): the core fields, over the
 * members list (a page without JavaScript). On success the new member's editor opens.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { resultFor } from "~/forms/action-result";
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { groupIdParam } from "~/features/groups/group.server";
import { CoreForm } from "~/features/members/core-form";
import { coreChoices } from "~/features/members/member.server";
import { memberPath, membersPath } from "~/features/members/paths";
import { coreRequest, coreSchema } from "~/features/members/schemas";
import { translator } from "~/i18n/i18n.server";
import { RouteDialog } from "~/ui/dialog";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "members")]);
  const groupId = groupIdParam(params);
  const { group, sites, managers } = await coreChoices(access, groupId);
  if (group.type !== "returning") throw new Response("Not found", { status: 404 });
  return data({ title: `${t("add")} · ${group.name} · Gatehouse`, groupId, choices: { sites, managers } }, { headers: access.headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  const groupId = groupIdParam(params);
  const form = await request.formData();
  const intent = { intent: "add" };
  const submission = parseSubmission(form, { schema: coreSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  let id: number;
  try {
    ({ id } = await access.viewer.api("createMember", { params: { groupId }, body: coreRequest(submission.value) }));
  } catch (err) {
    return refused(err, { ...intent, submission, fields: (f) => f, notFound: "groups:not_found", upstreamFailed: "members:errors.save_failed" });
  }
  return done(request, access.viewer, memberPath(groupId, id), { key: "members:added", values: { name: submission.value.name }, tone: "success" });
}

export default function NewMember() {
  const { groupId, choices } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("members");
  return (
    <RouteDialog title={t("add")} closeTo={membersPath(groupId)} wide>
      <CoreForm id="member-new" action={`${membersPath(groupId)}/new`} intent="add" values={{ every_site: true }} choices={choices} editable lastResult={resultFor(answer, "add")} legend={t("details.heading")} saveLabel={t("add_submit")} />
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
