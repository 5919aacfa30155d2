/**
 * /manage/group/{id}/onboarding — the group's onboarding (groups spec §2, §3): the welcome email new
 * members get, and the files the group's emails carry (attachments: a PDF or an image of at most
 * 30 MB, at most 5). ManageVisitorGroup.viewer to open (read-only), .editor to change; works
 * without JavaScript (the upload is a multipart form).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { resultFor } from "~/forms/action-result";
import { groupTabAction } from "~/features/groups/group.server";
import { SectionTab } from "~/features/groups/section-tab";
import { sectionData } from "~/features/groups/section.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { upstreamLoad } from "~/upstream/load.server";
import { attach, remove, save, uploadOf } from "./actions.server";
import { Attachments } from "./attachments";

export const meta: MetaFunction<typeof loader> = pageTitle;
export async function loader(args: LoaderFunctionArgs) {
  const { access, page, extra: attachments } = await sectionData(args, "onboarding", (access, groupId) => upstreamLoad(access.viewer.api("groupAttachments", { params: { groupId } })));
  return data({ ...page, attachments }, { headers: access.headers });
}

export const action = (args: ActionFunctionArgs) => groupTabAction(args, { save, attach, delete: remove }, uploadOf);

export default function GroupOnboardingTab() {
  const { group, can, attachments } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <SectionTab section="onboarding">
      <Attachments path={`/manage/group/${group.id}/onboarding`} attachments={attachments} editable={can.edit} lastUpload={resultFor(actionData, "attach")} />
    </SectionTab>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
