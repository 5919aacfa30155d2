/**
 * The members tab's parts: the status filter (links with counts; the current one marked), the
 * selection's actions (one form; the rows' checkboxes belong to it through `form=`, so each row can
 * hold forms of its own), and the table (name, email, dates, state in words, the row's actions).
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { MemberFilter, MemberList } from "@contract";
import { rowNotice, type ActionResult } from "~/forms/action-result";
import { DataTable } from "~/ui/data-table";
import { SubmitButton } from "~/ui/form";
import { ActionNotice } from "~/ui/notice";
import { DeleteConfirm } from "~/ui/rows";
import type { MemberPermissions } from "~/features/members/member.server";

const SELECTION = "member-selection";

export function MemberFilters({ base, filter, counts, search }: { base: string; filter: MemberFilter; counts: MemberList["counts"]; search: string }) {
  const { t } = useTranslation("members");
  const href = (f: MemberFilter) => {
    const q = new URLSearchParams({ ...(f !== "all" ? { filter: f } : {}), ...(search ? { search } : {}) }).toString();
    return q ? `${base}?${q}` : base;
  };
  return (
    <nav aria-label={t("filter.label")} className="filter-links">
      <ul>
        {(Object.keys(counts) as MemberFilter[]).map((f) => (
          <li key={f}>
            <Link to={href(f)} aria-current={f === filter ? "page" : undefined} preventScrollReset>
              {t(`filter.${f}`, { count: counts[f] })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SelectionActions({ base, list, filter }: { base: string; list: string; filter: MemberFilter }) {
  const { t } = useTranslation("members");
  return (
    <Form method="post" action={base} id={SELECTION} className="actions selection-actions" aria-label={t("selection.label")}>
      <input type="hidden" name="list" value={list} />
      <p className="hint">{t("selection.hint")}</p>
      <SubmitButton name="intent" value="multi-edit" variant="secondary">
        {t("selection.multi_edit")}
      </SubmitButton>
      {filter !== "archived" ? (
        <SubmitButton name="intent" value="archive" variant="secondary">
          {t("selection.archive")}
        </SubmitButton>
      ) : null}
      {filter === "archived" || filter === "all" ? (
        <SubmitButton name="intent" value="unarchive" variant="secondary">
          {t("selection.unarchive")}
        </SubmitButton>
      ) : null}
      <SubmitButton name="intent" value="invite" variant="secondary">
        {t("selection.invite")}
      </SubmitButton>
    </Form>
  );
}

const dates = (m: MemberList["members"][number]) => [m.starts_on, m.ends_on].some(Boolean) ? `${m.starts_on ?? "…"} – ${m.ends_on ?? "…"}` : "";

export function MemberTable({ base, members, total, list, can, answer }: { base: string; members: MemberList["members"]; total: number; list: string; can: MemberPermissions; answer: ActionResult | undefined | unknown }) {
  const { t } = useTranslation("members");
  const columns = [...(can.edit ? [t("column.select")] : []), t("column.name"), t("column.email"), t("column.dates"), t("column.state"), t("column.actions")];
  return (
    <DataTable caption={t("caption", { count: total })} columns={columns}>
      {members.map((m) => (
        <tr key={m.id}>
          {can.edit ? (
            <td>
              <input type="checkbox" name="ids" value={m.id} form={SELECTION} id={`select-${m.id}`} aria-label={t("select", { name: m.name })} />
            </td>
          ) : null}
          <th scope="row">
            <Link to={`${base}/${m.id}/details`} preventScrollReset>
              {m.name}
            </Link>
          </th>
          <td>{m.email ?? ""}</td>
          <td>{dates(m)}</td>
          <td>
            <span className={`status status--${m.state}`}>{t(`state.${m.state}`)}</span>
          </td>
          <td>
            <div className="row-actions__group">
              <Link className="button button--secondary" to={`${base}/${m.id}/details`} preventScrollReset>
                {t("open")}
                <span className="visually-hidden"> {m.name}</span>
              </Link>
              {can.edit ? (
                <Form method="post" action={base} preventScrollReset>
                  <input type="hidden" name="ids" value={m.id} />
                  <input type="hidden" name="list" value={list} />
                  <SubmitButton name="intent" value={m.state === "archived" ? "unarchive" : "archive"} variant="secondary">
                    {t(m.state === "archived" ? "unarchive_row" : "archive_row", { name: m.name })}
                  </SubmitButton>
                </Form>
              ) : null}
              {can.delete ? (
                <DeleteConfirm action={base} id={m.id} name={m.name} question={t("delete_question", { name: m.name })} confirm={t("delete_confirm")} hidden={{ name: m.name, list }} />
              ) : null}
            </div>
            <ActionNotice notice={rowNotice(answer as never, m.id)} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
