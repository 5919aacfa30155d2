/**
 * /manage/group/{id}/integrations — the group's Central Record link (groups spec §2, §3 "central
 * record organisation and rating systems", §5 "at least one rating system must be selected when
 * custom", §8 "Central record connection error", "Wonde access removed"): the organisation whose
 * records this group's people are checked against, and which rating systems count. The choices are
 * read from the client's Central Record now; when it cannot be read, the page says why. Only when
 * the client has Central Record (the access table). ManageVisitorGroup.viewer to open (read-only),
 * .editor to save; works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionTab } from "~/features/groups/section-tab";
import { sectionAction, sectionLoader } from "~/features/groups/section.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;
export const loader = (args: LoaderFunctionArgs) => sectionLoader(args, "central_record");
export const action = (args: ActionFunctionArgs) => sectionAction(args, "central_record");

export default function GroupIntegrationsTab() {
  return <SectionTab section="central_record" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
