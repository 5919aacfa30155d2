/** The audit log's entries, newest first: when, who, from where, what, the change, and a link to its before → after. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { AuditEntrySummary } from "@contract";
import { AUDIT_LOG_PATH } from "~/features/audit/filter";
import { useEntityName } from "~/features/audit/names";
import { DataTable } from "~/ui/data-table";

export type EntryRow = AuditEntrySummary & { when: string };

export function EntryTable({ entries, keep, page }: { entries: EntryRow[]; keep: string; page: number }) {
  const { t } = useTranslation("audit");
  const entityName = useEntityName();
  const query = new URLSearchParams(keep);
  if (page > 1) query.set("page", String(page));
  const suffix = query.size ? `?${query}` : "";
  return (
    <DataTable
      caption={t("caption")}
      columns={[t("column.when"), t("column.who"), t("column.address"), t("column.area"), t("column.what"), t("column.change"), t("column.details")]}
    >
      {entries.map((e) => (
        <tr key={e.id}>
          <th scope="row">
            <time dateTime={e.at}>{e.when}</time>
          </th>
          <td>{e.user.name || "—"}</td>
          <td>{e.address ?? "—"}</td>
          <td>{t(`area.${e.area}`, { defaultValue: e.area })}</td>
          <td>
            {entityName(e.entity)}
            {e.label ? `: ${e.label}` : e.entity_id ? ` #${e.entity_id}` : ""}
          </td>
          <td>
            {t(`action.${e.action}`)}
            {e.action === "update" ? <span className="muted"> ({e.changed.length})</span> : null}
          </td>
          <td>
            <Link to={`${AUDIT_LOG_PATH}/${e.id}${suffix}`} preventScrollReset>
              {t("open")}
              <span className="visually-hidden">: {e.label ?? entityName(e.entity)}, {e.when}</span>
            </Link>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
