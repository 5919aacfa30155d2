/**
 * The evacuation point forms: add one, and edit one (its details, and its photo: upload a new one,
 * remove it). Each gets its own last answer from the page (`resultFor`), checks itself in the
 * browser with the server's schema, and works without JavaScript.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EVACUATION_POINT_ICONS } from "@contract";
import { UPLOAD_RULES, uploadSchema } from "~/features/manage/media-schemas";
import { NumberField, UploadForm } from "~/ui/fields";
import { FormErrors, SelectField, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import type { ShownPoint } from "./point-summary";
import { evacuationPointSchema } from "./schema";

type LastResult = SubmissionResult<string[]> | undefined;

/** A point form's inside: its messages, the fields, and the submit button (`intent`) with what follows it. */
function PointFields({ form, fields, intent, submitLabel, children }: { form: { id: string }; fields: ReturnType<typeof usePointForm>[1]; intent: string; submitLabel: string; children?: React.ReactNode }) {
  const { t } = useTranslation("sites");
  return (
    <>
      <FormErrors formId={form.id} />
      <TextField field={fields.title} label={t("evacuationpoints.field.title")} autoComplete="off" />
      <SelectField field={fields.icon} label={t("evacuationpoints.field.icon")}>
        <option value="">{t("evacuationpoints.icon_none")}</option>
        {EVACUATION_POINT_ICONS.map((icon) => (
          <option key={icon} value={icon}>
            {t(`evacuationpoints.icon.${icon}`)}
          </option>
        ))}
      </SelectField>
      <fieldset className="coordinates">
        <legend>{t("evacuationpoints.field.location_optional")}</legend>
        <p className="hint">{t("evacuationpoints.location_hint")}</p>
        <NumberField field={fields.lat} label={t("evacuationpoints.field.lat")} min={-90} max={90} number="decimal" />
        <NumberField field={fields.lng} label={t("evacuationpoints.field.lng")} min={-180} max={180} number="decimal" />
      </fieldset>
      <div className="actions">
        <SubmitButton name="intent" value={intent}>
          {submitLabel}
        </SubmitButton>
        {children}
      </div>
    </>
  );
}

function usePointForm(id: string, lastResult: LastResult, defaultValue?: Record<string, string>) {
  return useForm<{ title: string | undefined; icon: string | undefined; lat: number | undefined; lng: number | undefined }, any>({
    id,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: evacuationPointSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}

export function AddPoint({ path, lastResult }: { path: string; lastResult: LastResult }) {
  const { t } = useTranslation("sites");
  const [form, fields] = usePointForm("point-add", lastResult);
  return (
    <section className="point-add" aria-labelledby="add-point-heading">
      <h3 id="add-point-heading">{t("evacuationpoints.add_heading")}</h3>
      <ValidatedForm form={form} action={path} preventScrollReset>
        <PointFields form={form} fields={fields} intent="add" submitLabel={t("evacuationpoints.add")} />
      </ValidatedForm>
    </section>
  );
}

/** Edit a point; `lastResult` and `photoResult`: the last answers of its two forms. */
export function EditPoint({ point, path, lastResult, photoResult }: { point: ShownPoint; path: string; lastResult: LastResult; photoResult: LastResult }) {
  const { t } = useTranslation("sites");
  const [form, fields] = usePointForm(`point-edit-${point.id}`, lastResult, {
    title: point.title,
    icon: point.icon ?? "",
    lat: point.location ? String(point.location.lat) : "",
    lng: point.location ? String(point.location.lng) : "",
  });
  const editPath = `${path}?edit=${point.id}`;
  return (
    <section className="point-edit" aria-labelledby={`edit-point-${point.id}`}>
      <h3 id={`edit-point-${point.id}`}>{t("evacuationpoints.edit_heading", { title: point.title })}</h3>
      <ValidatedForm form={form} action={editPath} preventScrollReset>
        <input type="hidden" name="id" value={point.id} />
        <PointFields form={form} fields={fields} intent="edit" submitLabel={t("evacuationpoints.save")}>
          <Link to={path} preventScrollReset>
            {t("evacuationpoints.cancel")}
          </Link>
        </PointFields>
      </ValidatedForm>
      <PointPhoto key={point.photo.url ?? "none"} point={point} editPath={editPath} result={photoResult} />
    </section>
  );
}

function PointPhoto({ point, editPath, result }: { point: ShownPoint; editPath: string; result: LastResult }) {
  const { t } = useTranslation("sites");
  return (
    <div className="point-photo-edit">
      <h4>{t("evacuationpoints.field.photo")}</h4>
      {point.photo.url ? (
        <img className="point-photo" src={point.photo.url} alt={t("evacuationpoints.photo_alt", { title: point.title })} />
      ) : (
        <p className="muted">{point.photo.stored ? t("evacuationpoints.photo_not_shown") : t("evacuationpoints.photo_none")}</p>
      )}
      <UploadForm
        id={`point-photo-${point.id}`}
        schema={uploadSchema("image")}
        accept={UPLOAD_RULES.image.accept}
        action={editPath}
        intent="upload-photo"
        hidden={{ id: point.id }}
        lastResult={result}
        label={t("evacuationpoints.photo_field")}
        hint={t("media.image_hint")}
        submitLabel={t("evacuationpoints.photo_upload")}
      />
      {point.photo.stored ? (
        <Form method="post" action={editPath} preventScrollReset className="actions">
          <input type="hidden" name="id" value={point.id} />
          <SubmitButton name="intent" value="remove-photo" variant="secondary">
            {t("evacuationpoints.photo_remove")}
          </SubmitButton>
        </Form>
      ) : null}
    </div>
  );
}
