/**
 * The badge builder's forms for editors: the badge (its label size and, per element, its place and
 * size in millimetres, its font size and a text element's words: "position by numbers", which is
 * what works without JavaScript; with it, dragging in the preview fills the same numbers), adding
 * an element, and removing one after confirming.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { BADGE_LIMITS, BADGE_SIZE_NAMES, BADGE_SIZES, type GroupBadge } from "@contract";
import { FieldErrors, FormErrors, SelectField, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { NumberField } from "~/ui/fields";
import { DeleteConfirm } from "~/ui/rows";
import { addElementSchema, BADGE_KINDS, badgeSchema, TEXT_KINDS } from "./schema";

type ElementValues = { kind: string; x: number; y: number; width: number; height: number; font_size: number; text: string; field_id: number | string; personal_field_id: number | string };
type BadgeValues = { size: string; elements: ElementValues[] };
type AddValues = { kind: string; text: string | undefined; field_id: string | undefined; personal_field_id: string | undefined };

export type Live = Record<number, Partial<Record<"x" | "y" | "width" | "height" | "font_size", number>>>;

/** What an element shows, in words (its kind, and which field or text). */
export function useElementName(badge: Pick<GroupBadge, "custom_fields" | "personal_fields">) {
  const { t } = useTranslation("groups");
  return (e: GroupBadge["elements"][number], i: number) => {
    const detail =
      e.kind === "field" ? badge.custom_fields.find((f) => f.id === e.field_id)?.label : e.kind === "personal" ? badge.personal_fields.find((f) => f.id === e.personal_field_id)?.label : e.kind === "text" ? e.text : null;
    return `${i + 1}. ${t(`badge.kind.${e.kind}`)}${detail ? ` “${detail}”` : ""}`;
  };
}

