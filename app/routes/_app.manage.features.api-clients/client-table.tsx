/**
 * The organisation's client API credentials (ADR 030): name, client id, scopes, the sites it reads
 * (its creator's, now), created by and when, last used, active, stopped (its creator has left) or
 * revoked (in words, with when), and revoke after a confirmation.
 */
import { useTranslation } from "react-i18next";
import type { ApiClient } from "@contract";
import { rowNotice, type ActionResult } from "~/forms/action-result";
import { API_CLIENTS_PATH } from "~/features/api-clients/paths";
import { DataTable } from "~/ui/data-table";
import { ActionNotice } from "~/ui/notice";
import { DeleteConfirm } from "~/ui/rows";

type Row = ApiClient & { created: string; lastUsed: string | null; revoked: string | null };

export function ClientTable({ clients, edit, answer }: { clients: Row[]; edit: boolean; answer: ActionResult | undefined | unknown }) {
  const { t } = useTranslation("features");
  if (clients.length === 0) return <p className="empty-state">{t("api_clients.empty")}</p>;
  const columns = [t("api_clients.column.name"), t("api_clients.column.client_id"), t("api_clients.column.scopes"), t("api_clients.column.sites"), t("api_clients.column.created"), t("api_clients.column.last_used"), t("api_clients.column.status"), t("api_clients.column.actions")];
  return (
    <DataTable caption={t("api_clients.caption", { total: clients.length })} columns={columns}>
      {clients.map((c) => (
        <tr key={c.id}>
          <th scope="row">{c.name}</th>
          <td>
            <code>{c.client_id}</code>
          </td>
          <td>{c.scopes.join(", ")}</td>
          <td>{c.sites === null ? t("api_clients.every_site") : c.sites.length ? c.sites.map((x) => x.name).join(", ") : t("api_clients.no_site")}</td>
          <td>{c.created_by ? t("api_clients.created_by", { name: c.created_by, when: c.created }) : c.created}</td>
          <td>{c.lastUsed ?? t("api_clients.never_used")}</td>
          <td>
            <span className={`status status--${c.revoked || c.creator_removed ? "off" : "on"}`}>
              {c.revoked ? t("api_clients.status_revoked", { when: c.revoked }) : c.creator_removed ? t("api_clients.status_stopped") : t("api_clients.status_active")}
            </span>
          </td>
          <td>
            {edit && !c.revoked ? (
              <DeleteConfirm action={API_CLIENTS_PATH} id={c.id} name={c.name} intent="revoke" summary={t("api_clients.revoke")} question={t("api_clients.revoke_question", { name: c.name })} confirm={t("api_clients.revoke_confirm")} hidden={{ name: c.name }} />
            ) : null}
            <ActionNotice notice={rowNotice(answer as never, c.id)} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
