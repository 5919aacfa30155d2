/**
 * The return pages /manage/group/callback/{azure-ad|google-apps|brivo}: the directory's consent sends the browser
 * back here with `code` and `state` (groups spec §2 "integration return page"). The upstream checks
 * the state (this user's, unused, recent, for this provider and this page) and exchanges the code;
 * then on to where the directory group is chosen: Azure AD's and Brivo's own pages, Google's on the
 * group's details. A refusal (the consent denied, a replayed or foreign state) says so on the groups
 * overview; nothing is connected. (The Slack return page, /callback/slack/{id}, is the notifications'.)
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { SyncProvider } from "@contract";
import { requireAccess } from "~/access/guard.server";
import { done, failed } from "~/forms/action-result.server";
import { callbackUrl } from "./sync.server";
import { refusalOf } from "~/upstream/refusal.server";

const chooseAt = (provider: SyncProvider, groupId: number) =>
  provider === "azure-ad" ? `/manage/group/azure-id/${groupId}` : provider === "brivo" ? `/manage/group/brivo-id/${groupId}` : `/manage/group/${groupId}/details#directory`;

export async function callbackLoader({ request }: LoaderFunctionArgs, provider: SyncProvider) {
  const access = await requireAccess(request);
  const url = new URL(request.url);
  const [code, state] = [url.searchParams.get("code"), url.searchParams.get("state")];
  const overview = "/manage/overview/groups";
  if (url.searchParams.has("error") || !code || !state || code.length > 500 || state.length > 500) {
    return done(request, access.viewer, overview, { key: "groups:sync.cancelled", values: { provider }, tone: "error" });
  }
  try {
    const { group_id } = await access.viewer.api("completeGroupSync", { body: { provider, code, state, redirect_uri: callbackUrl(request, provider) } });
    return done(request, access.viewer, chooseAt(provider, group_id), { key: "groups:sync.connected", tone: "success" });
  } catch (err) {
    const notice = refusalOf(err).status === 422 ? { key: "groups:sync.state_invalid", tone: "error" as const } : failed(err, "groups:sync.connect_failed");
    return done(request, access.viewer, overview, notice);
  }
}
