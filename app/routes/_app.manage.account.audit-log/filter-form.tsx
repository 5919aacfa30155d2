/**
 * The audit log's filter: a GET form (the URL is shareable; it works without JavaScript) with the
 * user, the area and a date range. A refused value is shown back with its message beside its field.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AUDIT_AREAS } from "@contract";
import { AUDIT_LOG_PATH, type AuditFilterErrors, type AuditQuery } from "~/features/audit/filter";
import { FieldErrors } from "~/ui/form";

function DateInput({ name, label, value, errors }: { name: "from" | "to"; label: string; value: string; errors?: string[] }) {
  const id = `audit-${name}`;
  return (
    <div className="field field--inline">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        name={name}
        defaultValue={value}
        key={value}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${id}-error` : undefined}
      />
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function FilterForm({ query, errors, users }: { query: AuditQuery; errors: AuditFilterErrors | null; users: { id: number; name: string }[] }) {
  const { t } = useTranslation("audit");
  const e = errors ?? {};
  return (
    <Form method="get" action={AUDIT_LOG_PATH} className="filter-bar" aria-label={t("filter.label")}>
      <div className="field field--inline">
        <label htmlFor="audit-user">{t("filter.user")}</label>
        <select id="audit-user" name="user" defaultValue={query.user} key={`u${query.user}`} aria-invalid={e.user ? true : undefined} aria-describedby={e.user ? "audit-user-error" : undefined}>
          <option value="">{t("filter.any_user")}</option>
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </select>
        <FieldErrors id="audit-user-error" errors={e.user} />
      </div>
      <div className="field field--inline">
        <label htmlFor="audit-area">{t("filter.area")}</label>
        <select id="audit-area" name="area" defaultValue={query.area} key={`a${query.area}`} aria-invalid={e.area ? true : undefined} aria-describedby={e.area ? "audit-area-error" : undefined}>
          <option value="">{t("filter.any_area")}</option>
          {AUDIT_AREAS.map((a) => (
            <option key={a} value={a}>
              {t(`area.${a}`)}
            </option>
          ))}
        </select>
        <FieldErrors id="audit-area-error" errors={e.area} />
      </div>
      <DateInput name="from" label={t("filter.from")} value={query.from} errors={e.from} />
      <DateInput name="to" label={t("filter.to")} value={query.to} errors={e.to} />
      <button type="submit" className="button button--secondary">
        {t("filter.apply")}
      </button>
      <Link to={AUDIT_LOG_PATH}>{t("filter.clear")}</Link>
    </Form>
  );
}
