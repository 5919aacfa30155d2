/**
 * What every settings tab of a group does on the server: its loader (the group, the section's stored
 * values, whether this user may change them) and its one action, `save` — parse with the section's
 * schema, send the whole section upstream, answer a refusal with `refused`, succeed with `done`.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { GroupSection } from "@contract";
import { requireAccess } from "~/access/guard.server";
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { LOCALE_NAMES } from "~/i18n/config";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { groupIdParam, groupPath, groupTabAction, loadGroup, type GroupTabAction } from "./group.server";
import { fieldsFor, formValues, sectionBody, sectionSchema, SECTION_TABS, type SectionChoices } from "./sections";
import type { Access } from "~/access/guard.server";
import type { GroupDetail, SyncErrorCode } from "@contract";

export const GROUP_NOT_FOUND = "groups:not_found";

type T = Awaited<ReturnType<typeof translator>>["t"];

/** The lists a tab's `pick` and `picks` fields choose among, as the upstream has them (they do not depend on the group). */
async function listsOf(access: Access, section: GroupSection) {
  switch (section) {
    case "time_and_attendance":
      return { managers: (await upstreamLoad(access.viewer.api("managerChoices"))).managers };
    case "central_record":
      return { record: await upstreamLoad(access.viewer.api("centralRecord")) };
    default:
      return {};
  }
}

/**
 * What a tab's `pick` and `picks` fields choose among, for this user: the sites they see (where the
 * group is offered), the members who may manage (Time & Attendance), the Central Record's
 * organisations and rating systems (integrations; `problem`: it could not be read, in words). A
 * stored choice the list no longer has stays choosable, named as unavailable, so a save never drops it unseen.
 */
function sectionChoices(access: Access, section: GroupSection, group: GroupDetail, lists: Awaited<ReturnType<typeof listsOf>>, t: T): { choices: SectionChoices; problem: SyncErrorCode | null } {
  const keep = (list: { value: string; label: string }[], stored: unknown) =>
    stored === null || stored === undefined || stored === "" || list.some((c) => c.value === String(stored)) ? list : [...list, { value: String(stored), label: t("choice.unavailable") }];
  const choices: SectionChoices = {};
  if (section === "sign_in") choices.site_ids = access.config.sites.map((s) => ({ value: String(s.id), label: s.name }));
  if (lists.managers) {
    const list = lists.managers.map((m) => ({ value: String(m.id), label: `${m.name} (${m.group.name})` }));
    choices.default_manager_id = keep(list, group.settings.time_and_attendance.default_manager_id);
  }
  if (lists.record) {
    const stored = group.settings.central_record;
    choices.organisation_id = keep(lists.record.organisations.map((o) => ({ value: o.id, label: o.name })), stored.organisation_id);
    choices.rating_systems = stored.rating_systems.reduce((list, id) => keep(list, id), lists.record.rating_systems.map((r) => ({ value: r.id, label: r.name })));
  }
  return { choices, problem: lists.record?.error ?? null };
}

/**
 * A settings tab's data, and the access it was read with. The group, the lists its fields choose
 * among and what else the tab shows (`extra`: its attachments, its Slack connection) are read at
 * once, so a tab costs one round trip to the upstream.
 */
export async function sectionData<X = undefined>({ request, params }: LoaderFunctionArgs, section: GroupSection, extra?: (access: Access, groupId: number) => Promise<X>) {
  const [access, { t, locale }] = await Promise.all([requireAccess(request), translator(request, "groups")]);
  const id = groupIdParam(params);
  const [{ group, can }, lists, more] = await Promise.all([loadGroup(access, id), listsOf(access, section), extra ? extra(access, id) : (undefined as X)]);
  const { choices, problem } = sectionChoices(access, section, group, lists, t);
  return {
    access,
    locale,
    extra: more,
    page: {
      title: `${t(`tab.${SECTION_TABS[section]}`)} · ${group.name} · Gatehouse`,
      group: { id: group.id, name: group.name, type: group.type },
      values: formValues(group, section),
      // The languages, each named in its own (the browser is not sent the list: ADR 010).
      choiceNames: section === "details" ? LOCALE_NAMES : {},
      choices,
      /** The integrations tab: Central Record could not be read (a sync error code, shown in words). */
      problem,
      // A synced group whose client has the flag off does not sign out first (ADR 015): said by its checkbox.
      extraHints: (section === "details" && group.sign_out_first_needs_flag ? { allow_sign_out_first: "groups:sign_out_first.needs_flag" } : {}) as Record<string, string>,
      can,
    },
  };
}

export async function sectionLoader(args: LoaderFunctionArgs, section: GroupSection) {
  const { access, page } = await sectionData(args, section);
  return data(page, { headers: access.headers });
}

/** Save one section, whole (what the group's type does not have keeps its stored value). */
export async function saveSection({ request, viewer, group, form }: GroupTabAction, section: GroupSection) {
  const intent = { intent: "save" };
  const submission = parseSubmission(form, { schema: sectionSchema(section, group.type) });
  if (submission.status !== "success") return invalid(intent, submission);
  const values = sectionBody(group, section, submission.value as Record<string, unknown>);
  try {
    await viewer.api("updateGroupSettings", { params: { groupId: group.id }, body: { section, values } as never });
  } catch (err) {
    // The upstream names a field by its place in the body (`values.pin`, `values.allowed_recipients.2`).
    const names = fieldsFor(section, group.type).map((f) => f.name);
    const fieldOf = (key: string) => {
      const name = key.replace(/^values\./, "").replace(/\.\d+$/, "");
      return names.includes(name) ? name : null;
    };
    return refused(err, { ...intent, submission, fields: fieldOf, notFound: GROUP_NOT_FOUND, upstreamFailed: "groups:save_failed" });
  }
  const name = section === "details" && typeof values.name === "string" ? values.name : group.name;
  return done(request, viewer, groupPath(group, SECTION_TABS[section]), { key: "groups:settings_saved", values: { name }, tone: "success" });
}

/** The action of a settings tab: the editor right, then `save` (any other intent: 400). */
export const sectionAction = (args: ActionFunctionArgs, section: GroupSection) => groupTabAction(args, { save: (a) => saveSection(a, section) });
