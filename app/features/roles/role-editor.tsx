/**
 * The role editor (issue 16 item 2; ADR 021): the role's name and the permission matrix, one row
 * per section of `PERMISSION_SECTIONS`, a checkbox per level. Plain checkboxes in one form: it works
 * without JavaScript and with the keyboard alone (Tab, Space). With JavaScript, ticking a level
 * ticks its section's view level and unticking the view level unticks the rest (the upstream adds
 * the view level all the same). Built-in roles, and users who may not change roles, see it
 * read-only (the boxes disabled, no save button).
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PERMISSION_SECTIONS, type RoleSummary } from "@contract";
import { resultFor, pageNotice, type ActionResult } from "~/forms/action-result";
import { DataTable } from "~/ui/data-table";
import { FieldErrors, FormErrors, SubmitButton, TextField, ValidatedForm, initialValues } from "~/ui/form";
import { ActionNotice } from "~/ui/notice";
import { PERMISSIONS_PATH } from "./paths";
import { roleSchema } from "./schema";

const PATH = PERMISSIONS_PATH;

/** With JavaScript: a level implies its section's view level; no view level, no other level. */
function implyViewLevel(event: React.FormEvent<HTMLDivElement>) {
  const box = event.target as HTMLInputElement;
  if (box.type !== "checkbox" || !box.dataset.section) return;
  const row = box.form?.querySelectorAll<HTMLInputElement>(`input[data-section="${box.dataset.section}"]`) ?? [];
  const view = [...row].find((b) => b.dataset.view === "true");
  if (!view || view === box) {
    if (view === box && !box.checked) for (const b of row) b.checked = false;
    return;
  }
  if (box.checked) view.checked = true;
}

export function PermissionMatrix({ checked, readOnly, errorId, errors }: { checked: ReadonlySet<string>; readOnly: boolean; errorId: string; errors?: string[] }) {
  const { t } = useTranslation("roles");
  return (
    <div className="permission-matrix" onChange={implyViewLevel}>
      <DataTable caption={t("matrix.caption")} columns={[t("matrix.section"), t("matrix.levels")]}>
        {PERMISSION_SECTIONS.map((s) => {
          const hasView = s.levels.some((l) => l.key === "view");
          return (
            <tr key={s.key}>
              <th scope="row" id={`section-${s.key}`}>
                {t(`section.${s.key}`)}
              </th>
              <td>
                <fieldset className="permission-levels" aria-labelledby={`section-${s.key}`}>
                  {s.levels.map((l) => {
                    const value = `${s.key}.${l.key}`;
                    const id = `level-${s.key}-${l.key}`;
                    return (
                      <span className="checkbox" key={l.key}>
                        <input
                          type="checkbox"
                          id={id}
                          name="levels"
                          value={value}
                          defaultChecked={checked.has(value)}
                          disabled={readOnly}
                          data-section={s.key}
                          data-view={hasView && l.key === "view" ? "true" : undefined}
                        />
                        <label htmlFor={id}>
                          {t(`level.${l.key}`)}
                          <span className="visually-hidden"> ({t(`section.${s.key}`)})</span>
                        </label>
                      </span>
                    );
                  })}
                </fieldset>
              </td>
            </tr>
          );
        })}
      </DataTable>
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/**
 * The editor page: a new role (`role` null) or an existing one (read-only when `readOnly`; saying
 * why when it is held by users outside the viewer's sites, `outOfScope`, ADR 031).
 */
export function RoleEditor({ role, levels, readOnly, outOfScope = false }: { role: RoleSummary | null; levels: string[]; readOnly: boolean; outOfScope?: boolean }) {
  const { t } = useTranslation("roles");
  const answer = useActionData<ActionResult>();
  const [form, fields] = useForm<{ name: string | undefined; levels: string[] | undefined }, any>({
    id: "role",
    lastResult: resultFor(answer, "save"),
    defaultValue: { name: role?.name ?? "", levels },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roleSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const heading = role === null ? t("new_heading") : readOnly ? t("view_heading", { name: role.name }) : t("edit_heading", { name: role.name });
  const checked = initialValues(fields.levels.initialValue ?? levels);
  return (
    <>
      <p>
        <Link to={PATH}>{t("back")}</Link>
      </p>
      <h1>{heading}</h1>
      {role?.built_in ? <p className="hint">{t("built_in_read_only")}</p> : null}
      {outOfScope && !role?.built_in ? <p className="hint">{t("out_of_scope_read_only")}</p> : null}
      <ActionNotice notice={pageNotice(answer)} />
      <ValidatedForm form={form} action={role ? `${PATH}/${role.id}` : `${PATH}/new`}>
        <FormErrors formId={form.id} />
        {readOnly ? <p>{t("field.name")}: {role?.name}</p> : <TextField field={fields.name} label={t("field.name")} autoComplete="off" />}
        <p className="hint">{t("matrix.hint")}</p>
        <PermissionMatrix checked={checked} readOnly={readOnly} errorId={fields.levels.errorId} errors={fields.levels.errors} />
        {readOnly ? null : (
          <div className="actions">
            <SubmitButton name="intent" value="save">
              {role ? t("save") : t("create")}
            </SubmitButton>
          </div>
        )}
      </ValidatedForm>
    </>
  );
}