export function BadgeForm({ badge, action, lastResult, onLive }: { badge: GroupBadge; action: string; lastResult: SubmissionResult<string[]> | undefined; onLive: (i: number, key: string, value: number) => void }) {
  const { t } = useTranslation("groups");
  const name = useElementName(badge);
  // The same object while the badge is the same: a new one would make conform reset what was typed
  // (the page re-renders on every number typed or dragged, to move the preview).
  const defaultValue = useMemo(
    () => ({ size: badge.size, elements: badge.elements.map((e) => ({ ...e, text: e.text ?? "", field_id: e.field_id ?? "", personal_field_id: e.personal_field_id ?? "" })) }),
    [badge],
  );
  const [form, fields] = useForm<BadgeValues, any>({
    id: "group-badge",
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: badgeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const rows = fields.elements.getFieldList();
  return (
    <ValidatedForm
      form={form}
      action={action}
      preventScrollReset
      onInput={(ev) => {
        const input = ev.target as HTMLInputElement;
        const m = /^elements\[(\d+)\]\.(x|y|width|height|font_size)$/.exec(input.name);
        if (m && input.value !== "" && !Number.isNaN(Number(input.value))) onLive(Number(m[1]), m[2]!, Number(input.value));
      }}
    >
      <FormErrors formId={form.id} />
      <SelectField field={fields.size} label={t("badge.field.size")}>
        {BADGE_SIZE_NAMES.map((s) => (
          <option key={s} value={s}>
            {t("badge.size", { width: BADGE_SIZES[s].width, height: BADGE_SIZES[s].height })}
          </option>
        ))}
      </SelectField>
      <FieldErrors id={fields.elements.errorId} errors={fields.elements.errors} />
      {rows.map((row, i) => {
        const e = badge.elements[i]!;
        const f = row.getFieldset();
        // Each label names its element too (for screen readers and voice control: the labels repeat).
        const of = (key: string) => (
          <>
            {t(key)}
            <span className="visually-hidden"> — {name(e, i)}</span>
          </>
        );
        return (
          <fieldset key={row.key} className="form-section badge-element">
            <legend>{name(e, i)}</legend>
            <input type="hidden" name={f.kind.name} value={e.kind} />
            {e.field_id !== null ? <input type="hidden" name={f.field_id.name} value={e.field_id} /> : null}
            {e.personal_field_id !== null ? <input type="hidden" name={f.personal_field_id.name} value={e.personal_field_id} /> : null}
            <div className="field-row">
              <NumberField field={f.x as never} label={of("badge.field.x")} min={0} max={500} number="decimal" />
              <NumberField field={f.y as never} label={of("badge.field.y")} min={0} max={500} number="decimal" />
              <NumberField field={f.width as never} label={of("badge.field.width")} min={BADGE_LIMITS.minSide} max={500} number="decimal" />
              <NumberField field={f.height as never} label={of("badge.field.height")} min={BADGE_LIMITS.minSide} max={500} number="decimal" />
              {TEXT_KINDS.has(e.kind) ? (
                <NumberField field={f.font_size as never} label={of("badge.field.font_size")} min={BADGE_LIMITS.fontMin} max={BADGE_LIMITS.fontMax} number="integer" />
              ) : (
                <input type="hidden" name={f.font_size.name} value={e.font_size} />
              )}
            </div>
            {/* A message about what is posted but not shown here (a hand-made post) still shows. */}
            {TEXT_KINDS.has(e.kind) ? null : <FieldErrors id={f.font_size.errorId} errors={f.font_size.errors} />}
            <FieldErrors id={f.kind.errorId} errors={f.kind.errors} />
            {e.kind === "text" ? <TextField field={f.text as never} label={of("badge.field.text")} autoComplete="off" /> : null}
          </fieldset>
        );
      })}
      <div className="actions">
        <SubmitButton name="intent" value="save">
          {t("badge.save")}
        </SubmitButton>
      </div>
    </ValidatedForm>
  );
}

export function AddElement({ badge, action, lastResult, personalAllowed }: { badge: GroupBadge; action: string; lastResult: SubmissionResult<string[]> | undefined; personalAllowed: boolean }) {
  const { t } = useTranslation("groups");
  const [form, fields] = useForm<AddValues, any>({
    id: "badge-add",
    lastResult,
    defaultValue: { kind: "text" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addElementSchema }),
    shouldValidate: "onSubmit",
  });
  const kinds = BADGE_KINDS.filter((k) => k !== "personal" || personalAllowed);
  return (
    <ValidatedForm form={form} action={action} preventScrollReset>
      <FormErrors formId={form.id} />
      <SelectField field={fields.kind} label={t("badge.field.kind")}>
        {kinds.map((k) => (
          <option key={k} value={k}>
            {t(`badge.kind.${k}`)}
          </option>
        ))}
      </SelectField>
      <TextField field={fields.text} label={t("badge.field.new_text")} hint={t("badge.field.new_text_hint")} autoComplete="off" />
      <SelectField field={fields.field_id} label={t("badge.field.field_id")} hint={t("badge.field.field_id_hint")}>
        <option value="">{t("choice.none")}</option>
        {badge.custom_fields.map((f) => (
          <option key={f.id} value={f.id}>
            {`${f.label} (${f.site})`}
          </option>
        ))}
      </SelectField>
      {personalAllowed ? (
        <SelectField field={fields.personal_field_id} label={t("badge.field.personal_field_id")} hint={t("badge.field.personal_field_id_hint")}>
          <option value="">{t("choice.none")}</option>
          {badge.personal_fields.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </SelectField>
      ) : null}
      <div className="actions">
        <SubmitButton name="intent" value="add">
          {t("badge.add")}
        </SubmitButton>
      </div>
    </ValidatedForm>
  );
}

export function RemoveElements({ badge, action }: { badge: GroupBadge; action: string }) {
  const { t } = useTranslation("groups");
  const name = useElementName(badge);
  return (
    <ul className="badge-remove-list">
      {badge.elements.map((e, i) => (
        <li key={i}>
          <span>{name(e, i)}</span>{" "}
          <DeleteConfirm action={action} id={i + 1} name={name(e, i)} question={t("badge.remove_question", { element: name(e, i) })} confirm={t("badge.remove")} />
        </li>
      ))}
    </ul>
  );
}
