/**
 * One tab of the member editor (/manage/group/{id}/members/{memberId}/{tab}) (groups spec §2: central
 * record, details, notifications, security, documents, evacuation, credentials (QR/RFID), companion,
 * spaces, time and attendance), inside the editor dialog. Each tab has its rule in the access table
 * (an unknown tab, or one the user may not open, is refused there); read-only for viewers. Works
 * without JavaScript.
 */
import { useActionData, useLoaderData } from "@remix-run/react";
import type { MemberTab } from "@contract";
import { pageNotice, resultFor, rowNotice } from "~/forms/action-result";
import { ActionNotice } from "~/ui/notice";
import { ContactsForm, PersonalForm } from "./details-parts";
import { CoreForm } from "./core-form";
import { CompanionTab, CredentialsTab, DocumentsTab } from "./credential-tabs";
import { coreValuesOf } from "./schemas";
import { CentralRecordTab, EvacuationTab, NotificationsTab, SecurityTab, SpacesTab, TimeTab } from "./setting-tabs";
import { useTranslation } from "react-i18next";
import type { tabAction, tabLoader } from "./tab.server";

export function MemberTabPage() {
  const { tab, member } = useLoaderData<typeof tabLoader>();
  const answer = useActionData<typeof tabAction>();
  return (
    <>
      <ActionNotice notice={pageNotice(answer, [...member.documents.map((d) => d.id), ...member.credentials.map((c) => c.id)])} />
      <TabContent tab={tab} answer={answer} />
    </>
  );
}

function TabContent({ tab, answer }: { tab: MemberTab; answer: ReturnType<typeof useActionData<typeof tabAction>> }) {
  const { member, can, choices, qr, print, action } = useLoaderData<typeof tabLoader>();
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

