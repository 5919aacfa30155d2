/**
 * One member's day in daily attendance (ADR 027): what the visits say, first in and last out, and
 * the override beside it (who set it and when); where the user may change the day, a disclosure
 * with the override form (no JavaScript needed) and, when there is one, "Clear override".
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ATTENDANCE_STATUSES } from "@contract";
import { rowNotice, resultFor } from "~/forms/action-result";

type Answer = Parameters<typeof resultFor>[0];
import { FormErrors, SelectField, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { ActionNotice } from "~/ui/notice";
import { overrideSchema } from "./schema";

export interface DayRowData {
  member_id: number;
  name: string;
  group_name: string;
  drawn: "present" | "absent";
  firstIn: string | null;
  lastOut: string | null;
  override: { status: string; note: string | null; set_by: string; setAt: string } | null;
  editable: boolean;
}

export function DayRow({ row, day, action, answer }: { row: DayRowData; day: string; action: string; answer: Answer }) {
  const { t } = useTranslation("attendance");
  const notice = rowNotice(answer, row.member_id);
  const result = resultFor(answer, "set", row.member_id);
  const [form, fields] = useForm<{ status: string | undefined; note: string | undefined }, any>({
    id: `attendance-${row.member_id}-${day}`,
    lastResult: result,
    defaultValue: { status: row.override?.status ?? (row.drawn === "present" ? "absent" : "present"), note: row.override?.note ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: overrideSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const hidden = (
    <>
      <input type="hidden" name="member_id" value={row.member_id} />
      <input type="hidden" name="day" value={day} />
      <input type="hidden" name="name" value={row.name} />
    </>
  );
  return (
    <tr data-member-id={row.member_id}>
      <th scope="row">{row.name}</th>
      <td>{row.group_name}</td>
      <td>
        <span className={`attendance-status attendance-status--${row.drawn}`}>{t(`status.${row.drawn}`)}</span>
      </td>
      <td>{row.firstIn ?? "—"}</td>
      <td>{row.lastOut ?? (row.firstIn ? t("day.still_in") : "—")}</td>
      <td>
        {row.override ? (
          <div className="attendance-override">
            <strong>{t(`status.${row.override.status}`)}</strong>
            {row.override.note ? <span> · {row.override.note}</span> : null}
            <div className="muted">{t("day.set_by", { name: row.override.set_by, at: row.override.setAt })}</div>
          </div>
        ) : (
          <span className="muted">{t("day.no_override")}</span>
        )}
        <ActionNotice notice={notice} />
      </td>
      {row.editable ? (
        <td>
          <details open={result !== undefined || undefined}>
            <summary>{t("day.change", { name: row.name })}</summary>
            <ValidatedForm form={form} action={action} preventScrollReset>
              {hidden}
              <FormErrors formId={form.id} />
              <SelectField field={fields.status} label={t("day.field.status")}>
                {ATTENDANCE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`status.${s}`)}
                  </option>
                ))}
              </SelectField>
              <TextField field={fields.note} label={t("day.field.note")} autoComplete="off" />
              <div className="actions">
                <SubmitButton name="intent" value="set">
                  {t("day.save")}
                </SubmitButton>
              </div>
            </ValidatedForm>
          </details>
          {row.override ? (
            <Form method="post" action={action} preventScrollReset className="inline-form">
              {hidden}
              <SubmitButton name="intent" value="clear" variant="secondary">
                {t("day.clear", { name: row.name })}
              </SubmitButton>
            </Form>
          ) : null}
        </td>
      ) : (
        <td />
      )}
    </tr>
  );
}
