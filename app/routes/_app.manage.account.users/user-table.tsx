/**
 * The portal users table (ADR 020): name (opening the user), email, role, flags, sites, two-factor
 * status, how they sign in (or "invited, not accepted yet": issue 24, the same whether the address
 * has an account or not), and the row's actions — edit, remove two-factor and delete after the
 * kit's confirmation, send the invitation again — each as this user's rights allow.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PortalUser } from "@contract";
import { rowNotice, type ActionResult } from "~/forms/action-result";
import type { UserPermissions } from "~/features/users/users.server";
import { DataTable } from "~/ui/data-table";
import { SubmitButton } from "~/ui/form";
import { ActionNotice } from "~/ui/notice";
import { DeleteConfirm } from "~/ui/rows";

const FLAGS = ["primary", "billing", "technical", "device_alerts"] as const;

export function UserTable({ base, users, total, list, siteNames, can, answer }: { base: string; users: PortalUser[]; total: number; list: string; siteNames: Record<string, string>; can: UserPermissions; answer: ActionResult | undefined | unknown }) {
  const { t } = useTranslation("users");
  const columns = [t("column.name"), t("column.email"), t("column.role"), t("column.flags"), t("column.sites"), t("column.two_factor"), t("column.sign_in"), t("column.actions")];
  return (
    <DataTable caption={t("caption", { total })} columns={columns}>
      {users.map((u) => {
        const hidden = { name: u.name, list };
        return (
          <tr key={u.id}>
            <th scope="row">
              <Link to={`${base}/${u.id}`} preventScrollReset>
                {u.name}
              </Link>
              {u.self ? <span className="muted"> {t("you")}</span> : null}
            </th>
            <td>{u.email}</td>
            <td>{u.role.name}</td>
            <td>{FLAGS.filter((f) => u[f]).map((f) => t(`flag.${f}`)).join(" · ")}</td>
            <td>{u.site_ids === null ? t("every_site") : u.site_ids.map((id) => siteNames[id] ?? `#${id}`).join(", ")}</td>
            <td>
              <span className={`status status--${u.two_factor ? "on" : "off"}`}>{t(u.two_factor ? "two_factor.on" : "two_factor.off")}</span>
            </td>
            <td>{t(u.pending ? "sign_in.pending" : u.sso ? "sign_in.sso" : u.invited ? "sign_in.invited" : "sign_in.password")}</td>
            <td>
              <div className="row-actions__group">
                <Link className="button button--secondary" to={`${base}/${u.id}`} preventScrollReset>
                  {t(can.edit ? "edit" : "open")}
                  <span className="visually-hidden"> {u.name}</span>
                </Link>
                {can.edit && (u.invited || u.pending) ? (
                  <Form method="post" action={base} preventScrollReset>
                    <input type="hidden" name="id" value={u.id} />
                    <input type="hidden" name="name" value={u.name} />
                    <input type="hidden" name="list" value={list} />
                    <SubmitButton name="intent" value="resend" variant="secondary">
                      {t("resend", { name: u.name })}
                    </SubmitButton>
                  </Form>
                ) : null}
                {can.remove2fa && u.two_factor ? (
                  <DeleteConfirm action={base} id={u.id} name={u.name} intent="remove-2fa" summary={t("remove_2fa")} question={t("remove_2fa_question", { name: u.name })} confirm={t("remove_2fa_confirm")} hidden={hidden} />
                ) : null}
                {can.delete ? <DeleteConfirm action={base} id={u.id} name={u.name} question={t("delete_question", { name: u.name })} confirm={t("delete_confirm")} hidden={hidden} /> : null}
              </div>
              <ActionNotice notice={rowNotice(answer as never, u.id)} />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
