/**
 * The group notifications tab's actions, one handler per intent: save the notification settings
 * (the section's common save), and the group's Slack connection (ADR 016) — connect (to Slack's
 * consent page, via the upstream: the browser comes back to /manage/group/callback/slack/{id}),
 * choose the channel, send a test message, disconnect. Each: parse → invalid | call upstream →
 * refused | done. A Slack failure the upstream recorded (answered 200 with the connection) is said
 * in words, as the connection's error.
 */
import { redirect } from "@remix-run/node";
import type { GroupSlack } from "@contract";
import type { Notice } from "~/forms/action-result";
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import type { GroupTabAction } from "~/features/groups/group.server";
import { GROUP_NOT_FOUND, saveSection } from "~/features/groups/section.server";
import { slackReturnUrl, slackTab } from "~/features/groups/slack.server";
import { channelSchema } from "./schema";

export const save = (args: GroupTabAction) => saveSection(args, "notifications");

/** Back to the tab: what Slack said when it failed just now, else `success`. */
function outcome({ request, viewer, group }: GroupTabAction, after: GroupSlack, success: Notice) {
  if (after.status !== "connected" && after.error) return done(request, viewer, slackTab(group.id), { key: `groups:slack.error.${after.error}`, tone: "error" });
  return done(request, viewer, slackTab(group.id), success);
}

/** Start connecting: to Slack's consent page. */
export async function connect({ request, viewer, group }: GroupTabAction) {
  try {
    const { authorize_url } = await viewer.api("connectGroupSlack", { params: { groupId: group.id }, body: { redirect_uri: slackReturnUrl(request, group.id) } });
    return redirect(authorize_url);
  } catch (err) {
    return refused(err, { intent: "connect", row: null, notFound: GROUP_NOT_FOUND });
  }
}

/** The channel sign-ins are posted to (one of the workspace's: the upstream checks it with Slack). */
export async function channel(args: GroupTabAction) {
  const intent = { intent: "channel" };
  const submission = parseSubmission(args.form, { schema: channelSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  let after: GroupSlack;
  try {
    after = await args.viewer.api("updateGroupSlack", { params: { groupId: args.group.id }, body: { channel_id: submission.value.channel_id } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: (key) => (key === "channel_id" ? "channel_id" : null), notFound: GROUP_NOT_FOUND });
  }
  return outcome(args, after, { key: "groups:slack.channel_saved", values: { channel: after.channel?.name ?? "" }, tone: "success" });
}

/** A test message to the channel. */
export async function test(args: GroupTabAction) {
  let after: GroupSlack;
  try {
    after = await args.viewer.api("testGroupSlack", { params: { groupId: args.group.id } });
  } catch (err) {
    return refused(err, { intent: "test", row: null, notFound: GROUP_NOT_FOUND });
  }
  return outcome(args, after, { key: "groups:slack.test_sent", values: { channel: after.channel?.name ?? "" }, tone: "success" });
}

/** Disconnect: nothing more is posted. */
export async function disconnect({ request, viewer, group }: GroupTabAction) {
  try {
    await viewer.api("disconnectGroupSlack", { params: { groupId: group.id } });
  } catch (err) {
    return refused(err, { intent: "disconnect", row: null, notFound: GROUP_NOT_FOUND });
  }
  return done(request, viewer, slackTab(group.id), { key: "groups:slack.disconnected", values: { name: group.name }, tone: "success" });
}
