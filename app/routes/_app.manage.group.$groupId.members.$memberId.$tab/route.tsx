/**
 * /manage/group/{id}/members/{memberId}/{tab} — one tab of the member editor (groups spec §2: central
 * record, details, notifications, security, documents, evacuation, credentials (QR/RFID), companion,
 * spaces, time and attendance), inside the editor dialog. Each tab has its rule in the access table
 * (an unknown tab, or one the user may not open, is refused there); read-only for viewers. Works
 * without JavaScript.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MEMBER_TABS, type MemberTab } from "@contract";
import { requireAccess } from "~/access/guard.server";
import { pageNotice, resultFor, rowNotice } from "~/forms/action-result";
import { ActionNotice } from "~/ui/notice";
import { groupIdParam } from "~/features/groups/group.server";
import { ContactsForm, PersonalForm } from "~/features/members/details-parts";
import { CoreForm } from "~/features/members/core-form";
import { CompanionTab, CredentialsTab, DocumentsTab } from "~/features/members/credential-tabs";
import { coreChoices, loadMember, memberAction, memberIdParam, memberPath, memberPermissions } from "~/features/members/member.server";
import { coreValuesOf } from "~/features/members/schemas";
import { CentralRecordTab, EvacuationTab, NotificationsTab, SecurityTab, SpacesTab, TimeTab } from "~/features/members/setting-tabs";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { qrDataUrl } from "~/ui/qr.server";
import { useTranslation } from "react-i18next";
import { HANDLERS, uploadOf } from "./actions.server";

function tabParam(value: string | undefined): MemberTab {
  if (!(MEMBER_TABS as readonly string[]).includes(value ?? "")) throw new Response("Not found", { status: 404 });
  return value as MemberTab;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const access = await requireAccess(request);
  const tab = tabParam(params.tab);
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

export const action = (args: ActionFunctionArgs) => memberAction(args, HANDLERS[tabParam(args.params.tab)], uploadOf);

export default function MemberTabPage() {
  const { tab, member } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <ActionNotice notice={pageNotice(answer, [...member.documents.map((d) => d.id), ...member.credentials.map((c) => c.id)])} />
      <TabContent tab={tab} answer={answer} />
    </>
  );
}

function TabContent({ tab, answer }: { tab: MemberTab; answer: ReturnType<typeof useActionData<typeof action>> }) {
  const { member, can, choices, qr, print, action } = useLoaderData<typeof loader>();
  const { t } = useTranslation("members");
  const props = { member, action, editable: can.edit, lastResult: (intent: string) => resultFor(answer, intent) };
  switch (tab) {
    case "details":
      return (
        <>
          <CoreForm
            id="member-core"
            action={action}
            intent="save-core"
            values={coreValuesOf(member)}
            choices={choices!}
            editable={can.edit}
            synced={member.synced}
            lastResult={resultFor(answer, "save-core")}
            legend={t("details.heading")}
            saveLabel={t("save")}
          />
          <ContactsForm member={member} action={action} editable={can.edit} lastResult={resultFor(answer, "save-contacts")} />
          <PersonalForm member={member} action={action} editable={can.edit} lastResult={resultFor(answer, "save-personal")} />
        </>
      );
    case "central-record":
      return <CentralRecordTab {...props} />;
    case "notifications":
      return <NotificationsTab {...props} />;
    case "security":
      return <SecurityTab {...props} />;
    case "documents":
      return <DocumentsTab {...props} rowNotice={(row) => rowNotice(answer, row)} />;
    case "evacuation":
      return <EvacuationTab {...props} />;
    case "credentials":
      return <CredentialsTab {...props} rowNotice={(row) => rowNotice(answer, row)} qr={qr} printing={print} />;
    case "companion":
      return <CompanionTab {...props} />;
    case "spaces":
      return <SpacesTab {...props} />;
    case "time-and-attendance":
      return <TimeTab {...props} />;
  }
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
