/**
 * The member editor's tab routes, server side: the loader (the member, what this user may do, and
 * what the tab needs besides: the details tab's choices, the QR codes' images) and the action (the
 * handlers of the tab's intents, `tab-actions.server.ts`). Each tab's route folder calls them with
 * its tab.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { MemberTab } from "@contract";
import { requireAccess } from "~/access/guard.server";
import { groupIdParam } from "~/features/groups/group.server";
import { qrDataUrl } from "~/ui/qr.server";
import { coreChoices, loadMember, memberAction, memberIdParam, memberPath, memberPermissions } from "./member.server";
import { HANDLERS, uploadOf } from "./tab-actions.server";

export async function tabLoader({ request, params }: LoaderFunctionArgs, tab: MemberTab) {
  const access = await requireAccess(request);
  const groupId = groupIdParam(params);
  const memberId = memberIdParam(params);
  const [member, choices] = await Promise.all([loadMember(access, groupId, memberId), tab === "details" ? coreChoices(access, groupId) : null]);
  const qr: Record<number, string> = {};
  if (tab === "credentials") for (const c of member.credentials) if (c.kind === "qr") qr[c.id] = await qrDataUrl(c.value);
  const print = Number(new URL(request.url).searchParams.get("print")) || null;
  return data(
    { tab, member, can: memberPermissions(access), choices: choices ? { sites: choices.sites, managers: choices.managers } : null, qr, print, action: memberPath(groupId, memberId, tab) },
    { headers: access.headers },
  );
}

export const tabAction = (args: ActionFunctionArgs, tab: MemberTab) => memberAction(args, HANDLERS[tab], uploadOf);

