/**
 * One sign-in point as the tab shows it: its QR code and the value it holds, and for editors the
 * rename form (`?edit=<id>`) and the kit's delete confirmation, both without JavaScript.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { signInPointSchema } from "~/features/manage/site-extras";
import { FormErrors, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { DeleteConfirm } from "~/ui/rows";

export type Point = { id: number; name: string; value: string; qr: string };

function RenamePoint({ point, path, lastResult }: { point: Point; path: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("sites");
  const [form, fields] = useForm<{ name: string | undefined }, any>({
    id: `point-rename-${point.id}`,
    lastResult,
    defaultValue: { name: point.name },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInPointSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <ValidatedForm form={form} action={path} preventScrollReset>
      <input type="hidden" name="id" value={point.id} />
      <FormErrors formId={form.id} />
      <TextField field={fields.name} label={t("sign_in_points.field.new_name", { name: point.name })} autoComplete="off" autoFocus />
      <div className="actions">
        <SubmitButton name="intent" value="rename">
          {t("sign_in_points.rename.submit")}
        </SubmitButton>
        <Link to={path} preventScrollReset>
          {t("sign_in_points.cancel")}
        </Link>
      </div>
    </ValidatedForm>
  );
}

export function PointCard({
  point: p,
  path,
  editable,
  editing,
  renameResult,
}: {
  point: Point;
  path: string;
  editable: boolean;
  editing: boolean;
  /** The last answer to this point's rename form. */
  renameResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("sites");
  return (
    <li className="point-card" data-point-id={p.id}>
      <img src={p.qr} alt={t("sign_in_points.qr_alt", { name: p.name })} width={140} height={140} className="point-card__qr" />
      <div className="point-card__body">
        {editing ? <RenamePoint point={p} path={path} lastResult={renameResult} /> : <h3>{p.name}</h3>}
        <p className="muted">
          {t("sign_in_points.value")} <code className="point-card__value">{p.value}</code>
        </p>
        {editable && !editing ? (
          <div className="actions">
            <Link to={`${path}?edit=${p.id}`} preventScrollReset>
              {t("sign_in_points.rename.start")}
              <span className="visually-hidden"> {p.name}</span>
            </Link>
            <DeleteConfirm
              action={path}
              id={p.id}
              name={p.name}
              question={`${t("sign_in_points.delete.confirm", { name: p.name })} ${t("sign_in_points.delete.warning")}`}
              confirm={t("sign_in_points.delete.submit")}
            />
          </div>
        ) : null}
      </div>
    </li>
  );
}
