/**
 * /manage/group/callback/slack/{id} — Slack's return page for group {id} (groups spec §2 "integration
 * return page; takes the id parameter"; platform §7). Slack's consent sends the browser back here
 * with `code` and `state` (or `error=access_denied`). The upstream checks the state (this user's, for
 * this group and this page, unused, under 10 minutes old) and exchanges the code; then back to the
 * group's notifications tab, where the channel is chosen. Denied, forged or expired: said there,
 * nothing connected. ManageVisitorGroup.editor (the access table); another client's group is 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/guard.server";
import { noticeOf } from "~/forms/action-result";
import { done, failed } from "~/forms/action-result.server";
import { groupIdParam, loadGroup } from "~/features/groups/group.server";
import { slackReturnUrl, slackTab } from "~/features/groups/slack.server";
import { refusalOf } from "~/upstream/refusal.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const access = await requireAccess(request);
  const id = groupIdParam(params);
  await loadGroup(access, id);
  const tab = slackTab(id);
  const url = new URL(request.url);
  const [code, state] = [url.searchParams.get("code"), url.searchParams.get("state")];
  if (url.searchParams.has("error") || !code || !state || code.length > 500 || state.length > 500) {
    return done(request, access.viewer, tab, { key: "groups:slack.cancelled", tone: "error" });
  }
  try {
    const after = await access.viewer.api("completeGroupSlack", { params: { groupId: id }, body: { code, state, redirect_uri: slackReturnUrl(request, id) } });
    return done(request, access.viewer, tab, { key: "groups:slack.connected", values: { workspace: after.workspace ?? "" }, tone: "success" });
  } catch (err) {
    const refusal = refusalOf(err);
    // A state not started here (or used, or expired), or Slack refusing the code: said in words.
    const notice = refusal.fields?.state ? noticeOf("groups:slack.state_invalid") : refusal.status === 422 ? noticeOf(refusal.message) : failed(err, "groups:slack.connect_failed");
    return done(request, access.viewer, tab, notice);
  }
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
