/**
 * The member editor's one-form tabs: central record, notifications, security, evacuation, spaces,
 * time and attendance. Each shows what is stored and saves its own part (read-only for a viewer).
 */
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { EVACUATION_ASSISTANCE, MEMBER_EDITOR_LIMITS, MEMBER_NOTIFICATIONS, ROTA_DAYS, type MemberDetail } from "@contract";
import { NumberField } from "~/ui/fields";
import { CheckField, FieldErrors, initialValues, SelectField, TextAreaField, TextField } from "~/ui/form";
import { MemberForm, useMemberForm } from "./member-form";
import { storedZones, zoneTree, type ZoneNode } from "./zones";
import { centralRecordSchema, evacuationSchema, notificationsSchema, securitySchema, spacesSchema, timeSchema } from "./schemas";

export interface TabProps {
  member: MemberDetail;
  action: string;
  editable: boolean;
  lastResult: (intent: string) => SubmissionResult<string[]> | undefined;
}

export function CentralRecordTab({ member, action, editable, lastResult }: TabProps) {
  const { t } = useTranslation("members");
  const [form, fields] = useMemberForm("member-central-record", centralRecordSchema, { record_id: member.central_record.record_id ?? "" }, lastResult("save-central-record"));
  return (
    <MemberForm form={form} action={action} intent="save-central-record" editable={editable} legend={t("tab.central-record")} saveLabel={t("save")}>
      <p className="hint">{t("central_record.intro")}</p>
      <TextField field={fields.record_id as never} label={t("central_record.record_id")} autoComplete="off" />
    </MemberForm>
  );
}

function TickTab({ action, editable, lastResult, keys, intent, legend, label, schema, values, intro }: Omit<TabProps, "member"> & { keys: readonly string[]; intent: string; legend: string; label: (k: string) => string; schema: Parameters<typeof useMemberForm>[1]; values: Record<string, boolean>; intro: string }) {
  const [form, fields] = useMemberForm(`member-${intent}`, schema, values, lastResult(intent));
  const { t } = useTranslation("members");
  return (
    <MemberForm form={form} action={action} intent={intent} editable={editable} legend={legend} saveLabel={t("save")}>
      <p className="hint">{intro}</p>
      {keys.map((k) => (
        <CheckField key={k} field={fields[k] as never} label={label(k)} />
      ))}
    </MemberForm>
  );
}

export function NotificationsTab(props: TabProps) {
  const { t } = useTranslation("members");
  return (
    <TickTab {...props} keys={MEMBER_NOTIFICATIONS} intent="save-notifications" legend={t("tab.notifications")} intro={t("notifications.intro")} label={(k) => t(`notification.${k}`)} schema={notificationsSchema} values={props.member.notifications} />
  );
}

export function SecurityTab(props: TabProps) {
  const { t } = useTranslation("members");
  return (
    <TickTab {...props} keys={props.member.permissions_offered} intent="save-security" legend={t("tab.security")} intro={t("security.intro")} label={(k) => t(`permission.${k}`)} schema={securitySchema} values={props.member.permissions} />
  );
}

