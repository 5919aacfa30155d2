/** The page of a group's settings tab: its heading, what it is for, the notice of the last action, and the section's form. */
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { GroupSection } from "@contract";
import { pageNotice, resultFor } from "~/forms/action-result";
import { ActionNotice, NoticeBanner } from "~/ui/notice";
import { SectionForm } from "./section-form";
import { fieldsFor, SECTION_TABS } from "./sections";
import type { sectionAction, sectionLoader } from "./section.server";

export function SectionTab({ section, children }: { section: GroupSection; children?: React.ReactNode }) {
  const { group, values, can, choiceNames, choices, problem, extraHints } = useLoaderData<typeof sectionLoader>();
  const actionData = useActionData<typeof sectionAction>();
  const { t } = useTranslation("groups");
  const tab = SECTION_TABS[section];
  return (
    <>
      <h2>{t(`tab.${tab}`)}</h2>
      <p className="hint">{t(`tab_intro.${tab}`)}</p>
      <ActionNotice notice={pageNotice(actionData)} />
      {problem ? <NoticeBanner notice={{ key: `groups:sync.error.${problem}`, tone: "error" }} /> : null}
      {fieldsFor(section, group.type).length === 0 ? (
        <p>{t("validation.time_and_attendance_returning")}</p>
      ) : (
      <SectionForm
        section={section}
        type={group.type}
        values={values}
        editable={can.edit}
        action={`/manage/group/${group.id}/${tab}`}
        lastResult={resultFor(actionData, "save")}
        legend={t(`tab.${tab}`)}
        choiceNames={choiceNames}
        choices={choices}
        extraHints={extraHints}
      />
      )}
      {children}
    </>
  );
}
