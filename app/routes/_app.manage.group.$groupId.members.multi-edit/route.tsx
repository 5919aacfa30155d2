/**
 * /manage/group/{id}/members/multi-edit?ids=… — change up to 500 members at once (groups spec §2;
 * GroupMember.editor): sites shown, start and end dates, manager (each applied only when its box is
 * ticked; a blank date clears it) and the permission flags (keep, set or clear each). All or nothing:
 * when one member cannot take the change, nothing is saved and each member's problem is named.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MEMBER_LIMITS, MEMBER_PERMISSION_FLAGS, MEMBER_PERMISSIONS } from "@contract";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { resultFor } from "~/forms/action-result";
import { answer, done, invalid, isUpstreamFailure, refused } from "~/forms/action-result.server";
import { refusalOf } from "~/upstream/refusal.server";
import { parseSubmission } from "~/forms/submission";
import { groupIdParam } from "~/features/groups/group.server";
import { coreChoices } from "~/features/members/member.server";
import { membersPath } from "~/features/members/paths";
import { multiEditRequest, multiEditSchema } from "~/features/members/schemas";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { RouteDialog } from "~/ui/dialog";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { MultiEditForm } from "./multi-edit-form";

export const meta: MetaFunction<typeof loader> = pageTitle;

/** The members the upstream named (`members.<id>`) with their problems, or null. */
function memberProblems(err: unknown) {
  if (!isUpstreamFailure(err)) return null;
  const fields = refusalOf(err).fields ?? {};
  const problems = Object.entries(fields).flatMap(([f, messages]) => (/^members\.\d+$/.test(f) ? [{ id: Number(f.slice(8)), messages }] : []));
  return problems.length ? problems : null;
}

const idsOf = (s: string | null) => [...new Set((s ?? "").split(",").filter((x) => /^\d{1,9}$/.test(x)).map(Number))].slice(0, MEMBER_LIMITS.multiEdit);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "members")]);
  const groupId = groupIdParam(params);
  const ids = idsOf(new URL(request.url).searchParams.get("ids"));
  const [{ group, sites, managers }, list] = await Promise.all([
    coreChoices(access, groupId),
    ids.length ? upstreamLoad(access.viewer.api("groupMembers", { params: { groupId }, query: { ids: ids.join(",") } })) : Promise.resolve({ members: [] }),
  ]);
  return data(
    {
      title: `${t("multi_edit.title")} · ${group.name} · Gatehouse`,
      groupId,
      members: list.members.map((m) => ({ id: m.id, name: m.name })),
      offered: MEMBER_PERMISSIONS.filter((k) => !MEMBER_PERMISSION_FLAGS[k] || access.ctx.flags.has(MEMBER_PERMISSION_FLAGS[k] as never)),
      choices: { sites, managers },
    },
    { headers: access.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  const groupId = groupIdParam(params);
  const form = await request.formData();
  const intent = { intent: "multi-edit" };
  const submission = parseSubmission(form, { schema: multiEditSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  let changed: number;
  try {
    ({ changed } = await access.viewer.api("multiEditMembers", { params: { groupId }, body: multiEditRequest(submission.value) }));
  } catch (err) {
    const problems = memberProblems(err);
    if (problems) {
      // Each member's problem on the form, named (all or nothing: nothing was saved).
      const [{ t }, list] = await Promise.all([translator(request, "members"), access.viewer.api("groupMembers", { params: { groupId }, query: { ids: problems.map((p) => p.id).join(",") } })]);
      const name = (id: number) => list.members.find((m) => m.id === id)?.name ?? `#${id}`;
      const text = (m: string) => (m.startsWith("@") ? m.slice(1) : t(m.split("|")[0]!));
      const formErrors = problems.flatMap((p) => p.messages.map((m) => `@${t("multi_edit.problem", { name: name(p.id), problem: text(m) })}`));
      return answer(intent, { result: submission.reply({ formErrors }) }, 422);
    }
    return refused(err, { ...intent, submission, fields: (f) => f.replace(/^permissions\./, "perm_"), upstreamFailed: "members:errors.save_failed" });
  }
  return done(request, access.viewer, membersPath(groupId), { key: "members:multi_edit.done", values: { count: changed }, tone: "success" });
}

export default function MultiEdit() {
  const { groupId, members, choices, offered } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("members");
  return (
    <RouteDialog title={t("multi_edit.title")} closeTo={membersPath(groupId)} wide>
      {members.length === 0 ? <p className="empty-state">{t("validation.choose_members")}</p> : <MultiEditForm groupId={groupId} members={members} choices={choices} offered={offered} lastResult={resultFor(answer, "multi-edit")} />}
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