export function EvacuationTab({ member, action, editable, lastResult }: TabProps) {
  const { t } = useTranslation("members");
  const [form, fields] = useMemberForm("member-evacuation", evacuationSchema, member.evacuation, lastResult("save-evacuation"));
  return (
    <MemberForm form={form} action={action} intent="save-evacuation" editable={editable} legend={t("tab.evacuation")} saveLabel={t("save")}>
      <p className="hint">{t("evacuation.intro")}</p>
      <SelectField field={fields.assistance as never} label={t("evacuation.assistance")}>
        {EVACUATION_ASSISTANCE.map((a) => (
          <option key={a} value={a}>
            {t(`assistance.${a}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField field={fields.notes as never} label={t("evacuation.notes")} hint={t("evacuation.notes_hint")} rows={3} />
      <CheckField field={fields.warden as never} label={t("evacuation.warden")} />
      <CheckField field={fields.first_aider as never} label={t("evacuation.first_aider")} />
    </MemberForm>
  );
}

function ZoneList({ nodes, ticked, idPrefix, describedBy }: { nodes: ZoneNode[]; ticked: ReadonlySet<string>; idPrefix: string; describedBy?: string }) {
  return (
    <ul className="zone-tree">
      {nodes.map((z) => (
        <li key={z.id}>
          <div className="checkbox choice">
            <input type="checkbox" id={`${idPrefix}-${z.id}`} name="zones" value={z.id} defaultChecked={ticked.has(String(z.id))} aria-describedby={describedBy} />
            <label htmlFor={`${idPrefix}-${z.id}`}>{z.path}</label>
          </div>
          {z.children.length ? <ZoneList nodes={z.children} ticked={ticked} idPrefix={idPrefix} describedBy={describedBy} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Permitted zones: each spaces site's zone tree, a checkbox a zone labelled with its path; none ticked is anywhere. */
export function SpacesTab({ member, action, editable, lastResult }: TabProps) {
  const { t } = useTranslation("members");
  const stored = storedZones(member.spaces.zones, member.spaces.sites);
  const [form, fields] = useMemberForm<{ zones: string[] }>("member-spaces", spacesSchema, { zones: [...stored.ids] }, lastResult("save-spaces"));
  const zones = fields.zones;
  const ticked = initialValues(zones.initialValue);
  const errorId = zones.errorId;
  return (
    <MemberForm form={form} action={action} intent="save-spaces" editable={editable} legend={t("tab.spaces")} saveLabel={t("save")}>
      <fieldset className="choice-list" aria-describedby={zones.errors?.length ? errorId : undefined}>
        <legend>{t("spaces.zones")}</legend>
        <p className="hint">{t("spaces.zones_hint")}</p>
        {stored.unknown.length ? <p className="hint">{t("spaces.older", { names: stored.unknown.join(", ") })}</p> : null}
        {member.spaces.sites.length === 0 ? <p className="empty-state">{t("spaces.none")}</p> : null}
        {member.spaces.sites.map((s) => (
          <fieldset key={s.site_id} className="plain-fieldset">
            <legend>{s.site_name}</legend>
            <ZoneList nodes={zoneTree(s.zones)} ticked={ticked} idPrefix={`${form.id}-zone`} />
          </fieldset>
        ))}
        <FieldErrors id={errorId} errors={zones.errors} />
      </fieldset>
    </MemberForm>
  );
}

/** Adjustment rows shown: the stored ones and two blank ones. */
const adjustmentRows = (m: MemberDetail) => [...m.time_and_attendance.adjustments.map((a) => ({ days: String(a.days), reason: a.reason })), { days: "", reason: "" }, { days: "", reason: "" }];

export function TimeTab({ member, action, editable, lastResult }: TabProps) {
  const { t } = useTranslation("members");
  const ta = member.time_and_attendance;
  const values = { ...Object.fromEntries(ROTA_DAYS.map((d) => [d, String(ta.rota[d])])), leave_allowance: String(ta.leave_allowance), adjustments: adjustmentRows(member) };
  const [form, fields] = useMemberForm("member-time", timeSchema, values, lastResult("save-time"));
  const rows = (fields.adjustments as never as { getFieldList(): { key: string; getFieldset(): Record<string, unknown> }[] }).getFieldList();
  return (
    <MemberForm form={form} action={action} intent="save-time" editable={editable} legend={t("tab.time-and-attendance")} saveLabel={t("save")}>
      <p className="hint">{member.manager ? t("time.manager", { name: member.manager.name }) : t("time.no_manager")}</p>
      <fieldset className="plain-fieldset">
        <legend>{t("time.rota")}</legend>
        {ROTA_DAYS.map((d) => (
          <NumberField key={d} field={fields[d] as never} label={t(`day.${d}`)} min={0} max={24} number="decimal" />
        ))}
      </fieldset>
      <NumberField field={fields.leave_allowance as never} label={t("time.leave_allowance")} hint={t("time.leave_hint")} min={0} max={366} number="decimal" />
      <fieldset className="plain-fieldset">
        <legend>{t("time.adjustments")}</legend>
        {rows.slice(0, MEMBER_EDITOR_LIMITS.adjustments).map((row, i) => {
          const r = row.getFieldset();
          return (
            <div key={row.key} className="field-row">
              <NumberField field={r.days as never} label={t("time.adjustment_days", { number: i + 1 })} min={-366} max={366} number="decimal" />
              <TextField field={r.reason as never} label={t("time.adjustment_reason", { number: i + 1 })} autoComplete="off" />
            </div>
          );
        })}
      </fieldset>
    </MemberForm>
  );
}
