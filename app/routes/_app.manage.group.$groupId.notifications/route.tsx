/**
 * /manage/group/{id}/notifications — the group's notifications (groups spec §2, §3): whether hosts
 * are told, the only addresses notifications about this group may go to, and its Slack connection
 * (ADR 016): connect through Slack's consent, choose the channel each sign-in of the group is posted
 * to, send a test message, disconnect; Slack's failures in words. ManageVisitorGroup.viewer to open
 * (read-only), .editor to change; works without JavaScript.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { resultFor } from "~/forms/action-result";
import { groupTabAction } from "~/features/groups/group.server";
import { SectionTab } from "~/features/groups/section-tab";
import { sectionData } from "~/features/groups/section.server";
import { formatDateTimeAt } from "~/i18n/format";
import { upstreamLoadOrNull } from "~/upstream/load.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { channel, connect, disconnect, save, test } from "./actions.server";
import { SlackPanel } from "./slack-panel";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader(args: LoaderFunctionArgs) {
  // Read live from Slack by the upstream: when it cannot be read now, the rest of the tab still shows.
  const { access, locale, page, extra: slack } = await sectionData(args, "notifications", (access, groupId) => upstreamLoadOrNull(access.viewer.api("groupSlack", { params: { groupId } })));
  const zone = access.config.sites[0]?.timezone ?? "UTC";
  const lastMessage = slack?.last_message_at ? formatDateTimeAt(slack.last_message_at, zone, locale) : null;
  return data({ ...page, slack, lastMessage }, { headers: access.headers });
}

export const action = (args: ActionFunctionArgs) => groupTabAction(args, { save, connect, channel, test, disconnect });

export default function GroupNotificationsTab() {
  const { group, can, slack, lastMessage } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("groups");
  return (
    <SectionTab section="notifications">
      <section className="tab-section" aria-labelledby="slack-heading" id="slack">
        <h3 id="slack-heading">{t("slack.heading")}</h3>
        <p className="hint">{t("slack.intro")}</p>
        <SlackPanel slack={slack} action={`/manage/group/${group.id}/notifications`} editable={can.edit} lastChannel={resultFor(actionData, "channel")} lastMessageText={lastMessage} />
      </section>
    </SectionTab>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
