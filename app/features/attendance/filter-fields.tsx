/**
 * The attendance reports' GET filter fields (ADR 027): a date and a select with their message
 * (a translation key) tied to the input, and the export buttons (one GET form per format, so a
 * download needs no JavaScript).
 */
import { useTranslation } from "react-i18next";
import { FieldErrors } from "~/ui/form";

export function FilterDate({ id, name, label, value, error }: { id: string; name: string; label: string; value: string; error?: string | null }) {
  return (
    <div className="field field--inline">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="date"
        max="2037-12-31"
        defaultValue={value}
        key={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldErrors id={`${id}-error`} errors={error ? [error] : undefined} />
    </div>
  );
}

export function FilterSelect({
  id,
  name,
  label,
  allLabel,
  options,
  value,
  error,
}: {
  id: string;
  name: string;
  label: string;
  allLabel: string;
  options: { id: number; name: string }[];
  value: number | null;
  error?: string | null;
}) {
  return (
    <div className="field field--inline">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value === null ? "" : String(value)} key={String(value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      <FieldErrors id={`${id}-error`} errors={error ? [error] : undefined} />
    </div>
  );
}

/** "Export CSV" and "Export XLSX": GET forms to `action` carrying `values` (the filter) and the format. */
export function ExportButtons({ action, values, label }: { action: string; values: Record<string, string | number | null>; label: string }) {
  const { t } = useTranslation("attendance");
  const hidden = Object.entries(values).filter(([, v]) => v !== null && v !== "");
  return (
    <div className="export-buttons" role="group" aria-label={label}>
      {(["csv", "xlsx"] as const).map((format) => (
        <form key={format} method="get" action={action} className="inline-form">
          {hidden.map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={String(v)} />
          ))}
          <input type="hidden" name="format" value={format} />
          <button type="submit" className="button button--secondary">
            {t(`export.${format}`)}
          </button>
        </form>
      ))}
    </div>
  );
}
